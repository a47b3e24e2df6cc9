"""A tournament stopped while its first round waits for confirmations, then
the bot started again eight days later (issue 65 item 1, security review
N1, end to end): the bot starts, answers, and its start-up prune takes the
round's table that never started, on SQLite and PostgreSQL.

The database stamps rows with the wall clock (`time.time()`), the bot's
timers run on a `ManualScheduler`: the first bot's clock starts at the wall
clock, the second's eight days after it, as a bot restarted a week later."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from bot_harness import BotRunner
from bot_steps import GROUP_ID, WAIT, assert_clean, people_in_private, say
from databases import TestDatabase, rows
from manual_clock import ManualScheduler

from bot.storage.tournament_records import STOPPED
from testing.fake_telegram import FakeTelegram

TURN = 30
DAY = 86_400.0


def clocked(fake: FakeTelegram, db: TestDatabase, clock: ManualScheduler) -> BotRunner:
    return BotRunner(fake, db, settings_extra={"turn_timeout": TURN}, scheduler=clock)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_tournament_stopped_in_its_first_round_is_pruned_when_the_bot_starts_a_week_on(
    fake_telegram: FakeTelegram, tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    fake = fake_telegram
    db: TestDatabase = tmp_path / "bot.db"
    if backend == "postgres":
        db = request.getfixturevalue("postgres_database")
    async with clocked(fake, db, ManualScheduler(start=time.time())) as bot:
        users = await people_in_private(fake, 2, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        opened = await users[0].send(group, "/tournament bura limit=2")
        await fake.wait_for_message(group, "🏁", after=opened, timeout=WAIT)
        for user in users:
            said = await say(fake, user, group, "/join")
            assert "записаны" in said[0].text, said[0].text
        start = await users[0].send(group, "/start")
        await fake.wait_for_message(group, "Тур 1", after=start, timeout=WAIT)
        await bot.idle()
        # Round 1's table waits for its players' confirmations: stop it now.
        said = await say(fake, users[0], group, "/stop")
        assert "Турнир остановлен" in said[0].text
        await bot.idle()
        record = await bot.db.get_tournament(1)
        assert record is not None and record.status == STOPPED
        (round_1,) = await bot.db.tournament_rounds(1)
        (table_id,) = round_1.tables.values()
        table = await bot.db.get_table(table_id)
        assert table is not None and table.status == "closed" and table.state is None
    later = ManualScheduler(start=time.time() + 8 * DAY)
    async with clocked(fake, db, later) as bot:  # start-up runs the prune
        await bot.idle()
        assert await bot.db.get_table(table_id) is None
        assert rows(db, "SELECT count(*) FROM tables")[0][0] == 0
        assert rows(db, "SELECT count(*) FROM tournament_tables")[0][0] == 0
        # The stopped tournament itself, its entries and rounds are kept.
        record = await bot.db.get_tournament(1)
        assert record is not None and record.status == STOPPED and len(record.entries) == 2
        # And the bot serves: a new tournament opens in the same group.
        opened = await users[1].send(group, "/tournament bura limit=2")
        await fake.wait_for_message(group, "🏁", after=opened, timeout=WAIT)
        assert later.scheduled(("privacy", "prune action logs"))  # the next day's prune
    assert_clean(fake)
