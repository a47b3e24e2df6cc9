"""Fixtures of the fake Bot API's own tests (`tests/testing/test_fake_telegram_*.py`);
the fake itself comes from tests/conftest.py."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio
from telegram import Bot

from testing.fake_telegram import FakeTelegram


@pytest_asyncio.fixture
async def bot(fake_telegram: FakeTelegram) -> AsyncIterator[Bot]:
    bot: Bot = fake_telegram.make_bot()
    async with bot:
        yield bot
