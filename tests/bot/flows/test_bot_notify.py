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
