"""A match is its seed (or shuffle key) plus its action log: rebuild any state from them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.actions import Action
from engine.game import apply, new_match
from engine.rules import RuleSet
from engine.shuffle import ShuffleKey
from engine.state import MatchState


def replay(
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    actions: Iterable[Action],
    key: ShuffleKey | None = None,
) -> MatchState:
    """`key`: the match's checkable-shuffle key (`MatchState.shuffle`), if it has one."""
    state = new_match(rules, players, seed, key)
    for action in actions:
        state, _ = apply(state, action)
    return state
