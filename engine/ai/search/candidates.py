"""Which of a seat's legal actions the search tries at all.

A claim is decided without search (`engine.ai.players.hard`); a lead of cards the
seat may also declare is tried only as the combination; and an action is
dominated, so not tried, when a lower zero-point card of the same suit
would do the same: discarding it, or beating with it as the last to play
(in bura a six is never taken for the lower card).
"""

from __future__ import annotations

from engine.actions import Action, Kind
from engine.cards import Card, sort_cards
from engine.rules import Preset
from engine.view import TableView


def _dominated(
    action: Action, hand: tuple[Card, ...], legal: frozenset[Action], bura: bool
) -> bool:
    """A lower zero-point card of the same suit could replace one of the action's cards."""
    cards = action.cards
    for card in cards:
        if card.points:
            continue
        for other in hand:
            if (
                other.suit == card.suit
                and other.rank < card.rank
                and not other.points
                and other not in cards
                and not (bura and other.rank == 0)
            ):
                swapped = sort_cards([other if c is card else c for c in cards])
                if Action(action.kind, action.seat, swapped) in legal:
                    return True
    return False


def candidate_actions(view: TableView) -> list[Action]:
    """The seat's own actions worth searching (claims are decided without search)."""
    seat = view.viewer
    legal = [action for action in view.legal if action.seat == seat]
    declared = {action.cards for action in legal if action.kind is Kind.DECLARE}
    legal_set = frozenset(legal)
    last = len(view.trick) == len(view.active) - 1
    bura = view.rules.preset is Preset.BURA
    result = []
    for action in legal:
        kind = action.kind
        if kind is Kind.CLAIM:
            continue
        if kind is Kind.LEAD and action.cards in declared:
            continue  # the same cards led as the combination
        if (kind is Kind.DISCARD or (kind is Kind.BEAT and last)) and _dominated(
            action, view.hand, legal_set, bura
        ):
            continue
        result.append(action)
    return result
