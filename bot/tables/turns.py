"""Turns: deadlines and reminders, computer players and stand-ins, taking a
seat back, and the lobby's timeout.

The service never sleeps: it asks the scheduler (bot/clock.py) to run a job
at a time, keyed by table and purpose so that a newer timer replaces the
older one. Timers are re-armed from the stored table after every change and
at start-up, so a restart loses no deadline. A person's forced move (the only
one possible, with the last cards of the hand) plays itself after a short
pause (`forced`). A timer job checks that the
table is still at the version it was armed for; a stale one does nothing.

A job that fails (the database went away) runs again with a growing pause
(bot/clock.py); the watchdog here re-arms, once a minute, any running table
or lobby that has no timer at all, so no failure strands a table for good.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.seats import seat_at
from bot.storage import LOBBY, PLAYING, Conflict, TableRecord
from bot.tables.core import Person, Reply, Tables, refusals
from bot.tables.fanout import Fanout
from bot.tables.kinds import LobbyEnd, audience_of, kind_of
from bot.tables.moves import PURPOSES, Moves, Why
from bot.view.forced import forced_action
from bot.view.i18n import t
from bot.view.screen import Button, Screen
from engine import Action, IllegalAction, MatchState, legal_actions, view_for
from engine.actions import Kind
from engine.ai import Player

log = logging.getLogger(__name__)

# How often the watchdog looks for running tables without a timer.
WATCHDOG_SECONDS = 60.0


def forced(state: MatchState) -> Action | None:
    """The move the player to act has no choice about (bot/view/forced.py)."""
    deal = state.deal
    if deal is None or state.over:
        return None
    return forced_action(legal_actions(state, deal.turn), deal.hands[deal.turn])


class Turns:
    def __init__(self, tables: Tables, fanout: Fanout, moves: Moves) -> None:
        """`moves`: how the timers' moves are committed and a lobby nobody
        started ends, and what the process keeps of a table between moves
        (its computer players' minds, who is away)."""
        self.tables = tables
        self.store = tables.store
        self.clock = tables.clock
        self.timing = tables.timing
        self.fanout = fanout
        self.moves = moves
        self.minds = moves.minds  # the computer players, between their decisions
        self._thinking: set[int] = set()  # tables whose computers think now, here
        self._untold: set[int] = set()  # tables with untold moves at the last round

    def computers(self, table: TableRecord) -> dict[int, str]:
        """The level of the computer player of every seat the computer plays now
        (a stand-in's for a person it plays for)."""
        levels: dict[int, str] = {}
        for seat in table.seats:
            if seat.played_by_computer:
                level = seat.level if seat.is_computer and seat.level else self.timing.standin_level
                levels[seat.seat] = level
        return levels

    def _computer_may_act(self, table: TableRecord) -> bool:
        state = table.state
        assert state is not None and state.deal is not None
        if seat_at(table, state.deal.turn).played_by_computer:
            return True
        return any(
            action.kind is Kind.DECLARE
            for seat in table.seats
            if seat.played_by_computer
            for action in legal_actions(state, seat.seat)
        )

    # -- arming ----------------------------------------------------------------------

    def arm(self, table: TableRecord) -> None:
        """Arm this table's timers from its stored state: after every change and at start-up."""
        tid = table.id
        for purpose in PURPOSES:
            self.clock.cancel((tid, purpose))
        state = table.state
        if table.status != PLAYING or state is None or state.deal is None:
            return
        version = table.version
        if self._computer_may_act(table):
            self.clock.call_at(
                self.clock.now() + self.timing.computer_delay,
                (tid, "computer"),
                lambda: self.computer_move(tid, version),
            )
        if not seat_at(table, state.deal.turn).played_by_computer and forced(state):
            self.clock.call_at(
                self.clock.now() + self.timing.forced_delay,
                (tid, "forced"),
                lambda: self.forced_move(tid, version),
            )
        deadline = table.turn_deadline
        if deadline is not None:
            # The wall clock may have been stepped since the deadline was set
            # (a board without a real-time clock, before NTP): a turn never
            # lasts longer than its turn time from now, nor ends in the past.
            now = self.clock.now()
            deadline = min(max(deadline, now), now + self.tables.turn_seconds(table))
            if not table.turn_reminded:
                half = deadline - self.tables.turn_seconds(table) / 2
                self.clock.call_at(
                    max(half, self.clock.now()), (tid, "remind"), lambda: self.remind(tid, version)
                )
            self.clock.call_at(deadline, (tid, "deadline"), lambda: self.deadline(tid, version))

    def arm_lobby(self, table: TableRecord) -> None:
        tid = table.id
        no_show = self.tables.events.no_show
        if kind_of(table).lobby_end is LobbyEnd.NO_SHOW:
            # Never closed for want of a start: whoever has not confirmed
            # within the turn time is played by the computer.
            self.clock.call_at(
                self.clock.now() + self.tables.turn_seconds(table),
                (tid, "lobby"),
                lambda: no_show(tid),
            )
            return
        self.clock.call_at(
            self.clock.now() + self.timing.lobby_seconds,
            (tid, "lobby"),
            lambda: self.lobby_timeout(tid),
        )

    def disarm_lobby(self, table_id: int) -> None:
        self.clock.cancel((table_id, "lobby"))

    # -- the watchdog -------------------------------------------------------------------

    def start_watchdog(self, every: float = WATCHDOG_SECONDS) -> None:
        self.clock.call_at(self.clock.now() + every, ("watchdog",), lambda: self.watchdog(every))

    def _has_timer(self, table_id: int, purposes: Sequence[str] = PURPOSES) -> bool:
        return any(self.clock.scheduled((table_id, purpose)) for purpose in purposes)

    async def watchdog(self, every: float = WATCHDOG_SECONDS) -> None:
        """One round: the next is booked first, so a failing store stops no round."""
        self.start_watchdog(every)
        await self.rearm_lost()
        await self.tables.events.tick()
        if self.tables.shared:
            await self.tell_abandoned()

    async def tell_abandoned(self) -> int:
        """With several workers: tell the moves of tables that were untold at
        the last round too (a worker was killed before it told them; a move
        being told meanwhile is skipped, see `Fanout.after_move`)."""
        untold = set(await self.store.untold_tables())
        stuck, self._untold = untold & self._untold, untold
        for tid in sorted(stuck):
            log.warning("table %s: telling moves another worker left untold", tid)
            await self.fanout.catch_up(tid)
        return len(stuck)

    async def rearm_lost(self) -> int:
        """Re-arm every running table and lobby that has no timer; returns how many.

        Timers that fail are retried (bot/clock.py), but a timer can still be
        lost: a table whose arming failed at start-up, a bug in a job.
        """
        rearmed = 0
        for status, purposes in ((PLAYING, PURPOSES), (LOBBY, ("lobby",))):
            for tid in await self.store.table_ids_with_status(status):
                if self._has_timer(tid, purposes):
                    continue
                async with self.tables.lock(tid):
                    table = await self.store.get_table(tid)
                    if table is None or table.status != status or self._has_timer(tid, purposes):
                        continue
                    if status == LOBBY:
                        self.arm_lobby(table)
                    else:
                        self.arm(table)
                    if self._has_timer(tid, purposes):
                        rearmed += 1
                        log.warning("table %s had no timer: re-armed", tid)
        return rearmed

    async def _current(self, table_id: int, version: int) -> TableRecord | None:
        """The table if it is still playing at exactly `version` (timers go stale)."""
        table = await self.store.get_table(table_id)
        if table is None or table.status != PLAYING or table.state is None:
            return None
        if table.version != version or table.state.deal is None:
            return None
        return table

    async def _commit(
        self, table: TableRecord, action: Action, news: Sequence[str], who: str
    ) -> None:
        try:
            table = await self.moves.commit(table, action, None, news)
            self.arm(table)
        except (IllegalAction, Conflict):
            log.exception("table %s: the %s's move was refused", table.id, who)
            self.minds.forget(table.id)  # they remember a move that never happened
        except BaseException:
            self.minds.forget(table.id)  # the same; the timer tries again (bot/clock.py)
            raise

    # -- timer jobs --------------------------------------------------------------------

    async def computer_move(self, table_id: int, version: int) -> None:
        """The computer thinks holding no lock: the search of a strong player
        takes a while in a worker process (bot/tables/thinking.py), and the
        table's taps must not wait for it (with several workers, nor hold a
        lock's connection). Then the table is locked and must still be at
        `version`: a move made meanwhile wins (its commit armed the timers
        anew), and what the computer found is dropped."""
        if table_id in self._thinking:
            return  # this process thinks for the table already (a re-armed timer)
        table = await self._current(table_id, version)
        if table is None:
            return
        state = table.state
        assert state is not None
        # The players come back with what they learnt (bot/tables/minds.py).
        levels = self.computers(table)
        players = self.minds.players(table.id, state.seed, levels)
        self._thinking.add(table_id)
        try:
            found, thought = await self.tables.thinking.decide(state, players)
        finally:
            self._thinking.discard(table_id)
        async with self.tables.lock(table_id):
            table = await self._current(table_id, version)
            if table is None:
                # They thought about a position that is gone (and, thinking in
                # a thread, in the very objects kept): fresh ones next time.
                self.minds.forget(table_id)
                return
            self.minds.keep(table.id, state.seed, levels, thought)
            if found is None:
                return
            _, action = found
            await self._commit(table, action, (), "computer")

    async def forced_move(self, table_id: int, version: int) -> None:
        """The person's only possible move, with the last cards of the hand,
        plays itself after a short pause, told like any move. A tap in the
        pause wins (the table is no longer at `version`); a tap after it is
        stale, so the move is never played twice."""
        async with self.tables.lock(table_id):
            table = await self._current(table_id, version)
            if table is None:
                return
            state = table.state
            assert state is not None and state.deal is not None
            if seat_at(table, state.deal.turn).played_by_computer:
                return
            action = forced(state)
            if action is not None:
                await self._commit(table, action, (), "forced move")

    async def remind(self, table_id: int, version: int) -> None:
        async with self.tables.lock(table_id):
            table = await self._current(table_id, version)
            if table is None or table.turn_reminded or table.turn_deadline is None:
                return
            assert table.state is not None and table.state.deal is not None
            seat = seat_at(table, table.state.deal.turn)
            if seat.played_by_computer:
                return
            await self.store.set_turn_reminded(table.id)
            left = max(0, round(table.turn_deadline - self.clock.now()))
            lang = await self.tables.user_lang(seat.user_id)
            screen = Screen(
                t(lang, "timer.reminder", table=table.id, chat=table.chat_title, seconds=left)
            )
            user_id = seat.user_id
            send = self.fanout.hands.send_private
            self.fanout.private_later(table, lambda: send(table_id, user_id, screen))

    async def deadline(self, table_id: int, version: int) -> None:
        """Time is up: a computer plays this move for the person, and says so.
        The stand-in thinks holding no lock, as in `computer_move`; a move
        the person made meanwhile wins."""
        table = await self._current(table_id, version)
        if table is None:
            return
        state = table.state
        assert state is not None and state.deal is not None
        number = state.deal.turn
        if seat_at(table, number).played_by_computer:
            return
        action, player = await self._standin_move(table, state, number)
        async with self.tables.lock(table_id):
            table = await self._current(table_id, version)
            if table is None:
                self.minds.forget(table_id)
                return
            self.minds.keep(table.id, state.seed, {number: self.timing.standin_level}, player)
            seat = seat_at(table, number)
            if seat.played_by_computer:
                return
            lang = await self.tables.chat_lang(table.chat_id)
            seat.missed += 1
            news = [t(lang, "timer.played", name=seat.name)]
            if seat.missed >= self.timing.afk_turns:
                seat.auto = True
                news.append(t(lang, "timer.takeover", name=seat.name))
                number = seat.seat
                offer = self.fanout.hands.offer_takeback
                self.fanout.private_later(table, lambda: offer(table_id, number))
            await self._commit(table, action, news, "stand-in")

    async def _standin_move(
        self, table: TableRecord, state: MatchState, number: int
    ) -> tuple[Action, dict[int, Player]]:
        """The stand-in's move, and the stand-in after choosing it (kept by
        the caller when the move is still wanted)."""
        view = view_for(state, number)
        levels = {number: self.timing.standin_level}
        player = self.minds.players(table.id, state.seed, levels)[number]
        action, player = await self.tables.thinking.choose(view, player)
        if action is None or action not in view.legal:
            action = next(a for a in view.legal if a.kind is not Kind.DECLARE)
        return action, {number: player}

    async def lobby_timeout(self, table_id: int) -> None:
        async with self.tables.lock(table_id):
            table = await self.store.get_table(table_id)
            if table is None or table.status != LOBBY:
                return
            await self.moves.end(table, Why.LOBBY_EXPIRED, self._lobby_expired)

    async def _lobby_expired(self, table: TableRecord) -> None:
        self.fanout.lobby_expired_later(table.id)

    # -- a person the bot cannot write to ----------------------------------------------

    async def unreachable(self, user_id: int) -> None:
        """The person blocked the bot (or Telegram refuses their chat): each of
        their seats in a running match goes to a computer at once, and its group
        is told once. A seat the computer already keeps says nothing, so the
        group hears of it again only after the person was back in between."""
        await self.store.set_started(user_id, False)
        for table_id in await self.store.open_tables_of(user_id):
            async with self.tables.lock(table_id):
                table = await self.store.get_table(table_id)
                if table is None or table.status != PLAYING or table.state is None:
                    continue
                seat = table.seat_of(user_id)
                if seat is None or seat.auto:
                    continue
                seat.auto = True
                self.tables.prepare_turn(table)
                table = await self.store.save_table(table)
                said = None
                if not audience_of(table).one_chat:  # (in private: the one refused)
                    lang = await self.tables.chat_lang(table.chat_id)
                    link = self.tables.deep_link("hi")
                    said = Screen(
                        t(lang, "hand.unreachable", name=seat.name),
                        ((Button(t(lang, "button.open_private"), url=link),),),
                    )
                self.fanout.news_and_hands_later(table, said)
                self.arm(table)

    async def came_back(self, user_id: int) -> None:
        """The person can be written to again (they started the bot, or
        unblocked it): each seat the computer keeps for them is offered back,
        one tap away."""
        for table_id in await self.store.open_tables_of(user_id):
            table = await self.store.get_table(table_id)
            if table is None or table.status != PLAYING:
                continue
            seat = table.seat_of(user_id)
            if seat is not None and seat.auto:
                self.fanout.private_later(table, self._offer(table_id, seat.seat))

    def _offer(self, table_id: int, number: int) -> Callable[[], Awaitable[None]]:
        offer = self.fanout.hands.offer_takeback
        return lambda: offer(table_id, number)

    # -- a person comes back ------------------------------------------------------------

    @refusals
    async def take_back(self, table_id: int, person: Person, lang: str | None = None) -> Reply:
        """One tap puts a person back in charge of a seat the computer kept for them."""
        lang = lang or await self.tables.user_lang(person.user_id, person.language_code)
        async with self.tables.opened(table_id, (PLAYING,), "table.over", lang=lang) as found:
            table = found.table
            seat = table.seat_of(person.user_id)
            if seat is None:
                raise found.refuse("tap.not_yours")
            if not seat.auto:
                raise found.refuse("takeback.already", alert=False)
            seat.auto = False
            seat.missed = 0
            self.tables.prepare_turn(table)
            table = await self.store.save_table(table)
            self.moves.attendance.back(table.id)
            chat_lang = await self.tables.chat_lang(table.chat_id)
            said = Screen(t(chat_lang, "takeback.news", name=seat.name))
            self.fanout.news_and_hands_later(table, said)
            self.arm(table)
            return Reply(t(lang, "takeback.done"))
