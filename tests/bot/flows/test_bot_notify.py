"""/notify: people who ask get a private message when a table opens in the
group; the same command turns it off."""

from __future__ import annotations

import pytest
from bot_harness import BotRunner
from bot_steps import GROUP_ID, WAIT, open_private_chats

from testing.fake_telegram import FakeTelegram

pytestmark = pytest.mark.usefixtures("fixed_deals")


async def test_notices_of_a_new_table_go_to_who_asked_and_stop_when_asked_again(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob, cid = fake.user(500, "Аня"), fake.user(501, "Борис"), fake.user(502, "Вера")
    await open_private_chats(fake, [ann, bob, cid])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True, members=[ann, bob, cid])
    for user in (ann, bob, cid):
        sent = await user.send(group, "/notify")
        on = await fake.wait_for_message(group, after=sent, timeout=WAIT)
        assert on.text.startswith("🔔"), on.text
    sent = await bob.send(group, "/notify")
    off = await fake.wait_for_message(group, after=sent, timeout=WAIT)
    assert off.text.startswith("🔕"), off.text
    before = {u.id: len(fake.messages(fake.private_chat(u))) for u in (ann, bob, cid)}

    await ann.send(group, "/new")
    notice = await fake.wait_for_message(fake.private_chat(cid), "открыли стол", timeout=WAIT)
    assert "Клуб" in notice.text and "#1" in notice.text
    assert notice.buttons and (notice.buttons[0][0].value or "").startswith("https://t.me/")
    await fake.wait_idle(timeout=WAIT)
    await runner.idle()
    assert len(fake.messages(fake.private_chat(bob))) == before[bob.id], "turned off"
    assert len(fake.messages(fake.private_chat(ann))) == before[ann.id], "she opened it"


async def test_five_rounds_of_new_and_stop_with_30_subscribers_send_at_most_30_notices(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """Opening and stopping tables over and over must not flood those who
    asked for notices: a group's subscribers hear of a new table at most
    once in NOTIFY_EVERY, and never of one that is already closed."""
    fake = fake_telegram
    opener = fake.user(499, "Шутник")
    subscribers = [fake.user(600 + i, f"Подписчик{i}") for i in range(30)]
    await open_private_chats(fake, [opener, *subscribers])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True, members=[opener, *subscribers])
    for user in subscribers:
        sent = await user.send(group, "/notify")
        await fake.wait_for_message(group, after=sent, timeout=WAIT)

    def notices() -> int:
        return sum(
            "открыли стол" in m.text
            for user in subscribers
            for m in fake.messages(fake.private_chat(user))
        )

    for _ in range(5):
        for command in ("/new", "/stop"):
            sent = await opener.send(group, command)
            await fake.wait_for_message(group, after=sent, timeout=WAIT)
            await fake.wait_idle(timeout=WAIT)
            await runner.idle()
    assert 0 < notices() <= 30, notices()
