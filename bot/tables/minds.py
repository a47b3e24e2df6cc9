"""The computer players of each table, kept from one decision to the next.

A `hard` player remembers the deal as it goes: who showed he lacks a suit,
how many face-down cards went into which pile, how each opponent answers
(engine/ai/determinize.py, engine/ai/opponents.py). Built afresh for every
decision it forgets all that and plays measurably worse (kozel 61.0% against
63.7% deal wins, burkozel 3p 53.0% against 54.5%: docs/PERFORMANCE.md), so
the bot keeps each seat's player here and hands it to the worker process with
the position; the worker sends it back with its decision (a hard player
pickles to about 16 KB in 0.3 ms each way).

Kept in memory, per table, match and seat (a rematch at the same table gets
new players): a restart, or another bot process that committed a move
(several workers share the tables), costs a player only what it had learnt
of the deal; it plays on from the views as a fresh player would. A player
whose move was refused is dropped, since its memory holds a move that never
happened. Bounded: the least recently used players go first.

Seeds come from `secrets` when a player is built, never from the deal's seed:
a player who learnt how a computer's dice fell must learn nothing of the cards
(replays need no computer seed: the log keeps the actions).
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Mapping

from engine.ai import Player, make_player

# How many players are kept at most (about 16 KB each for `hard`).
CAPACITY = 4096

# table id, match seed, seat, level
Key = tuple[int, int, int, str]


class Minds:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._players: OrderedDict[Key, Player] = OrderedDict()

    def players(self, table_id: int, match: int, levels: Mapping[int, str]) -> dict[int, Player]:
        """The player of each seat in `levels`: the kept one, or a new one."""
        found: dict[int, Player] = {}
        for seat, level in levels.items():
            key = (table_id, match, seat, level)
            player = self._players.get(key)
            if player is None:
                player = make_player(level, secrets.randbits(64))
            found[seat] = player
        return found

    def kept(self, table_id: int, match: int, seat: int, level: str) -> Player | None:
        """The seat's kept player, if any (without building one)."""
        return self._players.get((table_id, match, seat, level))

    def keep(
        self, table_id: int, match: int, levels: Mapping[int, str], players: Mapping[int, Player]
    ) -> None:
        """Remember these players (as the worker sent them back) for the next decision."""
        for seat, player in players.items():
            key = (table_id, match, seat, levels[seat])
            self._players[key] = player
            self._players.move_to_end(key)
        while len(self._players) > self.capacity:
            self._players.popitem(last=False)

    def forget(self, table_id: int) -> None:
        """Drop the table's players: its match ended, or a move of theirs was refused."""
        for key in [key for key in self._players if key[0] == table_id]:
            del self._players[key]

    def __len__(self) -> int:
        return len(self._players)
