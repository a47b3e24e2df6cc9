"""The coach's queue (bot/tables/review_queue.py) and its lane in the
computers' pool (bot/tables/thinking.py): a move never waits behind a
review, the same review is computed once, the queue is bounded and served
in order, and a person may ask only a few a minute. Events, never sleeps."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading

import pytest

from bot.tables.review_queue import Full, Rate, ReviewQueue
from bot.tables.thinking import REVIEWS, Thinking
from engine import new_match
from engine.ai import make_player
from engine.rules import Preset, RuleSet


def _held(event: threading.Event) -> str:
    """A review held in its worker until `event` (a manager's) is set."""
    event.wait(120)
    return f"review from {os.getpid()}"


@pytest.mark.own_pools
@pytest.mark.slow(
    reason="spawns its own pools of worker processes (each imports the engine) and a manager"
)
async def test_a_move_asked_after_reviews_runs_first() -> None:
    """Two reviews are queued (one in the reviews' only worker, held there,
    one waiting behind it); a computer's move asked after them comes back
    while both still wait: it has its own pool and never queues behind them."""
    thinking = Thinking(workers=1)
    queue = ReviewQueue(slots=1)
    manager = multiprocessing.get_context("spawn").Manager()
    gate = manager.Event()
    finished: list[str] = []

    def review(name: str) -> asyncio.Future[str]:
        async def compute() -> str:
            body = str(await thinking._run(_held, gate, lane=REVIEWS))
            finished.append(name)
            return body

        return queue.submit(name, compute)

    try:
        first, second = review("first"), review("second")
        assert len(queue) == 2
        state = new_match(RuleSet.create(Preset.BURKOZEL, {}, players=2), ["a", "b"], 7)
        seats = {seat: make_player("hard", seat) for seat in range(2)}
        decided, _ = await asyncio.wait_for(thinking.decide(state, seats), timeout=120)
        finished.append("move")
        assert decided is not None
        assert not first.done() and not second.done() and finished == ["move"]
        gate.set()
        assert (await first).startswith("review from")
        await second
        assert finished == ["move", "first", "second"]
    finally:
        gate.set()
        thinking.close()
        manager.shutdown()


async def test_the_same_review_is_computed_once_and_the_queue_is_bounded() -> None:
    queue = ReviewQueue(slots=1, capacity=2)
    release = asyncio.Event()
    computed: list[str] = []

    def compute(name: str):  # type: ignore[no-untyped-def]
        async def run() -> str:
            computed.append(name)
            await release.wait()
            return name.upper()

        return run

    a = queue.submit("a", compute("a"))
    again = queue.submit("a", compute("a again"))
    assert again is a
    b = queue.submit("b", compute("b"))
    with pytest.raises(Full):
        queue.submit("c", compute("c"))
    assert "a" in queue and len(queue) == 2
    release.set()
    assert (await a, await again, await b) == ("A", "A", "B")
    assert computed == ["a", "b"]  # in order, "a" once
    assert len(queue) == 0
    # Done: room again, and a new ask computes anew (the store keeps results).
    assert await queue.submit("c", compute("c")) == "C"


async def test_reviews_run_one_slot_at_a_time_in_the_order_asked() -> None:
    queue = ReviewQueue(slots=1)
    gates = {name: asyncio.Event() for name in "xyz"}
    started: list[str] = []

    def compute(name: str):  # type: ignore[no-untyped-def]
        async def run() -> str:
            started.append(name)
            await gates[name].wait()
            return name

        return run

    jobs = [queue.submit(name, compute(name)) for name in "xyz"]
    await asyncio.sleep(0)  # let the first one start
    assert started == ["x"]
    gates["z"].set()  # the last one may not overtake
    await asyncio.sleep(0)
    assert started == ["x"]
    gates["x"].set()
    await jobs[0]
    gates["y"].set()
    assert await asyncio.gather(*jobs) == ["x", "y", "z"]
    assert started == ["x", "y", "z"]


def test_a_person_asks_a_few_a_minute() -> None:
    now = [1000.0]
    rate = Rate(lambda: now[0], count=4, window=60.0)
    assert [rate.wait(1) for _ in range(4)] == [0.0] * 4
    assert rate.wait(1) == 60.0  # the fifth: a minute after the first
    assert rate.wait(2) == 0.0  # somebody else is not held back
    now[0] += 45
    assert rate.wait(1) == 15.0
    now[0] += 15
    assert rate.wait(1) == 0.0
