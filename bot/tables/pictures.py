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
from bot.tables.outbox import Outcome
from bot.view import charts
from bot.view.charts import Points
from bot.view.i18n import plain, t
from bot.view.screen import Screen
from engine import Action, RuleSet
from engine.shuffle import ShuffleKey

log = logging.getLogger(__name__)


# Seconds the end message waits for its chart (50-100 ms when the workers
# are free): past this it goes as text, without the chart.
CHART_PATIENCE = 10.0
# A match's end message carries its chart from this many scored deals on:
# a line of one or two points says nothing the standing does not.
CHART_FROM_DEALS = 3


def match_chart(
    lang: str,
    names: Sequence[str],
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    actions: Sequence[Action],
    title: str = "",
    key: ShuffleKey | None = None,
) -> bytes:
    """A finished match's penalty points deal by deal, a line per side
    (runs in a worker); `key`: its checkable shuffle's, if it has one."""
    final, events = replay_events(rules, players, seed, actions, key)
    series = penalty_series(final, events)
    sides = rules.sides(len(names))
    side_names = [" + ".join(names[seat] for seat in seats) for seats in sides]
    side_series = [series[seats[0]] for seats in sides]
    return charts.penalty_chart(lang, side_names, side_series, rules.limit, title)


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

    async def send_match_end(self, table: TableRecord, lang: str, end: Screen, deals: int) -> None:
        """The match's end message, in its chat: from `CHART_FROM_DEALS`
        scored deals on, as the caption of its chart (one message, its
        rematch button on it). Without the chart when the end text would not
        fit a caption (1,024 characters: the standing and the ratings are
        what counts, so the text goes whole and the chart is left out), or
        when the chart cannot be drawn or sent."""
        png = None
        if deals >= CHART_FROM_DEALS and end.fits_caption():
            png = await self.match_chart(table, lang)
        out = self.tables.out
        if png is not None:
            outcome, _ = await out.send(table.chat_id, end, photo=png, thread=table.thread_id)
            if outcome is not Outcome.FAILED:
                return
        await out.send(table.chat_id, end, thread=table.thread_id)

    async def match_chart(self, table: TableRecord, lang: str) -> bytes | None:
        """A finished match's chart, None if it cannot be drawn, or not within
        `CHART_PATIENCE` (logged: the end message is what counts, and the
        move's job must neither fail nor wait long over a picture)."""
        state = table.state
        if state is None or table.seed is None or not state.over:
            return None
        preset = t(lang, f"preset.{state.rules.preset.value}")
        title = plain(t(lang, "chart.title", preset=preset, table=table.id))
        try:
            actions = [action for _, _, action in await self.store.action_log(table.id)]
            started = time.perf_counter()
            drawing = self.tables.thinking.run(
                match_chart,
                lang,
                table.names,
                state.rules,
                state.players,
                table.seed,
                actions,
                title,
                state.shuffle,
            )
            png: bytes = await asyncio.wait_for(drawing, CHART_PATIENCE)
        except Exception:
            log.exception("table %s: the match's chart could not be drawn", table.id)
            return None
        log.debug(
            "table %s: chart drawn in %.0f ms", table.id, 1000 * (time.perf_counter() - started)
        )
        return png

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
