"""Positions of matches played by computer players, for the engine's tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import apply
from engine.ai import make_player, next_actor
from engine.state import MatchState


def positions(
    state: MatchState,
    players: int,
    rng: random.Random,
    keep: Callable[[MatchState], bool],
) -> list[MatchState]:
    """The positions `keep` accepts in one match from `state`, each seat
    played by `easy` or `normal` (the dice pick)."""
    computers = {seat: make_player(rng.choice(["easy", "normal"]), seat) for seat in range(players)}
    found = []
    for _ in range(2000):
        deal = state.deal
        if deal is None or state.over:
            break
        if keep(state):
            found.append(state)
        chosen = next_actor(state, computers)
        assert chosen is not None
        state, _ = apply(state, chosen[1])
    return found
