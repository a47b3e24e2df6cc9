"""Group commit in the SQLite store: writes waiting for the database thread
share one transaction, each caller still returns only after its own write is
committed, a failing write fails alone, and no call overtakes another."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import TypeVar

import pytest

from bot.storage.sqlite import SqliteStore

T = TypeVar("T")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "bot.db")
    yield opened
    await opened.close()


async def held(store: SqliteStore) -> tuple[threading.Event, asyncio.Task[bool]]:
    """The database thread kept busy until the event is set: every call made
    meanwhile waits in aiosqlite's queue."""
    release = threading.Event()
    task = asyncio.ensure_future(store.driver.job(lambda connection: release.wait(10)))
    await asyncio.sleep(0)  # the job is queued
    return release, task


def started(coroutine: Awaitable[T]) -> asyncio.Task[T]:
    return asyncio.ensure_future(coroutine)


async def test_writes_made_while_the_thread_is_busy_share_one_commit(
    store: SqliteStore,
) -> None:
    before, written = store.driver.commits.batches, store.driver.commits.writes
    release, blocker = await held(store)
    writes = [started(store.remember_user(n, f"P{n}", None, "en")) for n in range(1, 21)]
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(blocker, *writes)
    assert store.driver.commits.batches - before == 1
    assert store.driver.commits.writes - written == 20
    for n in range(1, 21):
        user = await store.get_user(n)
        assert user is not None and user.name == f"P{n}"


async def test_a_caller_returns_only_once_its_write_is_committed(
    store: SqliteStore, tmp_path: Path
) -> None:
    await store.remember_user(7, "Ann", None, "ru")
    # Another connection sees it at once: the transaction is over, not pending.
    with sqlite3.connect(tmp_path / "bot.db") as other:
        rows = other.execute("SELECT name FROM users WHERE user_id = 7").fetchall()
    assert rows == [("Ann",)]


async def test_a_failing_write_fails_alone_and_the_others_commit(store: SqliteStore) -> None:
    first = await store.create_table(-100, "Group", 1, "burkozel", {})
    assert first is not None
    release, blocker = await held(store)
    before = started(store.remember_user(1, "Before", None, "en"))
    clash = started(store.create_table(-100, "Group", 2, "burkozel", {}))  # one open table a chat
    fine = started(store.create_table(-200, "Other", 3, "burkozel", {}))
    after = started(store.remember_user(2, "After", None, "en"))
    await asyncio.sleep(0)
    release.set()
    await blocker
    assert await clash is None
    assert (await fine) is not None
    await asyncio.gather(before, after)
    assert (await store.get_user(1)) is not None and (await store.get_user(2)) is not None
    tables = await store.driver.read("SELECT chat_id, creator_id FROM tables ORDER BY id")
    assert [tuple(row) for row in tables] == [(-100, 1), (-200, 3)]


async def test_a_read_sees_the_writes_made_before_it_and_not_those_after(
    store: SqliteStore,
) -> None:
    await store.remember_user(5, "Old", None, "en")
    release, blocker = await held(store)
    earlier = started(store.remember_user(5, "Earlier", None, "en"))
    read = started(store.get_user(5))
    later = started(store.remember_user(5, "Later", None, "en"))
    await asyncio.sleep(0)
    release.set()
    await asyncio.gather(blocker, earlier, later)
    user = await read
    assert user is not None and user.name == "Earlier"
    final = await store.get_user(5)
    assert final is not None and final.name == "Later"


async def test_a_cancelled_caller_does_not_undo_the_writes_beside_it(
    store: SqliteStore,
) -> None:
    release, blocker = await held(store)
    first = started(store.remember_user(1, "One", None, "en"))
    second = started(store.remember_user(2, "Two", None, "en"))
    await asyncio.sleep(0)
    first.cancel()
    release.set()
    await blocker
    await second
    with pytest.raises(asyncio.CancelledError):
        await first
    assert (await store.get_user(2)) is not None
    # The write was handed over before its caller gave up: it stands.
    assert (await store.get_user(1)) is not None
