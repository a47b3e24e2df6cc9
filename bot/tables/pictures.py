"""Pictures: the chart that follows a match's end message in its chat, and
the rating history that /stats shows.

The numbers come from what is stored (a match's action log replayed through
the engine; the rating before and after each rated match in its results
rows), and the drawing (bot/view/charts.py) runs in the charts' worker
process through `Thinking.run` (a pool apart from the computers', S16):
never on the event loop, and never under a table's transaction (the end
chart is drawn by the message job that tells the match's last move, after
the commit). The worker functions below call only pure code, so nothing but
plain data crosses the process boundary.

A rating chart (about 124 ms of CPU) is kept, the last `CHART_CACHE` drawn,
by whose it is, where, in which language and up to which result: `/stats`
asked again before their next match sends the same picture, and the same
chart asked twice at once is drawn once (S16).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Sequence

from bot.stats.results import penalty_series, replay_events
from bot.storage import ResultRow, TableRecord
from bot.tables.core import Tables
from bot.view import charts
from bot.view.charts import Points
from engine import Action, RuleSet

log = logging.getLogger(__name__)


def match_chart(
    lang: str,
    names: Sequence[str],
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    actions: Sequence[Action],
) -> bytes:
    """A finished match's penalty points deal by deal (runs in a worker)."""
    final, events = replay_events(rules, players, seed, actions)
    return charts.penalty_chart(lang, names, penalty_series(final, events), rules.limit)


CHART_CACHE = 128  # rating charts kept (30-50 KB each), the least recently asked go first


def rating_history(
    rows: Sequence[ResultRow], here: bool = False
) -> list[tuple[str, list[tuple[int, float]]]]:
    """Per game (in the order first played), the rating before the first rated
    match at 0, then after each one: from a person's results, oldest first.

    `here` (one group's rows): what its matches alone moved the rating by,
    from 0. A rating is the bot's, so its value between two of the group's
    matches would show how much was played elsewhere in between; the sum of
    the group's own changes shows none of that."""
    games: dict[str, list[tuple[int, float]]] = {}
    for row in rows:
        if row.practice or row.before is None or row.after is None:
            continue
        points = games.get(row.game)
        if points is None:
            points = games[row.game] = [(0, 0.0 if here else row.before[0])]
        if here:
            points.append((len(points), points[-1][1] + row.after[0] - row.before[0]))
        else:
            points.append((len(points), row.after[0]))
    return list(games.items())


# Whose (id and name), in which language, where, up to which result and how many.
ChartKey = tuple[int, str, str, int | None, int, int]


class Pictures:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store
        # Drawn or being drawn: a repeated /stats awaits the same future.
        self._charts: OrderedDict[ChartKey, asyncio.Future[bytes | None]] = OrderedDict()

    async def send_match_chart(self, table: TableRecord, lang: str) -> None:
        """The chart after a finished match's end message, in the same chat.
        A chart that cannot be drawn is logged and left out: the end message
        is what counts, and the move's job must not fail over a picture."""
        state = table.state
        if state is None or table.seed is None or not state.over:
            return
        try:
            actions = [action for _, _, action in await self.store.action_log(table.id)]
            started = time.perf_counter()
            png = await self.tables.thinking.run(
                match_chart, lang, table.names, state.rules, state.players, table.seed, actions
            )
        except Exception:
            log.exception("table %s: the match's chart could not be drawn", table.id)
            return
        log.debug(
            "table %s: chart drawn in %.0f ms", table.id, 1000 * (time.perf_counter() - started)
        )
        await self.tables.out.send_photo(table.chat_id, png, silent=True, thread=table.thread_id)

    async def rating_chart(
        self,
        rows: Sequence[ResultRow],
        user_id: int,
        name: str,
        lang: str,
        chat_id: int | None = None,
    ) -> bytes | None:
        """A person's rating history in every game from `rows`, their results:
        every group's (`chat_id` None, in private), or one group's, drawn as
        that group's own changes (`rating_history`'s `here`); None when they
        have no rated match there."""
        here = chat_id is not None
        games: list[tuple[str, Points]] = list(rating_history(rows, here))
        if not games:
            return None
        last = rows[-1]
        key: ChartKey = (user_id, name, lang, chat_id, last.table_id, len(rows))
        kept = self._charts.get(key)
        if kept is not None and not kept.cancelled():
            self._charts.move_to_end(key)
            return await asyncio.shield(kept)
        drawing = asyncio.ensure_future(self._draw(lang, name, games, here))
        self._charts[key] = drawing
        while len(self._charts) > CHART_CACHE:
            self._charts.popitem(last=False)
        png = await asyncio.shield(drawing)
        if png is None and self._charts.get(key) is drawing:
            del self._charts[key]  # not drawn: the next /stats tries again
        return png

    async def _draw(
        self, lang: str, name: str, games: list[tuple[str, Points]], here: bool
    ) -> bytes | None:
        try:
            png: bytes = await self.tables.thinking.run(
                charts.rating_chart, lang, name, games, here
            )
        except Exception:
            log.exception("a rating chart could not be drawn")
            return None
        return png
