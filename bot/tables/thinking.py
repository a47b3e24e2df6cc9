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
The coach's reviews (issue 66, bot/tables/coach.py) have a lane of their
own too, `REVIEW_WORKERS` processes below the computers' priority: a review
takes seconds of CPU, and a computer's move must never wait behind one,
neither in a queue (the lanes are separate) nor for a core (the niceness).

The engine stays pure: the worker functions below only call it. The
computer players travel with the position (pickled, about 16 KB for `hard`)
and come back with the decision, with what they learnt of it: the service
keeps them between decisions (bot/tables/minds.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from engine import Action, MatchState, RuleSet, TableView
from engine.ai import Player, next_actor
from engine.ai.review import REVIEW_WORLDS, deal_log, review_deal, review_to_json
from engine.shuffle import ShuffleKey

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
# The reviews' processes: below the computers too (a review is seconds of
# search; a move must get the core first), above the charts' lowest.
REVIEW_NICENESS = 15
REVIEW_WORKERS = 1

# The pools, by lane.
MOVES, CHARTS, REVIEWS = "moves", "charts", "reviews"
_SIZES = {CHARTS: CHART_WORKERS, REVIEWS: REVIEW_WORKERS}
_NICENESS = {MOVES: WORKER_NICENESS, CHARTS: CHART_NICENESS, REVIEWS: REVIEW_NICENESS}


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


def review(job: ReviewJob) -> str:
    """A review of one seat's play in one deal, as JSON text (in a worker of
    the reviews' lane): the match replayed from its seed and log to the
    deal, then the seat's moves weighed from its views. Stored as it is:
    `{"review": the engine's JSON, "trump": the deal's trump suit}`."""
    start, actions = deal_log(job.rules, job.names, job.seed, job.actions, job.deal, job.key)
    assert start.deal is not None
    found = review_deal(start, actions, job.seat, worlds=job.worlds)
    kept = {"review": review_to_json(found), "trump": int(start.deal.trump)}
    return json.dumps(kept, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class ReviewJob:
    """What a review's worker needs, plain data to pickle: the match as the
    store keeps it, the deal and the seat."""

    rules: RuleSet
    names: tuple[str, ...]
    seed: int
    key: ShuffleKey | None
    actions: tuple[Action, ...]
    deal: int
    seat: int
    worlds: int = REVIEW_WORLDS


class Thinking:
    """The computers' thinking room: a process pool of `workers` processes,
    the charts' pool of `CHART_WORKERS` (`run`) and the reviews' of
    `REVIEW_WORKERS` (`review`), each started on first use (a bot without
    computer tables, charts or reviews starts none). `on_decision`: told
    each decision's seconds, the wait for a free worker included (the
    metrics' histogram; this room counts nothing itself)."""

    def __init__(
        self, workers: int = 2, on_decision: Callable[[float], None] | None = None
    ) -> None:
        self.workers = workers
        self.on_decision = on_decision
        self._pools: dict[str, Executor] = {}
        self._closed = False

    def _executor(self, lane: str = MOVES) -> Executor | None:
        if self.workers <= 0 or self._closed:
            return None  # the loop's default thread pool (after close: a straggler)
        pool = self._pools.get(lane)
        if pool is None:
            # "spawn": the bot's process runs threads (the database's), and a
            # forked child could inherit a lock some thread held.
            context = multiprocessing.get_context("spawn")
            pool = self._pools[lane] = ProcessPoolExecutor(
                _SIZES.get(lane, self.workers),
                mp_context=context,
                initializer=_worker_setup,
                initargs=(_NICENESS[lane],),
            )
        return pool

    async def _run(self, function: Any, *args: Any, lane: str = MOVES) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(lane), function, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a fresh pool and
            # think once more; a second failure goes to the timer's retry.
            # Not once the bot is stopping (the workers may have had its SIGTERM).
            if self._closed:
                raise
            log.warning("a worker process died; starting new ones")
            self._drop(lane)
            return await loop.run_in_executor(self._executor(lane), function, *args)

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
        result: T = await self._run(function, *args, lane=CHARTS)
        return result

    async def review(self, job: ReviewJob) -> str:
        """A review (`review`) in the reviews' lane, never in a computer's
        worker. Callers bound how many are handed over at once
        (bot/tables/coach.py), so the pool's own queue stays short."""
        result: str = await self._run(review, job, lane=REVIEWS)
        return result

    def close(self) -> None:
        """Stop the workers; decisions still queued are dropped (their timers
        are re-armed at the next start)."""
        self._closed = True
        for lane in list(self._pools):
            self._drop(lane)

    def _drop(self, lane: str = MOVES) -> None:
        pool = self._pools.pop(lane, None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
