"""Who is still at the table: a table whose people were all away for a whole
deal (the timer or the computer played every one of their moves) is closed,
so that computers do not play on for nobody and burn the bot's time.

Kept in memory per table and told every committed move (`Moves.commit`).
After a restart the deal under way counts as attended (what happened before
is not known); the next whole deal is judged again. So does a deal of which
this process missed a move (several workers share the tables: another one
committed it): only a deal seen whole may close its table.

Forgotten when play ends: by a commit, /stop, a closed forum topic or the bot
leaving the group (bot/tables/lifecycle.py). A table that ends at another
worker is never told here, so the map is also bounded like `Minds`: the
tables least recently moved go first, and such a table, if it ever moves here
again, only counts its deal as attended.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from bot.seats import seat_at
from bot.storage import TableRecord
from engine import Action, MatchState
from engine.events import DealStarted, Event

# How many tables are followed at most (a few dozen bytes each).
CAPACITY = 4096


@dataclass(slots=True)
class _Deal:
    by_person: bool = False  # a person made one of the people's moves
    for_person: bool = False  # the timer or the computer made one of them
    step: int = -1  # the match's step after the last move seen (-1: none yet)


class Attendance:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._deals: OrderedDict[int, _Deal] = OrderedDict()

    def moved(
        self,
        table: TableRecord,
        previous: MatchState,
        action: Action,
        user_id: int | None,
        events: Sequence[Event],
    ) -> bool:
        """Note one committed move; True when it ended a deal in which no
        person made any of the people's moves (the table should close)."""
        deal = self._deals.get(table.id)
        if deal is None:
            # Seen from the match's first move, or else assumed attended.
            deal = self._deals[table.id] = _Deal(by_person=previous.step != 0)
        elif deal.step not in (-1, previous.step):
            deal.by_person = True  # a move made elsewhere: assumed attended
        deal.step = previous.step + 1
        self._keep(table.id)
        if not seat_at(table, action.seat).is_computer:
            if user_id is not None:
                deal.by_person = True
            else:
                deal.for_person = True
        if not any(isinstance(event, DealStarted) for event in events):
            return False
        self._deals[table.id] = _Deal(step=previous.step + 1)
        return deal.for_person and not deal.by_person

    def _keep(self, table_id: int) -> None:
        """The table moved: the newest last, the oldest beyond `capacity` dropped."""
        self._deals.move_to_end(table_id)
        while len(self._deals) > self.capacity:
            self._deals.popitem(last=False)

    def back(self, table_id: int) -> None:
        """A person took their seat back: they are here in this deal."""
        deal = self._deals.get(table_id)
        if deal is not None:
            deal.by_person = True

    def forget(self, table_id: int) -> None:
        """Play at the table ended (a commit, /stop, the chat or topic gone)."""
        self._deals.pop(table_id, None)

    def __len__(self) -> int:
        return len(self._deals)
