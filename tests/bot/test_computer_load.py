"""Computers must not burn the bot's time for nobody (issue 13, item 3): a
match needs a person, a table whose people are all away for a whole deal
closes, and caps bound the tables one person can keep busy. Time is moved by
hand (`ManualScheduler`)."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio
from bot_harness import WAIT, BotRunner

from bot.clock import ManualScheduler
from testing.fake_telegram import FakeTelegram

GROUP_ID = -1004410


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> AsyncIterator[BotRunner]:
    bot = BotRunner(
        fake_telegram,
        tmp_path / "bot.db",
        settings_extra={"turn_timeout": 60, "afk_turns": 1},
        scheduler=clock,
    )
    await bot.start()
    try:
        yield bot
    finally:
        await bot.stop()


def status(runner: BotRunner, table_id: int) -> str:
    with sqlite3.connect(runner.db_path) as connection:
        (found,) = connection.execute(
            "SELECT status FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
    return str(found)


async def test_a_match_of_computers_alone_does_not_start(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Роботы", supergroup=True)
    host = fake.user(4401, "Хозяин")  # never opened the private chat: not seated
    await host.send(group, "/new")
    await fake.wait_for_message(group, "#", timeout=WAIT)
    for _ in range(2):
        await host.send(group, "/addbot hard")
        await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and [s.is_computer for s in table.seats] == [True, True]
    await host.send(group, "/start")
    await runner.idle()
    assert "хотя бы один человек" in fake.last_message(group).text
    assert status(runner, table.id) == "lobby"
