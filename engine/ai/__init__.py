"""Computer players. `make_player(level, seed)` builds one; `levels()` lists them.

Levels register themselves in `engine.ai.base`; importing this package
registers the built-in ones ("random", "greedy"). A new level (say "hard")
lives in its own module and calls `register_level` here below.
"""

from engine.ai.base import (
    ComputerPlayer,
    Player,
    choose_for,
    levels,
    make_player,
    next_actor,
    pending_declarations,
    register_level,
)
from engine.ai.greedy import GreedyPlayer
from engine.ai.random_player import RandomPlayer

register_level("random", RandomPlayer)
register_level("greedy", GreedyPlayer)

__all__ = [
    "ComputerPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "choose_for",
    "levels",
    "make_player",
    "next_actor",
    "pending_declarations",
    "register_level",
]
