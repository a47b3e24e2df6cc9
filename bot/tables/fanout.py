"""Who is told what, after a change is committed: the lobby message, the live
table message and each trick's record in the group, the news; the private
hands through bot/tables/hands.py.

The `*_later` methods are what the service calls: they queue the telling on
the table's lanes (bot/tables/outbox.py), the group's messages on one, the
private hands on the other, so a hand never waits for the group's budget.
Every job renders from the newest stored state (a later move may already be
committed) and only then talks to Telegram. Rendering itself is pure
(bot/view/render.py, bot/view/news.py).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

from bot.storage import FINISHED, LOBBY, PLAYING, TableRecord
from bot.tables.core import Tables
from bot.tables.hands import Hands
from bot.tables.kinds import kind_of
from bot.tables.outbox import GROUP, HANDS, NotYet, Outcome, at_once, done, hand_lane
from bot.tables.pictures import Pictures
from bot.view import callbacks, lobby, news, render
from bot.view.i18n import t
from bot.view.screen import Button, Screen
from engine import Action, MatchState, apply, new_match, view_for
from engine.events import Event, MatchOver

log = logging.getLogger(__name__)

# Seconds a move's telling waits for the telling of the move before it at
# another worker, before that worker is taken for dead (several workers).
GAP_PATIENCE = 10.0


def deals_played(events: Sequence[Event]) -> int:
    """The deals of a match that these events ended (0 if they did not)."""
    over = next((e for e in events if isinstance(e, MatchOver)), None)
    return 0 if over is None else over.deals


class Fanout:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        self.out = tables.out
        self.outbox = tables.outbox
        self.hands = Hands(tables)
        self.pictures = Pictures(tables)

    # -- queueing: which lane each telling goes to ------------------------------------------

    @staticmethod
    def hands_lane(table: TableRecord) -> str:
        """A practice game is shown in the hand's own chat: one lane keeps its order."""
        return GROUP if table.practice else HANDS

    def each_hand_later(
        self,
        table: TableRecord,
        job: Callable[[int], Awaitable[None]],
        kind: str = "",
        superseding: bool = False,
    ) -> None:
        """`job(seat)` for every person's hand, each on the seat's own lane: a
        player's hand never waits for another player's chat, whose messages
        Telegram's limits may be holding back. `superseding`: this job redraws
        the hands from the newest state, so an edit still waiting for its turn
        is dropped and lets the seat's lane go on to it."""

        def bound(number: int) -> Callable[[], Awaitable[None]]:
            return lambda: job(number)

        for seat in table.seats:
            if seat.is_computer:
                continue
            if superseding and seat.hand_message_id is not None:
                self.out.withdraw(seat.user_id, seat.hand_message_id)
            self.outbox.later(table.id, bound(seat.seat), lane=hand_lane(seat.seat), kind=kind)

    def redraw_lobby_later(
        self, table_id: int, send_new: bool = False, settings: bool = False
    ) -> None:
        """Taps on the lobby's buttons come in floods: only the newest queued
        redraw runs (one that posts the lobby anew always runs)."""
        self.outbox.later(
            table_id,
            lambda: self.redraw_lobby(table_id, send_new=send_new, settings=settings),
            kind="lobby",
            coalesce=not send_new,
        )

    def lobby_expired_later(self, table_id: int) -> None:
        self.outbox.later(table_id, lambda: self.lobby_expired(table_id))

    def start_later(self, table: TableRecord, dealt: Sequence[Event]) -> None:
        tid, practice = table.id, table.practice
        self.outbox.later(tid, lambda: self.announce_start(tid, dealt, hands=practice))
        if not practice:
            self.each_hand_later(table, lambda number: self.hands.at_start(tid, number))

    def stop_later(
        self, table: TableRecord, was_playing: bool, note: str = "stop.closed_lobby"
    ) -> None:
        """`note`: the lobby's last line, saying why it closed."""
        tid = table.id
        if not was_playing:
            self.outbox.later(tid, lambda: self.close_lobby_of(tid, note))
        elif not table.practice:
            self.outbox.later(tid, lambda: self.close_live(tid))
        self.hands_closed_later(table)

    def move_later(
        self,
        table: TableRecord,
        previous: MatchState,
        events: Sequence[Event],
        action: Action,
        extra_news: Sequence[str] = (),
    ) -> None:
        tid, actor, practice = table.id, action.seat, table.practice
        queued = time.monotonic()

        def waited() -> float:
            return time.monotonic() - queued

        self.outbox.later(
            tid,
            lambda: self.after_move(
                tid, previous, events, actor, action, extra_news, practice, waited()
            ),
            kind="move",
        )
        if not practice:

            async def hand(number: int) -> None:
                await self.hands.after_move(
                    tid,
                    previous,
                    events,
                    actor,
                    action,
                    self.outbox.superseded(tid, hand_lane(number), "move"),
                    newer_skips=self.tables.shared,
                    only=number,
                )

            self.each_hand_later(table, hand, kind="move", superseding=True)

    def news_and_hands_later(self, table: TableRecord, said: Screen | None) -> None:
        tid, practice = table.id, table.practice
        self.outbox.later(tid, lambda: self.news_and_hands(tid, said, hands=practice))
        if not practice:
            self.each_hand_later(table, lambda number: self.hands.refresh(tid, number))

    def selection_later(
        self, table: TableRecord, number: int, screen: Screen, message_id: int | None
    ) -> None:
        """A selection is only ever worth its newest state."""
        tid = table.id
        self.outbox.later(
            tid,
            lambda: self.hands.show_selection(tid, number, screen, message_id),
            lane=GROUP if table.practice else hand_lane(number),
            kind=f"select:{number}",
            coalesce=True,
        )

    def private_later(self, table: TableRecord, job: Callable[[], Awaitable[None]]) -> None:
        """A job that only talks to people's private chats."""
        self.outbox.later(table.id, job, lane=self.hands_lane(table))

    def hands_closed_later(self, table: TableRecord) -> None:
        tid = table.id
        if table.practice:
            self.outbox.later(tid, lambda: self.hands.close_hands_of(tid), lane=GROUP)
        else:
            self.each_hand_later(table, lambda number: self.hands.close_hands_of(tid, number))

    # -- the lobby and a match's start and end -------------------------------------------

    async def redraw_lobby(
        self, table_id: int, send_new: bool = False, settings: bool = False
    ) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.status != LOBBY:
            return
        lang = await self.tables.chat_lang(table.chat_id)
        info = self.tables.info(table, await self.tables.creator_name(table))
        screen = lobby.settings_screen(info, lang) if settings else lobby.lobby_screen(info, lang)
        if send_new or table.lobby_message_id is None:
            outcome, message_id = await self.out.send(table.chat_id, screen, thread=table.thread_id)
        else:
            outcome, message_id = await self.out.edit_or_send(
                table.chat_id, table.lobby_message_id, screen, thread=table.thread_id
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
                    lobby.lobby_screen(self.tables.info(table), lang).text
                    + "\n\n"
                    + t(lang, note_key)
                ),
            )

    async def close_lobby_of(self, table_id: int, note_key: str) -> None:
        table = await self.store.get_table(table_id)
        if table is not None:
            await self.close_lobby(table, await self.tables.chat_lang(table.chat_id), note_key)

    async def announce_start(
        self, table_id: int, dealt: Sequence[Event] = (), hands: bool = True
    ) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.state is None or table.status not in (PLAYING, FINISHED):
            return
        lang = await self.tables.chat_lang(table.chat_id)
        info = self.tables.info(table, await self.tables.creator_name(table))
        if table.state.over:  # bura won on sight against a low limit
            info = await self.tables.with_ratings(info)
        # In bura the very first deal can be redealt or won on sight.
        lines = news.announcements(info, lang, dealt, table.state, live=True)
        end = news.match_end(info, lang, dealt)
        if table.lobby_message_id is not None:
            await self.out.edit(
                table.chat_id,
                table.lobby_message_id,
                Screen(lobby.lobby_screen(info, lang).text + "\n\n" + t(lang, "start.done")),
            )
        if lines:
            await self.out.send(table.chat_id, Screen("\n\n".join(lines)), thread=table.thread_id)
        if end is not None:
            await self.pictures.send_match_end(
                table, lang, self.match_end_screen(table, lang, end), deals_played(dealt)
            )
        if table.state.over:
            return
        await self.send_live(table, lang)
        if hands:
            await self.hands.sync_hands(table, previous=None, actor=None)

    @staticmethod
    def match_end_screen(table: TableRecord, lang: str, end: str) -> Screen:
        """The match's end, with the rematch button in a group."""
        if not kind_of(table).offers_rematch:
            return Screen(end)  # (practice: /play again; a tournament: its next round)
        again = Button(t(lang, "button.rematch"), callbacks.rematch(table.id))
        return Screen(end, ((again,),))

    async def lobby_expired(self, table_id: int) -> None:
        table = await self.store.get_table(table_id)
        if table is None:
            return
        lang = await self.tables.chat_lang(table.chat_id)
        await self.close_lobby(table, lang, "lobby.expired")
        await self.out.send(
            table.chat_id,
            Screen(t(lang, "lobby.expired_news", table=table_id)),
            thread=table.thread_id,
        )

    # -- a move ----------------------------------------------------------------------------

    async def after_move(
        self,
        table_id: int,
        previous: MatchState,
        events: Sequence[Event],
        actor: int,
        action: Action,
        extra_news: Sequence[str] = (),
        hands: bool = True,
        waited: float = 0.0,
    ) -> None:
        """`hands`: the private hands too (else the hands lane tells them).

        With several workers, each move is told once and in order by the
        worker that committed it, in the group lane whose lock the workers
        share: a move told already is skipped, and a move whose predecessor
        is still untold waits for it (`NotYet`: the worker that committed it
        is telling it). After `GAP_PATIENCE` seconds that worker is taken for
        dead: the moves it left are told from the log (without its extra
        news, as after a restart), then this one. `waited`: seconds since
        this job was queued."""
        step = previous.step + 1
        loaded = None
        if self.tables.shared:
            loaded = await self.store.get_table(table_id)
            if loaded is None or loaded.told_step >= step:
                return
            if loaded.told_step < step - 1:
                if waited < GAP_PATIENCE:
                    raise NotYet
                await self.tell_untold(table_id, before=step, hands=False)
                loaded = None  # changed since: read again
        await self.tell_move(table_id, previous, events, actor, action, extra_news, hands, loaded)
        # Only now is this move fully told; a crash before here is caught up at start-up.
        await self.store.set_told_step(table_id, step)

    async def catch_up(self, table_id: int) -> None:
        """Tell every committed move after the last one told, in the group
        lane's turn (after a restart; with several workers, moves a killed
        worker committed but did not tell)."""
        async with self.outbox.lane(table_id, GROUP):
            await self.tell_untold(table_id)

    async def tell_untold(
        self, table_id: int, before: int | None = None, hands: bool = True
    ) -> None:
        """Tell each committed move after the last one told (and before the
        move numbered `before`), replayed from the seed and the log for its
        events; `hands`: the private hands too. The caller holds the group lane."""
        table = await self.store.get_table(table_id)
        if table is None or table.state is None or table.seed is None:
            return
        log = await self.store.action_log(table_id)
        state = new_match(table.state.rules, table.names, table.seed)
        for seq, _, action in log:
            if before is not None and seq >= before:
                break
            previous = state
            state, events = apply(state, action)
            if seq > table.told_step:
                events_of = list(events)
                await self.tell_move(table_id, previous, events_of, action.seat, action, (), hands)
                await self.store.set_told_step(table_id, seq)

    async def tell_move(
        self,
        table_id: int,
        previous: MatchState,
        events: Sequence[Event],
        actor: int,
        action: Action,
        extra_news: Sequence[str] = (),
        hands: bool = True,
        loaded: TableRecord | None = None,
    ) -> None:
        """The group keeps one live message per deal: every move edits it, and
        each trick's result stays in it as a line. When a deal ends, its live
        message is closed with the deal's last trick, and the deal's summary
        (then the match's end, a message of its own) goes out; the next deal
        gets a new live message. The private hands go beside the group's.

        Renders from the newest stored state (a later move may already be
        committed); `previous` and `events` describe this move for the
        closing of its deal. `loaded`: the table as just read, if the caller
        read it in this job (no second read).
        """
        table = loaded or await self.store.get_table(table_id)
        if table is None or table.state is None:
            return
        # A newer move is already queued, or already committed (its job is
        # queued just after its commit, so it may not be in the lane yet): its
        # job will redraw the live message and the hands from the same newest
        # state, so this job only adds what is its own (the closing of a deal
        # and the news). Two jobs drawing one position made the second edit
        # change nothing. This is what keeps a fast table under the group's
        # per-minute message limit.
        newer = table.state.step > previous.step + 1
        superseded = newer or self.outbox.superseded(table_id, GROUP, "move")
        lang = await self.tables.chat_lang(table.chat_id)
        info = self.tables.info(table)
        ends = any(isinstance(e, MatchOver) for e in events)
        if ends:
            info = await self.tables.with_ratings(info)
        state = table.state
        assert state is not None
        deal_over = news.deal_ended(events)
        beside: list[Coroutine[Any, Any, None]] = []
        record: list[str] = []  # the deal's tricks, when no live message showed them
        if deal_over and not table.practice:
            closed = render.deal_closed(
                view_for(previous, None),
                news.last_trick(previous, events),
                news.last_play(previous, events, None),
            )
            if table.live_message_id is not None:
                # The deal's live message keeps its record: the last trick's
                # result in, nothing left to play. Its id is forgotten first
                # (the in-memory copy changes as the clear is handed to the
                # database, before the edit goes out), so that nothing failing
                # later can have it edited over; an edit leaves the chat's order
                # alone, so it runs beside the summary and the next deal's live
                # message.
                live, table.live_message_id = table.live_message_id, None
                beside.append(self.store.clear_live_message(table.id))
                screen = render.live(info, lang, closed)
                beside.append(done(self.out.edit(table.chat_id, live, screen)))
            else:
                # The live message could not be posted in time (the group's
                # budget was spent): the summary carries the deal's tricks, so
                # the group's record of the game has every one of them.
                record.append(render.live(info, lang, closed).text)
        if hands and deal_over:
            beside.append(self.hands.record_deal(table, previous, events))
        lines = [*extra_news, *record, *news.announcements(info, lang, events, state, live=True)]
        said = Screen("\n\n".join(lines)) if lines else None
        end = news.match_end(info, lang, events)

        async def tell_group() -> None:
            if said is not None:  # silent before the end message, which rings
                quiet = end is not None
                await self.out.send(table.chat_id, said, silent=quiet, thread=table.thread_id)
            if end is not None:  # with its chart (only this move's job sends it)
                screen = self.match_end_screen(table, lang, end)
                await self.pictures.send_match_end(table, lang, screen, deals_played(events))

        async def rest() -> None:
            if state.over:
                await tell_group()
                if hands:
                    await self.hands.close_hands(table)
                return
            if superseded:
                await tell_group()
                return
            await self.show_table(table, lang, previous, actor, action, deal_over, said, hands)

        if table.practice:  # one chat: the deal's record before its summary
            for job in beside:
                await job
            await rest()
        else:
            await at_once(*beside, rest())

    async def show_table(
        self,
        table: TableRecord,
        lang: str,
        previous: MatchState,
        actor: int,
        action: Action,
        new_deal: bool,
        said: Screen | None = None,
        hands: bool = True,
    ) -> None:
        """The news and the live message in the group, the private hands beside
        them: a private chat has no order to keep with the group, so a hand
        does not wait for the news."""
        info = self.tables.info(table)
        state = table.state
        assert state is not None

        async def group() -> None:
            if said is not None:
                await self.out.send(table.chat_id, said, thread=table.thread_id)
            if new_deal or table.live_message_id is None:
                await self.send_live(table, lang)
            elif not table.practice:
                await self.edit_live(table, render.live(info, lang, view_for(state, None)))

        async def private() -> None:
            await self.hands.sync_hands(table, previous=previous, actor=actor, action=action)

        if not hands:
            await group()
        elif table.practice:  # the table is shown in the hand's own chat: in order
            await group()
            await private()
        else:
            await at_once(group(), private())

    async def send_live(self, table: TableRecord, lang: str) -> None:
        """A fresh live table message; a practice game shows the table in the hand."""
        assert table.state is not None
        if table.practice:
            return
        screen = render.live(self.tables.info(table), lang, view_for(table.state, None))
        _outcome, message_id = await self.out.send(
            table.chat_id, screen, silent=True, thread=table.thread_id
        )
        if message_id is not None:
            table.live_message_id = message_id
            await self.store.set_message_ids(table.id, live_message_id=message_id)

    async def edit_live(self, table: TableRecord, screen: Screen) -> None:
        """The live message edited (or sent anew when it is gone), its id kept."""
        _outcome, message_id = await self.out.edit_or_send(
            table.chat_id, table.live_message_id, screen, thread=table.thread_id
        )
        if message_id is not None and message_id != table.live_message_id:
            table.live_message_id = message_id
            await self.store.set_message_ids(table.id, live_message_id=message_id)

    async def close_live(self, table_id: int) -> None:
        """A stopped match's live message: its tricks stay, nobody is to move,
        and the turn's clock and the link to one's cards go (an edit, so the
        group gets no new message)."""
        table = await self.store.get_table(table_id)
        if table is None or table.state is None or table.live_message_id is None:
            return
        if table.state.deal is None:
            return
        lang = await self.tables.chat_lang(table.chat_id)
        closed = render.deal_closed(view_for(table.state, None), None)
        screen = render.live(self.tables.info(table), lang, closed)
        await self.out.edit(table.chat_id, table.live_message_id, screen)

    async def news_and_hands(self, table_id: int, said: Screen | None, hands: bool = True) -> None:
        table = await self.store.get_table(table_id)
        if table is None:
            return
        if said is not None:
            await self.out.send(table.chat_id, said, thread=table.thread_id)
        if hands:
            await self.hands.refresh(table_id)
        if table.status == PLAYING and table.state is not None:
            lang = await self.tables.chat_lang(table.chat_id)
            if not table.practice and table.live_message_id is not None:
                screen = render.live(self.tables.info(table), lang, view_for(table.state, None))
                await self.out.edit_or_send(
                    table.chat_id, table.live_message_id, screen, thread=table.thread_id
                )
