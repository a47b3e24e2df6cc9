"""The checkable shuffle (docs/RULES.md 9): the construction against a second,
independent reading of the spec, determinism, uniformity, every deal a
permutation, and old tables dealt exactly as before (the first edition).

The uniformity test is a chi-square over a fixed set of secrets: it cannot
flake, and a bias the size of a modulo bias (256 % 36 = 4 of 256 bytes)
would fail it by far.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import DECK, Action, RuleSet, apply, legal_actions, new_match, replay
from engine.cards import Card
from engine.dealing import first_dealer as seeded_first_dealer
from engine.dealing import match_first_dealer
from engine.events import DealStarted
from engine.game import start_match
from engine.rules import PLAYER_COUNTS, Preset
from engine.shuffle import (
    ShuffleError,
    ShuffleKey,
    Stream,
    commitment,
    deck_order,
    first_dealer,
    public_value,
    read_key,
    read_public,
    read_secret,
)
from engine.state import MatchState

SECRET = "0123456789abcdef" * 4
PUBLIC = "burkozel:4:bottom:-1001234567890:4512"
KEY = ShuffleKey(SECRET, PUBLIC)


def reference_deck(secret: str, public: str, number: int) -> list[Card]:
    """docs/RULES.md 9 written again, as plainly as possible, to catch a
    mistake the engine's version and its tests could share."""
    stream = b"".join(
        hmac.new(secret.encode(), f"{public}/{number}/{counter}".encode(), "sha256").digest()
        for counter in range(40)
    )
    position = 0

    def below(n: int) -> int:
        nonlocal position
        while True:
            byte = stream[position]
            position += 1
            if byte < 256 - 256 % n:
                return byte % n

    deck = list(DECK)
    for i in range(35, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_the_commitment_is_sha256_of_the_secret_as_written() -> None:
    assert commitment(SECRET) == hashlib.sha256(SECRET.encode("ascii")).hexdigest()
    assert commitment(SECRET.upper()) == commitment(SECRET)  # read as lowercase
    assert len(commitment(SECRET)) == 64


@pytest.mark.parametrize("number", [1, 2, 3, 17, 250])
def test_the_deck_follows_the_spec(number: int) -> None:
    assert deck_order(KEY, number) == reference_deck(SECRET, PUBLIC, number)


def test_draws_are_bytes_with_rejection() -> None:
    block = hmac.new(SECRET.encode(), f"{PUBLIC}/1/0".encode(), "sha256").digest()
    stream = Stream(KEY, 1)
    assert bytes(stream.byte() for _ in range(32)) == block
    second = hmac.new(SECRET.encode(), f"{PUBLIC}/1/1".encode(), "sha256").digest()
    assert stream.byte() == second[0]
    # below(n) skips bytes at or above 256 - 256 % n: with n = 36, 252..255.
    stream = Stream(KEY, 1)
    expected = [b % 36 for b in block if b < 252]
    assert [stream.below(36) for _ in expected] == expected
    with pytest.raises(ValueError):
        Stream(KEY, 1).below(0)
    with pytest.raises(ValueError):
        Stream(KEY, 1).below(257)


class _Bytes(Stream):
    """A stream that yields the bytes it is given: the draw rule, tested alone."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(KEY, 1)
        self._values = iter(values)

    def byte(self) -> int:
        return next(self._values)


def test_the_draw_rule_is_exactly_uniform_for_every_size() -> None:
    """Every byte value, every n: the accepted bytes give each number below n
    equally often (a proof by enumeration, not a sample)."""
    for n in range(1, 257):
        found: Counter[int] = Counter()
        for value in range(256):
            try:
                found[_Bytes([value]).below(n)] += 1
            except StopIteration:  # rejected: the draw wanted another byte
                assert value >= 256 - 256 % n
        assert sorted(found) == list(range(n))
        assert len(set(found.values())) == 1, (n, found)


def test_the_same_key_deals_the_same_and_each_half_matters() -> None:
    assert deck_order(KEY, 1) == deck_order(ShuffleKey(SECRET, PUBLIC), 1)
    other_secret = ShuffleKey("f" + SECRET[1:], PUBLIC)
    other_public = ShuffleKey(SECRET, PUBLIC.replace("4512", "4513"))
    assert deck_order(other_secret, 1) != deck_order(KEY, 1)
    assert deck_order(other_public, 1) != deck_order(KEY, 1)
    assert deck_order(KEY, 1) != deck_order(KEY, 2)


@settings(max_examples=60, deadline=None)
@given(
    secret=st.binary(min_size=32, max_size=32).map(bytes.hex),
    chat=st.integers(-(10**13), 10**13),
    message=st.integers(0, 10**9),
    number=st.integers(1, 500),
)
def test_every_deal_is_a_permutation_and_deals_differ(
    secret: str, chat: int, message: int, number: int
) -> None:
    key = read_key(secret, public_value(Preset.BURA, 3, "middle", chat, message))
    deck = deck_order(key, number)
    assert sorted(deck, key=lambda card: card.id) == list(DECK)
    # Two deals of one match alike would be one chance in 36!: a bug, not luck.
    assert deck != deck_order(key, number + 1)


def test_every_card_lands_on_every_place_equally_often() -> None:
    """Chi-square of card x place over 4,000 deals (fixed secrets: no flakes).
    35 * 35 = 1,225 degrees of freedom; the 0.999 quantile is about 1,383."""
    rng = random.Random(66)
    counts = [[0] * 36 for _ in range(36)]
    deals = 4000
    for _ in range(deals // 10):
        key = ShuffleKey(rng.randbytes(32).hex(), PUBLIC)
        for number in range(1, 11):
            for place, card in enumerate(deck_order(key, number)):
                counts[card.id][place] += 1
    expected = deals / 36
    chi2 = sum((n - expected) ** 2 / expected for row in counts for n in row)
    assert 1050 < chi2 < 1383, chi2  # too good a fit would be as suspicious


def test_the_first_dealer_is_uniform() -> None:
    rng = random.Random(67)
    found = Counter(
        first_dealer(ShuffleKey(rng.randbytes(32).hex(), PUBLIC), 3) for _ in range(3000)
    )
    chi2 = sum((n - 1000) ** 2 / 1000 for n in found.values())
    assert set(found) == {0, 1, 2}
    assert chi2 < 13.8, found  # 2 degrees of freedom, 0.999 quantile


# -- reading what people type --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "secret"),
        ("xyz", "secret"),
        (SECRET[:-1], "secret"),
        (SECRET + "0", "secret"),
        ("g" + SECRET[1:], "secret"),
    ],
)
def test_a_malformed_secret_is_refused(text: str, code: str) -> None:
    with pytest.raises(ShuffleError) as refused:
        read_secret(text)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("burkozel:4:bottom:-100", "public"),
        ("burkozel:4:bottom:-0100:5", "public"),
        ("burkozel:4:bottom:1:05", "public"),
        ("poker:4:bottom:1:5", "game"),
        ("kozel:3:middle:1:5", "players"),
        ("bura:2:top:1:5", "trump"),
        ("burkozel/4/bottom/1/5", "public"),
    ],
)
def test_a_malformed_public_value_is_refused(text: str, code: str) -> None:
    with pytest.raises(ShuffleError) as refused:
        read_public(text)
    assert refused.value.code == code


def test_the_public_value_reads_back() -> None:
    text = public_value(Preset.KOZEL, 4, "middle", -1001234567890, 4512)
    assert text == "kozel:4:middle:-1001234567890:4512"
    assert read_public(text) == (Preset.KOZEL, 4, "middle", -1001234567890, 4512)


# -- the match ---------------------------------------------------------------------


def test_a_keyed_match_deals_from_the_key() -> None:
    rules = RuleSet.create("burkozel")
    state, events = start_match(rules, ["a", "b", "c", "d"], 5, KEY)
    deal = state.deal
    assert deal is not None and state.shuffle == KEY
    assert deal.dealer == first_dealer(KEY, 4) == match_first_dealer(state)
    deck = deck_order(KEY, 1)
    for position in range(4):
        seat = (deal.dealer + 1 + position) % 4
        assert set(deal.hands[seat]) == set(deck[position:16:4])
    assert deal.trump_card == deck[16]
    assert deal.stock == (*deck[17:], deck[16])
    assert isinstance(events[0], DealStarted)
    # The seed decides nothing of a keyed match's deals.
    assert new_match(rules, ["a", "b", "c", "d"], 6, KEY).deal == deal
    assert MatchState.loads(state.dumps()) == state


def test_middle_trump_comes_from_the_same_stream() -> None:
    key = ShuffleKey(SECRET, "kozel:4:middle:-1001234567890:4512")
    deal = new_match(RuleSet.create("kozel"), list("abcd"), 1, key).deal
    assert deal is not None
    stream = Stream(key, 1)
    deck = [DECK[card.id] for card in reference_deck(SECRET, key.public, 1)]
    for i in range(35, 0, -1):
        stream.below(i + 1)
    rest = deck[16:]
    assert deal.stock == tuple(rest)
    assert deal.trump_card == rest[1 + stream.below(len(rest) - 2)]
    assert deal.trump_hidden


def test_a_key_for_another_table_is_refused() -> None:
    with pytest.raises(ShuffleError) as refused:
        new_match(RuleSet.create("bura"), ["a", "b"], 1, KEY)
    assert refused.value.code == "mismatch"
    middle = RuleSet.create("burkozel", {"trump_card": "middle"})
    with pytest.raises(ShuffleError):
        new_match(middle, list("abcd"), 1, KEY)


@pytest.mark.parametrize("preset", list(Preset))
def test_every_deal_of_a_keyed_match_is_its_numbered_deck(preset: Preset) -> None:
    """Later deals, redeals and eliminations included: the deal numbered n is
    the deck of stream n laid out from the dealer's left."""
    players = PLAYER_COUNTS[preset][-1]
    options = {"redeal_on_initial_combo": True} if preset is Preset.BURA else {}
    rules = RuleSet.create(preset, options, players=players)
    key = ShuffleKey(SECRET, public_value(preset, players, rules.trump_card, 7, 8))
    state = new_match(rules, [f"P{i}" for i in range(players)], 0, key)
    rng = random.Random(3)
    checked = set()
    while state.deal is not None:
        deal = state.deal
        if deal.number not in checked:
            checked.add(deal.number)
            deck = deck_order(key, deal.number)
            playing = [s for s in range(players) if any(deal.hands[s])]
            dealt = rules.hand_size * len(playing)
            assert set().union(*map(set, deal.hands)) == set(deck[:dealt])
            left = min(playing, key=lambda s: (s - deal.dealer - 1) % players)
            assert set(deal.hands[left]) == set(deck[0 : dealt : len(playing)])
        state, _ = apply(state, rng.choice(legal_actions(state, deal.turn)))
    assert len(checked) >= 2


# -- the first edition, as it was ---------------------------------------------------

# sha256 of every deal (number, dealer, trump card, hands, stock, leader) of
# 60 random matches, computed with the engine before the checkable shuffle
# existed (main at 96befdc): tables without a key must deal exactly so.
FIRST_EDITION = "055a8928e16b1aca4b4bb42bb3f790a1b5c2e28002f70c26a3112fd63d69dbde"
CASES: list[tuple[str, int, dict[str, object]]] = [
    ("burkozel", 2, {}),
    ("burkozel", 4, {"trump_card": "middle"}),
    ("kozel", 4, {}),
    ("bura", 3, {"redeal_on_initial_combo": True}),
    ("bura", 2, {"trump_card": "middle"}),
]


def test_tables_without_a_key_deal_as_they_always_have() -> None:
    digest = hashlib.sha256()
    for preset, players, options in CASES:
        rules = RuleSet.create(preset, options, players=players)
        for seed in range(12):
            state = new_match(rules, [f"P{i}" for i in range(players)], seed * 7919 - 40)
            assert state.shuffle is None
            assert match_first_dealer(state) == seeded_first_dealer(state.seed, players)
            rng = random.Random(seed)
            seen = 0
            for _ in range(400):
                deal = state.deal
                if deal is None:
                    break
                if deal.number != seen:
                    seen = deal.number
                    fields = (
                        deal.number,
                        deal.dealer,
                        str(deal.trump_card),
                        [[str(c) for c in h] for h in deal.hands],
                        [str(c) for c in deal.stock],
                        deal.turn,
                    )
                    digest.update(repr(fields).encode())
                state, _ = apply(state, rng.choice(legal_actions(state, deal.turn)))
    assert digest.hexdigest() == FIRST_EDITION


def test_a_stored_state_without_a_key_writes_the_same_json() -> None:
    state = new_match(RuleSet.create("bura"), ["a", "b"], 11)
    assert "shuffle" not in state.to_json()
    assert MatchState.loads(state.dumps()).shuffle is None


def test_a_keyed_match_replays_from_its_key_and_log() -> None:
    rules = RuleSet.create("bura", {"redeal_on_initial_combo": True}, players=3)
    key = ShuffleKey(SECRET, public_value(Preset.BURA, 3, "bottom", -5, 9))
    state = new_match(rules, ["a", "b", "c"], 0, key)
    rng = random.Random(8)
    actions: list[Action] = []
    while state.deal is not None and len(actions) < 60:
        action = rng.choice(legal_actions(state, state.deal.turn))
        actions.append(action)
        state, _ = apply(state, action)
    assert replay(rules, ["a", "b", "c"], 0, actions, key) == state
    # The seed is kept, but decides nothing of a keyed match.
    assert replay(rules, ["a", "b", "c"], 123, actions, key)._replace(seed=0) == state
    assert (
        replay(rules, ["a", "b", "c"], 0, [], None).deal
        != new_match(rules, ["a", "b", "c"], 0, key).deal
    )
