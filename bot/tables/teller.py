"""The executor of a move's telling: reads what a plan needs, asks
bot/tables/telling.py for the plan, and runs it through the `Sender`,
keeping the message ids it gets back.

A job reads the table as stored when it runs, not as it was committed: a
later move may be committed already, and the message ids the jobs before it
got back (a fresh hand, a new live message) are in the store, not in the
commit's copy.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.seats import seat_at
from bot.storage import PLAYING, Seat, TableRecord
from bot.tables.audience import Audience
from bot.tables.core import Tables
from bot.tables.hands import Hands
from bot.tables.kinds import audience_of
from bot.tables.outbox import GROUP, Priority, at_once, done
from bot.tables.pictures import Pictures
from bot.tables.telling import (
    CloseHand,
    EndMatch,
    GroupOp,
    MoveNews,
    PostLive,
    Reading,
    RedrawLive,
    Say,
    SeatTelling,
    Telling,
    people,
    plan_hand,
    plan_move,
    speaking,
)
from bot.view.screen import Screen


class Teller:
    def __init__(self, tables: Tables, hands: Hands, pictures: Pictures) -> None:
        self.tables = tables
        self.store = tables.store
        self.out = tables.out
        self.outbox = tables.outbox
        self.hands = hands
        self.pictures = pictures

    async def read(
        self, table: TableRecord, move: MoveNews, told: Sequence[Seat], quiet: bool, group: bool
    ) -> Reading:
        """What the plan needs besides the table: the group's language
        (`group`), the languages of the `told` seats it draws, and which of
        those the computer plays for a person who blocked the bot."""
        info = self.tables.info(table)
        if move.match_over:
            info = await self.tables.with_ratings(info)
        lang = await self.tables.chat_lang(table.chat_id) if group else ""
        unreachable = frozenset(
            [
                seat.seat
                for seat in told
                if seat.auto and not quiet and not await self.hands.reachable(seat.user_id)
            ]
        )
        langs = {
            seat.seat: await self.tables.user_lang(seat.user_id)
            for seat in speaking(move, told, quiet, unreachable)
        }
        return Reading(info, lang, langs, unreachable)

    async def tell_move(
        self, move: MoveNews, hands: bool = True, loaded: TableRecord | None = None
    ) -> None:
        """The group's part of a move, from the group's lane; `hands`: every
        private hand too (one chat, or a catch-up), else their own lanes tell
        them. `loaded`: the table as just read in this job (no second read)."""
        table = loaded or await self.store.get_table(move.table_id)
        if table is None or table.state is None:
            return
        # A newer move is already queued, or already committed (its job is
        # queued just after its commit, so it may not be in the lane yet).
        superseded = move.newer(table) or self.outbox.superseded(table.id, GROUP, "move")
        told = people(table) if hands else []
        quiet = superseded or table.state.over
        reading = await self.read(table, move, told, quiet, group=True)
        audience = audience_of(table)
        seats = {seat.seat for seat in told}
        telling = plan_move(move, table, audience, reading, superseded, seats)
        await self.run(table, telling, audience, reading.lang)

    async def tell_hand(
        self, move: MoveNews, number: int, superseded: bool, newer_skips: bool = False
    ) -> None:
        """One hand's part of a move, from its own lane. `superseded`: a newer
        move is queued in this lane, whose job redraws the hand from the same
        newest state, so this one only records the deal the move ended (that
        is its own). `newer_skips` (several workers): the same when a newer
        move is committed, whose job at whichever worker draws the hand
        (before or after this one) from the newest state; two jobs drawing
        the same position would give the person to move two fresh messages."""
        if superseded and not move.deal_over:
            return
        table = await self.store.get_table(move.table_id)
        if table is None or table.state is None:
            return
        superseded = superseded or (newer_skips and move.newer(table))
        told = [seat for seat in people(table) if seat.seat == number]
        if not told:
            return
        quiet = superseded or table.state.over or table.status != PLAYING
        reading = await self.read(table, move, told, quiet, group=False)
        telling = plan_hand(move, table, told[0], audience_of(table), reading, superseded)
        await self.seat(table, telling.seats[0])

    # -- running a plan ------------------------------------------------------------------

    async def run(
        self, table: TableRecord, telling: Telling, audience: Audience, lang: str
    ) -> None:
        """The group's operations in order and the deal's closing beside
        them; in one chat everything in order: the deal's record before its
        summary, the table in the hand after the news. Elsewhere each seat's
        record goes before its own next hand (`rest`)."""
        beside = []
        closing = telling.closing
        if closing is not None:
            # The in-memory copy forgets the id as the clear is handed to the
            # database, before the edit goes out.
            table.live_message_id = None
            beside.append(self.store.clear_live_message(table.id))
            beside.append(done(self.out.edit(table.chat_id, closing.message_id, closing.screen)))
        if audience.one_chat:
            for job in beside:
                await job
            for told in telling.seats:
                if told.record is not None:
                    await self.record(table, told)
            await self.rest(table, telling, audience, lang)
        else:
            await at_once(*beside, self.rest(table, telling, audience, lang))

    async def rest(
        self, table: TableRecord, telling: Telling, audience: Audience, lang: str
    ) -> None:
        """The group's operations, then the hands (one chat, or a match
        over: its end message before the hands close), else beside them.
        Outside one chat a seat's record goes just before its own hand, and
        beside the group when no hand follows it."""
        records = not audience.one_chat
        hands = [told for told in telling.seats if told.hand is not None]
        alone = [
            self.record(table, told)
            for told in telling.seats
            if records and told.hand is None and told.record is not None
        ]
        if not hands:
            await at_once(self.group(table, telling.group, lang), *alone)
        elif telling.over or audience.one_chat:

            async def in_turn() -> None:
                await self.group(table, telling.group, lang)
                await self.hands_of(table, hands, in_turn=telling.over, records=records)

            await at_once(in_turn(), *alone)
        else:
            await at_once(
                self.group(table, telling.group, lang),
                self.hands_of(table, hands, in_turn=False, records=records),
                *alone,
            )

    async def group(self, table: TableRecord, ops: Sequence[GroupOp], lang: str) -> None:
        chat, thread = table.chat_id, table.thread_id
        for op in ops:
            if isinstance(op, Say):
                await self.out.send(
                    chat, op.screen, silent=op.silent, thread=thread, priority=op.priority
                )
            elif isinstance(op, EndMatch):
                await self.pictures.send_match_end(table, lang, op.screen, op.deals)
            elif isinstance(op, PostLive):
                await self.post_live(table, op.screen, op.priority)
            elif isinstance(op, RedrawLive):
                await self.edit_live(table, op.screen, op.priority)

    async def hands_of(
        self, table: TableRecord, told: Sequence[SeatTelling], in_turn: bool, records: bool
    ) -> None:
        """The seats' hands, each after its record when `records`; `in_turn`:
        one after another (else each person's chat in its own order, the
        chats at once)."""
        jobs = [self.seat(table, one, record=records) for one in told]
        if in_turn:
            for job in jobs:
                await job
        else:
            await at_once(*jobs)

    async def seat(self, table: TableRecord, told: SeatTelling, record: bool = True) -> None:
        """A seat's record (`record`), then its hand."""
        seat = seat_at(table, told.seat)
        if record and told.record is not None:
            await self.hands.record(table, seat, told.record)
        if isinstance(told.hand, CloseHand):
            await self.hands.close(table, seat)
        elif told.hand is not None:
            await self.hands.draw(table, seat, told.hand)

    async def record(self, table: TableRecord, told: SeatTelling) -> None:
        assert told.record is not None
        await self.hands.record(table, seat_at(table, told.seat), told.record)

    async def post_live(
        self, table: TableRecord, screen: Screen, priority: Priority = Priority.RECORD
    ) -> None:
        """A fresh live table message, its id kept."""
        _outcome, message_id = await self.out.send(
            table.chat_id, screen, silent=True, thread=table.thread_id, priority=priority
        )
        if message_id is not None:
            table.live_message_id = message_id
            await self.store.set_message_ids(table.id, live_message_id=message_id)

    async def edit_live(
        self, table: TableRecord, screen: Screen, priority: Priority = Priority.RECORD
    ) -> None:
        """The live message edited (or sent anew when it is gone), its id kept."""
        _outcome, message_id = await self.out.edit_or_send(
            table.chat_id, table.live_message_id, screen, thread=table.thread_id, priority=priority
        )
        if message_id is not None and message_id != table.live_message_id:
            table.live_message_id = message_id
            await self.store.set_message_ids(table.id, live_message_id=message_id)
