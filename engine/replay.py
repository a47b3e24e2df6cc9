"""A match is its seed plus its action log: rebuild any state from them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.actions import Action
from engine.game import apply, new_match
from engine.rules import RuleSet
from engine.state import MatchState


def replay(
    rules: RuleSet, players: Sequence[str], seed: int, actions: Iterable[Action]
) -> MatchState:
    state = new_match(rules, players, seed)
    for action in actions:
        state, _ = apply(state, action)
    return state
