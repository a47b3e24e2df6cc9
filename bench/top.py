"""`python -m bench.top`: /top's leaderboard queries at a million result
rows (S7, issue 58), and whether a move's commit waits while one runs.

It fills a fresh SQLite database (migrated by the store itself) with
`--rows` result rows spread over the three games, `--players` players and
`--groups` groups, counts them into the `standings` summary as migration 12
does for an existing database, then times through `SqliteStore`:

- each game's leaderboard, the bot's (private /top) and the busiest group's;
- a `save_table` issued while a leaderboard query is in flight, against the
  same save with nothing else running: SQLite reads the leaderboard on a
  connection of its own, so the save should not wait for it.

Numbers go to docs/PERFORMANCE.md ("/top at a million results").
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.storage.migrations import migrations, sqlite_statements
from bot.storage.sqlite import SqliteStore
from engine import Preset

SEATS = 4


def fill(path: Path, rows: int, players: int, groups: int, seed: int = 1) -> None:
    """`rows` results rows (SEATS per match), their names and ratings."""
    rng = random.Random(seed)
    games = [p.value for p in Preset]
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA synchronous = OFF")
        batch = []
        for match in range(rows // SEATS):
            game, chat = rng.choice(games), -rng.randrange(1, groups + 1)
            practice = int(rng.random() < 0.1)
            who = rng.sample(range(1, players + 1), SEATS)
            for seat, user in enumerate(who):
                batch.append(
                    (
                        match + 1,
                        seat,
                        chat,
                        game,
                        "{}",
                        practice,
                        f"u:{user}",
                        user,
                        None,
                        f"P{user}",
                        seat % 2,
                        1 + seat % 2,
                        0,
                        3,
                        1,
                        40,
                        0,
                        0,
                        0,
                        25.0,
                        8.0,
                        25.0,
                        8.0,
                        1_700_000_000.0 + match,
                    )
                )
            if len(batch) >= 100_000:
                db.executemany(f"INSERT INTO results VALUES ({', '.join('?' * 24)})", batch)
                batch.clear()
        if batch:
            db.executemany(f"INSERT INTO results VALUES ({', '.join('?' * 24)})", batch)
        db.execute(
            "INSERT INTO player_names SELECT player, name, max(finished_at) FROM results"
            " GROUP BY player"
        )
        db.execute(
            "INSERT INTO ratings SELECT game, player, 20 + (abs(random()) % 1000) / 100.0,"
            " 5.0, count(*), 0 FROM results WHERE practice = 0 GROUP BY game, player"
        )
        for statement in backfill():
            db.execute(statement)
        db.execute("ANALYZE")


def backfill() -> list[str]:
    """The summary's backfill, as the migration that made it runs it."""
    (summary,) = [m for m in migrations("sqlite") if m.name.endswith("_standings.sql")]
    statements = sqlite_statements(summary.script)
    return [s for s in statements if s.startswith("INSERT INTO standings")]


async def migrated(path: Path) -> None:
    """The schema, made by the store itself."""
    await (await SqliteStore.open(path)).close()


async def timed(run: Callable[[], Awaitable[Any]], times: int) -> float:
    """The median milliseconds of `times` runs."""
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        await run()
        spent.append((time.perf_counter() - start) * 1000)
    return statistics.median(spent)


async def measure(path: Path, times: int) -> None:
    store = await SqliteStore.open(path)
    try:
        with sqlite3.connect(path) as db:
            busiest = db.execute(
                "SELECT chat_id FROM results GROUP BY chat_id ORDER BY count(*) DESC LIMIT 1"
            ).fetchone()[0]
        for preset in Preset:
            game = preset.value
            everywhere = await timed(functools.partial(store.leaderboard, game, None, 3, 10), times)
            group = await timed(functools.partial(store.leaderboard, game, busiest, 3, 10), times)
            print(f"{game:9} leaderboard: bot {everywhere:7.1f} ms, group {group:6.1f} ms")
        table = await store.create_table(-1, "bench", 1, "bura", {})
        assert table is not None

        async def save() -> None:
            await store.save_table(table)

        alone = await timed(save, times)
        during = []
        for _ in range(times):
            reading = asyncio.ensure_future(store.leaderboard("burkozel", None, 3, 10))
            await asyncio.sleep(0.002)  # the query is under way on its own thread
            start = time.perf_counter()
            await save()
            during.append((time.perf_counter() - start) * 1000)
            await reading
        print(
            f"save_table: alone {alone:.2f} ms, while /top runs"
            f" {statistics.median(during):.2f} ms (median of {times})"
        )
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--groups", type=int, default=2_000)
    parser.add_argument("--times", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "top.db"
        asyncio.run(migrated(path))
        start = time.perf_counter()
        fill(path, args.rows, args.players, args.groups)
        print(f"filled {args.rows} rows in {time.perf_counter() - start:.1f} s")
        asyncio.run(measure(path, args.times))


if __name__ == "__main__":
    main()
