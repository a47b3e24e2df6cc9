"""The `easy` and `normal` computer players (placeholder)."""

from __future__ import annotations

from engine.ai.greedy import GreedyPlayer


class EasyPlayer(GreedyPlayer):
    """The greedy player under the level name "easy"."""

    level = "easy"


class NormalPlayer(GreedyPlayer):
    level = "normal"
