"""The computers' and the charts' process pools, kept for a whole test run.

Every bot a test starts has its own `Thinking` (bot/tables/thinking.py),
which spawns its worker processes on first use: a fresh interpreter that
imports the engine (and matplotlib, for a chart) — about a second of CPU
per test that plays a computer or ends a match, spent again in the next
test (issue 69). Here `Thinking` gets pools that outlive it: one per kind
(same size, same initializer) for the test process, so the workers are
spawned once per xdist worker, at the test's own priority. A bot's
`close()` gives its pools back (queued work of its own is cancelled, as a
real shutdown does), and a broken pool (a worker killed) is replaced by a
fresh one, as `Thinking` itself would. tests/bot/tables/test_thinking.py, which is about the
pools' processes, keeps real ones of its own (marker `own_pools`).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, ParamSpec, TypeVar

from bot.tables.thinking import _worker_setup

P = ParamSpec("P")
T = TypeVar("T")


class _Borrowed(Executor):
    """A bot's view of a shared pool: its own shutdown cancels its own
    queued work and leaves the pool running."""

    def __init__(self, pool: ProcessPoolExecutor) -> None:
        self.pool = pool
        self._futures: set[Future[Any]] = set()

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future = self.pool.submit(fn, *args, **kwargs)
        self._futures.add(future)
        future.add_done_callback(self._futures.discard)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures:
            for future in list(self._futures):
                future.cancel()


class SharedPools:
    """Process pools by (size, initializer, its arguments), for the whole run."""

    def __init__(self) -> None:
        self._pools: dict[tuple[Any, ...], ProcessPoolExecutor] = {}

    def make(
        self,
        max_workers: int | None = None,
        mp_context: Any = None,
        initializer: Callable[..., object] | None = None,
        initargs: tuple[Any, ...] = (),
    ) -> Executor:
        """What `Thinking` calls in place of `ProcessPoolExecutor(...)`."""
        key = (max_workers, initializer, initargs)
        pool = self._pools.get(key)
        if pool is None or getattr(pool, "_broken", False):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            # At the test process's own priority, not Thinking's lower ones
            # (os.nice 10 and 19, for a production host): at 19 a chart
            # waited over a minute on a machine loaded with parallel tests.
            # No test here is about the niceness.
            niceness = (0,) if initializer is _worker_setup else initargs
            pool = ProcessPoolExecutor(
                max_workers, mp_context=mp_context, initializer=initializer, initargs=niceness
            )
            self._pools[key] = pool
        return _Borrowed(pool)

    def close(self) -> None:
        """At the end of the run."""
        for pool in self._pools.values():
            pool.shutdown(wait=True, cancel_futures=True)
        self._pools.clear()


def load_charts() -> None:
    """In a chart worker: load the drawing library (matplotlib), as a bot
    that has drawn before has it loaded."""
    import bot.view.charts  # noqa: F401
