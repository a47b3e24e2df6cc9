"""Where computer players think: in worker processes, never on the event loop.

A `hard` decision searches for about 270 ms of pure Python. In a thread of the
bot's own process it holds the GIL, and the event loop that answers every
chat waits for it: eight hard tables thinking at once put the loop's p95 lag
at ~110 ms (issue 13). In a process pool the loop only pickles a position
(a few kilobytes) and waits on a future; the search runs on another core, or
at least under the operating system's scheduler rather than the GIL's.

`workers` bounds how many decisions run at once over the whole bot (the rest
wait their turn in the pool's queue), so a crowd of computer tables costs at
most that many cores; each decision's time budget is its own. With
`workers=0` decisions run in a thread of this process, as before: the old
behaviour, kept for comparison (bench/computer_lag.py).

Charts (bot/tables/pictures.py) are drawn in a pool of their own, one
process at a lower priority still (S16): a crowd of `/stats` queues behind
one chart process and never takes a computer's worker or its core first.

The engine stays pure: the worker functions below only call it. The
computer players travel with the position (pickled, about 16 KB for `hard`)
and come back with the decision, with what they learnt of it: the service
keeps them between decisions (bot/tables/minds.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from engine import Action, MatchState, TableView
from engine.ai import Player, next_actor

log = logging.getLogger(__name__)

T = TypeVar("T")

# The computer player of each seat the computer plays now.
Seats = Mapping[int, Player]


# How much lower than the bot's own process the workers run (os.nice): when
# the machine's cores are all busy, the loop that answers the chats goes first
# and a search gets what is left (its budget is wall-clock time: it just
# looks at fewer worlds).
WORKER_NICENESS = 10
# The chart process's: below the computers, whose moves people wait for.
CHART_NICENESS = 19
CHART_WORKERS = 1


def _worker_setup(niceness: int = WORKER_NICENESS) -> None:
    """The worker processes' initializer: a lower priority, and Ctrl-C (sent to
    the whole process group in a terminal) left to the bot, which stops the
    pool itself: a worker must not die of it with a traceback."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: the bot's priority then
            os.nice(niceness)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def decide(state: MatchState, seats: Seats) -> tuple[tuple[int, Action] | None, Seats]:
    """The computers' next action at this table, and the players after
    thinking it (runs in a worker)."""
    return next_actor(state, seats), seats


def choose(view: TableView, player: Player) -> tuple[Action | None, Player]:
    """What a stand-in plays for an absent person, from their seat's view,
    and the stand-in after choosing it (in a worker)."""
    return player.choose(view), player


class Thinking:
    """The computers' thinking room: a process pool of `workers` processes,
    and the charts' pool of `CHART_WORKERS` (`run`), each started on first
    use (a bot without computer tables or charts starts none). `on_decision`:
    told each decision's seconds, the wait for a free worker included (the
    metrics' histogram; this room counts nothing itself)."""

    def __init__(
        self, workers: int = 2, on_decision: Callable[[float], None] | None = None
    ) -> None:
        self.workers = workers
        self.on_decision = on_decision
        self._pool: ProcessPoolExecutor | None = None
        self._charts: ProcessPoolExecutor | None = None
        self._closed = False

    def _executor(self, charts: bool = False) -> Executor | None:
        if self.workers <= 0 or self._closed:
            return None  # the loop's default thread pool (after close: a straggler)
        pool = self._charts if charts else self._pool
        if pool is None:
            # "spawn": the bot's process runs threads (the database's), and a
            # forked child could inherit a lock some thread held.
            context = multiprocessing.get_context("spawn")
            niceness = CHART_NICENESS if charts else WORKER_NICENESS
            pool = ProcessPoolExecutor(
                CHART_WORKERS if charts else self.workers,
                mp_context=context,
                initializer=_worker_setup,
                initargs=(niceness,),
            )
            if charts:
                self._charts = pool
            else:
                self._pool = pool
        return pool

    async def _run(self, function: Any, *args: Any, charts: bool = False) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(charts), function, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and
            # think once more; a second failure goes to the timer's retry.
            # Not once the bot is stopping (the workers may have had its SIGTERM).
            if self._closed:
                raise
            log.warning("a worker process died; starting new ones")
            self._drop(charts)
            return await loop.run_in_executor(self._executor(charts), function, *args)

    async def decide(
        self, state: MatchState, seats: Seats
    ) -> tuple[tuple[int, Action] | None, Seats]:
        """The computers' next action, and the players as they come back from
        thinking: in a worker process they are copies, which keep what the
        players learnt (the ones passed in are left as they were)."""
        result: tuple[tuple[int, Action] | None, Seats] = await self._decision(
            decide, state, dict(seats)
        )
        return result

    async def choose(self, view: TableView, player: Player) -> tuple[Action | None, Player]:
        result: tuple[Action | None, Player] = await self._decision(choose, view, player)
        return result

    async def _decision(self, function: Any, *args: Any) -> Any:
        started = time.perf_counter()
        try:
            return await self._run(function, *args)
        finally:
            if self.on_decision is not None:
                self.on_decision(time.perf_counter() - started)

    async def advise(self, function: Callable[..., T], *args: Any) -> T:
        """Work a person waits for as for a computer's move (a practice hint,
        bot/tables/hints.py): in the computers' pool, at a move's priority.
        `function` must be a module-level function and `args` plain data."""
        result: T = await self._run(function, *args)
        return result

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """Other CPU work kept off the event loop, in the charts' pool: the
        charts (bot/tables/pictures.py), 50-130 ms each, never in a computer's
        worker. `function` must be a module-level function and `args` plain
        data (they are pickled)."""
        result: T = await self._run(function, *args, charts=True)
        return result

    def close(self) -> None:
        """Stop the workers; decisions still queued are dropped (their timers
        are re-armed at the next start)."""
        self._closed = True
        self._drop(charts=False)
        self._drop(charts=True)

    def _drop(self, charts: bool = False) -> None:
        if charts:
            pool, self._charts = self._charts, None
        else:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
