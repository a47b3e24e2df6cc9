"""Locks by key that forget idle keys, so a long-running bot does not keep a
lock for every table it ever saw.

With several bot processes on one database, a lock must hold across them:
`KeyedLocks(shared=...)` takes its in-process lock first (so one process
sends one waiter per key to the database, not one per task) and then the
shared lock, a `SharedLocks` that the store provides: PostgreSQL's advisory
locks for tables (bot/storage/postgres_locks.py), leases for message lanes
(bot/storage/postgres_leases.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Hashable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

# A lock per key held across every process of the bot; released by the
# database when the process holding it dies, so a killed worker's locks pass
# to the others at once.
SharedLocks = Callable[[Hashable], AbstractAsyncContextManager[None]]


class KeyedLocks:
    def __init__(self, shared: SharedLocks | None = None) -> None:
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._users: dict[Hashable, int] = {}
        self.shared = shared

    @asynccontextmanager
    async def __call__(self, key: Hashable) -> AsyncIterator[None]:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                if self.shared is None:
                    yield
                else:
                    async with self.shared(key):
                        yield
        finally:
            left = self._users[key] - 1
            if left:
                self._users[key] = left
            else:
                # Nobody holds or waits for it: the next user makes a fresh one.
                del self._users[key]
                del self._locks[key]

    def __len__(self) -> int:
        return len(self._locks)
