"""The tests' scheduler: time moves only when a test says so, so no test waits
on a real clock and a turn deadline or a lobby timeout fires exactly when the
test moves past it. It keeps production's retry rule by running every job
through `bot.clock.run_timer`; only the clock is the test's.

The wire's pauses (a retry's backoff, a 429's retry_after: `sleep`) pass at
once: each is recorded in `slept` and moves the wire's clock (`monotonic`,
the send budgets') on by as much, so a chat paused by a 429 is free again
when its retry comes. They leave the tables' time (`now`) where it is: no
turn timer is due because a request was retried."""

from __future__ import annotations

import asyncio
import heapq
from collections.abc import Hashable
from dataclasses import dataclass, field

from bot.clock import Job, run_timer


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
        self.slept: list[float] = []  # the wire's pauses, in the order asked
        self._skipped = 0.0  # their sum

    def now(self) -> float:
        return self.time

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self._skipped += seconds
        await asyncio.sleep(0)  # the pause is over, but others run first, as after a real one

    def monotonic(self) -> float:
        return asyncio.get_running_loop().time() + self._skipped

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
            pause = await run_timer(entry.key, entry.job, entry.failures)
            if pause is not None and entry.key not in self._by_key:
                self.call_at(self.time + pause, entry.key, entry.job, entry.failures + 1)
            fired += 1
        self.time = target
        return fired
