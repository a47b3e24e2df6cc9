"""`python -m bench.seasons`: every query of a group's seasons, achievements
and reliability (issue 68, bot/storage/season_sql.py) at a million result
rows, with the plan each one gets.

It fills a fresh database as `python -m bench.top` does (SQLite, or with
`--database postgres` a throwaway PostgreSQL server; migrated by the store
itself), then carries the results into `seat_outcomes` and the months'
`season_standings` as the migration does for an existing database, grants
an achievement for one result row in four, and times each query through the
store (median of `--times`), printing its plan (EXPLAIN) beside it. Every
plan should read an index; every timing should be well under 50 ms.

The generated matches end a second apart, so they all fall in one or two
months: a season's board is read at its largest.

Measured 2026-12-07 (a 2-core machine shared with other jobs; medians, ms,
SQLite / PostgreSQL at 1,000,000 results, 900k outcomes, 225k
achievements, 897k board rows): reliability 0.09 / 0.15, achievements in a
group 0.08 / 0.20, everywhere 0.09 / 0.20, ten matches and a comeback
0.08 / 0.13, a month's board (445 rows) 2.1 / 3.8, the finale's candidates
1.2 / 1.7, its moments 0.34 / 0.67, a group's choice 0.13 / 0.17, a claim
with the chips reset 4.0 / 0.69. Every plan reads an index, but two on
PostgreSQL: the candidates scan `season_groups` when all of it is the
month asked (2,000 rows), and `chats` is empty here.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import asyncpg

from bench.top import fill, fill_postgres, generate, scratch_database, timed
from bot.seasons.achievements import ACHIEVEMENTS
from bot.storage import DatabaseUrl, open_store
from bot.storage import season_sql as sql
from bot.storage.driver import render_sqlite
from bot.storage.migrations import migrations, sqlite_statements

BUSIEST_USER = "SELECT user_id FROM results GROUP BY user_id ORDER BY count(*) DESC LIMIT 1"
MONTHS = "SELECT DISTINCT month FROM season_standings ORDER BY month"
# An achievement for one result row in four, its id by the row's place in the table.
GRANT = """INSERT INTO achievements (user_id, chat_id, achievement, table_id, earned_at)
   SELECT user_id, chat_id, {pick}, min(table_id), min(finished_at) FROM results
   WHERE user_id IS NOT NULL AND NOT practice AND table_id % 4 = 0
   GROUP BY user_id, chat_id, {pick}
   ON CONFLICT DO NOTHING"""
PICK = "CASE table_id % {n} {cases} END"


def carried(backend: str) -> list[str]:
    """The season migration's carrying of the past, and the grants."""
    (season,) = [m for m in migrations(backend) if m.name.endswith("_seasons.sql")]
    statements = [
        "\n".join(line for line in s.splitlines() if not line.startswith("--"))
        for s in sqlite_statements(season.script)
    ]
    kept = [
        s
        for s in statements
        if s.startswith(
            (
                "INSERT INTO seat_outcomes",
                "INSERT INTO season_standings",
                "INSERT INTO season_groups",
            )
        )
    ]
    ids = [a.id for a in ACHIEVEMENTS]
    cases = " ".join(f"WHEN {n} THEN '{i}'" for n, i in enumerate(ids))
    pick = PICK.format(n=len(ids), cases=cases)
    return [*kept, GRANT.format(pick=pick), "ANALYZE"]


def prepare_sqlite(path: Path) -> None:
    with sqlite3.connect(path) as db:
        for statement in carried("sqlite"):
            db.execute(statement)


async def prepare_postgres(url: str) -> None:
    connection = await asyncpg.connect(url)
    try:
        for statement in carried("postgres"):
            await connection.execute(statement)
    finally:
        await connection.close()


async def plan(url: DatabaseUrl, query: str, args: tuple[Any, ...]) -> str:
    """The query's plan, one line (the database's own words)."""
    if url.path is not None:
        text, lists = render_sqlite(query)
        bound = [json.dumps(a) if lists and isinstance(a, list) else a for a in args]
        with sqlite3.connect(url.path) as db:
            found = db.execute("EXPLAIN QUERY PLAN " + text, bound).fetchall()
        return " | ".join(str(row[-1]) for row in found)
    connection = await asyncpg.connect(url.url)
    try:
        found = await connection.fetch("EXPLAIN " + query, *args)
    finally:
        await connection.close()
    return " | ".join(row[0].strip() for row in found if "Index" in row[0] or "Scan" in row[0])


async def first(url: DatabaseUrl, query: str) -> Any:
    if url.path is not None:
        with sqlite3.connect(url.path) as db:
            return db.execute(query).fetchone()[0]
    connection = await asyncpg.connect(url.url)
    try:
        return await connection.fetchval(query)
    finally:
        await connection.close()


async def measure(url: DatabaseUrl, chat: int, times: int) -> None:
    store = await open_store(url, cache=False)
    try:
        counts = [
            f"{name} {await first(url, f'SELECT count(*) FROM {name}')}"
            for name in ("seat_outcomes", "achievements", "season_standings", "season_groups")
        ]
        print("rows: " + ", ".join(counts))
        user = int(await first(url, BUSIEST_USER))
        months = [str(await first(url, MONTHS))]
        start, end = 0.0, 4e9
        cases: list[tuple[str, str, tuple[Any, ...], Callable[[], Awaitable[Any]]]] = [
            ("reliability: a person's latest 20", sql.RECENT_OUTCOMES, (user, 20),
             functools.partial(store.recent_outcomes, user, 20)),
            ("achievements in a group", sql.ACHIEVEMENTS_OF, (user, chat),
             functools.partial(store.achievements_of, user, chat)),
            ("achievements everywhere", sql.ACHIEVEMENTS_OF, (user, None),
             functools.partial(store.achievements_of, user, None)),
            ("ten matches / a comeback", sql.LATEST_PLACES, (user, chat, 10),
             functools.partial(store.latest_places, user, chat, 10)),
            ("/season, /top: a month's board", sql.SEASON_BOARD, (chat, months[0], months[-1]),
             functools.partial(store.season_board, chat, months)),
            ("the finale's candidates", sql.PLAYED_IN, (months[0], months[-1]),
             functools.partial(store.played_in, months)),
            ("the finale's moments", sql.MOMENTS, (chat, start, end),
             functools.partial(store.season_moments, chat, start, end)),
            ("a group's choice", sql.CHAT_SEASON, (chat,),
             functools.partial(store.chat_season, chat)),
        ]  # fmt: skip
        for name, query, args, run in cases:
            spent = await timed(run, times)
            print(f"{name:34} {spent:7.2f} ms  {await plan(url, query, args)}")
        claims = iter(range(10**6))

        async def claim() -> None:
            await store.claim_finale(chat, f"bench-{next(claims)}", reset_chips=True)

        print(f"{'a finale claimed (chips reset)':34} {await timed(claim, times):7.2f} ms")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=20_000)
    parser.add_argument("--groups", type=int, default=2_000)
    parser.add_argument("--times", type=int, default=9)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    args = parser.parse_args()
    made = generate(args.rows, args.players, args.groups)
    with scratch_database(args.database, "seasons") as url:
        started = time.perf_counter()
        if url.path is not None:
            chat = fill(url.path, made)
            prepare_sqlite(url.path)
        else:
            chat = asyncio.run(fill_postgres(url.url, made))
            asyncio.run(prepare_postgres(url.url))
        print(f"filled {args.rows} rows in {time.perf_counter() - started:.1f} s")
        asyncio.run(measure(url, chat, args.times))


if __name__ == "__main__":
    main()
