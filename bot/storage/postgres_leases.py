"""Leases across bot processes on one PostgreSQL database: the turn of a
message lane (bot/tables/outbox.py), held while its job waits on Telegram.

A table's lock is an advisory lock (bot/storage/postgres_locks.py), and an
advisory lock keeps a connection for as long as it is held: right for the
milliseconds of a commit, wrong for a message job, which may wait on
Telegram for seconds (a group's 20 a minute, a 429 pause, retries). Lanes
held that way once took every connection of the pool, and a tap on a quiet
table waited seconds for one (issue 57). So a lane is held by a row of
`leases` (migration 9) instead: one statement takes it (inserted, or taken
over when its lease lapsed: a compare-and-set), the job talks to Telegram
holding no lock and no connection, and one statement gives it back. A
worker sends all its lease statements down one connection of its own.

A lease lapses `LEASE_SECONDS` after it was taken unless its owner renews
it: a running worker pushes the end of every lease it holds on every
`RENEW_SECONDS` (one statement for all of them), so a lease outlives its
owner by at most `LEASE_SECONDS`, and a worker whose event loop stood still
that long loses its leases. Whoever finds a lane taken waits for the
NOTIFY its holder sends when it gives the lane back (the connection
LISTENs), and tries again after a doubling pause anyway (a dead holder's
lease must lapse; a notice can be lost with a connection).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections import Counter
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.storage.postgres_locks import lock_number
from bot.storage.postgres_setup import connect
from bot.storage.records import StorageError
from bot.storage.url import DatabaseUrl

log = logging.getLogger(__name__)

LEASE_SECONDS = 15.0
RENEW_SECONDS = 5.0
# Pauses between tries for a lane taken by another worker: doubling, at most this.
FIRST_PAUSE = 0.05
MAX_PAUSE = 1.0
CHANNEL = "burkozel_leases"

_NOW = "extract(epoch FROM clock_timestamp())::double precision"
_TAKE = f"""
    INSERT INTO leases (key, owner, until) VALUES ($1, $2, {_NOW} + $3::double precision)
    ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, until = excluded.until
     WHERE leases.owner = excluded.owner OR leases.until < {_NOW}
    RETURNING key"""
_GIVE = f"""
    WITH gone AS (DELETE FROM leases WHERE key = $1 AND owner = $2 RETURNING key)
    SELECT pg_notify('{CHANNEL}', key::text) FROM gone"""
_RENEW = f"""
    UPDATE leases SET until = {_NOW} + $3::double precision
     WHERE owner = $1 AND key = ANY($2::bigint[])"""


def owner_name() -> str:
    """Who holds a lease, readable in the table: host, process, and a random
    part (a restarted process may get its old id)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class PostgresLeases:
    """`async with leases(key):` holds the lease of `key` across the workers.

    The lease is the process's: the caller keeps its own tasks apart (bot/locks.py
    takes an in-process lock first, so one task a key asks the database)."""

    def __init__(self, url: DatabaseUrl, term: float = LEASE_SECONDS) -> None:
        self.url = url
        self.term = term
        self.owner = owner_name()
        self._connection: Any = None
        self._use = asyncio.Lock()  # asyncpg runs one statement at a time
        self._held: Counter[int] = Counter()
        self._waiting: dict[int, set[asyncio.Event]] = {}
        self._renewer: asyncio.Task[None] | None = None
        self._closed = False

    async def _run(self, sql: str, *args: Any) -> Any:
        async with self._use:
            if self._closed:
                raise StorageError("the PostgreSQL store is closed")
            if self._connection is None or self._connection.is_closed():
                self._connection = await connect(self.url, durable=False)
                await self._connection.add_listener(CHANNEL, self._given_back)
            try:
                return await self._connection.fetchval(sql, *args)
            except asyncpg.PostgresError:
                raise
            except BaseException:
                # Lost, or cancelled mid-statement: asyncpg may be left
                # mid-operation. A fresh connection for the next statement.
                self._connection.terminate()
                self._connection = None
                raise

    def _given_back(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        for waiter in self._waiting.get(int(payload), ()):
            waiter.set()

    async def _take(self, number: int) -> None:
        waiter = asyncio.Event()
        self._waiting.setdefault(number, set()).add(waiter)
        pause = FIRST_PAUSE
        try:
            while True:
                waiter.clear()
                if await self._run(_TAKE, number, self.owner, self.term) is not None:
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(waiter.wait(), pause)
                pause = min(pause * 2, MAX_PAUSE)
        finally:
            waiters = self._waiting[number]
            waiters.discard(waiter)
            if not waiters:
                del self._waiting[number]

    @asynccontextmanager
    async def __call__(self, key: Hashable) -> AsyncIterator[None]:
        number = lock_number(key)
        await self._take(number)
        self._held[number] += 1
        if self._renewer is None:
            self._renewer = asyncio.get_running_loop().create_task(
                self._renew(), name="postgres-leases"
            )
        try:
            yield
        finally:
            self._held[number] -= 1
            if not self._held[number]:
                del self._held[number]
                # After `close` it was given back already; after `terminate` it lapses.
                if not self._closed:
                    await self._give(number)

    async def _give(self, number: int) -> None:
        try:
            await self._run(_GIVE, number, self.owner)
        except Exception as error:
            # Not renewed any more: it lapses within the lease's term.
            log.warning("a lane's lease was not given back (%s); it lapses", error)

    async def _renew(self) -> None:
        while not self._closed:
            await asyncio.sleep(RENEW_SECONDS)
            if not self._held:
                continue
            try:
                await self._run(_RENEW, self.owner, list(self._held), self.term)
            except Exception as error:
                log.warning("the leases of message lanes were not renewed (%s)", error)

    async def close(self) -> None:
        """At the store's close: leases still held (jobs the shutdown left
        running) are given back at once, so no other worker waits for them
        to lapse."""
        if self._held:
            with contextlib.suppress(Exception):
                await self._run("DELETE FROM leases WHERE owner = $1", self.owner)
        self._stop()
        if self._renewer is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close()

    def terminate(self) -> None:
        """Drop the connection as the death of the process would: the leases
        held are left to lapse (tests that play a killed worker)."""
        self._stop()
        if self._connection is not None:
            self._connection.terminate()

    def _stop(self) -> None:
        self._closed = True
        if self._renewer is not None:
            self._renewer.cancel()
