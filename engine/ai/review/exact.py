"""Exact values for a review once nothing is hidden (two-player burkozel, stock gone).

The hard player solves such endgames exactly instead of playing them out
(`engine.ai.search.endgame`); a review that judged its moves with playouts
there would blame it for the playout policy's errors. So the review asks
the same solver, and to say the cost in penalty and card points it follows
the line both players would play from each candidate (each move the best
for its player, as the solver values it) to the deal's score.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Kind
from engine.ai.playout.rollout import DealResult, deal_result
from engine.ai.search.endgame import EndgameSolver, _Budget, solvable
from engine.game import apply
from engine.state import MatchState

# Positions the solver may visit for one candidate (the hard player's is 10,000
# a decision; a review can afford more, and falls back to playouts beyond).
NODES = 40_000


def exact_results(
    world: MatchState,
    seat: int,
    side: int,
    candidates: Sequence[Action | None],
    point_weight: float,
) -> list[tuple[float, DealResult]] | None:
    """Per candidate, its exact value and the result of the deal played on
    perfectly from it; None when the position is not solvable in budget."""
    deal = world.deal
    if deal is None or not solvable(world, seat) or None in candidates:
        return None
    number = deal.number
    sides = len(world.penalties)
    found: list[tuple[float, DealResult]] = []
    for action in candidates:
        assert action is not None
        solver = EndgameSolver(side, point_weight, NODES)
        try:
            value = solver._child(world, action, number, -1e9, 1e9)
            state, events = apply(world, action)
            result = deal_result(events, number, sides)
            while result is None:
                move = _best_move(solver, state, side, number)
                state, events = apply(state, move)
                result = deal_result(events, number, sides)
        except _Budget:
            return None
        found.append((value, result))
    return found


def _best_move(solver: EndgameSolver, state: MatchState, side: int, number: int) -> Action:
    """The move the player to act would make: the turn seat's best, unless the
    other seat does better for himself by leading a combination out of turn."""
    deal = state.deal
    assert deal is not None
    turn = deal.turn
    moves = solver.moves(state)
    own = [action for seat, action in moves if seat == turn]
    declares = [action for seat, action in moves if seat != turn and action.kind is Kind.DECLARE]

    def value(action: Action) -> float:
        return solver._child(state, action, number, -1e9, 1e9)

    sign = 1.0 if turn == side else -1.0
    best = max(own, key=lambda action: sign * value(action))
    if declares:
        other_sign = 1.0 if (1 - turn) == side else -1.0
        line = value(best)
        declared = max(declares, key=lambda action: other_sign * value(action))
        if other_sign * value(declared) > other_sign * line:
            return declared
    return best
