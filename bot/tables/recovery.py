"""After a crash or a restart: tell what the crash kept from the players, and
redraw every running table from the store, its timers re-armed from the
stored deadlines (time already spent counts).

With several workers the others play on meanwhile, so nothing here holds a
table's lock across Telegram (issue 57): the telling and the redrawing run
in the table's message lanes, where a move committed meanwhile is told in
turn after them, and only the arming of the timers takes the lock."""

from __future__ import annotations

import logging

from bot.seats import seat_at
from bot.storage import LOBBY, PLAYING
from bot.tables.core import Tables
from bot.tables.fanout import Fanout
from bot.tables.kinds import audience_of
from bot.tables.outbox import GROUP
from bot.tables.turns import Turns
from bot.view import hand as hand_view
from bot.view import render
from engine import view_for

log = logging.getLogger(__name__)

# Seconds the clock may read before the newest saved change without a word
# (workers' clocks differ a little).
CLOCK_SLACK = 60.0


class Recovery:
    def __init__(self, tables: Tables, fanout: Fanout, turns: Turns) -> None:
        self.tables = tables
        self.store = tables.store
        self.fanout = fanout
        self.turns = turns

    async def catch_up(self, table_id: int) -> None:
        """Tell every committed move after the last one told, replayed from
        the seed and the log for its events."""
        await self.fanout.catch_up(table_id)

    async def redraw_all(self) -> int:
        """Redraw every running table; returns how many."""
        for table_id in await self.store.untold_tables():
            await self.catch_up(table_id)
        tables = await self.store.tables_with_status(PLAYING)
        newest = max((record.updated_at for record in tables), default=0.0)
        if newest > self.tables.clock.now() + CLOCK_SLACK:
            log.warning(
                "the clock reads %.0f s before the newest saved change: was it stepped back?"
                " Deadlines are kept within one turn from now",
                newest - self.tables.clock.now(),
            )
        for record in tables:
            await self.redraw(record.id)
        for lobby in await self.store.tables_with_status(LOBBY):
            self.turns.arm_lobby(lobby)
        return len(tables)

    async def redraw(self, table_id: int) -> None:
        """The live message, then each hand, drawn from the newest stored
        table in its lane (a practice game's hand in the group lane: one
        chat); then the timers."""
        async with self.tables.outbox.lane(table_id, GROUP):
            table = await self.store.get_table(table_id)
            if table is None or table.status != PLAYING or table.state is None:
                return
            lang = await self.tables.chat_lang(table.chat_id)
            info = self.tables.info(table)
            if audience_of(table).group_play:  # (a duplicate round's is not shown)
                screen = render.live(info, lang, view_for(table.state, None))
                await self.fanout.edit_live(table, screen)
            people = [seat.seat for seat in table.seats if not seat.is_computer]
        for number in people:
            lane = audience_of(table).hand_lane(number)
            async with self.tables.outbox.lane(table_id, lane):
                table = await self.store.get_table(table_id)
                if table is None or table.status != PLAYING or table.state is None:
                    return
                seat = seat_at(table, number)
                if seat.is_computer:
                    continue
                info = self.tables.info(table)
                screen = hand_view.hand(
                    info, await self.tables.user_lang(seat.user_id), view_for(table.state, number)
                )
                await self.fanout.hands.put_hand(table, seat, screen, fresh=False)
        async with self.tables.lock(table_id):
            table = await self.store.get_table(table_id)
            if table is not None and table.status == PLAYING:
                self.turns.arm(table)
