"""Locks by key that forget idle keys, so a long-running bot does not keep a
lock for every table it ever saw."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._users: dict[Hashable, int] = {}

    @asynccontextmanager
    async def __call__(self, key: Hashable) -> AsyncIterator[None]:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
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
