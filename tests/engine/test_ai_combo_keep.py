"""The careful playout answer that keeps three cards of one suit (issue 14).

While the stock lasts, a four-card hand that can answer with its odd card
and keep three of one suit may draw a molodka (or a bura of trumps) later.
`COMBO_KEEP` (off on main; docs/PERFORMANCE.md, "Issue 14, thirty-first
pass") makes the careful policy's one-card answers count that, in kozel.
"""

from __future__ import annotations

import random

import pytest

import engine.ai.policy as policy_module
from engine.actions import Action, Kind
from engine.ai.playout_memory import PlayoutMemory
from engine.ai.policy import RolloutPolicy
from engine.cards import Suit, parse_cards


def _answer(hand: str, lead: str, stock_empty: bool = False, teams: bool = True) -> Action:
    """Seat 1's careful answer to seat 0's one-card lead, trump clubs."""
    cards = tuple(parse_cards(hand))
    led = tuple(parse_cards(lead))
    return RolloutPolicy(0.0).answer(
        1,
        cards,
        Suit.CLUBS,
        [led],
        0,
        led,
        stock_empty,
        random.Random(0),
        PlayoutMemory([0] * 4, 0, 4, teams),
    )


@pytest.mark.parametrize("keep", [0.0, 12.0])
def test_while_the_stock_lasts_the_odd_card_goes_and_the_suit_stays(
    monkeypatch: pytest.MonkeyPatch, keep: float
) -> None:
    monkeypatch.setattr(policy_module, "COMBO_KEEP", keep)
    answer = _answer("6♠ 7♠ 8♠ 9♥", "J♦")
    assert answer.kind is Kind.DISCARD
    # Without the term the policy throws its cheapest card to keep: a spade.
    kept_suit = {card.suit for card in answer.cards} == {Suit.HEARTS}
    assert kept_suit == (keep > 0)


def test_the_term_needs_the_stock_a_team_game_and_a_suit_of_three(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    base = {
        "after the stock": _answer("6♠ 7♠ 8♠ 9♥", "J♦", stock_empty=True),
        "not kozel": _answer("6♠ 7♠ 8♠ 9♥", "J♦", teams=False),
        "two suits of two": _answer("7♠ 8♠ 9♥ 6♥", "J♦"),
    }
    monkeypatch.setattr(policy_module, "COMBO_KEEP", 12.0)
    assert _answer("6♠ 7♠ 8♠ 9♥", "J♦", stock_empty=True) == base["after the stock"]
    assert _answer("6♠ 7♠ 8♠ 9♥", "J♦", teams=False) == base["not kozel"]
    assert _answer("7♠ 8♠ 9♥ 6♥", "J♦") == base["two suits of two"]
