"""The hand-written draws are the library's draws.

`engine.dealing.shuffle` writes out `random.shuffle` (for deals and for
worlds), `engine.ai.search.worlds` the two-card `random.sample` it needs for every
face-down discard (most of a kozel world's time went there); deals, worlds
and so every fixed-playout result must stay what they were."""

from __future__ import annotations

import random

import pytest

from engine.ai.search.worlds import modelled_discards
from engine.cards import DECK, Card, Suit
from engine.dealing import shuffle


@pytest.mark.parametrize("size", range(len(DECK) + 1))
def test_the_shuffle_is_randoms_shuffle(size: int) -> None:
    for seed in range(20):
        ours, theirs = list(DECK[:size]), list(DECK[:size])
        a, b = random.Random(seed), random.Random(seed)
        shuffle(ours, a)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.random() == b.random()  # the same draws consumed


def _cheaper_of_two(pool: list[Card], count: int, trump: Suit, rng: random.Random) -> list[Card]:
    """The library version of one-card discards from two-card hands."""
    picked = []
    for _ in range(count):
        hand = rng.sample(range(len(pool)), 2)
        hand.sort(key=lambda i: (pool[i].points, pool[i].suit == trump, pool[i].rank))
        picked.append(pool.pop(hand[0]))
    return picked


class _View:
    trump = Suit.parse("♥")


@pytest.mark.parametrize("size", [2, 3, 12, 21, 22, 30, 36])
def test_the_cheaper_of_two_draws_as_random_sample(size: int) -> None:
    """Both of `random.sample`'s methods (a list up to 21 items, a set above)."""
    for seed in range(30):
        ours, theirs = list(DECK[:size]), list(DECK[:size])
        random.Random(seed).shuffle(ours)
        random.Random(seed).shuffle(theirs)
        count = min(5, size - 1)
        a, b = random.Random(seed + 1), random.Random(seed + 1)
        got = modelled_discards(ours, (1,) * count, 2, _View(), a)  # type: ignore[arg-type]
        assert got == _cheaper_of_two(theirs, count, _View.trump, b)
        assert ours == theirs
        assert a.random() == b.random()
