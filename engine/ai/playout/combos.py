"""Combinations in the playouts: whether a hand may hold one (cheaply, and
cached: most hands do not), and which one a seat leads when it may.

The playout policy (`engine.ai.playout.policy`) and both playout paths
(`engine.ai.playout.rollout`, `engine.ai.playout.fastplay`) ask these, so the two paths lead
the same combinations; the easy player's pick (`best_declaration`) is the
rule both follow.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.cards import Card, Suit
from engine.combos import Combo, combo_possible, combos_in_hand
from engine.rules import Preset, RuleSet

BURA = Preset.BURA
_WINS_ITSELF = (Combo.BURA, Combo.MOSCOW)  # bura: won on sight, never led

_COMBO_CACHES: dict[tuple[bool, bool], dict[tuple[Card, ...], bool]] = {}


def may_hold_combo(hand: tuple[Card, ...], rules: RuleSet) -> bool:
    """The engine's cheap necessary condition for a combination in hand
    (`engine.combos.combo_possible`; most hands fail it), cached by hand."""
    cache = combo_cache(rules)
    found = cache.get(hand)
    if found is None:
        if len(cache) > 100_000:
            cache.clear()
        found = cache[hand] = len(hand) >= 3 and combo_possible(hand, rules)
    return found


def combo_cache(rules: RuleSet) -> dict[tuple[Card, ...], bool]:
    """`may_hold_combo`'s answers for the rules' kind of combinations."""
    flags = (rules.preset is Preset.BURA, rules.four_ends)
    cache = _COMBO_CACHES.get(flags)
    if cache is None:
        cache = _COMBO_CACHES[flags] = {}
    return cache


def best_declaration(declarations: Sequence[Action], trump: int) -> Action:
    """The combination that risks the fewest trumps and points (the easy player's pick)."""
    return min(
        declarations,
        key=lambda a: (
            sum(1 for card in a.cards if card.suit == trump),
            sum(card.points for card in a.cards),
            -len(a.cards),
        ),
    )


def declaration(
    rules: RuleSet,
    hand: tuple[Card, ...],
    trump: Suit,
    limit: int,
    tricks_played: int,
    refused: bool,
    in_turn: bool = False,
) -> tuple[Card, ...] | None:
    """The cards of the combination a seat leads now (`best_declaration`'s
    pick among those `legal_actions` offers it), or None. `limit`: the most
    cards a lead may have now; `refused`: bura, the seat's declaration was
    refused in this window."""
    bura = rules.preset is BURA
    if not in_turn and (refused if bura else tricks_played == 0):
        return None
    best: tuple[Card, ...] | None = None
    best_key: tuple[int, int, int] | None = None
    for combo, cards in combos_in_hand(hand, trump, rules):
        if bura and combo in _WINS_ITSELF:
            continue
        if len(cards) > limit:
            continue
        key = (
            sum(1 for card in cards if card.suit == trump),
            sum(card.points for card in cards),
            -len(cards),
        )
        if best_key is None or key < best_key:
            best, best_key = cards, key
    return best
