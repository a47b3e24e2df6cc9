"""Who is still at the table: a table whose people were all away for a whole
deal (the timer or the computer played every one of their moves) is closed,
so that computers do not play on for nobody and burn the bot's time.

Kept in memory per table and told every committed move (`Match.commit`).
After a restart the deal under way counts as attended (what happened before
is not known); the next whole deal is judged again. So does a deal of which
this process missed a move (several workers share the tables: another one
committed it): only a deal seen whole may close its table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.seats import seat_at
from bot.storage import TableRecord
from engine import Action, MatchState
from engine.events import DealStarted, Event


@dataclass(slots=True)
class _Deal:
    by_person: bool = False  # a person made one of the people's moves
    for_person: bool = False  # the timer or the computer made one of them
    step: int = -1  # the match's step after the last move seen (-1: none yet)


class Attendance:
    def __init__(self) -> None:
        self._deals: dict[int, _Deal] = {}

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
        if not seat_at(table, action.seat).is_computer:
            if user_id is not None:
                deal.by_person = True
            else:
                deal.for_person = True
        if not any(isinstance(event, DealStarted) for event in events):
            return False
        self._deals[table.id] = _Deal(step=previous.step + 1)
        return deal.for_person and not deal.by_person

    def back(self, table_id: int) -> None:
        """A person took their seat back: they are here in this deal."""
        deal = self._deals.get(table_id)
        if deal is not None:
            deal.by_person = True

    def forget(self, table_id: int) -> None:
        self._deals.pop(table_id, None)
