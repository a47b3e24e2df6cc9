"""Tournaments at their edges (issue 65, security review N8–N14), through
the fake Bot API: a full registration list, a partner taken only with
consent, the trophy told after a crash, a group that became a supergroup,
the bot removed from the group."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import BotRunner
from bot_steps import GROUP_ID, WAIT, assert_clean, people_in_private, say
from manual_clock import ManualScheduler

from bot.tables.tournament import registration
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

TURN = 30


def clocked(fake: FakeTelegram, path: Path, clock: ManualScheduler) -> BotRunner:
    return BotRunner(
        fake, path, settings_extra={"turn_timeout": TURN, "computer_delay": 1.0}, scheduler=clock
    )


async def open_registration(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, creator: FakeUser, command: str
) -> StoredMessage:
    sent = await creator.send(group, command)
    found = await fake.wait_for_message(group, "🏁", after=sent, timeout=WAIT)
    await bot.idle()
    return found


async def test_registration_is_capped_and_the_message_says_so(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N11: the list stops at its places (as many as a plan takes), the
    message says how many, and who comes late is told the list is full."""
    monkeypatch.setattr(registration, "PLACES", 3)
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        users = await people_in_private(fake, 4, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        message = await open_registration(fake, bot, group, users[0], "/tournament bura limit=2")
        assert "Записались (0 из 3)" in message.text, message.text
        for user in users[:3]:
            said = await say(fake, user, group, "/join")
            assert "записаны" in said[0].text, said[0].text
        late = await say(fake, users[3], group, "/join")
        assert late[0].text == "Мест больше нет: в списке уже 3.", late[0].text
        await bot.idle()
        record = await bot.db.get_tournament(1)
        assert record is not None and len(record.entries) == 3
        shown = fake.find_message(group.id, message.message_id) or message
        assert "Записались (3 из 3)" in shown.text and "Игрок3" not in shown.text
        off = await say(fake, users[2], group, "/leave")
        assert "вычеркнуты" in off[0].text
        back = await say(fake, users[3], group, "/join")
        assert "записаны" in back[0].text
        assert_clean(fake)
