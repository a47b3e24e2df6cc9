"""Playouts of one deal on a full engine state, for the search in `hard`.

A playout plays the deal to its end with the playout policy
(`engine.ai.playout.policy`) in every seat, and reports each side's penalty points
and card points. `play_out` here applies every move with the engine's own
`apply`: the reference. `engine.ai.playout.fastplay` plays the very same moves
without building engine records, several times faster, and is what the
search uses (a differential test keeps the two equal).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from engine.ai.playout.combos import best_declaration, declaration, may_hold_combo
from engine.ai.playout.memory import PlayoutMemory, memory_for
from engine.ai.playout.policy import RolloutPolicy
from engine.ai.playout.style import Style
from engine.events import DealScored, Event
from engine.game import apply
from engine.state import MatchState

__all__ = [
    "DealResult",
    "PlayoutMemory",
    "RolloutPolicy",
    "Style",
    "best_declaration",
    "continue_after",
    "deal_result",
    "declaration",
    "may_hold_combo",
    "memory_for",
    "play_out",
]


class DealResult(NamedTuple):
    penalties: tuple[int, ...]  # per side, this deal only
    points: tuple[int, ...]  # per side: card points in the side's piles
    void: bool  # bura: nobody won (a tie), the deal was redealt


# -- playing out -------------------------------------------------------------------------


def deal_result(events: list[Event], number: int, sides: int) -> DealResult | None:
    """The result of deal `number` if these events scored it (None if they did not)."""
    for event in events:
        if isinstance(event, DealScored) and event.number == number:
            penalties = [0] * sides
            pts = [0] * sides
            for result in event.results:
                penalties[result.side] = result.penalty
                pts[result.side] = result.points
            return DealResult(tuple(penalties), tuple(pts), False)
    return None


def play_out(
    state: MatchState,
    policy: RolloutPolicy,
    rng: random.Random,
    memory: PlayoutMemory,
    passed: int | None = None,
    max_actions: int = 400,
) -> DealResult:
    """Play the deal under way to its end; `memory` is updated in place.

    `passed`: a seat that lets the combination window open now go by.
    """
    deal = state.deal
    assert deal is not None
    number = deal.number
    sides = len(state.penalties)
    skip = passed
    for _ in range(max_actions):
        action = None
        if deal.trick is None and deal.tricks_played:
            action = policy.window(state, deal, skip)
            skip = None
        if action is None:
            action = policy.act(state, deal, rng, memory)
        state, events = apply(state, action)
        new = state.deal
        if new is None or new.number != number:
            found = deal_result(events, number, sides)
            if found is not None:
                return found
            return DealResult((0,) * sides, (0,) * sides, True)
        if len(events) > 1:
            memory.note(events)
        deal = new
    return DealResult((0,) * sides, (0,) * sides, True)  # pragma: no cover - a livelock guard


def continue_after(
    state: MatchState,
    events: list[Event],
    number: int,
    memory: PlayoutMemory,
) -> DealResult | None:
    """The deal's result if `events` (of the action just applied) ended it, else None
    (and `memory` notes a trick just taken)."""
    new = state.deal
    sides = len(state.penalties)
    if new is None or new.number != number:
        found = deal_result(events, number, sides)
        return found if found is not None else DealResult((0,) * sides, (0,) * sides, True)
    memory.note(events)
    return None
