"""The coach's queue (issue 66): reviews wait here for the reviews' lane of
bot/tables/thinking.py, a bounded number at a time, and the same review
asked twice is computed once.

Why a queue of our own in front of the pool: the pool's queue cannot be
counted, bounded or searched. Here `slots` reviews are handed to the pool
at once (as many as it has processes), the rest wait in order of asking,
at most `capacity` of them (beyond that a tap is told to come back later),
and a review asked while the same one waits or runs joins it. A
computer's move never enters this queue: it has its own pool.

`Rate` is the other bound: a person may ask a few reviews a minute.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable

# Reviews waiting or running at most, over the whole bot.
CAPACITY = 64
# A person's reviews asked at most in `RATE_WINDOW` seconds.
RATE_COUNT = 4
RATE_WINDOW = 60.0


class Full(Exception):
    """The queue holds `capacity` reviews already: ask again later."""


class ReviewQueue:
    def __init__(self, slots: int = 1, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._slots = asyncio.Semaphore(slots)
        self._jobs: dict[str, asyncio.Future[str]] = {}  # waiting or running, by key

    def __len__(self) -> int:
        """Reviews waiting or running."""
        return len(self._jobs)

    def __contains__(self, key: str) -> bool:
        return key in self._jobs

    def submit(self, key: str, compute: Callable[[], Awaitable[str]]) -> asyncio.Future[str]:
        """The review under `key`: the one already waiting or running, or
        `compute` queued behind the others; `Full` when there is no room.
        Whoever awaits the future gets the result or `compute`'s error."""
        job = self._jobs.get(key)
        if job is not None:
            return job
        if len(self._jobs) >= self.capacity:
            raise Full(key)
        task = asyncio.get_running_loop().create_task(self._run(key, compute))
        self._jobs[key] = task
        return task

    async def _run(self, key: str, compute: Callable[[], Awaitable[str]]) -> str:
        try:
            async with self._slots:  # FIFO: asyncio's semaphore wakes waiters in order
                return await compute()
        finally:
            self._jobs.pop(key, None)  # done: out of the count at once


class Rate:
    """At most `count` asks per person in any `window` seconds of `now()`."""

    def __init__(
        self, now: Callable[[], float], count: int = RATE_COUNT, window: float = RATE_WINDOW
    ) -> None:
        self.now = now
        self.count = count
        self.window = window
        self._asked: dict[int, deque[float]] = {}

    def wait(self, user_id: int) -> float:
        """Seconds until the person may ask again (0: now; the ask is counted)."""
        now = self.now()
        asked = self._asked.setdefault(user_id, deque())
        while asked and asked[0] <= now - self.window:
            asked.popleft()
        if len(asked) >= self.count:
            return asked[0] + self.window - now
        asked.append(now)
        if len(self._asked) > 10_000:  # bounded: people who asked long ago go
            old = now - self.window
            for other in [u for u, times in self._asked.items() if not times or times[-1] <= old]:
                del self._asked[other]
        return 0.0
