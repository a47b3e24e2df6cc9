"""Each person's private chat: their hand message kept up to date, the
selection shown as they tap, reminders and the offer to take a seat back.

A private chat has no order to keep with the group, so these jobs run from
the table's hands lane (bot/tables/outbox.py), never behind the group's
messages and their budget of 20 a minute.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.seats import has_buttons, seat_at
from bot.storage import PLAYING, Seat, TableRecord
from bot.tables.core import Tables
from bot.tables.outbox import Outcome, Priority, at_once, done
from bot.tables.telling import PutHand, RecordDeal, hand_update, people
from bot.view import callbacks
from bot.view.i18n import t
from bot.view.screen import Button, Screen

log = logging.getLogger(__name__)


class Hands:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        self.out = tables.out
        # What to do when a person's chat refuses their hand: published
        # (`Turns.unreachable`, which sits above this room, hears it).
        self.on_unreachable: Callable[[int], Awaitable[None]] | None = tables.events.unreachable

    async def sync_hands(
        self, table: TableRecord, refresh: bool = False, only: int | None = None
    ) -> None:
        """Bring every private hand message up to date (`only`: one seat's),
        no move in between (a match's start; `refresh`: a seat changed hands).
        A move's hands are planned by bot/tables/telling.py (`hand_update`)."""
        state = table.state
        assert state is not None
        info = self.tables.info(table)

        async def sync(seat: Seat) -> None:
            if seat.auto and not await self.reachable(seat.user_id):
                return  # blocked: nothing reaches them until they start the bot again
            lang = await self.tables.user_lang(seat.user_id)
            update = hand_update(info, lang, state, seat, None, refresh)
            if update is not None:
                await self.draw(table, seat, update)

        # Each person's chat in its own order, the chats at once.
        await at_once(*(sync(seat) for seat in people(table) if only is None or seat.seat == only))

    async def draw(self, table: TableRecord, seat: Seat, update: PutHand) -> None:
        if update.old is None:
            await self.put_hand(
                table,
                seat,
                update.screen,
                fresh=update.fresh,
                ring=update.ring,
                priority=update.priority,
            )
            return
        # The old hand goes while the new one is sent (a tap on it in between
        # is refused as stale: the table's version moved on).
        await at_once(
            done(self.remove(seat.user_id, update.old)),
            self.put_hand(
                table, seat, update.screen, fresh=True, ring=update.ring, priority=update.priority
            ),
        )

    async def reachable(self, user_id: int) -> bool:
        """Whether the bot may write to the person (they have not blocked it)."""
        user = await self.store.get_user(user_id)
        return user is None or user.started

    async def remove(self, chat_id: int, message_id: int) -> Outcome:
        """A superseded hand deleted; one too old to delete keeps its text but
        loses its buttons."""
        outcome = await self.out.delete(chat_id, message_id)
        if outcome is not Outcome.OK:
            outcome = await self.out.strip_buttons(chat_id, message_id)
        return outcome

    async def record(self, table: TableRecord, seat: Seat, record: RecordDeal) -> None:
        """The hand becomes the ended deal's record; the next hand is a new
        message, sent after this returns. The edit is awaited, not left to a
        lane of its own: the record takes the old hand's buttons, and a new
        hand that overtook it (the edit waiting behind the chat's limit)
        left the old deal's buttons on screen beside it."""
        seat.hand_message_id, seat.hand_digest = None, None
        await self.store.set_hand_message(table.id, seat.seat, None, None)
        screen, priority = record.screen, record.priority
        await self.out.edit(seat.user_id, record.message_id, screen, priority=priority)

    async def put_hand(
        self,
        table: TableRecord,
        seat: Seat,
        screen: Screen,
        fresh: bool,
        ring: bool = False,
        priority: Priority = Priority.NOW,
    ) -> None:
        """`fresh`: a new message (else an edit of the one there is); `ring`:
        with a notification, for a turn that has come to the player."""
        digest = screen.digest()
        if not fresh and digest == seat.hand_digest and seat.hand_message_id is not None:
            return
        if fresh or seat.hand_message_id is None:
            outcome, message_id = await self.out.send(
                seat.user_id, screen, silent=not ring, priority=priority
            )
        else:
            outcome, message_id = await self.out.edit_or_send(
                seat.user_id, seat.hand_message_id, screen, priority=priority
            )
        if outcome is Outcome.SUPERSEDED:
            return  # a newer job draws this hand: what it shows is not this screen
        if outcome is Outcome.FORBIDDEN:
            self.refused(table.id, seat.user_id)
            return
        if message_id is not None:
            seat.hand_message_id = message_id
            seat.hand_digest = digest
            await self.store.set_hand_message(table.id, seat.seat, message_id, digest)

    async def show_selection(
        self, table_id: int, number: int, screen: Screen, message_id: int | None
    ) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.status != PLAYING:
            return
        seat = seat_at(table, number)
        if message_id is not None and message_id != seat.hand_message_id:
            # The player tapped a hand message we lost track of (a crash right
            # after sending it): that one is the hand now; the old one goes quiet.
            if seat.hand_message_id is not None:
                await self.out.strip_buttons(seat.user_id, seat.hand_message_id)
            seat.hand_message_id, seat.hand_digest = message_id, None
        await self.put_hand(table, seat, screen, fresh=False)

    async def close_hands(self, table: TableRecord, only: int | None = None) -> None:
        for seat in table.seats:
            if seat.is_computer or (only is not None and seat.seat != only):
                continue
            await self.close(table, seat)

    async def close(self, table: TableRecord, seat: Seat) -> None:
        """The match is over: the hand keeps its text and loses its buttons."""
        if seat.hand_message_id is not None and has_buttons(seat):
            await self.out.strip_buttons(seat.user_id, seat.hand_message_id)
            await self.store.set_hand_message(table.id, seat.seat, seat.hand_message_id, None)

    async def close_hands_of(self, table_id: int, only: int | None = None) -> None:
        table = await self.store.get_table(table_id)
        if table is not None:
            await self.close_hands(table, only)

    async def strip(self, user_id: int, message_id: int) -> None:
        await self.out.strip_buttons(user_id, message_id)

    # -- seats changing hands -----------------------------------------------------------------

    def refused(self, table_id: int, user_id: int) -> None:
        """The person's private chat refused a message: blocked, or the chat
        is gone. A computer takes their seats at once and each group is told
        (bot/tables/turns.py, `Turns.unreachable`), from a job of its own: it
        takes the tables' locks, which whoever sent may be holding."""
        hook = self.on_unreachable
        if hook is not None:
            self.tables.outbox.later(table_id, lambda: hook(user_id), lane=f"reach:{user_id}")

    async def send_private(self, table_id: int, user_id: int, screen: Screen) -> None:
        """A message about the table `table_id` to one person. A refusal is
        news like a refused hand: a person who blocks the bot while their own
        hand is already on their screen (the turn came to them first) is
        found out by the turn's reminder, long before its deadline."""
        outcome, _ = await self.out.send(user_id, screen)
        if outcome is Outcome.FORBIDDEN:
            await self.store.set_started(user_id, False)
            self.refused(table_id, user_id)

    async def offer_takeback(self, table_id: int, number: int) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.status != PLAYING:
            return
        seat = seat_at(table, number)
        lang = await self.tables.user_lang(seat.user_id)
        screen = Screen(
            t(lang, "timer.takeover_private", table=table.id, chat=table.chat_title),
            ((Button(t(lang, "button.takeback"), callbacks.takeback(table.id)),),),
        )
        await self.send_private(table.id, seat.user_id, screen)

    async def at_start(self, table_id: int, only: int | None = None) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.state is None or table.status != PLAYING:
            return
        await self.sync_hands(table, only=only)

    async def refresh(self, table_id: int, only: int | None = None) -> None:
        """Hands redrawn after a seat changed hands; closed when the table is over."""
        table = await self.store.get_table(table_id)
        if table is None:
            return
        if table.status == PLAYING and table.state is not None:
            await self.sync_hands(table, refresh=True, only=only)
        else:
            await self.close_hands(table, only)
