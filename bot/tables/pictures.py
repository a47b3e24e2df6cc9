"""Pictures: the chart that follows a match's end message in its chat, and
the rating history that /stats shows.

The numbers come from what is stored (a match's action log replayed through
the engine; the rating before and after each rated match in its results
rows), and the drawing (bot/view/charts.py) runs in the computers' worker
processes through `Thinking.run`: never on the event loop, and never under a
table's transaction (the end chart is drawn by the message job that tells the
match's last move, after the commit). The worker functions below call only
pure code, so nothing but plain data crosses the process boundary.
"""

from __future__ import annotations

import logging
import time
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


def rating_history(rows: Sequence[ResultRow]) -> list[tuple[str, list[tuple[int, float]]]]:
    """Per game (in the order first played), the rating before the first rated
    match at 0, then after each one: from a person's results, oldest first."""
    games: dict[str, list[tuple[int, float]]] = {}
    for row in rows:
        if row.practice or row.before is None or row.after is None:
            continue
        points = games.get(row.game)
        if points is None:
            points = games[row.game] = [(0, row.before[0])]
        points.append((len(points), row.after[0]))
    return list(games.items())


class Pictures:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

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

    async def rating_chart(self, rows: Sequence[ResultRow], name: str, lang: str) -> bytes | None:
        """A person's rating history in every game from all their results
        (ratings are the bot's, not a group's: every group's matches count);
        None when they have no rated match."""
        games: list[tuple[str, Points]] = list(rating_history(rows))
        if not games:
            return None
        try:
            png: bytes = await self.tables.thinking.run(charts.rating_chart, lang, name, games)
        except Exception:
            log.exception("a rating chart could not be drawn")
            return None
        return png
