"""Where a bot under test keeps its tables, and plain reads of it.

A test database is a SQLite file (a `Path`) or a PostgreSQL database
(`PostgresDatabase`). `rows(db, sql, params)` reads either synchronously
with `?` placeholders, because `FakeTelegram.wait_for` takes a plain
predicate: for PostgreSQL the read runs on a connection of its own, in a
thread with its own event loop, and the test's loop waits for it (a
millisecond; tests only).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from pathlib import Path
from typing import Any


class PostgresDatabase:
    """A database on the throwaway server (`postgres_url`), read from a thread."""

    def __init__(self, url: str) -> None:
        # Imported here: the SQLite tests run without the driver installed.
        import asyncpg

        self.url = url
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._connection = self._wait(asyncpg.connect(url))

    def _wait(self, work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout=30)

    def rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        numbered = iter(range(1, len(params) + 1))
        sql = re.sub(r"\?", lambda _: f"${next(numbered)}", sql)
        return [tuple(row) for row in self._wait(self._connection.fetch(sql, *params))]

    def close(self) -> None:
        self._wait(self._connection.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    def __repr__(self) -> str:
        return f"PostgresDatabase({self.url!r})"


TestDatabase = Path | PostgresDatabase


def rows(db: TestDatabase, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The rows of one query (`?` placeholders) on either backend."""
    if isinstance(db, Path):
        with sqlite3.connect(db) as connection:
            return [tuple(row) for row in connection.execute(sql, params).fetchall()]
    return db.rows(sql, params)
