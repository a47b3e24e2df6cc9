"""Timers: turn deadlines, reminders, computer moves and lobby timeouts.

The service never sleeps. It asks a scheduler to run a job at a wall-clock
time, keyed so that a newer timer for the same purpose replaces the older
one. Production uses the event loop; tests use `ManualScheduler` and move
time forward by hand, so no test waits on a real clock.
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


class Scheduler(Protocol):
    def now(self) -> float: ...

    def call_at(self, when: float, key: Hashable, job: Job) -> None:
        """Run `job` at `when` (wall-clock seconds); replaces a timer with the same key."""

    def cancel(self, key: Hashable) -> None: ...


async def _run(key: Hashable, job: Job) -> None:
    try:
        await job()
    except Exception:
        log.exception("timer %s failed", key)


class AsyncioScheduler:
    def __init__(self) -> None:
        self._handles: dict[Hashable, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, key: Hashable, job: Job) -> None:
        self.cancel(key)
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self._handles.pop(key, None)
            task = loop.create_task(_run(key, job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        self._handles[key] = loop.call_later(max(0.0, when - self.now()), fire)

    def cancel(self, key: Hashable) -> None:
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle.cancel()

    def cancel_all(self) -> None:
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()

    def pending(self) -> int:
        return len(self._handles)


@dataclass(order=True)
class _Entry:
    when: float
    order: int
    key: Hashable = field(compare=False)
    job: Job = field(compare=False)
    cancelled: bool = field(default=False, compare=False)


class ManualScheduler:
    """A scheduler whose time moves only when a test says so."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start
        self._queue: list[_Entry] = []
        self._by_key: dict[Hashable, _Entry] = {}
        self._order = 0

    def now(self) -> float:
        return self.time

    def call_at(self, when: float, key: Hashable, job: Job) -> None:
        self.cancel(key)
        self._order += 1
        entry = _Entry(when, self._order, key, job)
        self._by_key[key] = entry
        heapq.heappush(self._queue, entry)

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
            await _run(entry.key, entry.job)
            fired += 1
        self.time = target
        return fired
