"""bot/storage/postgres_locks.py: tables' locks across workers, advisory
locks on a pool of DATABASE_LOCKS connections (issue 57)."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import parse_database_url
from bot.storage.postgres_locks import PostgresLocks


async def test_a_lock_inside_another_takes_no_second_connection_postgres(
    postgres_url: str,
) -> None:
    """A chat's lock, then a table's inside it (a rematch that starts): on
    the holder's connection, so a pool of one does not wait for ever, and
    the inner lock still keeps another worker out."""
    url = parse_database_url(postgres_url)
    here, there = PostgresLocks(url, held=1), PostgresLocks(url, held=1)
    try:
        async with asyncio.timeout(5), here(("chat", -1)), here(7):
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(there(7).__aenter__(), timeout=0.3)
            # Another task of this worker waits for the pool's one connection.
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(asyncio.create_task(_hold(here, 8)), timeout=0.3)
        async with asyncio.timeout(5), there(7), here(8):
            pass
    finally:
        await here.close()
        await there.close()


async def _hold(locks: PostgresLocks, key: int) -> None:
    async with locks(key):
        pass
