"""How a move is committed, and the one way a table ends.

`commit` reads top to bottom: apply, status, deadline, results and chips,
one save, the telling queued. `end` is every table's end, whatever its
reason (the match played out, /stop, its people all away, the group or the
topic gone, a lobby nobody started): the chips it settles in the same save
(the bank paid out, or the stakes back), what this process kept of the
table forgotten, its timers stopped, its telling queued and, last, the end
published (`TableEvents.ended`: a tournament moves on). Both are handed to
the rooms that need them when those are built; re-arming the timers after a
move is the caller's (the turns), so nothing here calls back up.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from enum import StrEnum
from typing import NamedTuple

from bot.storage import CLOSED, FINISHED, ChipMoves, MatchResult, TableRecord
from bot.tables.attendance import Attendance
from bot.tables.core import Tables
from bot.tables.fanout import Fanout
from bot.tables.kinds import audience_of, kind_of
from bot.tables.minds import Minds
from bot.tables.stats import Stats
from bot.view.i18n import t
from bot.view.screen import Screen
from engine import Action, apply

# The timers a table may hold (bot/tables/turns.py arms them).
PURPOSES = ("computer", "deadline", "remind", "forced")

Tell = Callable[[TableRecord], Awaitable[None]]


async def _nothing(table: TableRecord) -> None:
    return None


class Why(StrEnum):
    """Why a table ended (a played-out match finishes; the rest close it)."""

    OVER = "over"  # the match was played out
    AWAY = "away"  # its people were all away for a whole deal
    COMPUTERS = "computers"  # every seat passed to a computer
    STOPPED = "stopped"  # /stop, or its tournament stopped
    CHAT_GONE = "chat_gone"  # the bot left the group
    TOPIC_GONE = "topic_gone"  # its forum topic was closed or deleted
    LOBBY_EXPIRED = "lobby_expired"  # nobody started it in time


class Ending(NamedTuple):
    table: TableRecord  # as saved
    chips: ChipMoves | None  # what its end moved (stakes back, the bank paid out)


class Moves:
    def __init__(self, tables: Tables, fanout: Fanout, stats: Stats) -> None:
        self.tables = tables
        self.store = tables.store
        self.fanout = fanout
        self.stats = stats
        # What this process keeps of a table between its moves: who is away
        # (bot/tables/attendance.py), the computer players' minds.
        self.attendance = Attendance()
        self.minds = Minds()

    async def commit(
        self,
        table: TableRecord,
        action: Action,
        user_id: int | None,
        news: Sequence[str] = (),
    ) -> TableRecord:
        """Apply, commit, then queue the messages; the saved table back (the
        caller re-arms its timers).

        The caller holds the table's lock. Raises `IllegalAction` (nothing
        changed) or `Conflict` (someone else committed first).
        """
        previous = table.state
        assert previous is not None
        state, events = apply(previous, action)
        table.state = state
        away = self.attendance.moved(table, previous, action, user_id, events)
        why: Why | None = None
        said: Screen | None = None  # why the table closes, if it does
        if state.over:
            why = Why.OVER
        elif away and kind_of(table).closes_when_all_away:
            why = Why.AWAY
            said = Screen(t(await self._table_lang(table), "away.closed", table=table.id))
        if why is not None:
            table.status = FINISHED if why is Why.OVER else CLOSED
        self.tables.prepare_turn(table)
        # The match's results (and ratings) are written with its last move:
        # they exist exactly when the end does, a restart in between included.
        result = await self.stats.result_of(table, action, user_id) if state.over else None
        seasons = self.stats.seasons
        earned: list[str] = []  # the end message's line of achievements
        if result is not None and seasons is not None:
            earned = seasons.end_news(table, result, await self._table_lang(table))

        async def tell(saved: TableRecord) -> None:
            if result is not None:
                self.stats.forget_top(saved.chat_id)
            self.fanout.move_later(saved, previous, events, list(news), earned)
            if result is not None and seasons is not None:
                seasons.tell_privately(saved, result)
            if said is not None:
                self.fanout.news_and_hands_later(saved, said)

        if why is not None:
            ending = await self.end(table, why, tell, action=action, user_id=user_id, result=result)
            return ending.table
        table = await self.store.save_table(table, action=action, user_id=user_id)
        await tell(table)
        return table

    async def _table_lang(self, table: TableRecord) -> str:
        """The language the table's chat reads: its group's, or the player's in practice."""
        if audience_of(table).one_chat:
            return await self.tables.user_lang(table.creator_id)
        return await self.tables.chat_lang(table.chat_id)

    async def end(
        self,
        table: TableRecord,
        why: Why,
        tell: Tell = _nothing,
        *,
        action: Action | None = None,
        user_id: int | None = None,
        result: MatchResult | None = None,
        chips: ChipMoves | None = None,
    ) -> Ending:
        """End the table (the caller holds its lock): it comes back saved,
        with the chips its end moved.

        `tell` queues what the players hear of it, after the save and before
        the end is published. `action`, `user_id`, `result`: the last move's,
        saved with the end. `chips`: the balances the save moves when the
        caller knows them (a match that ended as it was dealt takes its
        stakes and pays its bank at once); else the end's (`Chips.on_end`)."""
        table.status = FINISHED if why is Why.OVER else CLOSED
        if chips is None:
            chips = await self.tables.chips.on_end(table)
        table = await self.store.save_table(
            table, action=action, user_id=user_id, result=result, chips=chips
        )
        # What this process kept of its deal and its computer players.
        self.attendance.forget(table.id)
        self.minds.forget(table.id)
        for purpose in (*PURPOSES, "lobby"):
            self.tables.clock.cancel((table.id, purpose))
        await tell(table)
        self.tables.events.ended(table)
        return Ending(table, chips)
