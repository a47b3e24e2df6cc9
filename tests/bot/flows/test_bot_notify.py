"""/notify: people who ask get a private message when a table opens in the
group and stays open a little (bot/tables/notices.py); the same command
turns it off. On a hand-driven clock: a notice waits NOTIFY_DELAY."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import BotRunner
from bot_steps import GROUP_ID, WAIT, open_private_chats
from databases import rows
from manual_clock import ManualScheduler

from bot.tables.notices import NOTIFY_DELAY
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser

pytestmark = pytest.mark.usefixtures("fixed_deals")


async def command(
    fake: FakeTelegram, bot: BotRunner, user: FakeUser, group: FakeChat, text: str
) -> None:
    sent = await user.send(group, text)
    await fake.wait_for_message(group, after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    await bot.idle()


def notices(fake: FakeTelegram, users: list[FakeUser]) -> dict[int, int]:
    """How many "a table opened" notices each person has in private."""
    return {
        user.id: sum("открыли стол" in m.text for m in fake.messages(fake.private_chat(user)))
        for user in users
    }


async def test_notices_of_a_new_table_go_to_who_asked_and_stop_when_asked_again(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    ann, bob, cid = fake.user(500, "Аня"), fake.user(501, "Борис"), fake.user(502, "Вера")
    group = fake.group(GROUP_ID, "Клуб", supergroup=True, members=[ann, bob, cid])
    async with BotRunner(fake, tmp_path / "bot.db", scheduler=clock) as bot:
        await open_private_chats(fake, [ann, bob, cid])
        for user in (ann, bob, cid):
            sent = await user.send(group, "/notify")
            on = await fake.wait_for_message(group, after=sent, timeout=WAIT)
            assert on.text.startswith("🔔"), on.text
        sent = await bob.send(group, "/notify")
        off = await fake.wait_for_message(group, after=sent, timeout=WAIT)
        assert off.text.startswith("🔕"), off.text
        before = {u.id: len(fake.messages(fake.private_chat(u))) for u in (ann, bob, cid)}

        await command(fake, bot, ann, group, "/new")
        assert notices(fake, [cid]) == {cid.id: 0}, "not before the table stayed open a while"
        await clock.advance(NOTIFY_DELAY)
        await bot.idle()
        notice = await fake.wait_for_message(fake.private_chat(cid), "открыли стол", timeout=WAIT)
        assert "Клуб" in notice.text and "#1" in notice.text
        assert notice.buttons and (notice.buttons[0][0].value or "").startswith("https://t.me/")
        await fake.wait_idle(timeout=WAIT)
        assert len(fake.messages(fake.private_chat(bob))) == before[bob.id], "turned off"
        assert len(fake.messages(fake.private_chat(ann))) == before[ann.id], "she opened it"


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_five_rounds_of_new_and_stop_then_a_table_left_open_tells_all_30_once(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """Opening and stopping tables over and over must not flood those who
    asked for notices, nor use up the group's window: the table opened next
    and left open (the one people would join) is told to every subscriber.
    Before, the first stopped table took the window and the open one was
    told to nobody (issue 65: 0 of 30)."""
    fake, clock = fake_telegram, ManualScheduler()
    opener = fake.user(499, "Шутник")
    subscribers = [fake.user(600 + i, f"Подписчик{i}") for i in range(30)]
    group = fake.group(GROUP_ID, "Клуб", supergroup=True, members=[opener, *subscribers])
    async with BotRunner(fake, tmp_path / "bot.db", scheduler=clock) as bot:
        await open_private_chats(fake, [opener, *subscribers])
        for user in subscribers:
            await command(fake, bot, user, group, "/notify")
        for _ in range(5):
            for text in ("/new", "/stop"):
                await command(fake, bot, opener, group, text)
                await clock.advance(2)
                await bot.idle()
        during = sum(notices(fake, subscribers).values())
        assert during <= 30, during
        await command(fake, bot, opener, group, "/new")
        await clock.advance(45)
        await bot.idle()
        await fake.wait_idle(timeout=WAIT)
        after = notices(fake, subscribers)
        assert sum(after.values()) - during == 30 and set(after.values()) == {1}, after


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_people_who_left_the_group_are_not_told_and_hold_no_place(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """S5: 55 subscribers who have since left the group were the oldest rows,
    and the first 50 read were all theirs: the 30 still there were told
    nothing. Now who left is dropped from the list, and who stayed is told."""
    fake, clock = fake_telegram, ManualScheduler()
    opener = fake.user(499, "Аня")
    gone = [fake.user(700 + i, f"Ушедший{i}") for i in range(55)]
    staying = [fake.user(800 + i, f"Подписчик{i}") for i in range(30)]
    group = fake.group(GROUP_ID, "Клуб", supergroup=True, members=[opener, *gone, *staying])
    db = tmp_path / "bot.db"
    async with BotRunner(fake, db, scheduler=clock) as bot:
        await open_private_chats(fake, [opener, *gone, *staying])
        for user in (*gone, *staying):
            await command(fake, bot, user, group, "/notify")
            await clock.advance(1)  # the order they asked in
        for user in gone:
            group.member_ids.discard(user.id)
        await command(fake, bot, opener, group, "/new")
        await clock.advance(NOTIFY_DELAY)
        await bot.idle()
        await fake.wait_idle(timeout=WAIT)
        assert set(notices(fake, gone).values()) == {0}
        assert set(notices(fake, staying).values()) == {1}
        left = rows(db, "SELECT user_id FROM notify WHERE chat_id = ?", (group.id,))
        assert {row[0] for row in left} == {u.id for u in staying}
