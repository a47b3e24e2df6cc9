"""Each person's private chat: their hand message kept up to date, the
selection shown as they tap, reminders and the offer to take a seat back.

A private chat has no order to keep with the group, so these jobs run from
the table's hands lane (bot/tables/outbox.py), never behind the group's
messages and their budget of 20 a minute.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.seats import has_buttons, seat_at
from bot.storage import PLAYING, Seat, TableRecord
from bot.tables.core import Tables
from bot.tables.outbox import Outcome, Priority, at_once, done
from bot.view import callbacks, news, render
from bot.view import hand as hand_view
from bot.view.forced import forced_action
from bot.view.i18n import t
from bot.view.screen import Button, Screen
from engine import Action, MatchState, TableView, view_for
from engine.actions import Kind
from engine.events import Event, MatchOver

log = logging.getLogger(__name__)


def _people(table: TableRecord) -> list[Seat]:
    """The people at a table (computers have no chat), in seat order."""
    return sorted((s for s in table.seats if not s.is_computer), key=lambda s: s.seat)


def declarable(view: TableView) -> bool:
    return any(action.kind is Kind.DECLARE for action in view.legal)


class Hands:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        self.out = tables.out
        # What to do when a person's chat refuses their hand: published
        # (`Turns.unreachable`, which sits above this room, hears it).
        self.on_unreachable: Callable[[int], Awaitable[None]] | None = tables.events.unreachable

    async def sync_hands(
        self,
        table: TableRecord,
        previous: MatchState | None,
        actor: int | None,
        action: Action | None = None,
        refresh_only: bool = False,
        only: int | None = None,
    ) -> None:
        """Bring every private hand message up to date (`only`: one seat's);
        each person has one.

        When the turn comes to a player, their hand is sent anew (an edit
        does not ring the phone) and the previous one is deleted, so a chat
        holds one hand and one ring per own turn. Everything else, their own
        move included, is a silent edit, made only when what they see changed.
        What a player must act on goes first when Telegram's limits hold
        messages back (`Priority.NOW`); the others' view of the table waits
        (`Priority.LATER`) and gives way to a newer one.
        """
        # Each person's chat in its own order, the chats at once.
        await at_once(
            *(
                self.sync_seat(table, seat, previous, refresh_only)
                for seat in _people(table)
                if only is None or seat.seat == only
            )
        )

    async def sync_seat(
        self,
        table: TableRecord,
        seat: Seat,
        previous: MatchState | None,
        refresh_only: bool = False,
    ) -> None:
        state = table.state
        assert state is not None
        info = self.tables.info(table)
        same_deal = (
            previous is not None
            and previous.deal is not None
            and state.deal is not None
            and previous.deal.number == state.deal.number
        )
        if seat.auto and not await self.reachable(seat.user_id):
            return  # blocked: nothing reaches them until they start the bot again
        lang = await self.tables.user_lang(seat.user_id)
        view = view_for(state, seat.seat)
        screen = hand_view.hand(info, lang, view)
        acting = view.turn == seat.seat and bool(view.legal)
        was_acting = (
            same_deal and previous is not None and previous.deal is not None
            and previous.deal.turn == seat.seat
        )  # fmt: skip
        if refresh_only or seat.auto:
            # No new ring for an absent person; a returning one gets buttons.
            fresh = acting and not seat.auto and not has_buttons(seat)
        else:
            # A combination that becomes possible off turn rings once: not
            # when the seat could already declare before this move.
            declared_before = (
                previous is not None
                and previous.deal is not None
                and same_deal
                and declarable(view_for(previous, seat.seat))
            )
            fresh = (acting and not was_acting) or (
                not acting and declarable(view) and not declared_before
            )
        if (
            not (fresh or acting or was_acting or refresh_only)
            and previous is not None
            and same_deal
            and seat.hand_message_id is not None
        ):
            before = view_for(previous, seat.seat)
            if before.hand == view.hand and before.legal == view.legal:
                # Only the table around the hand moved on: the group's live
                # message shows it, and this hand is drawn anew when its
                # owner's turn comes. One Bot API call a move saved.
                return
        if fresh or acting:
            priority = Priority.NOW
        elif seat.hand_message_id is None:
            priority = Priority.RECORD  # the player's only view of the deal
        else:
            priority = Priority.LATER
        old = seat.hand_message_id if fresh else None
        # A move that plays itself in a moment (bot/view/forced.py) rings nobody.
        ring = fresh and not (acting and forced_action(view.legal, view.hand))
        if old is None:
            await self.put_hand(table, seat, screen, fresh=fresh, ring=ring, priority=priority)
        else:
            # The old hand goes while the new one is sent (a tap on it in
            # between is refused as stale: the table's version moved on).
            await at_once(
                done(self.remove(seat.user_id, old)),
                self.put_hand(table, seat, screen, fresh=True, ring=ring, priority=priority),
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

    async def record_deal(
        self,
        table: TableRecord,
        previous: MatchState,
        events: Sequence[Event],
        only: int | None = None,
    ) -> None:
        """When a deal ends, each person's hand message becomes the deal's
        record in their language: every trick's taker and points, then what
        the group was told of its end (the deal's result, the match's). The
        next hand is a new message."""
        state = table.state
        assert state is not None
        info = self.tables.info(table)
        if any(isinstance(e, MatchOver) for e in events):
            info = await self.tables.with_ratings(info)
        final = news.last_trick(previous, events)

        async def record(seat: Seat) -> None:
            old = seat.hand_message_id
            if old is None:
                return
            lang = await self.tables.user_lang(seat.user_id)
            view = render.deal_closed(
                view_for(previous, seat.seat), final, news.last_play(previous, events, seat.seat)
            )
            told: list[str] = []
            if not table.practice:  # a practice chat reads the summary as the group's
                told = news.announcements(info, lang, events, state, live=True)
                end = news.match_end(info, lang, events)
                if end is not None:
                    told.append(end)
            screen = hand_view.deal_record(info, lang, view, told)
            seat.hand_message_id, seat.hand_digest = None, None
            await self.store.set_hand_message(table.id, seat.seat, None, None)
            if table.practice:  # one chat, in order: the record before the summary
                await self.out.edit(seat.user_id, old, screen)
                return
            # Nothing edits the old hand after this, so its record need not
            # hold up the seat's lane: the next deal's hand goes on while the
            # record waits for what is left of Telegram's budget.
            self.tables.outbox.later(
                table.id,
                lambda: done(self.out.edit(seat.user_id, old, screen, priority=Priority.LATER)),
                lane=f"record:{seat.seat}",
            )

        await at_once(
            *(record(seat) for seat in _people(table) if only is None or seat.seat == only)
        )

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

    async def after_move(
        self,
        table_id: int,
        previous: MatchState,
        events: Sequence[Event],
        actor: int,
        action: Action,
        superseded: bool,
        newer_skips: bool = False,
        only: int | None = None,
    ) -> None:
        """The hands after a move (`only`: one seat's, from its own lane);
        when a newer move is queued in this lane,
        its job redraws them from the same newest state, so this one only
        records the deal the move ended (that is its own).
        `newer_skips` (several workers): the same when a newer move is
        committed, whose job at whichever worker draws the hands (before or
        after this one) from the newest state; two jobs drawing the same
        position would give the person to move two fresh messages."""
        deal_over = news.deal_ended(events)
        if superseded and not deal_over:
            return
        table = await self.store.get_table(table_id)
        if table is None or table.state is None:
            return
        if deal_over:
            await self.record_deal(table, previous, events, only)
        if superseded or (newer_skips and table.state.step > previous.step + 1):
            return
        if table.state.over or table.status != PLAYING:
            await self.close_hands(table, only)
            return
        await self.sync_hands(table, previous=previous, actor=actor, action=action, only=only)

    async def at_start(self, table_id: int, only: int | None = None) -> None:
        table = await self.store.get_table(table_id)
        if table is None or table.state is None or table.status != PLAYING:
            return
        await self.sync_hands(table, previous=None, actor=None, only=only)

    async def refresh(self, table_id: int, only: int | None = None) -> None:
        """Hands redrawn after a seat changed hands; closed when the table is over."""
        table = await self.store.get_table(table_id)
        if table is None:
            return
        if table.status == PLAYING and table.state is not None:
            await self.sync_hands(table, previous=None, actor=None, refresh_only=True, only=only)
        else:
            await self.close_hands(table, only)
