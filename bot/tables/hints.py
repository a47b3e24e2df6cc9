"""💡 in practice (issue 66): the hard player's move for a person's seat, and
why, counted for the match's result.

Only a table whose kind offers hints (`TableKind.hints`: practice) answers;
a 💡 forged for any other table, a tap on an older version of the table
(the turn moved on) or at someone else's turn is refused and changes
nothing. A hint is counted once per version of the table (the store's
`count_hint`): a double tap, or the same tap answered after a restart,
gives the same answer and is counted once.

The thinking runs in the computers' pool at a move's priority
(`Thinking.advise`), without the table's lock: a hint writes nothing of the
game, and moves go on while it thinks (its answer is then for a turn gone,
and says the hard player's move for the position it was asked at). The
worker replays the deal under way from the action log, keeping the seat's
memory as the hard player would (`engine.ai.review.Coach`: who showed he
lacks a suit, how many face-down cards went where), so the hint plays as
the hard player would have in that seat; a log that does not lead to the
position (pruned, or a restart in between) costs only that memory.
Nothing of the hint is read by anything but the seat's view: the hidden
cards of the log replay the deal and are seen by nothing else.

The answers given last are kept in memory, by table and version
(`KEPT`): taps on 💡 for the same position share one thinking.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import Sequence

from bot.storage import PLAYING
from bot.tables.core import Person, Refused, Reply, Tables, refusals
from bot.tables.kinds import kind_of
from bot.view import callbacks
from bot.view.hints import hint_text
from bot.view.i18n import t
from engine import Action, IllegalAction, MatchState, apply, view_for
from engine.ai.review import Coach, Hint, deal_log, hint

log = logging.getLogger(__name__)

# Positions whose hint is kept (a hint is a few hundred bytes).
KEPT = 256

# table id, version
Key = tuple[int, int]


def think(
    state: MatchState, seat: int, names: Sequence[str], seed: int, actions: Sequence[Action]
) -> Hint | None:
    """In a worker: the hint for `seat` in `state`, with the seat's memory of
    the deal replayed from the match's `seed` and log (`actions`)."""
    coach = _coach(state, seat, names, seed, actions)
    return hint(view_for(state, seat), seed=secrets.randbits(64), coach=coach)


def _coach(
    state: MatchState, seat: int, names: Sequence[str], seed: int, actions: Sequence[Action]
) -> Coach | None:
    """The seat's coach fed with its moves of the deal under way, as
    `review_deal` feeds it; None when the log does not lead to `state`."""
    if state.deal is None:
        return None
    try:
        replayed, moves = deal_log(
            state.rules, names, seed, actions, state.deal.number, state.shuffle
        )
    except (ValueError, IllegalAction):
        return None
    coach = Coach(secrets.randbits(64))
    for action in moves:
        if action.seat == seat:
            coach.follow(view_for(replayed, seat), action)
        try:
            replayed, _ = apply(replayed, action)
        except IllegalAction:
            return None
    return coach if replayed.step == state.step else None


class Hints:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        self._given: OrderedDict[Key, asyncio.Future[Hint | None]] = OrderedDict()

    @refusals
    async def hint(self, payload: callbacks.HintTap, person: Person, lang: str) -> Reply:
        """The answer to 💡: an alert with the move and why."""
        table = await self.store.get_table(payload.table)
        if table is None or table.status != PLAYING or table.state is None:
            return Reply(t(lang, "table.over"), alert=True)
        if not kind_of(table).hints:
            return Reply(t(lang, "hint.practice_only"), alert=True)
        seat = table.seat_of(person.user_id)
        if seat is None:
            return Reply(t(lang, "tap.not_yours"), alert=True)
        if payload.version != table.version:
            return Reply(t(lang, "tap.stale"))
        view = view_for(table.state, seat.seat)
        if view.turn != seat.seat or not any(a.seat == seat.seat for a in view.legal):
            return Reply(t(lang, "hint.not_your_turn"))
        key = (table.id, table.version)
        given = self._given.get(key)
        if given is None:
            actions = [action for _, _, action in await self.store.action_log(table.id)]
            names, seed = table.names, table.seed or 0
            thinking = self.tables.thinking.advise(
                think, table.state, seat.seat, names, seed, actions
            )
            given = self._given[key] = asyncio.ensure_future(thinking)
            while len(self._given) > KEPT:
                self._given.popitem(last=False)
        self._given.move_to_end(key)
        try:
            answer = await asyncio.shield(given)
        except Exception:
            log.exception("a hint failed at table %s", table.id)
            self._given.pop(key, None)
            raise Refused(Reply(t(lang, "hint.failed"), alert=True)) from None
        if answer is None:  # cannot happen at the person's turn; said plainly anyway
            return Reply(t(lang, "hint.not_your_turn"))
        await self.store.count_hint(table.id, table.version)
        return Reply(hint_text(lang, view, answer), alert=True)
