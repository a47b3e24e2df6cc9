"""A PostgreSQL migration that needs a table another transaction holds
(security review N10): it waits at most its lock timeout, steps back and
tries again, so the running workers' queries on that table are never queued
behind it for longer than that; and a lock that is never let go stops the
migration with one line, not a hang.

Timings here are on a loaded 2-core machine: the bounds are wide (the
blocked case waits the whole 2 s hold, the fixed one a fraction of it)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import asyncpg
import pytest

from bot.storage import StorageError, open_store, parse_database_url, postgres_setup
from bot.storage.migrations import Migration, migrations

HOLD = 2.0  # seconds the long transaction holds its lock
PROBE = Migration(
    209_912_312_359, "209912312359_probe", "ALTER TABLE tables ADD COLUMN probe INTEGER"
)


async def migrated(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await open_store(parse_database_url(url))
    await store.close()
    every = [*migrations("postgres"), PROBE]
    monkeypatch.setattr(postgres_setup, "migrations", lambda backend: every)
    monkeypatch.setattr(postgres_setup, "LOCK_TIMEOUT", 0.2)
    monkeypatch.setattr(postgres_setup, "LOCK_PAUSE", 0.3)


async def holding(url: str) -> Any:
    """A connection inside a transaction that has read `tables` (a pg_dump,
    an analyst's query): it holds the table's ACCESS SHARE lock until it ends."""
    holder = await asyncpg.connect(url)
    await holder.execute("BEGIN")
    await holder.fetchval("SELECT count(*) FROM tables")
    return holder


async def test_a_migration_waiting_for_a_lock_does_not_hold_up_running_workers_postgres(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await migrated(postgres_url, monkeypatch)
    holder = await holding(postgres_url)
    worker = await asyncpg.connect(postgres_url)
    migrating = await asyncpg.connect(postgres_url)
    try:
        task = asyncio.create_task(postgres_setup.migrate(migrating))
        await asyncio.sleep(0.1)  # the migration now asks for its lock
        slowest, started = 0.0, time.monotonic()
        while time.monotonic() - started < HOLD:
            asked = time.monotonic()
            # A running worker's read (bounded: before the fix it waited for
            # the holder, which here waits for it).
            await asyncio.wait_for(worker.fetchval("SELECT count(*) FROM tables"), HOLD)
            slowest = max(slowest, time.monotonic() - asked)
            await asyncio.sleep(0.05)
        assert not task.done()  # it still waits for the lock, stepping back in turns
        await holder.execute("COMMIT")
        await asyncio.wait_for(task, 30)
        assert slowest < HOLD / 2, f"a worker's read waited {slowest:.2f} s"
        columns = await worker.fetch(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_name = 'tables' AND column_name = 'probe'"
        )
        assert len(columns) == 1  # it ran, once the lock was let go
    finally:
        for connection in (holder, worker, migrating):
            await connection.close()


async def test_a_lock_never_let_go_stops_the_migration_with_one_line_postgres(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await migrated(postgres_url, monkeypatch)
    monkeypatch.setattr(postgres_setup, "LOCK_TRIES", 3)
    holder = await holding(postgres_url)
    migrating = await asyncpg.connect(postgres_url)
    try:
        with pytest.raises(StorageError, match="pg_stat_activity") as raised:
            await asyncio.wait_for(postgres_setup.migrate(migrating), 30)
        assert "209912312359_probe" in str(raised.value)
        ran = await migrating.fetchval(
            "SELECT count(*) FROM schema_migrations WHERE number = $1", PROBE.number
        )
        assert ran == 0  # nothing of it stayed
    finally:
        await holder.close()
        await migrating.close()
