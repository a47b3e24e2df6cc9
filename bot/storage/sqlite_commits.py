"""Group commit: the writes waiting for the SQLite thread share one transaction.

With `synchronous=FULL` every commit waits for the disk (one `fdatasync`),
and a move makes two or three writes (the move, what was told, which message
shows a hand). On this project's machine a commit that waits for the disk
takes 0.3-1.8 ms, and the database thread did nothing else meanwhile: under
load the disk, not the CPU, set the ceiling (docs/PERFORMANCE.md, "Group
commit"). Here every write that arrives while the thread is busy joins the
next transaction, so a burst of writes costs one sync, and each caller still
returns only once its own write is on the disk.

Order is kept: a batch is put in aiosqlite's queue when its first write
arrives, and any other call (a read, a job of its own) closes the open batch
first, so no write overtakes a call made before it and none falls behind a
call made after it. Each write runs under a savepoint when it shares its
batch: one that fails (a unique constraint, say) is undone alone and raises
in its own caller, while the others commit.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

import aiosqlite

T = TypeVar("T")


class _Item(Generic[T]):
    __slots__ = ("future", "work")

    def __init__(self, work: Callable[[sqlite3.Connection], T], future: asyncio.Future[T]) -> None:
        self.work = work
        self.future = future


class _Batch:
    __slots__ = ("items", "sealed")

    def __init__(self) -> None:
        self.items: list[_Item[Any]] = []
        self.sealed = False


def _settle(items: list[_Item[Any]], outcomes: list[tuple[bool, Any]]) -> None:
    for item, (ok, value) in zip(items, outcomes, strict=True):
        if item.future.done():  # its caller was cancelled; the write stands
            continue
        if ok:
            item.future.set_result(value)
        else:
            item.future.set_exception(value)


class GroupCommit:
    """Writes to one aiosqlite connection, committed in groups (see the module doc)."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._open: _Batch | None = None
        self._lock = threading.Lock()  # the loop adds to a batch, the thread seals it
        self.batches = 0  # transactions committed, and the writes in them (tests read both)
        self.writes = 0

    def seal(self) -> None:
        """Close the open batch: called before any other call is queued."""
        self._open = None

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work(connection)` inside a transaction shared with the writes around
        it; its result once that transaction is committed. `work` must not
        begin or end transactions itself."""
        loop = asyncio.get_running_loop()
        item: _Item[T] = _Item(work, loop.create_future())
        batch = self._open
        joined = False
        if batch is not None:
            with self._lock:
                if not batch.sealed:
                    batch.items.append(item)
                    joined = True
        if joined:
            return await item.future
        batch = self._open = _Batch()
        batch.items.append(item)
        execute: Callable[..., Awaitable[Any]] = self._db._execute
        # Awaited at once: aiosqlite queues the job before this suspends.
        await execute(self._commit, batch, self._db._conn, loop)
        return await item.future

    def _commit(
        self, batch: _Batch, connection: sqlite3.Connection, loop: asyncio.AbstractEventLoop
    ) -> None:
        """On the database thread: the batch's writes, one transaction."""
        with self._lock:
            batch.sealed = True
            items = list(batch.items)
        try:
            outcomes = self._transaction(connection, items)
        except Exception as error:  # the transaction itself failed: nothing stands
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            outcomes = [(False, error)] * len(items)
        loop.call_soon_threadsafe(_settle, items, outcomes)

    def _transaction(
        self, connection: sqlite3.Connection, items: list[_Item[Any]]
    ) -> list[tuple[bool, Any]]:
        outcomes: list[tuple[bool, Any]] = []
        connection.execute("BEGIN IMMEDIATE")
        if len(items) == 1:  # alone: the transaction is its savepoint
            try:
                outcomes.append((True, items[0].work(connection)))
            except Exception as error:
                connection.execute("ROLLBACK")
                return [(False, error)]
        else:
            for item in items:
                connection.execute("SAVEPOINT write")
                try:
                    value = item.work(connection)
                except Exception as error:
                    connection.execute("ROLLBACK TO write")
                    outcomes.append((False, error))
                else:
                    outcomes.append((True, value))
                connection.execute("RELEASE write")
        connection.execute("COMMIT")
        self.batches += 1
        self.writes += len(items)
        return outcomes
