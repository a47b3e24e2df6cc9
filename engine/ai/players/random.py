"""The weakest computer player: uniformly random legal moves.

It exists as a baseline (the easy player must beat it clearly) and as a
fuzzer: playing every legal action with some probability walks the engine
through corners a sensible player never visits.
"""

from __future__ import annotations

from engine.actions import Action, Kind
from engine.ai.base import ComputerPlayer
from engine.view import TableView


class RandomPlayer(ComputerPlayer):
    """On its own turn: any legal action, uniformly. Off turn: maybe a combination.

    `declare_chance` is how often it jumps in with an out-of-turn combination
    when it has one; not always, so that the rightful leader's ordinary play is
    exercised too.
    """

    level = "random"

    def __init__(self, seed: int, declare_chance: float = 0.5) -> None:
        super().__init__(seed)
        self.declare_chance = declare_chance

    def choose(self, view: TableView) -> Action | None:
        if view.viewer is None or not view.legal:
            return None
        if view.turn == view.viewer:
            own = [action for action in view.legal if action.seat == view.viewer]
            return self.rng.choice(own) if own else None
        declarations = [action for action in view.legal if action.kind is Kind.DECLARE]
        if declarations and self.rng.random() < self.declare_chance:
            return self.rng.choice(declarations)
        return None
