"""A move the player has no choice about: the only legal one, and it plays
the last cards of the hand (the last card of a deal, or an answer that can
only discard all that is left). The bot plays it for a person after a short
pause (bot/tables/turns.py), and the hand says so (bot/view/hand.py): one
rule, so the hand never promises a move the timer will not make.

Nobody is cut off by it: before a lead of the last card every hand holds
one card, too few for a combination, and a trick answered this way can
still be interrupted by whoever has not played to it."""

from __future__ import annotations

from collections.abc import Sequence

from engine import Action, Card
from engine.actions import Kind

_CARD_MOVES = frozenset({Kind.LEAD, Kind.BEAT, Kind.DISCARD})


def forced_action(legal: Sequence[Action], hand: Sequence[Card]) -> Action | None:
    """`legal`: the moves of the player to act; `hand`: their cards."""
    if len(legal) != 1:
        return None
    (only,) = legal
    if only.kind not in _CARD_MOVES or len(only.cards) != len(hand):
        return None
    return only
