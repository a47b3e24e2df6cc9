"""Computer players. `make_player(level, seed)` builds one; `levels()` lists them.

Levels register themselves in `engine.ai.base`; importing this package
registers the built-in ones:

- "random": uniformly random legal moves (a baseline and a fuzzer);
- "easy", also offered under its first name "greedy": one look at the
  table, no memory;
- "normal": card counting and sharper rules of thumb, no search;
- "hard": a time-boxed search over the cards it cannot see
  (determinized playouts with the engine's own rules).

Every level decides from the seat's `TableView` only.

The levels live in `engine.ai.players`; `hard`'s search in
`engine.ai.search` and the playouts it runs in `engine.ai.playout`; what a
player is and how a driver asks one to act in `engine.ai.base`; `hard`'s
tuned settings in `engine.ai.tuning`. The bot and `tools/` need only this
package's names and `engine.ai.base`; the lab scripts in `bench/` reach
further, into `hard`'s search.
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
from engine.ai.players.easy import EasyPlayer
from engine.ai.players.hard import HardPlayer
from engine.ai.players.normal import NormalPlayer
from engine.ai.players.random import RandomPlayer


def _greedy(seed: int) -> EasyPlayer:
    """The easy player under its first level name, which settings, stored
    tables and the texts (`level-greedy`) still use."""
    player = EasyPlayer(seed)
    player.level = "greedy"
    return player


register_level("random", RandomPlayer)
register_level("greedy", _greedy)
register_level("easy", EasyPlayer)
register_level("normal", NormalPlayer)
register_level("hard", HardPlayer)

__all__ = [
    "ComputerPlayer",
    "EasyPlayer",
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
