"""Anonymous admins (security review N13): Telegram sends every anonymous
admin's message, in every group, from one account (GroupAnonymousBot). Seated
or registered as it, they shared one person's cap of open tables bot-wide;
commands that seat, register or subscribe the sender are refused them with a
hint to post as themselves, while an admin's rights stay theirs."""

from __future__ import annotations

from bot_harness import BotRunner
from bot_steps import GROUP_ID, RU, WAIT, assert_clean, open_private_chats, people, plain

from bot.view.i18n import t
from testing.fake_telegram import FakeTelegram


async def test_an_anonymous_admin_is_asked_to_sit_down_as_themselves(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    owner, bob = people(fake, 2)
    await open_private_chats(fake, [owner, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True, creator=owner, members=[bob])
    hint = plain(t(RU, "sender.anonymous_admin"))
    for command in ("/new", "/join", "/notify", "/leave"):
        sent = await owner.send(group, command, as_chat=group)
        answer = await fake.wait_for_message(group, after=sent, timeout=WAIT)
        assert answer.text == hint, (command, answer.text)
    await runner.idle()
    assert await runner.db.open_tables_in_chat(group.id) == []
    # An admin's rights stay: a tournament opened anonymously, and stopped.
    sent = await owner.send(group, "/tournament bura", as_chat=group)
    await fake.wait_for_message(group, "🏁", after=sent, timeout=WAIT)
    sent = await owner.send(group, "/join", as_chat=group)
    answer = await fake.wait_for_message(group, after=sent, timeout=WAIT)
    assert answer.text == hint
    sent = await owner.send(group, "/stop", as_chat=group)
    answer = await fake.wait_for_message(group, after=sent, timeout=WAIT)
    assert "Турнир остановлен" in answer.text, answer.text
    # As themselves, they sit down as anybody does.
    sent = await owner.send(group, "/new")
    await fake.wait_for_message(group, after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    await runner.idle()
    (table,) = await runner.db.open_tables_in_chat(group.id)
    assert [seat.user_id for seat in table.seats] == [owner.id]
    assert_clean(fake)
