"""`python -m bench.top`: /top's leaderboard queries at a million result
rows (S7, issue 58), and whether a move's commit waits while one runs.

It fills a fresh database (SQLite, or with `--database postgres` a
throwaway PostgreSQL server; migrated by the store itself) with
`--rows` result rows spread over the three games, `--players` players and
`--groups` groups, counts them into the `standings` summary as migration 13
does for an existing database, then times through the store:

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
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage import DatabaseUrl, open_store, parse_database_url
from bot.storage.migrations import migrations, sqlite_statements
from bot.storage.shared_sql import RESULT_COLUMNS
from engine import Preset
from testing.postgres import PostgresServer

SEATS = 4


Batches = Iterator[list[tuple[Any, ...]]]
BUSIEST = "SELECT chat_id FROM results GROUP BY chat_id ORDER BY count(*) DESC, chat_id LIMIT 1"


def generate(rows: int, players: int, groups: int, seed: int = 1) -> Batches:
    """`rows` results rows (SEATS per match), in `RESULT_COLUMNS` order, in batches."""
    rng = random.Random(seed)
    games = [p.value for p in Preset]
    made: list[tuple[Any, ...]] = []
    for match in range(rows // SEATS):
        game, chat = rng.choice(games), -rng.randrange(1, groups + 1)
        practice = rng.random() < 0.1
        who = rng.sample(range(1, players + 1), SEATS)
        for seat, user in enumerate(who):
            made.append(
                (match + 1, seat, chat, game, "{}", practice, f"u:{user}", user, None,
                 f"P{user}", seat % 2, 1 + seat % 2, 0, 3, 1, 40, 0, 0, 0,
                 25.0, 8.0, 25.0, 8.0, 1_700_000_000.0 + match)
            )  # fmt: skip
        if len(made) >= 100_000:
            yield made
            made = []
    if made:
        yield made


def fill(path: Path, made: Batches) -> int:
    """The rows into SQLite, with their names, ratings and standings; the
    busiest group."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA synchronous = OFF")
        marks = ", ".join("?" * 24)
        for batch in made:
            db.executemany(f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ({marks})", batch)
        db.execute(
            "INSERT INTO player_names SELECT player, name, max(finished_at) FROM results"
            " GROUP BY player"
        )
        db.execute(
            "INSERT INTO ratings SELECT game, player, 20 + (abs(random()) % 1000) / 100.0,"
            " 5.0, count(*), 0 FROM results WHERE practice = 0 GROUP BY game, player"
        )
        for statement in backfill("sqlite"):
            db.execute(statement)
        db.execute("ANALYZE")
        chat: int = db.execute(BUSIEST).fetchone()[0]
        return chat


async def fill_postgres(url: str, made: Batches) -> int:
    """The rows into PostgreSQL (COPY), with their names, ratings and
    standings; the busiest group."""
    connection = await asyncpg.connect(url)
    try:
        columns = [c.strip() for c in RESULT_COLUMNS.split(",")]
        for batch in made:
            await connection.copy_records_to_table("results", records=batch, columns=columns)
        await connection.execute(
            "INSERT INTO player_names SELECT DISTINCT ON (player) player, name, finished_at"
            " FROM results ORDER BY player, finished_at DESC"
        )
        await connection.execute(
            "INSERT INTO ratings SELECT game, player, 20 + random() * 10, 5.0, count(*), 0"
            " FROM results WHERE NOT practice GROUP BY game, player"
        )
        for statement in backfill("postgres"):
            await connection.execute(statement)
        await connection.execute("ANALYZE")
        chat: int = await connection.fetchval(BUSIEST)
        return chat
    finally:
        await connection.close()


def backfill(backend: str) -> list[str]:
    """The summary's backfill, as the migration that made it runs it."""
    (summary,) = [m for m in migrations(backend) if m.name.endswith("_standings.sql")]
    statements = sqlite_statements(summary.script)
    return [s for s in statements if s.startswith("INSERT INTO standings")]


async def migrated(url: DatabaseUrl) -> None:
    """The schema, made by the store itself."""
    await (await open_store(url, cache=False)).close()


@contextmanager
def scratch_database(kind: str, name: str) -> Iterator[DatabaseUrl]:
    """A migrated throwaway database: a SQLite file in a temporary folder, or
    `kind` "postgres", one on a throwaway server (testing/postgres.py)."""
    with tempfile.TemporaryDirectory() as folder:
        server = PostgresServer.start() if kind == "postgres" else None
        try:
            if server is None:
                url = DatabaseUrl.sqlite(Path(folder) / f"{name}.db")
            else:
                url = parse_database_url(server.create_database(name))
            asyncio.run(migrated(url))
            yield url
        finally:
            if server is not None:
                server.stop()


async def timed(run: Callable[[], Awaitable[Any]], times: int) -> float:
    """The median milliseconds of `times` runs."""
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        await run()
        spent.append((time.perf_counter() - start) * 1000)
    return statistics.median(spent)


async def measure(url: DatabaseUrl, busiest: int, times: int) -> None:
    store = await open_store(url, cache=False)
    try:
        for preset in Preset:
            game = preset.value
            everywhere = await timed(functools.partial(store.leaderboard, game, None, 3, 10), times)
            group = await timed(functools.partial(store.leaderboard, game, busiest, 3, 10), times)
            print(f"{game:9} leaderboard: bot {everywhere:7.2f} ms, group {group:6.2f} ms")
        table = await store.create_table(-1, "bench", 1, "bura", {})
        assert table is not None

        async def save() -> None:
            await store.save_table(table)

        alone = await timed(save, times)
        during = []
        for _ in range(times):
            # A move committed just as a /top is sent: on SQLite the board is
            # read on a connection of its own, on PostgreSQL the save waits
            # for it on the store's one connection.
            reading = asyncio.ensure_future(store.leaderboard("burkozel", None, 3, 10))
            await asyncio.sleep(0)  # the read is submitted first
            start = time.perf_counter()
            await save()
            during.append((time.perf_counter() - start) * 1000)
            await reading
        print(
            f"save_table: alone {alone:.2f} ms, sent with a /top {statistics.median(during):.2f}"
            f" ms (median of {times})"
        )
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--groups", type=int, default=2_000)
    parser.add_argument("--times", type=int, default=9)
    parser.add_argument(
        "--database",
        choices=["sqlite", "postgres"],
        default="sqlite",
        help="postgres: a throwaway PostgreSQL server (testing/postgres.py)",
    )
    args = parser.parse_args()
    made = generate(args.rows, args.players, args.groups)
    with scratch_database(args.database, "top") as url:
        start = time.perf_counter()
        if url.path is not None:
            busiest = fill(url.path, made)
        else:
            busiest = asyncio.run(fill_postgres(url.url, made))
        print(f"filled {args.rows} rows in {time.perf_counter() - start:.1f} s")
        asyncio.run(measure(url, busiest, args.times))


if __name__ == "__main__":
    main()
