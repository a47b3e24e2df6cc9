"""Timers: turn deadlines, reminders, computer moves and lobby timeouts.

The service never sleeps. It asks a scheduler to run a job at a wall-clock
time, keyed so that a newer timer for the same purpose replaces the older
one. Production uses the event loop; tests use a manual scheduler
(tests/support/manual_clock.py) and move time forward by hand, so no test
waits on a real clock.

A job that fails (the database is unreachable, say) is not dropped: it runs
again under the same key after a pause that doubles up to a minute, unless
a newer timer took the key meanwhile. Timer jobs check the table's version
before acting, so running one again is safe; a table whose timer was lost
all the same is re-armed by the watchdog in bot/tables/turns.py.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
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

    async def sleep(self, seconds: float) -> None:
        """A pause in this scheduler's time: the wire's retries after a lost
        request or a 429 wait here, so a test's scheduler can let them pass
        at once."""

    def monotonic(self) -> float:
        """The wire's clock for its send budgets and pauses (a 429's): it
        moves on by every `sleep` as well as with the world."""


async def run_timer(key: Hashable, job: Job, failures: int) -> float | None:
    """Run the job; after a failure, the pause before it runs again. Every
    scheduler, the tests' manual one too, runs its jobs through here, so a
    failing timer is retried and logged alike everywhere."""
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

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def monotonic(self) -> float:
        return asyncio.get_running_loop().time()

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
        pause = await run_timer(key, job, failures)
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
