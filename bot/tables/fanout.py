"""Who is told what, after a change is committed: the queueing of every
telling, and the lobby, a match's start and stop and a seat changing hands.
A move's telling is planned by bot/tables/telling.py and run by
bot/tables/teller.py; the private hands live in bot/tables/hands.py.

The `*_later` methods are what the service calls: they queue the telling on
the table's lanes (bot/tables/outbox.py), the group's messages on one, each
private hand on its own (a table's `Audience` says which), so a hand never
waits for the group's budget. Every job renders from the newest stored
state (a later move may already be committed) and only then talks to
Telegram. Rendering itself is pure (bot/view/render.py, bot/view/news.py).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from bot.storage import FINISHED, LOBBY, PLAYING, TableRecord
from bot.tables.core import Tables
from bot.tables.hands import Hands
from bot.tables.kinds import audience_of
from bot.tables.outbox import GROUP, NotYet, Outcome, hand_lane
from bot.tables.pictures import Pictures
from bot.tables.teller import Teller
from bot.tables.telling import MoveNews, deals_played, match_end_screen
from bot.view import lobby, news, render
from bot.view.i18n import t
from bot.view.screen import Screen
from engine import MatchState, apply, new_match, view_for
from engine.events import Event

log = logging.getLogger(__name__)

# Seconds a move's telling waits for the telling of the move before it at
# another worker, before that worker is taken for dead (several workers).
GAP_PATIENCE = 10.0


class Fanout:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        self.out = tables.out
        self.outbox = tables.outbox
        self.hands = Hands(tables)
        self.pictures = Pictures(tables)
        self.teller = Teller(tables, self.hands, self.pictures)

    # -- queueing: which lane each telling goes to ------------------------------------------

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
        tid, one_chat = table.id, audience_of(table).one_chat
        self.outbox.later(tid, lambda: self.announce_start(tid, dealt, hands=one_chat))
        if not one_chat:
            self.each_hand_later(table, lambda number: self.hands.at_start(tid, number))

    def stop_later(
        self, table: TableRecord, was_playing: bool, note: str = "stop.closed_lobby"
    ) -> None:
        """`note`: the lobby's last line, saying why it closed."""
        tid = table.id
        if not was_playing:
            self.outbox.later(tid, lambda: self.close_lobby_of(tid, note))
        elif audience_of(table).live:
            self.outbox.later(tid, lambda: self.close_live(tid))
        self.hands_closed_later(table)

    def move_later(
        self,
        table: TableRecord,
        previous: MatchState,
        events: Sequence[Event],
        extra_news: Sequence[str] = (),
        end_news: Sequence[str] = (),
    ) -> None:
        """A committed move told: the group's part on the group's lane (with
        the hands, in one chat), each hand on its own lane. `end_news`: lines
        the match's end message adds (what was earned)."""
        move = MoveNews(table.id, previous, tuple(events), tuple(extra_news), tuple(end_news))
        one_chat = audience_of(table).one_chat
        queued = time.monotonic()

        def waited() -> float:
            return time.monotonic() - queued

        self.outbox.later(
            table.id, lambda: self.after_move(move, hands=one_chat, waited=waited()), kind="move"
        )
        if not one_chat:

            async def hand(number: int) -> None:
                superseded = self.outbox.superseded(table.id, hand_lane(number), "move")
                await self.teller.tell_hand(move, number, superseded, self.tables.shared)

            self.each_hand_later(table, hand, kind="move", superseding=True)

    def news_and_hands_later(self, table: TableRecord, said: Screen | None) -> None:
        tid, one_chat = table.id, audience_of(table).one_chat
        self.outbox.later(tid, lambda: self.news_and_hands(tid, said, hands=one_chat))
        if not one_chat:
            self.each_hand_later(table, lambda number: self.hands.refresh(tid, number))

    def selection_later(
        self, table: TableRecord, number: int, screen: Screen, message_id: int | None
    ) -> None:
        """A selection is only ever worth its newest state."""
        tid = table.id
        self.outbox.later(
            tid,
            lambda: self.hands.show_selection(tid, number, screen, message_id),
            lane=audience_of(table).hand_lane(number),
            kind=f"select:{number}",
            coalesce=True,
        )

    def private_later(self, table: TableRecord, job: Callable[[], Awaitable[None]]) -> None:
        """A job that only talks to people's private chats."""
        self.outbox.later(table.id, job, lane=audience_of(table).hands_lane)

    def hands_closed_later(self, table: TableRecord) -> None:
        tid = table.id
        if audience_of(table).one_chat:
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
        if table.lobby_message_id is None and info.commitment is not None:
            # No lobby showed the shuffle's promise (practice): it comes
            # first here, before the hands, which this job sends after it.
            lines.insert(0, t(lang, "verify.commitment", commitment=info.commitment))
        end = news.match_end(info, lang, dealt)
        if table.lobby_message_id is not None:
            await self.out.edit(
                table.chat_id,
                table.lobby_message_id,
                Screen(lobby.lobby_screen(info, lang).text + "\n\n" + t(lang, "start.done")),
            )
        audience = audience_of(table)
        if lines and audience.group_play:
            await self.out.send(table.chat_id, Screen("\n\n".join(lines)), thread=table.thread_id)
        if end is not None:
            screen = match_end_screen(audience, table.id, lang, end)
            await self.pictures.send_match_end(table, lang, screen, deals_played(dealt))
        if table.state.over:
            return
        if audience.live:
            live = render.live(self.tables.info(table), lang, view_for(table.state, None))
            await self.teller.post_live(table, live)
        if hands:
            await self.hands.sync_hands(table)

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

    async def after_move(self, move: MoveNews, hands: bool = True, waited: float = 0.0) -> None:
        """`hands`: the private hands too (else the hands' lanes tell them).

        With several workers, each move is told once and in order by the
        worker that committed it, in the group lane whose lock the workers
        share: a move told already is skipped, and a move whose predecessor
        is still untold waits for it (`NotYet`: the worker that committed it
        is telling it). After `GAP_PATIENCE` seconds that worker is taken for
        dead: the moves it left are told from the log (without its extra
        news, as after a restart), then this one. `waited`: seconds since
        this job was queued."""
        table_id, step = move.table_id, move.step
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
        await self.teller.tell_move(move, hands, loaded)
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
        state = new_match(table.state.rules, table.names, table.seed, table.state.shuffle)
        for seq, _, action in log:
            if before is not None and seq >= before:
                break
            previous = state
            state, events = apply(state, action)
            if seq > table.told_step:
                await self.teller.tell_move(MoveNews(table_id, previous, tuple(events)), hands)
                await self.store.set_told_step(table_id, seq)

    async def edit_live(self, table: TableRecord, screen: Screen) -> None:
        """The live message edited (or sent anew when it is gone), its id kept."""
        await self.teller.edit_live(table, screen)

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
            if audience_of(table).live and table.live_message_id is not None:
                screen = render.live(self.tables.info(table), lang, view_for(table.state, None))
                await self.out.edit_or_send(
                    table.chat_id, table.live_message_id, screen, thread=table.thread_id
                )
