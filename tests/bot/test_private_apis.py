"""The private parts of libraries the bot relies on, checked loudly.

pyproject.toml keeps aiosqlite and python-telegram-bot below their next
releases; when one is raised, these tests say at once whether the private
use still holds (the alternative would be failures deep in a match)."""

from __future__ import annotations

import inspect
import sqlite3
from pathlib import Path

import aiosqlite
from telegram.request import RequestData
from telegram.request._requestparameter import RequestParameter

from bot.storage.sqlite import SqliteStore


def test_aiosqlite_still_has_the_job_queue_the_sqlite_store_uses() -> None:
    execute = aiosqlite.Connection._execute
    assert inspect.iscoroutinefunction(execute), "aiosqlite changed Connection._execute"
    assert list(inspect.signature(execute).parameters) == ["self", "fn", "args", "kwargs"]
    assert isinstance(inspect.getattr_static(aiosqlite.Connection, "_conn"), property)


async def test_a_job_runs_on_the_database_thread_between_other_calls(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "bot.db")

    def work(connection: sqlite3.Connection) -> int:
        assert isinstance(connection, sqlite3.Connection)
        return int(connection.execute("SELECT 41 + 1").fetchone()[0])

    assert await store.driver.job(work) == 42
    await store.close()


def test_ptb_request_parameter_keeps_its_shape() -> None:
    parameter = RequestParameter("chat_id", 5, None)
    data = RequestData([parameter])
    assert data.json_parameters == {"chat_id": "5"}
