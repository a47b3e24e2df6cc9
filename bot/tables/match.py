"""The match: taps on a private hand, and how a move is committed.

One tap reads as a straight line: take the table's turn and load it (with the
tapper's language) once, ask the engine, commit once (bot/tables/moves.py:
the telling is handed to the table's message queue), re-arm the timers. `legal_actions` and `apply`
in engine/ are the only judges of what may be played.
"""

from __future__ import annotations

from bot.storage import PLAYING, Conflict, Seat
from bot.tables.core import Opened, Person, Reply, Tables, refusals
from bot.tables.fanout import Fanout
from bot.tables.moves import Moves
from bot.tables.turns import Turns
from bot.view import callbacks
from bot.view import hand as hand_view
from bot.view.i18n import t
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
    def __init__(self, tables: Tables, fanout: Fanout, moves: Moves, turns: Turns) -> None:
        self.tables = tables
        self.fanout = fanout
        self.moves = moves
        self.turns = turns

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
                table = await self.moves.commit(found.table, action, person.user_id)
            except IllegalAction as error:
                return Reply(explain(lang, error), alert=True)
            except Conflict:
                raise found.refuse("tap.stale", alert=False) from None
            self.turns.arm(table)
            return Reply()
