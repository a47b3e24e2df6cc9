"""The SQLite driver, through aiosqlite: the embedded default backend.

Every statement arrives in PostgreSQL's words and is rendered once into
SQLite's (`render_sqlite`). Writes go through `GroupCommit`
(bot/storage/sqlite_commits.py): those that arrive while the database
thread is busy share one transaction, so a burst of moves waits for the
disk once, not once each. A transaction body runs on the database thread
as one job (each aiosqlite call is a trip to that thread, a hand-off of
about 0.16 ms of CPU measured alone on this project's machine), under a
savepoint of its batch: one that fails is undone alone.

aiosqlite runs calls in the order they were made, and every method here
hands its work over before its first suspension: the ordering the store
promises. aiosqlite has no public call to run a function on its thread;
`job` and the group commit use `Connection._execute` and `_conn`, the queue
its own public methods go through. pyproject.toml keeps aiosqlite below the
next minor release, and tests/bot/test_private_apis.py fails loudly if
either changes shape.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.storage.driver import Body, Done, Duplicate, Row, Step, render_sqlite
from bot.storage.records import StorageError
from bot.storage.sqlite_commits import GroupCommit
from bot.storage.sqlite_setup import configure, migrate, probe_write, why_unusable
from bot.storage.store import LOCK_CONNECTIONS, Store
from bot.storage.url import DatabaseUrl

T = TypeVar("T")


async def open_backend(
    url: DatabaseUrl,
    durable: bool = True,
    locks: int = LOCK_CONNECTIONS,
    on_commit: Callable[[float], None] | None = None,
) -> SqliteStore:
    """The backend `sqlite:///...` names (see bot/storage/url.py). `locks`
    is PostgreSQL's: SQLite is one process's and locks nothing across them."""
    assert url.path is not None
    return await SqliteStore.open(url.path, durable=durable, on_commit=on_commit)


def _bound(sql: str, args: Sequence[Any]) -> tuple[str, Sequence[Any]]:
    text, lists = render_sqlite(sql)
    if lists:
        args = [json.dumps(a) if isinstance(a, list | tuple) else a for a in args]
    return text, args


def _run(connection: sqlite3.Connection, step: Step) -> Done:
    text, args = _bound(step.sql, step.args)
    try:
        if step.many:
            connection.executemany(text, [_bound(step.sql, a)[1] for a in args])
            return Done(-1, [])
        cursor = connection.execute(text, args)
        rows = cursor.fetchall()
    except sqlite3.IntegrityError as error:
        if "UNIQUE" in str(error):
            raise Duplicate(str(error)) from error
        raise
    return Done(cursor.rowcount, rows)


def _drive(connection: sqlite3.Connection, body: Body[T]) -> T:
    """A transaction body, run to its end on the database thread."""
    done: Done | None = None
    while True:
        try:
            step = body.send(done) if done is not None else next(body)
        except StopIteration as stop:
            return cast(T, stop.value)
        done = _run(connection, step)


class SqliteDriver:
    """One aiosqlite connection (and, for long reads, a second one); every
    call is one trip to its thread."""

    def __init__(self, connection: aiosqlite.Connection, path: Path, durable: bool = True) -> None:
        self._db = connection
        self.commits = GroupCommit(connection)
        self.path = path
        self.durable = durable
        # A second, read-only connection for /top (S7): its own thread, so a
        # leaderboard being read never holds up a move's commit on `_db`.
        self._reader: aiosqlite.Connection | None = None
        self._reader_opening = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str, durable: bool = True) -> SqliteDriver:
        path = Path(path)
        if path.parent and not path.parent.exists():
            raise StorageError(f"database folder {path.parent} does not exist")
        if path.is_dir():
            raise StorageError(f"database path {path} is a folder, not a file")
        try:
            # Opened once here first: a file SQLite cannot open fails before
            # aiosqlite starts a thread that would have to be wound down.
            sqlite3.connect(path).close()
        except sqlite3.Error as error:  # a new file in a read-only folder, say
            raise StorageError(why_unusable(path, error)) from None
        try:
            connection = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise StorageError(f"cannot open database {path}: {error}") from None
        driver = cls(connection, path, durable)
        try:
            await configure(connection, durable)
            await migrate(connection, path)
            await driver.job(probe_write)
        except sqlite3.DatabaseError as error:
            await connection.close()
            raise StorageError(why_unusable(path, error)) from None
        except StorageError:  # a schema newer than the code
            await connection.close()
            raise
        return driver

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
        await self._db.close()

    @property
    def total_changes(self) -> int:
        """Rows changed since the connection opened (tests count writes with it)."""
        return self._db.total_changes

    async def job(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work(connection)` on the database thread as one job: no other
        statement runs in the middle of it (see the module doc)."""
        self.commits.seal()
        execute: Callable[..., Awaitable[Any]] = self._db._execute
        return cast(T, await execute(work, self._db._conn))

    async def read(self, sql: str, args: Sequence[Any] = (), aside: bool = False) -> list[Row]:
        text, bound = _bound(sql, args)
        if aside:
            reader = await self._read_only()
            return list(await reader.execute_fetchall(text, bound))
        self.commits.seal()
        return list(await self._db.execute_fetchall(text, bound))

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        text, bound = _bound(sql, args)
        return await self.commits.run(lambda connection: connection.execute(text, bound).rowcount)

    async def transact(self, body: Callable[[], Body[T]], readonly: bool = False) -> T:
        if readonly:  # one job: nothing else runs on the connection between its reads
            return await self.job(lambda connection: _drive(connection, body()))
        return await self.commits.run(lambda connection: _drive(connection, body()))

    async def _read_only(self) -> aiosqlite.Connection:
        """The reading connection, opened at its first use (WAL lets it read
        while `_db` writes; it sees what is committed)."""
        async with self._reader_opening:
            if self._reader is None:
                reader = await aiosqlite.connect(f"file:{self.path}?mode=ro", uri=True)
                await reader.execute("PRAGMA busy_timeout = 5000")
                self._reader = reader
            return self._reader


class SqliteStore(Store):
    """The store on a SQLite file."""

    driver: SqliteDriver

    @classmethod
    async def open(
        cls,
        path: Path | str,
        durable: bool = True,
        on_commit: Callable[[float], None] | None = None,
    ) -> SqliteStore:
        return cls(await SqliteDriver.open(path, durable), on_commit=on_commit)
