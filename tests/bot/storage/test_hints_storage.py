"""Practice hints counted in every backend, [sqlite], [postgres] and
[cached] (bot/storage/hints.py `count_hint`, `hints_used`): once per version
of the table whoever asks, kept over a restart, apart for each table, and
never a change of the game (the table's version stays)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage import DatabaseUrl, Store, open_store, parse_database_url

ANN = 7_123_456_789  # a 64-bit user id: a practice table's chat is the person's


@pytest.fixture(params=["sqlite", "postgres", "cached"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> DatabaseUrl:
    if request.param != "postgres":
        return DatabaseUrl.sqlite(tmp_path / "bot.db")
    return parse_database_url(request.getfixturevalue("postgres_url"))


@pytest.fixture
def cache(request: pytest.FixtureRequest) -> bool:
    return bool(request.node.callspec.params["database"] == "cached")


@pytest_asyncio.fixture
async def store(database: DatabaseUrl, cache: bool) -> AsyncIterator[Store]:
    opened = await open_store(database, cache=cache)
    yield opened
    await opened.close()


async def _practice(store: Store, user: int = ANN) -> int:
    table = await store.create_table(user, "", user, "burkozel", {}, practice=True)
    assert table is not None
    return table.id


async def test_a_hint_counts_once_per_version(store: Store) -> None:
    table_id = await _practice(store)
    assert await store.hints_used(table_id) == 0
    assert await store.count_hint(table_id, 5)
    assert not await store.count_hint(table_id, 5)  # a double tap: counted already
    assert await store.hints_used(table_id) == 1
    assert await store.count_hint(table_id, 7)
    assert await store.count_hint(table_id, 9)
    assert await store.hints_used(table_id) == 3


async def test_counts_are_the_tables_own_and_leave_the_table_as_it_was(store: Store) -> None:
    first, second = await _practice(store), await _practice(store, ANN + 1)
    before = await store.get_table(first)
    assert before is not None
    assert await store.count_hint(first, before.version)
    assert await store.count_hint(second, 1)
    assert await store.count_hint(second, 2)
    assert (await store.hints_used(first), await store.hints_used(second)) == (1, 2)
    after = await store.get_table(first)
    assert after is not None and after.version == before.version


async def test_the_count_survives_a_restart(database: DatabaseUrl, cache: bool) -> None:
    store = await open_store(database, cache=cache)
    table_id = await _practice(store)
    await store.count_hint(table_id, 3)
    await store.close()
    store = await open_store(database, cache=cache)
    try:
        assert await store.hints_used(table_id) == 1
        assert not await store.count_hint(table_id, 3)  # the same tap, answered again
        assert await store.hints_used(table_id) == 1
    finally:
        await store.close()
