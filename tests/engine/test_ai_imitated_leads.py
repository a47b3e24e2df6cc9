"""Kozel playout leads that imitate `hard`'s (issue 14, thirty-fourth pass).

`engine.ai.imitated_leads` scores every lead a hand allows with weights
fitted to `hard`'s real leads; `IMITATED_LEADS` in `engine.ai.policy` makes
the seats that lead casually in a playout lead that way instead.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.ai.imitated_leads as model
import engine.ai.policy as policy_module
from engine.actions import Kind
from engine.ai.casual import casual_lead
from engine.ai.counting import ALL_CARDS
from engine.ai.imitated_leads import WEIGHTS, imitated_lead, lead_features, leads_of
from engine.ai.playout_memory import PlayoutMemory
from engine.ai.policy import RolloutPolicy
from engine.cards import DECK, Suit, parse_cards
from engine.rules import RuleSet

FEATURES = len(
    lead_features(tuple(parse_cards("6♠")), tuple(parse_cards("6♠")), Suit.CLUBS, 0, True, ())
)


def test_there_is_a_weight_for_every_feature() -> None:
    assert len(WEIGHTS) == FEATURES


@settings(max_examples=300, deadline=None)
@given(
    ids=st.lists(st.integers(0, 35), min_size=1, max_size=4, unique=True),
    trump=st.sampled_from(list(Suit)),
    limit=st.integers(1, 4),
    gone=st.integers(0, ALL_CARDS),
    stock=st.booleans(),
)
def test_the_lead_is_one_the_hand_allows(
    ids: list[int], trump: Suit, limit: int, gone: int, stock: bool
) -> None:
    hand = tuple(DECK[i] for i in sorted(ids))
    for card in hand:
        gone &= ~(1 << card.id)
    cards = imitated_lead(hand, trump, limit, gone, stock)
    assert cards
    assert set(cards) <= set(hand)
    assert len(cards) == len(set(cards)) <= limit
    assert len({card.suit for card in cards}) == 1


def test_with_only_the_casual_weight_it_is_the_casual_lead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model, "WEIGHTS", (1.0,) + (0.0,) * (FEATURES - 1))
    rng = random.Random(5)
    for _ in range(200):
        hand = tuple(sorted(rng.sample(DECK, 4), key=lambda card: card.id))
        trump = Suit(rng.randrange(4))
        assert imitated_lead(hand, trump, 4, 0, True) == casual_lead(hand, trump, 4)


def test_the_features_count_what_is_still_out() -> None:
    hand = tuple(parse_cards("6♠ A♠ 7♥"))
    trump = Suit.CLUBS
    gone = 1 << parse_cards("K♠")[0].id
    own = sum(1 << card.id for card in hand)
    out = ALL_CARDS & ~gone & ~own
    casual = casual_lead(hand, trump, 3)
    six = lead_features(tuple(parse_cards("6♠")), hand, trump, out, True, casual)
    ace = lead_features(tuple(parse_cards("A♠")), hand, trump, out, True, casual)
    # 7 8 9 J Q 10 of spades are out above the six (the king is gone).
    assert six[6] == 6 and six[7] == 0
    assert ace[6] == 0 and ace[7] == 1
    # The six is the casual lead here (the heart seven is as cheap but ranks higher).
    assert (six[0], ace[0]) == (1.0, 0.0)
    assert ace[2] == 1.0 and ace[5] == 0.0 and six[5] == 1.0


@pytest.mark.parametrize("on", [False, True])
def test_the_policy_leads_by_the_model_for_the_casual_seats(
    monkeypatch: pytest.MonkeyPatch, on: bool
) -> None:
    monkeypatch.setattr(policy_module, "IMITATED_LEADS", on)
    # Weights that prefer points: the model leads the king, the casual lead two hearts.
    monkeypatch.setattr(model, "WEIGHTS", (0.0, 0.0, 1.0) + (0.0,) * (FEATURES - 3))
    hand = tuple(parse_cards("6♠ 7♥ 9♥ K♦"))
    memory = PlayoutMemory([0] * 4, 0, 4, True, casual_leads=1)
    action = RolloutPolicy(0.0).lead(
        RuleSet.create("kozel"), 0, hand, Suit.CLUBS, 4, False, random.Random(0), memory
    )
    assert action.kind is Kind.LEAD
    expected = parse_cards("K♦" if on else "7♥ 9♥")
    assert list(action.cards) == list(expected)


def test_the_lead_scores_best_by_the_features() -> None:
    """The fast scoring in `imitated_lead` is the weights times the features."""
    rng = random.Random(9)
    for _ in range(300):
        hand = tuple(sorted(rng.sample(DECK, rng.randint(1, 4)), key=lambda card: card.id))
        trump = Suit(rng.randrange(4))
        limit = rng.randint(1, 4)
        gone = sum(1 << card.id for card in rng.sample(DECK, 12) if card not in hand)
        stock = rng.random() < 0.5
        own = sum(1 << card.id for card in hand)
        out = ALL_CARDS & ~gone & ~own
        casual = casual_lead(hand, trump, limit)
        leads = leads_of(hand, limit)
        scores = [
            sum(
                w * f
                for w, f in zip(
                    WEIGHTS, lead_features(cards, hand, trump, out, stock, casual), strict=True
                )
            )
            for cards in leads
        ]
        best = max(scores)
        chosen = imitated_lead(hand, trump, limit, gone, stock)
        assert scores[leads.index(chosen)] == pytest.approx(best, abs=1e-9)
