"""bot/storage/postgres_leases.py: a message lane held across workers by a
row, not a connection (issue 57). Two `PostgresLeases` play two workers on
one throwaway database."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack

import asyncpg
import pytest
import pytest_asyncio

from bot.storage import open_store, parse_database_url, postgres_leases
from bot.storage.postgres_leases import PostgresLeases
from bot.storage.url import DatabaseUrl

KEY = (7, "group")


@pytest_asyncio.fixture
async def url(postgres_url: str) -> DatabaseUrl:
    """A migrated database."""
    parsed = parse_database_url(postgres_url)
    await (await open_store(parsed, cache=False)).close()
    return parsed


@pytest_asyncio.fixture
async def workers(url: DatabaseUrl) -> AsyncIterator[list[PostgresLeases]]:
    """Two workers' leases."""
    made = [PostgresLeases(url), PostgresLeases(url)]
    yield made
    for leases in made:
        await leases.close()


async def waiting(leases: PostgresLeases) -> None:
    """Until `leases` found a lane taken and waits for it."""
    while not leases._waiting:
        await asyncio.sleep(0.01)


async def test_a_lane_held_at_one_worker_is_waited_for_at_the_other_postgres(
    workers: list[PostgresLeases], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other worker waits, and gets the lane as soon as it is given back:
    told by NOTIFY (its own tries are minutes apart here)."""
    monkeypatch.setattr(postgres_leases, "FIRST_PAUSE", 600.0)
    a, b = workers
    order: list[str] = []

    async def second() -> float:
        async with b(KEY):
            order.append("b")
            return asyncio.get_running_loop().time()

    async with a(KEY):
        async with b((8, "group")):  # another lane: no waiting
            order.append("b other")
        taking = asyncio.create_task(second())
        await asyncio.wait_for(waiting(b), timeout=5)
        order.append("a")
        released = asyncio.get_running_loop().time()
    taken = await asyncio.wait_for(taking, timeout=5)
    assert order == ["b other", "a", "b"]
    assert taken - released < 1.0


async def test_a_dead_workers_lane_lapses_and_is_taken_over_postgres(
    url: DatabaseUrl, workers: list[PostgresLeases], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres_leases, "MAX_PAUSE", 0.05)
    dead, b = PostgresLeases(url, term=0.5), workers[1]
    holding = dead(KEY)
    await holding.__aenter__()
    dead.terminate()  # killed: it never gives the lane back
    loop = asyncio.get_running_loop()
    started = loop.time()
    async with b(KEY):
        waited = loop.time() - started
    assert 0.2 < waited < 5.0, waited


async def test_a_live_worker_keeps_its_lane_past_the_term_postgres(
    url: DatabaseUrl, workers: list[PostgresLeases], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A job may wait on Telegram far longer than a lease's term: its worker
    renews the lease meanwhile."""
    monkeypatch.setattr(postgres_leases, "RENEW_SECONDS", 0.1)
    a, b = PostgresLeases(url, term=0.4), workers[1]
    try:
        async with a(KEY):
            await asyncio.sleep(1.2)  # three terms
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(b(KEY).__aenter__(), timeout=0.5)
    finally:
        await a.close()


async def test_lanes_held_keep_no_connection_each_postgres(
    url: DatabaseUrl, workers: list[PostgresLeases]
) -> None:
    """Fifty lanes held at once, as fifty jobs waiting on Telegram would:
    still the one connection of the leases (issue 57: lanes held by advisory
    locks took a connection each, and the pool ran dry)."""
    a = workers[0]
    async with AsyncExitStack() as held:
        for table in range(50):
            await held.enter_async_context(a((table, "group")))
        connection = await asyncpg.connect(url.url)
        try:
            count = await connection.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND application_name = 'burkozel-bot'"
            )
            rows = await connection.fetchval("SELECT count(*) FROM leases")
        finally:
            await connection.close()
    assert (count, rows) == (1, 50)


async def test_close_gives_back_the_lanes_still_held_postgres(
    workers: list[PostgresLeases],
) -> None:
    """A job the shutdown left running: its lane goes at once, not after the term."""
    a, b = workers
    holding = a(KEY)
    await holding.__aenter__()
    await a.close()
    await asyncio.wait_for(b(KEY).__aenter__(), timeout=1.0)
