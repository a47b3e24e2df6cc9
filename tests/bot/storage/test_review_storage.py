"""The storage contract of the coach's reviews (bot/storage/reviews.py),
on each backend, [sqlite] and [postgres], and through the cache: a review is
kept under its key, written once (a second writer changes nothing), and
reads back after the store is opened again."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage import DatabaseUrl, Store, open_store, parse_database_url

Opener = Callable[[], Awaitable[Store]]


@pytest.fixture(params=["sqlite", "postgres", "cached"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[DatabaseUrl, bool]:
    if request.param == "postgres":
        return parse_database_url(request.getfixturevalue("postgres_url")), False
    return DatabaseUrl.sqlite(tmp_path / "bot.db"), request.param == "cached"


@pytest_asyncio.fixture
async def opener(database: tuple[DatabaseUrl, bool]) -> AsyncIterator[Opener]:
    opened: list[Store] = []
    url, cache = database

    async def open_one() -> Store:
        store = await open_store(url, cache=cache)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        await store.close()


async def test_a_review_is_kept_once_under_its_key(opener: Opener) -> None:
    store = await opener()
    key = "review/1/7/2/0/48/0"
    assert await store.get_review(key) is None
    await store.put_review(key, 7, '{"seat": 0}')
    assert await store.get_review(key) == '{"seat": 0}'
    # The same key again (another worker computed it too): the first stays.
    await store.put_review(key, 7, '{"seat": 1}')
    assert await store.get_review(key) == '{"seat": 0}'
    # Another seat's review of the same deal is its own.
    await store.put_review("review/1/7/2/1/48/0", 7, '{"seat": 1}')
    assert await store.get_review("review/1/7/2/1/48/0") == '{"seat": 1}'
    await store.close()
    again = await opener()
    assert await again.get_review(key) == '{"seat": 0}'
    assert await again.get_review("review/1/7/3/0/48/0") is None
