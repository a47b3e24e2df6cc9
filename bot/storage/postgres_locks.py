"""Locks across bot processes on one PostgreSQL database: advisory locks.

Several workers (webhook mode, any of them may receive any update) play the
same tables. A table's requests and timer jobs run under a lock that holds
across processes (bot/locks.py takes the in-process one first, so each
process sends at most one waiter per key). Nothing holds one across network
I/O: a commit holds it for milliseconds, and the message lanes, whose jobs
wait on Telegram, are held by leases instead (bot/storage/postgres_leases.py),
so a table's lock never queues behind delivery.

An advisory lock belongs to a database session: each task that holds a
lock keeps one connection of a small set of its own, at most `held` of them
(DATABASE_LOCKS; the store's one connection runs its jobs in order and must
never wait for a lock), and a lock it takes inside (a chat's, then a
table's) goes on the same connection; more waiters wait in the process.
When a worker dies, even by
SIGKILL, the server ends its sessions and releases their locks: that is the
lease. The other workers take over at once, and each of them re-checks the
stored table under the lock (a timer acts only on the version it was armed
for), so a deadline acts once however many workers armed it.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from typing import Any

from bot.storage.postgres_setup import connect
from bot.storage.store import LOCK_CONNECTIONS
from bot.storage.url import DatabaseUrl


def lock_number(key: Hashable) -> int:
    """A stable signed 64-bit number for a key (the same in every process,
    unlike `hash`); a collision only makes two keys share a lock."""
    digest = hashlib.blake2b(repr(("burkozel", key)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class PostgresLocks:
    """`async with locks(key):` holds the advisory lock of `key`."""

    def __init__(
        self, url: DatabaseUrl, durable: bool = True, held: int = LOCK_CONNECTIONS
    ) -> None:
        self.url = url
        self.durable = durable
        self._idle: list[Any] = []
        self._held: set[Any] = set()
        self._room = asyncio.Semaphore(held)
        self._closed = False
        # The connection of each task that holds a lock: a lock it takes
        # inside (a chat's, then a table's) is taken on the same connection,
        # so nesting never waits for a second one (a full pool of tasks each
        # waiting for its second connection would wait for ever).
        self._by_task: dict[asyncio.Task[Any], Any] = {}

    async def _take(self) -> Any:
        while self._idle:
            connection = self._idle.pop()
            if not connection.is_closed():
                return connection
        return await connect(self.url, self.durable)

    @asynccontextmanager
    async def __call__(self, key: Hashable) -> AsyncIterator[None]:
        number = lock_number(key)
        task = asyncio.current_task()
        assert task is not None
        outer = self._by_task.get(task)
        if outer is not None:
            async with self._nested(outer, number):
                yield
            return
        async with self._room:
            connection = await self._take()
            self._held.add(connection)
            try:
                await connection.execute("SELECT pg_advisory_lock($1)", number)
            except BaseException:
                # Cancelled while waiting, or the connection is lost: the
                # server may still grant the lock; ending the session frees it.
                self._held.discard(connection)
                connection.terminate()
                raise
            self._by_task[task] = connection
            try:
                yield
            finally:
                del self._by_task[task]
                self._held.discard(connection)
                try:
                    await connection.execute("SELECT pg_advisory_unlock($1)", number)
                except BaseException:
                    connection.terminate()
                    raise
                if self._closed:
                    await connection.close()
                else:
                    self._idle.append(connection)

    @asynccontextmanager
    async def _nested(self, connection: Any, number: int) -> AsyncIterator[None]:
        """A lock taken inside another on the holder's connection (a session
        may hold several advisory locks). A failure here ends the session,
        the outer lock with it: the holder's task fails out of both."""
        try:
            await connection.execute("SELECT pg_advisory_lock($1)", number)
        except BaseException:
            connection.terminate()
            raise
        try:
            yield
        finally:
            try:
                await connection.execute("SELECT pg_advisory_unlock($1)", number)
            except BaseException:
                connection.terminate()
                raise

    async def close(self) -> None:
        """At the store's close: idle connections closed; a lock still held
        (a job the shutdown left running) is dropped with its session, as the
        end of the process would drop it, so no other worker waits for it."""
        self._closed = True
        idle, self._idle = self._idle, []
        held, self._held = list(self._held), set()
        for connection in held:
            connection.terminate()
        for connection in idle:
            await connection.close()

    def terminate(self) -> None:
        """Drop every connection at once, held locks included, as the death of
        the process would (tests that play a killed worker)."""
        self._closed = True
        dropped, self._idle = [*self._idle, *self._held], []
        self._held.clear()
        for connection in dropped:
            connection.terminate()
