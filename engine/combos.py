"""Combinations (docs/RULES.md section 5 for burkozel and kozel, 6 for bura).

In burkozel and kozel a combination is only a right to lead out of turn. In
bura, `bura` and `moscow` win the deal on sight, while `molodka` and
`small_moscow` are out-of-turn leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from itertools import combinations

from engine.cards import ACE, SIX, TEN, Card, Suit
from engine.rules import Preset, RuleSet

_BURA = Preset.BURA  # enum class attribute lookups are slow in Python 3.11


class Combo(StrEnum):
    BURA = "bura"
    MOLODKA = "molodka"
    MOSCOW = "moscow"
    GOLDEN_MOSCOW = "golden_moscow"
    FOUR_ENDS = "four_ends"
    SMALL_MOSCOW = "small_moscow"


def classify(cards: Sequence[Card], trump: Suit, rules: RuleSet) -> Combo | None:
    """The combination these exact cards form, or None."""
    if rules.preset is _BURA:
        return _classify_bura(cards, trump, TEN if rules.small_moscow == "tens" else SIX)
    n = len(cards)
    suits = {card.suit for card in cards}
    if n == 4:
        if suits == {trump}:
            return Combo.BURA
        if len(suits) == 1:
            return Combo.MOLODKA
        if all(card.rank == ACE for card in cards):
            return Combo.GOLDEN_MOSCOW
        if rules.four_ends and all(card.rank in (ACE, TEN) for card in cards):
            return Combo.FOUR_ENDS
        return None
    if n == 3 and all(card.rank == ACE for card in cards) and trump in suits:
        return Combo.MOSCOW
    return None


def _classify_bura(cards: Sequence[Card], trump: Suit, small: int) -> Combo | None:
    """`small` is the rank of small moscow's three cards (option small_moscow)."""
    if len(cards) != 3:
        return None
    suits = {card.suit for card in cards}
    if suits == {trump}:
        return Combo.BURA
    if len(suits) == 1:
        return Combo.MOLODKA
    if all(card.rank == ACE for card in cards):
        return Combo.MOSCOW
    if all(card.rank == small for card in cards) and trump in suits:
        return Combo.SMALL_MOSCOW
    return None


def combos_in_hand(
    hand: Sequence[Card], trump: Suit, rules: RuleSet
) -> list[tuple[Combo, tuple[Card, ...]]]:
    """Every combination a hand could lay down, with its cards (canonical order)."""
    if len(hand) < 3 or not combo_possible(hand, rules):
        return []
    found = []
    for size in (3, 4):
        if len(hand) < size:
            continue
        for subset in combinations(hand, size):
            combo = classify(subset, trump, rules)
            if combo is not None:
                found.append((combo, subset))
    return found


def combo_possible(hand: Sequence[Card], rules: RuleSet) -> bool:
    """Cheap necessary condition, so that most hands skip the subset search.

    Every combination is `size` cards of one suit, three aces, four aces and
    tens, or three sixes. In play a hand never holds more than `size` cards
    (the hand size); a bigger hand is simply searched."""
    bura = rules.preset is _BURA
    size = 3 if bura else 4
    if len(hand) > size:
        return True
    suit = hand[0].suit
    same_suit = aces = high = sixes = 0
    for card in hand:
        if card.suit == suit:
            same_suit += 1
        rank = card.rank
        if rank == ACE:
            aces += 1
            high += 1
        elif rank == TEN:
            high += 1
        elif rank == SIX:
            sixes += 1
    if same_suit >= size or aces >= 3:
        return True
    if bura:
        return sixes >= 3 or high - aces >= 3  # small moscow: sixes, or tens
    return rules.four_ends and high >= 4


def has_combo(hand: Sequence[Card], trump: Suit, rules: RuleSet, wanted: Combo) -> bool:
    return any(combo is wanted for combo, _ in combos_in_hand(hand, trump, rules))


def top_trump(hand: Sequence[Card], trump: Suit) -> int:
    """Rank of the highest trump, for two buras meeting in bura (higher wins)."""
    return max((card.rank for card in hand if card.suit == trump), default=-1)
