"""Timers: turn deadlines, reminders, computer moves and lobby timeouts.

The service never sleeps. It asks a scheduler to run a job at a wall-clock
time, keyed so that a newer timer for the same purpose replaces the older
one. Production uses the event loop; tests use `ManualScheduler` and move
time forward by hand, so no test waits on a real clock.

A job that fails (the database is unreachable, say) is not dropped: it runs
again under the same key after a pause that doubles up to a minute, unless
a newer timer took the key meanwhile. Timer jobs check the table's version
before acting, so running one again is safe; a table whose timer was lost
all the same is re-armed by the watchdog in bot/tables/turns.py.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Protocol

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]

# Pauses before a failed job runs again: 1, 2, 4, ... seconds, at most a minute.
RETRY_FIRST = 1.0
RETRY_MAX = 60.0


def retry_pause(failures: int) -> float:
    """The pause after the `failures`-th failure in a row of one timer."""
    return float(min(RETRY_MAX, RETRY_FIRST * 2 ** (failures - 1)))


class Scheduler(Protocol):
    def now(self) -> float: ...

    def call_at(self, when: float, key: Hashable, job: Job) -> None:
        """Run `job` at `when` (wall-clock seconds); replaces a timer with the same key."""

    def cancel(self, key: Hashable) -> None: ...

    def scheduled(self, key: Hashable) -> bool:
        """A timer with this key is waiting (a job that is running is not)."""


async def _run(key: Hashable, job: Job, failures: int) -> float | None:
    """Run the job; after a failure, the pause before it runs again."""
    try:
        await job()
    except Exception as error:
        pause = retry_pause(failures + 1)
        if failures == 0:
            log.exception("timer %s failed; retrying in %.0f s", key, pause)
        else:
            log.warning(
                "timer %s failed again (%d times: %s); retrying in %.0f s",
                key,
                failures + 1,
                error,
                pause,
            )
        return pause
    return None


class AsyncioScheduler:
    def __init__(self) -> None:
        self._handles: dict[Hashable, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopped = False

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, key: Hashable, job: Job) -> None:
        self._call_at(when, key, job, 0)

    def _call_at(self, when: float, key: Hashable, job: Job, failures: int) -> None:
        self.cancel(key)
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self._handles.pop(key, None)
            task = loop.create_task(self._attempt(key, job, failures))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        self._handles[key] = loop.call_later(max(0.0, when - self.now()), fire)

    async def _attempt(self, key: Hashable, job: Job, failures: int) -> None:
        pause = await _run(key, job, failures)
        if pause is not None and key not in self._handles and not self._stopped:
            self._call_at(self.now() + pause, key, job, failures + 1)

    def scheduled(self, key: Hashable) -> bool:
        return key in self._handles

    def cancel(self, key: Hashable) -> None:
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle.cancel()

    def cancel_all(self) -> None:
        """Shutting down: no timer runs again, a failed one is not retried."""
        self._stopped = True
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()

    async def settle(self, timeout: float = 3.0) -> None:
        """Wait (a while) for timer jobs already running, say a computer that is
        thinking, so that none of them meets a closed database at shutdown."""
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=timeout)

    def pending(self) -> int:
        return len(self._handles)


@dataclass(order=True)
class _Entry:
    when: float
    order: int
    key: Hashable = field(compare=False)
    job: Job = field(compare=False)
    cancelled: bool = field(default=False, compare=False)
    failures: int = field(default=0, compare=False)


class ManualScheduler:
    """A scheduler whose time moves only when a test says so."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start
        self._queue: list[_Entry] = []
        self._by_key: dict[Hashable, _Entry] = {}
        self._order = 0

    def now(self) -> float:
        return self.time

    def call_at(self, when: float, key: Hashable, job: Job, failures: int = 0) -> None:
        self.cancel(key)
        self._order += 1
        entry = _Entry(when, self._order, key, job, failures=failures)
        self._by_key[key] = entry
        heapq.heappush(self._queue, entry)

    def scheduled(self, key: Hashable) -> bool:
        return key in self._by_key

    def cancel(self, key: Hashable) -> None:
        entry = self._by_key.pop(key, None)
        if entry is not None:
            entry.cancelled = True

    def due(self) -> list[Hashable]:
        return [e.key for e in sorted(self._queue) if not e.cancelled]

    def next_time(self) -> float | None:
        live = [e.when for e in self._queue if not e.cancelled]
        return min(live) if live else None

    async def advance(self, seconds: float) -> int:
        """Move time forward and run every job that falls due, in time order."""
        target = self.time + seconds
        fired = 0
        while self._queue and self._queue[0].when <= target:
            entry = heapq.heappop(self._queue)
            if entry.cancelled:
                continue
            self._by_key.pop(entry.key, None)
            self.time = max(self.time, entry.when)
            pause = await _run(entry.key, entry.job, entry.failures)
            if pause is not None and entry.key not in self._by_key:
                self.call_at(self.time + pause, entry.key, entry.job, entry.failures + 1)
            fired += 1
        self.time = target
        return fired
