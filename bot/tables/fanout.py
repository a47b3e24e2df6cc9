"""Who is told what, after a change is committed: the lobby message, the live
table message and each trick's record in the group, the news, and every
person's private hand.

Every job here runs from the table's message queue (bot/tables/outbox.py),
renders from the newest stored state (a later move may already be
committed) and only then talks to Telegram. Rendering itself is pure
(bot/view/render.py, bot/view/news.py).
"""

from __future__ import annotations

import logging
from collections.abc import Coroutine, Sequence
from typing import Any

from bot.seats import has_buttons, seat_at
from bot.storage import FINISHED, LOBBY, PLAYING, Seat, TableRecord
from bot.tables.core import Tables
from bot.tables.outbox import Outcome, at_once, done
from bot.view import callbacks, news, render
from bot.view.i18n import t
from bot.view.screen import Button, Screen
from engine import Action, MatchState, view_for
from engine.events import DealScored, DealVoid, Event, TrickRestarted, TrickTaken

log = logging.getLogger(__name__)


class Fanout:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        self.out = tables.out

    # -- the lobby and a match's start and end -------------------------------------------

    async def redraw_lobby(
        self, table_id: int, send_new: bool = False, settings: bool = False
    ) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.status != LOBBY:
            return
        lang = await self.tables.chat_lang(table.chat_id)
        info = self.tables.info(table, await self.tables.creator_name(table))
        screen = render.lobby_settings(info, lang) if settings else render.lobby(info, lang)
        if send_new or table.lobby_message_id is None:
            outcome, message_id = await self.out.send(table.chat_id, screen)
        else:
            outcome, message_id = await self.out.edit_or_send(
                table.chat_id, table.lobby_message_id, screen
            )
        if message_id is not None and message_id != table.lobby_message_id:
            table.lobby_message_id = message_id
            await self.store.set_message_ids(table.id, lobby_message_id=message_id)
        if outcome is Outcome.FORBIDDEN:
            log.info("table %s: the group %s is unreachable", table.id, table.chat_id)

    async def close_lobby(self, table: TableRecord, lang: str, note_key: str) -> None:
        """The lobby message, its buttons gone, with a last line saying why."""
        if table.lobby_message_id is not None:
            await self.out.edit(
                table.chat_id,
                table.lobby_message_id,
                Screen(
                    render.lobby(self.tables.info(table), lang).text + "\n\n" + t(lang, note_key)
                ),
            )

    async def announce_start(self, table_id: int, dealt: Sequence[Event] = ()) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.state is None or table.status not in (PLAYING, FINISHED):
            return
        lang = await self.tables.chat_lang(table.chat_id)
        info = self.tables.info(table, await self.tables.creator_name(table))
        # In bura the very first deal can be redealt or won on sight.
        lines = news.announcements(info, lang, dealt, table.state)
        if table.lobby_message_id is not None:
            await self.out.edit(
                table.chat_id,
                table.lobby_message_id,
                Screen(render.lobby(info, lang).text + "\n\n" + t(lang, "start.done")),
            )
        if lines:
            await self.out.send(table.chat_id, Screen("\n\n".join(lines)))
        if table.state.over:
            return
        await self.send_live(table, lang)
        await self.sync_hands(table, previous=None, actor=None)

    async def announce_stop(self, table_id: int, was_playing: bool) -> None:
        table = await self.store.get_table(table_id)
        if table is None:
            return
        if not was_playing:
            await self.close_lobby(
                table, await self.tables.chat_lang(table.chat_id), "stop.closed_lobby"
            )
        await self.close_hands(table)

    async def lobby_expired(self, table_id: int) -> None:
        table = await self.store.get_table(table_id)
        if table is None:
            return
        lang = await self.tables.chat_lang(table.chat_id)
        await self.close_lobby(table, lang, "lobby.expired")
        await self.out.send(table.chat_id, Screen(t(lang, "lobby.expired_news", table=table_id)))

    # -- a move ----------------------------------------------------------------------------

    async def after_move(
        self,
        table_id: int,
        previous: MatchState,
        events: Sequence[Event],
        actor: int,
        action: Action,
        extra_news: Sequence[str] = (),
    ) -> None:
        await self.tell_move(table_id, previous, events, actor, action, extra_news)
        # Only now is this move fully told; a crash before here is caught up at start-up.
        await self.store.set_told_step(table_id, previous.step + 1)

    async def tell_move(
        self,
        table_id: int,
        previous: MatchState,
        events: Sequence[Event],
        actor: int,
        action: Action,
        extra_news: Sequence[str] = (),
    ) -> None:
        """The trick's record, the news, then the live message and the private
        hands side by side (each chat's new messages still in order; a record
        written into the old live message is an edit, so it runs beside them).

        Renders from the newest stored state (a later move may already be
        committed); `previous` and `events` describe this move for the record.
        """
        table = await self.store.get_table(table_id)
        if table is None or table.state is None:
            return
        # A newer move is already queued: it will redraw the live message and
        # the hands from the same newest state, so this job only adds what is
        # its own (the trick's record and the news). This is what keeps a
        # fast table under the group's per-minute message limit.
        superseded = self.tables.outbox.superseded(table_id)
        lang = await self.tables.chat_lang(table.chat_id)
        info = self.tables.info(table)
        state = table.state
        assert state is not None
        taken = next((e for e in events if isinstance(e, TrickTaken)), None)
        beside: list[Coroutine[Any, Any, None]] = []
        if taken is not None:
            record = news.trick_record(info, lang, previous, events, taken, state)
            if table.live_message_id is not None:
                # The live message becomes the trick's record. Its id is
                # forgotten first (the in-memory copy changes as the clear is
                # handed to the database, before the edit goes out), so that
                # nothing failing later can have it edited over; an edit
                # leaves the chat's order alone, so it runs beside the news
                # and the new live message. (A crash before the clear reaches
                # the file leaves this move untold: the catch-up at start-up
                # writes the record into the same message again.)
                live, table.live_message_id = table.live_message_id, None
                beside.append(self.store.clear_live_message(table.id))
                beside.append(done(self.out.edit_or_send(table.chat_id, live, record)))
            else:
                await self.out.send(table.chat_id, record, silent=True)
        lines = [*extra_news, *news.announcements(info, lang, events, state)]
        new_trick = taken is not None or any(
            isinstance(e, DealScored | DealVoid | TrickRestarted) for e in events
        )
        said = Screen("\n\n".join(lines)) if lines else None

        async def tell_group() -> None:
            if said is not None:
                await self.out.send(table.chat_id, said)

        async def rest() -> None:
            if state.over:
                await tell_group()
                await self.close_hands(table)
                return
            if superseded:
                await tell_group()
                if new_trick and table.live_message_id is not None:
                    # A new deal or a restarted trick: the next job posts anew.
                    await self.store.clear_live_message(table.id)
                return
            await self.show_table(table, lang, previous, actor, action, new_trick, said)

        await at_once(*beside, rest())

    async def show_table(
        self,
        table: TableRecord,
        lang: str,
        previous: MatchState,
        actor: int,
        action: Action,
        new_trick: bool,
        said: Screen | None = None,
    ) -> None:
        """The news and the live message in the group, the private hands beside
        them: a private chat has no order to keep with the group, so a hand
        does not wait for the news."""
        info = self.tables.info(table)
        state = table.state
        assert state is not None

        async def group() -> None:
            if said is not None:
                await self.out.send(table.chat_id, said)
            if new_trick or table.live_message_id is None:
                await self.send_live(table, lang)
            elif not table.practice:
                await self.edit_live(table, render.live(info, lang, view_for(state, None)))

        async def hands() -> None:
            await self.sync_hands(table, previous=previous, actor=actor, action=action)

        if table.practice:  # the table is shown in the hand's own chat: in order
            await group()
            await hands()
        else:
            await at_once(group(), hands())

    async def send_live(self, table: TableRecord, lang: str) -> None:
        """A fresh live table message; a practice game shows the table in the hand."""
        assert table.state is not None
        if table.practice:
            return
        screen = render.live(self.tables.info(table), lang, view_for(table.state, None))
        _outcome, message_id = await self.out.send(table.chat_id, screen, silent=True)
        if message_id is not None:
            table.live_message_id = message_id
            await self.store.set_message_ids(table.id, live_message_id=message_id)

    async def edit_live(self, table: TableRecord, screen: Screen) -> None:
        """The live message edited (or sent anew when it is gone), its id kept."""
        _outcome, message_id = await self.out.edit_or_send(
            table.chat_id, table.live_message_id, screen
        )
        if message_id is not None and message_id != table.live_message_id:
            table.live_message_id = message_id
            await self.store.set_message_ids(table.id, live_message_id=message_id)

    # -- private hands -----------------------------------------------------------------------

    async def sync_hands(
        self,
        table: TableRecord,
        previous: MatchState | None,
        actor: int | None,
        action: Action | None = None,
        refresh_only: bool = False,
    ) -> None:
        """Bring every private hand message up to date.

        The player whose turn it now is gets a fresh message (edits do not
        ring the phone) and their previous one loses its buttons; everybody
        else's message is edited only when what they see changed.
        """
        state = table.state
        assert state is not None
        info = self.tables.info(table)

        async def sync(seat: Seat) -> None:
            lang = await self.tables.user_lang(seat.user_id)
            view = view_for(state, seat.seat)
            screen = render.hand(info, lang, view)
            acting = view.turn == seat.seat and bool(view.legal)
            was_acting = (
                previous is not None
                and previous.deal is not None
                and previous.deal.turn == seat.seat
            )
            if refresh_only or seat.auto:
                # No new ring for an absent person; a returning one gets buttons.
                fresh = acting and not seat.auto and not has_buttons(seat)
            else:
                fresh = acting and (previous is None or not was_acting or actor == seat.seat)
            old = seat.hand_message_id if fresh else None
            quiet_old: Coroutine[Any, Any, Outcome] | None = None
            if old is not None and actor == seat.seat and action:
                # Leave a note of the move on the message the player just used.
                note = Screen(render.played_note(lang, action.kind, action.cards))
                quiet_old = self.out.edit(seat.user_id, old, note)
            elif old is not None and has_buttons(seat):
                quiet_old = self.out.strip_buttons(seat.user_id, old)
            if quiet_old is None:
                await self.put_hand(table, seat, screen, fresh=fresh)
            else:
                # An edit leaves the chat's order alone: the old message goes
                # quiet while the new one is sent (a tap on it in between is
                # refused as stale: the table's version has moved on).
                await at_once(done(quiet_old), self.put_hand(table, seat, screen, fresh=fresh))

        # Each person's chat in its own order, the chats at once.
        people = sorted((s for s in table.seats if not s.is_computer), key=lambda s: s.seat)
        await at_once(*(sync(seat) for seat in people))

    async def put_hand(self, table: TableRecord, seat: Seat, screen: Screen, fresh: bool) -> None:
        digest = screen.digest()
        if not fresh and digest == seat.hand_digest and seat.hand_message_id is not None:
            return
        if fresh or seat.hand_message_id is None:
            outcome, message_id = await self.out.send(seat.user_id, screen)
        else:
            outcome, message_id = await self.out.edit_or_send(
                seat.user_id, seat.hand_message_id, screen
            )
        if outcome is Outcome.FORBIDDEN:
            await self.store.set_started(seat.user_id, False)
            lang = await self.tables.chat_lang(table.chat_id)
            await self.out.send(
                table.chat_id,
                Screen(
                    t(lang, "hand.unreachable", name=seat.name),
                    ((Button(t(lang, "button.open_private"), url=self.tables.deep_link("hi")),),),
                ),
            )
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

    async def close_hands(self, table: TableRecord) -> None:
        for seat in table.seats:
            if seat.is_computer:
                continue
            if seat.hand_message_id is not None and has_buttons(seat):
                await self.out.strip_buttons(seat.user_id, seat.hand_message_id)
                await self.store.set_hand_message(table.id, seat.seat, seat.hand_message_id, None)

    async def close_hands_of(self, table_id: int) -> None:
        table = await self.store.get_table(table_id)
        if table is not None:
            await self.close_hands(table)

    async def strip(self, user_id: int, message_id: int) -> None:
        await self.out.strip_buttons(user_id, message_id)

    # -- seats changing hands -----------------------------------------------------------------

    async def send_private(self, user_id: int, screen: Screen) -> None:
        outcome, _ = await self.out.send(user_id, screen)
        if outcome is Outcome.FORBIDDEN:
            await self.store.set_started(user_id, False)

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
        await self.send_private(seat.user_id, screen)

    async def news_and_hands(self, table_id: int, said: Screen | None) -> None:
        table = await self.store.get_table(table_id)
        if table is None:
            return
        if said is not None:
            await self.out.send(table.chat_id, said)
        if table.status == PLAYING and table.state is not None:
            await self.sync_hands(table, previous=None, actor=None, refresh_only=True)
            lang = await self.tables.chat_lang(table.chat_id)
            if not table.practice and table.live_message_id is not None:
                screen = render.live(self.tables.info(table), lang, view_for(table.state, None))
                await self.out.edit_or_send(table.chat_id, table.live_message_id, screen)
        else:
            await self.close_hands(table)
