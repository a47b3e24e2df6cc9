"""Computer players. `make_player(level, seed)` builds one; `levels()` lists them.

Levels register themselves in `engine.ai.base`; importing this package
registers the built-in ones:

- "random": uniformly random legal moves (a baseline and a fuzzer);
- "greedy", also offered as "easy": one look at the table, no memory;
- "normal": card counting and sharper rules of thumb, no search;
- "hard": a time-boxed search over the cards it cannot see
  (determinized playouts with the engine's own rules).

Every level decides from the seat's `TableView` only.
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
from engine.ai.players.easy import GreedyPlayer
from engine.ai.players.hard import HardPlayer
from engine.ai.players.normal import EasyPlayer, NormalPlayer
from engine.ai.players.random import RandomPlayer

register_level("random", RandomPlayer)
register_level("greedy", GreedyPlayer)
register_level("easy", EasyPlayer)
register_level("normal", NormalPlayer)
register_level("hard", HardPlayer)

__all__ = [
    "ComputerPlayer",
    "EasyPlayer",
    "GreedyPlayer",
    "HardPlayer",
    "NormalPlayer",
    "Player",
    "RandomPlayer",
    "choose_for",
    "levels",
    "make_player",
    "next_actor",
    "pending_declarations",
    "register_level",
]
