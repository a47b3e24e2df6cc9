"""The match: taps on a private hand, and how a move is committed.

One tap reads as a straight line: take the table's turn and load it (with the
tapper's language) once, ask the engine, commit once, hand the telling to
the table's message queue, re-arm the timers. `legal_actions` and `apply`
in engine/ are the only judges of what may be played.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage import CLOSED, FINISHED, PLAYING, Conflict, Seat, TableRecord
from bot.tables.core import Opened, Person, Reply, Tables, refusals
from bot.tables.fanout import Fanout
from bot.tables.kinds import Audience, kind_of
from bot.tables.stats import Stats
from bot.tables.turns import Turns
from bot.view import callbacks
from bot.view import hand as hand_view
from bot.view.i18n import t
from bot.view.screen import Screen
from engine import Action, Card, IllegalAction, MatchState, TableView, apply, view_for
from engine.actions import Kind


def explain(lang: str, error: IllegalAction) -> str:
    """Why the engine refused a move, in the player's language."""
    key = f"illegal.{error.code}"
    params = dict(error.params)
    if "need" in params:
        params["need"] = int(params["need"])
    try:
        return t(lang, key, **params)
    except KeyError:
        return t(lang, "illegal.other", reason=str(error))


class Match:
    def __init__(self, tables: Tables, fanout: Fanout, turns: Turns, stats: Stats) -> None:
        self.tables = tables
        self.store = tables.store
        self.fanout = fanout
        self.turns = turns
        self.stats = stats

    def _seat(self, found: Opened, version: int, person: Person) -> Seat:
        """The tapper's seat, if the tap is for the table as it is now."""
        seat = found.table.seat_of(person.user_id)
        if seat is None:
            raise found.refuse("tap.not_yours")
        if version != found.table.version:
            raise found.refuse("tap.stale", alert=False)
        return seat

    @refusals
    async def select(
        self,
        payload: callbacks.Select,
        person: Person,
        message_id: int | None = None,
        lang: str | None = None,
    ) -> Reply:
        """`lang`: the tapper's, when the caller already knows it."""
        lang = lang or await self.tables.user_lang(person.user_id, person.language_code)
        async with self.tables.opened(payload.table, (PLAYING,), "table.over", lang=lang) as found:
            seat = self._seat(found, payload.version, person)
            table = found.table
            assert table.state is not None
            view = view_for(table.state, seat.seat)
            if not payload.cards <= set(view.hand):
                raise found.refuse("tap.stale", alert=False)
            if payload.manual and view.turn != seat.seat:  # "pick cards" is for one's own turn
                raise found.refuse("tap.stale", alert=False)
            why = self._why_not(table.state, view, payload.cards, lang)
            if why is not None:
                return Reply(why)  # a toast; the hand stays as it was
            claim = payload.claim and any(a.kind is Kind.CLAIM for a in view.legal)
            screen = hand_view.hand(
                self.tables.info(table), lang, view, payload.cards, claim, payload.manual
            )
            self.fanout.selection_later(table, seat.seat, screen, message_id)
            return Reply()

    @staticmethod
    def _why_not(
        state: MatchState, view: TableView, cards: frozenset[Card], lang: str
    ) -> str | None:
        """Why no move can be made with these cards (or with more of them),
        in the engine's words; None when the selection can still become a move."""
        if not cards or view.viewer is None or view.turn != view.viewer:
            return None
        moves = [a for a in view.legal if a.kind in (Kind.LEAD, Kind.BEAT, Kind.DISCARD)]
        if any(cards <= set(a.cards) for a in moves) or not moves:
            return None
        kind = Kind.BEAT if view.trick else Kind.LEAD
        chosen = tuple(sorted(cards, key=lambda c: c.id))
        try:
            apply(state, Action(kind, view.viewer, chosen))
        except IllegalAction as error:
            return explain(lang, error)
        return None

    @refusals
    async def play(self, payload: callbacks.Play, person: Person, lang: str | None = None) -> Reply:
        lang = lang or await self.tables.user_lang(person.user_id, person.language_code)
        async with self.tables.opened(payload.table, (PLAYING,), "table.over", lang=lang) as found:
            seat = self._seat(found, payload.version, person)
            action = Action(payload.kind, seat.seat, tuple(payload.cards))
            seat.missed = 0
            seat.auto = False  # playing yourself takes the seat back from the computer
            try:
                await self.commit(found.table, action, person.user_id)
            except IllegalAction as error:
                return Reply(explain(lang, error), alert=True)
            except Conflict:
                raise found.refuse("tap.stale", alert=False) from None
            return Reply()

    async def _table_lang(self, table: TableRecord) -> str:
        """The language the table's chat reads: its group's, or the player's in practice."""
        if kind_of(table).audience is Audience.PRIVATE:
            return await self.tables.user_lang(table.creator_id)
        return await self.tables.chat_lang(table.chat_id)

    async def commit(
        self,
        table: TableRecord,
        action: Action,
        user_id: int | None,
        news: Sequence[str] = (),
    ) -> None:
        """Apply, commit, then queue the messages and re-arm the timers.

        The caller holds the table's lock. Raises `IllegalAction` (nothing
        changed) or `Conflict` (someone else committed first).
        """
        previous = table.state
        assert previous is not None
        state, events = apply(previous, action)
        table.state = state
        away = self.tables.attendance.moved(table, previous, action, user_id, events)
        said: Screen | None = None  # why the table closes, if it does
        if state.over:
            table.status = FINISHED
        elif away and kind_of(table).closes_when_all_away:
            # Its people were all away for a whole deal.
            table.status = CLOSED
            said = Screen(t(await self._table_lang(table), "away.closed", table=table.id))
        self.turns.prepare_turn(table)
        # The match's results (and ratings) are written with its last move:
        # they exist exactly when the end does, a restart in between included.
        result = await self.stats.result_of(table, action) if state.over else None
        # Its chips likewise: the bank paid out, or the stakes back.
        chips = await self.tables.chips.on_end(table)
        table = await self.store.save_table(
            table, action=action, user_id=user_id, result=result, chips=chips
        )
        if result is not None:
            self.stats.forget_top(table.chat_id)
        self.fanout.move_later(table, previous, events, action, list(news))
        table_id = table.id
        if table.status != PLAYING:
            self.tables.attendance.forget(table_id)
            self.turns.minds.forget(table_id)
        if said is not None:
            self.fanout.news_and_hands_later(table, said)
        self.turns.arm(table)
        if table.status != PLAYING:
            self.tables.on_ended(table)
