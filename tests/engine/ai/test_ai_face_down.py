"""The playout policy's valuation of face-down cards (issue 14).

Kozel discards face down: nobody but the owner sees those cards until the
deal is scored. The careful policy values the table with their real points
in the world played out, so a seat in a playout answers as if it saw them
(valuing them as unseen cards measured level: docs/PERFORMANCE.md, "Ideas
tried").
"""

from __future__ import annotations

import random

from engine.actions import Action
from engine.ai.playout.memory import PlayoutMemory
from engine.ai.playout.policy import RolloutPolicy, points_in
from engine.cards import DECK, Card, Suit, parse_cards


def _mask(cards: tuple[Card, ...] | list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


def test_points_in_counts_every_point_card() -> None:
    assert points_in(_mask(list(DECK))) == 120
    assert points_in(_mask(parse_cards("A♠ 10♥ K♦ Q♣ J♠ 9♠ 6♥"))) == 30
    assert points_in(0) == 0


def _answers(rng: random.Random) -> tuple[Action, Action]:
    """One random kozel trick that seat 3 answers last, after at least one
    face-down discard: its careful answer, then its answer with seat 2's
    face-down card exchanged for another card seat 3 has not seen."""
    deck = list(DECK)
    rng.shuffle(deck)
    trump = Suit(rng.randrange(4))
    gone = _mask(deck[:12])  # the piles of a few tricks
    hand = tuple(sorted(deck[12:15], key=lambda card: card.id))
    lead, second, third = deck[15], deck[16], deck[17]
    unseen = deck[18:]
    # Seat 0 leads; seat 1 (seat 3's partner) beats when its card beats the
    # lead, else throws it face down; seat 2 throws its card face down.
    beats = second.suit == lead.suit and second.rank > lead.rank
    owner, owner_cards = (1, (second,)) if beats else (0, (lead,))
    policy = RolloutPolicy(0.0)
    answers = []
    for down_card in (third, rng.choice(unseen)):
        face_down = (down_card,) if beats else (second, down_card)
        answers.append(
            policy.answer(
                3,
                hand,
                trump,
                [(lead,), (second,), (down_card,)],
                owner,
                owner_cards,
                False,
                random.Random(0),
                PlayoutMemory([0] * 4, gone, 4, True),
                _mask(face_down),
            )
        )
    return answers[0], answers[1]


def test_the_face_down_card_counts_at_its_points() -> None:
    """Valued at its real points, which card lies face down changes some
    answers on the same positions."""
    rng = random.Random(14)
    assert any(first != second for first, second in (_answers(rng) for _ in range(400)))
