"""Pytest fixtures for the fake Bot API server.

Register them once in a conftest (``pytest_plugins = ["testing.fake_telegram.fixtures"]``,
as ``tests/conftest.py`` does) and ask for them by parameter name, or import them into a
test module (``from testing.fake_telegram.fixtures import fake_telegram``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from telegram import Bot

from .server import FakeTelegram

__all__ = ["fake_bot", "fake_telegram"]


@pytest_asyncio.fixture
async def fake_telegram() -> AsyncIterator[FakeTelegram]:
    """A started :class:`FakeTelegram`, stopped after the test.

    The teardown fails the test if the fake itself crashed while handling a request
    (``fake.internal_errors``), so a bug in the fake never passes silently.
    """
    fake = FakeTelegram()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    assert not fake.internal_errors, "the fake Bot API crashed:\n" + "\n".join(fake.internal_errors)


@pytest_asyncio.fixture
async def fake_bot(fake_telegram: FakeTelegram) -> AsyncIterator[Bot]:
    """An initialized ``telegram.Bot`` talking to :func:`fake_telegram`."""
    bot: Bot = fake_telegram.make_bot()
    async with bot:
        yield bot
