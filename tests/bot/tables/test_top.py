"""/top at scale (S7): the boards are read from the store at most once a
minute per scope, a match ending here drops them at once, and SQLite answers
the leaderboard from the `standings` summary, not by reading `results`."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from manual_clock import ManualScheduler

from bot.storage import LeaderRow
from bot.storage.shared_sql import LEADERBOARD
from bot.storage.sqlite import SqliteStore
from bot.tables.core import Tables
from bot.tables.stats import TOP_SECONDS, Stats
from engine import Preset


class CountingStore:
    """Only what /top asks for: one leader per game, and how often it was asked."""

    def __init__(self) -> None:
        self.asked = 0

    async def leaderboard(
        self, game: str, chat_id: int | None, min_matches: int, limit: int
    ) -> list[LeaderRow]:
        self.asked += 1
        return [LeaderRow("u:1", 1, None, "Ann", 5, 3, 25.0)]


async def test_top_is_read_once_a_minute_per_scope_and_afresh_after_a_match() -> None:
    store, clock = CountingStore(), ManualScheduler()
    tables = SimpleNamespace(store=store, clock=clock, limits=SimpleNamespace(top_min_matches=3))
    stats = Stats(cast(Tables, tables))
    games = len(Preset)
    first = await stats.top(-5, "en")
    assert store.asked == games and "Ann" in cast(Any, first.screen).text
    await stats.top(-5, "ru")  # another language, the same boards
    await clock.advance(TOP_SECONDS - 1)
    await stats.top(-5, "en")
    assert store.asked == games
    await stats.top(None, "en")  # the bot's board is a scope of its own
    assert store.asked == 2 * games
    await clock.advance(1)
    await stats.top(-5, "en")
    assert store.asked == 3 * games
    stats.forget_top(-5)  # a match of the group ended here
    await stats.top(-5, "en")
    await stats.top(None, "en")
    assert store.asked == 5 * games


async def test_the_leaderboard_reads_the_summary_not_the_results(tmp_path: Path) -> None:
    """Issue 58: a board is read from `standings` by its index, never from
    `results` (whose size is the whole history)."""
    store = await SqliteStore.open(tmp_path / "bot.db")
    await store.close()
    with sqlite3.connect(tmp_path / "bot.db") as db:
        for scope in (0, -5):
            plan = " | ".join(
                row[3]
                for row in db.execute(
                    "EXPLAIN QUERY PLAN " + LEADERBOARD.replace("$", "?"), [scope, "bura", 3, 10]
                )
            )
            assert "results" not in plan and "SCAN s " not in plan + " ", plan
            assert "standings_by_wins" in plan, plan
            assert "player_names" in plan and "ratings" in plan, plan
