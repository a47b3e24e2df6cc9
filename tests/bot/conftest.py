"""Fixtures every bot test may use: a running bot against the fake Bot API,
a hand-driven clock, a PostgreSQL database for a bot, and reproducible deals
(the fake itself comes from tests/conftest.py)."""

from __future__ import annotations

import multiprocessing
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import WAIT, BotRunner
from bot_steps import fix_deals
from databases import PostgresDatabase
from manual_clock import ManualScheduler
from shared_pools import SharedPools, load_charts

from bot.tables import pictures, thinking
from testing.fake_telegram import FakeTelegram


@pytest.fixture(scope="session")
def process_pools() -> Iterator[SharedPools]:
    """The computers' and the charts' worker processes, for the whole run."""
    pools = SharedPools()
    try:
        yield pools
    finally:
        pools.close()


@pytest.fixture(autouse=True)
def shared_pools(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, process_pools: SharedPools
) -> None:
    """Every bot's `Thinking` borrows the run's pools (tests/support/shared_pools.py)
    instead of spawning processes of its own, unless the test is marked `own_pools`."""
    if request.node.get_closest_marker("own_pools") is None:
        monkeypatch.setattr(thinking, "ProcessPoolExecutor", process_pools.make)


@pytest.fixture
def warm_charts(process_pools: SharedPools) -> None:
    """The charts' worker process started and matplotlib loaded in it, as in a
    bot that has drawn a chart before: for tests that hold an answer with a
    chart to a real-time promise, which a cold start (a new interpreter, at
    the lowest priority) would spend on a busy machine."""
    pool = process_pools.make(
        thinking.CHART_WORKERS,
        multiprocessing.get_context("spawn"),
        thinking._worker_setup,
        (thinking.CHART_NICENESS,),
    )
    pool.submit(load_charts).result(timeout=10 * WAIT)


@pytest.fixture(autouse=True)
def patient_charts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chart is drawn in a process at the lowest priority, and the bot
    gives up on it after `CHART_PATIENCE` (10 s of real time): on a machine
    busy with parallel tests that turned a drawn chart into plain text now
    and then. Tests wait as long as for anything else (WAIT); the test of the
    patience itself sets its own."""
    monkeypatch.setattr(pictures, "CHART_PATIENCE", WAIT)


@pytest_asyncio.fixture
async def runner(fake_telegram: FakeTelegram, tmp_path: Path) -> AsyncIterator[BotRunner]:
    """The bot as `python -m bot` runs it, on real time, with a fresh database."""
    async with BotRunner(fake_telegram, tmp_path / "bot.db") as bot:
        yield bot


@pytest.fixture
def clock() -> ManualScheduler:
    """Time that moves only when a test moves it."""
    return ManualScheduler()


@pytest.fixture
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reproducible matches: every table is dealt from the same seed."""
    fix_deals(monkeypatch, 20_240_607)


@pytest.fixture
def postgres_database(postgres_url: str) -> Iterator[PostgresDatabase]:
    """A fresh PostgreSQL database for a bot (`BotRunner(fake, postgres_database)`),
    readable by the steps of bot_steps.py."""
    database = PostgresDatabase(postgres_url)
    try:
        yield database
    finally:
        database.close()
