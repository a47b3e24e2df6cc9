"""What the fake Bot API sends a bot, exercised through python-telegram-bot's real
HTTPX client.

They belong together because each checks the other direction: the updates that
people's messages, taps and membership changes queue for the bot, how
getUpdates hands them out and confirms them (long polling, offsets, conflicts,
replays, filters), and the callback answers and waiting helpers by which a test
knows the bot has handled them.
"""

from __future__ import annotations

import asyncio

import pytest
from fake_telegram_support import keyboard, started_user
from telegram import Bot, CallbackQuery, Update
from telegram.error import BadRequest, Conflict, Forbidden
from telegram.ext import CallbackQueryHandler, CommandHandler, ContextTypes

from testing.fake_telegram import FakeTelegram

# ---------------------------------------------------------------- updates & callbacks


async def test_long_polling_gets_message_and_callback(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    alice = fake_telegram.user(1001, "Alice", username="alice")
    group = fake_telegram.group(-100777, "Table", supergroup=True)

    poll = asyncio.create_task(bot.get_updates(timeout=5))
    await fake_telegram.wait_for(lambda: fake_telegram.calls("getUpdates"))
    assert not poll.done()  # held by the long poll
    await alice.send(group, "/deal@burkozel_test_bot now")
    updates = await asyncio.wait_for(poll, 2)
    assert len(updates) == 1
    message = updates[0].message
    assert message is not None and message.text == "/deal@burkozel_test_bot now"
    assert message.parse_entities(["bot_command"]) != {}
    assert message.chat.id == group.id and message.from_user is not None

    sent = await bot.send_message(group.id, "Choose", reply_markup=keyboard([("Take", "take")]))
    stored = fake_telegram.last_message(group)
    assert stored.message_id == sent.message_id
    callback = await alice.tap(stored, "Take")  # by button text
    updates = await bot.get_updates(offset=updates[-1].update_id + 1, timeout=5)
    assert len(updates) == 1
    query = updates[0].callback_query
    assert isinstance(query, CallbackQuery)
    assert query.data == "take" and query.id == callback.id
    assert query.message is not None and query.message.message_id == sent.message_id

    # Confirming with the next offset empties the queue.
    assert await bot.get_updates(offset=updates[-1].update_id + 1, timeout=0) == ()
    assert fake_telegram.pending_updates == 0

    with pytest.raises(AssertionError, match="no callback button"):
        await alice.tap(stored, "steal")
    forged = await alice.tap(stored, "steal", force=True)
    assert forged.data == "steal"


async def test_concurrent_get_updates_conflict(fake_telegram: FakeTelegram) -> None:
    first_bot: Bot = fake_telegram.make_bot()
    second_bot: Bot = fake_telegram.make_bot()
    async with first_bot, second_bot:
        first = asyncio.create_task(first_bot.get_updates(timeout=5))
        await fake_telegram.wait_for(lambda: len(fake_telegram.calls("getUpdates")) == 1)
        second = asyncio.create_task(second_bot.get_updates(timeout=0))
        with pytest.raises(Conflict, match="terminated by other getUpdates request"):
            await asyncio.wait_for(first, 2)
        assert await asyncio.wait_for(second, 2) == ()


async def test_answer_callback_query_once_and_in_time(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    now = 1_700_000_000.0
    fake_telegram.clock = lambda: now
    alice = fake_telegram.user(1001, "Alice")
    await alice.send_private("/start")
    await bot.send_message(alice.id, "Pick", reply_markup=keyboard([("A", "a"), ("B", "b")]))
    message = fake_telegram.last_message(alice)
    assert message.date == int(now)

    first = await alice.tap(message, "a")
    assert fake_telegram.unanswered_callbacks() == [first]
    assert await bot.answer_callback_query(first.id, "Done", show_alert=True)
    answer = await first.answer_received(timeout=1)
    assert (answer.text, answer.show_alert) == ("Done", True)
    with pytest.raises(BadRequest, match=r"(?i)query is too old"):
        await bot.answer_callback_query(first.id, "again")

    late = await alice.tap(message, "b")
    now += 16  # the fake's clock moves on; nothing sleeps
    with pytest.raises(BadRequest, match=r"(?i)query is too old"):
        await bot.answer_callback_query(late.id)
    with pytest.raises(BadRequest, match=r"(?i)query ID is invalid"):
        await bot.answer_callback_query("123")
    assert fake_telegram.unanswered_callbacks() == [late]
    with pytest.raises(AssertionError, match="never answered"):
        await late.answer_received(timeout=0.05)


async def test_duplicate_last_update_replays_same_update_id(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    alice = fake_telegram.user(1001, "Alice")
    await alice.send_private("/start")
    (first,) = await bot.get_updates(timeout=0)
    assert await bot.get_updates(offset=first.update_id + 1, timeout=0) == ()

    replayed_id = fake_telegram.duplicate_last_update()
    (again,) = await bot.get_updates(offset=first.update_id + 1, timeout=0)
    assert replayed_id == again.update_id == first.update_id
    assert again.message is not None and first.message is not None
    assert again.message.message_id == first.message.message_id
    assert await bot.get_updates(offset=again.update_id + 1, timeout=0) == ()


async def test_allowed_updates_filter(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = fake_telegram.user(1001, "Alice")
    await alice.send_private("/start")
    fake_telegram.queue_update({"poll": {"id": "1"}})
    updates = await bot.get_updates(timeout=0, allowed_updates=[Update.CALLBACK_QUERY])
    assert updates == ()
    assert fake_telegram.pending_updates == 0  # dropped, as Telegram does


async def test_group_membership_changes(fake_telegram: FakeTelegram, bot: Bot) -> None:
    admin = fake_telegram.user(1, "Admin")
    group = fake_telegram.group(-77, "Table", creator=admin)
    fake_telegram.remove_bot_from(group, by=admin)
    await admin.send(group, "the bot cannot see this")
    fake_telegram.add_bot_to(group, by=admin)
    updates = await bot.get_updates(timeout=0)
    statuses = [
        u.my_chat_member.new_chat_member.status for u in updates if u.my_chat_member is not None
    ]
    assert statuses == ["kicked", "member"]
    assert all(u.message is None for u in updates)
    await bot.send_message(group.id, "back again")


async def test_blocking_the_bot_sends_my_chat_member(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = fake_telegram.user(1001, "Alice", username="alice")
    await alice.send_private("/start")
    (start,) = await bot.get_updates(timeout=0)
    offset = start.update_id + 1

    blocked_id = alice.block_bot()
    (update,) = await bot.get_updates(offset=offset, timeout=0)
    change = update.my_chat_member
    assert update.update_id == blocked_id and change is not None
    assert change.chat.type == "private" and change.chat.id == alice.id
    assert change.from_user.id == alice.id
    assert change.old_chat_member.status == "member"
    assert change.new_chat_member.status == "kicked"
    assert change.new_chat_member.user.id == bot.id and change.new_chat_member.user.is_bot
    raw = fake_telegram.updates_queued[-1]["my_chat_member"]
    assert raw["new_chat_member"]["until_date"] == 0
    assert alice.block_bot() is None  # already blocked: nothing new to tell

    with pytest.raises(AssertionError, match="blocked the bot"):
        await alice.send_private("hello?")
    # "Restart bot": unblocked (kicked -> member), then /start.
    await alice.send_private("/start")
    updates = await bot.get_updates(offset=update.update_id + 1, timeout=0)
    member = updates[0].my_chat_member
    assert member is not None and member.from_user.id == alice.id
    assert (member.old_chat_member.status, member.new_chat_member.status) == ("kicked", "member")
    assert updates[1].message is not None and updates[1].message.text == "/start"
    await bot.send_message(alice.id, "welcome back")


async def test_blocking_without_an_update(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = await started_user(fake_telegram)
    person = fake_telegram.user(alice, "Alice")
    before = len(fake_telegram.updates_queued)
    assert person.block_bot(update=False) is None
    with pytest.raises(Forbidden, match="bot was blocked by the user"):
        await bot.send_message(alice, "hi")
    assert person.unblock_bot() is None  # silent, as the blocking was
    assert len(fake_telegram.updates_queued) == before
    person.block_bot(update=False)
    assert person.unblock_bot(update=True) is not None
    assert fake_telegram.updates_queued[-1]["my_chat_member"]["new_chat_member"]["status"] == (
        "member"
    )


async def test_deactivated_user_is_unreachable(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = fake_telegram.user(1001, "Alice")
    await alice.send_private("/start")
    before = len(fake_telegram.updates_queued)
    alice.deactivate()
    assert len(fake_telegram.updates_queued) == before  # Telegram sends nothing for it
    with pytest.raises(Forbidden) as caught:
        await bot.send_message(alice.id, "hi")
    assert caught.value.message == "Forbidden: user is deactivated"
    assert fake_telegram.errors_returned[-1].error_code == 403
    assert fake_telegram.messages(alice) == []
    with pytest.raises(AssertionError, match="deleted their account"):
        await alice.send_private("/start")


# ---------------------------------------------------------------- a real Application


async def test_application_ping_button_roundtrip(fake_telegram: FakeTelegram) -> None:
    async def ping(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await update.message.reply_text(
            "<b>pong</b>", parse_mode="HTML", reply_markup=keyboard([("Again", "again")])
        )

    async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        assert query is not None
        await query.answer("Pressed!")
        await query.edit_message_text("pong again")

    app = fake_telegram.application_builder().build()
    app.add_handler(CommandHandler("ping", ping))
    app.add_handler(CallbackQueryHandler(on_button))

    alice = fake_telegram.user(1001, "Alice")
    group = fake_telegram.group(-100500, "Table", supergroup=True)
    assert app.updater is not None
    async with app:
        await app.start()
        await app.updater.start_polling()
        try:
            await alice.send(group, "/ping@burkozel_test_bot")
            reply = await fake_telegram.wait_for_message(group, "pong")
            assert reply.text == "pong" and reply.html == "<b>pong</b>"
            assert reply.reply_to_message_id == 1
            callback = await alice.tap(reply, "again")
            answer = await callback.answer_received()
            assert answer.text == "Pressed!" and not answer.show_alert
            await fake_telegram.wait_idle()
        finally:
            await app.updater.stop()
            await app.stop()

    edited = fake_telegram.last_message(group)
    assert edited.text == "pong again" and edited.edits == 1 and edited.buttons == []
    assert fake_telegram.pending_updates == 0
    assert fake_telegram.errors_returned == []
    assert fake_telegram.unanswered_callbacks() == []
    methods = [r.method for r in fake_telegram.requests]
    assert methods[:2] == ["getMe", "deleteWebhook"]


# ---------------------------------------------------------------- waiting helpers


async def test_waiting_helpers(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = await started_user(fake_telegram)
    await fake_telegram.user(alice, "Alice").send_private("hello")
    assert fake_telegram.pending_updates == 2
    with pytest.raises(AssertionError, match="did not become idle"):
        await fake_telegram.wait_idle(timeout=0.05)  # nobody polls: the queue stays full
    (last,) = await bot.get_updates(offset=-1, timeout=0)  # forgets older updates
    assert last.message is not None and last.message.text == "hello"
    assert fake_telegram.pending_updates == 1
    assert await bot.get_updates(offset=fake_telegram.updates_queued[-1]["update_id"] + 1) == ()
    await fake_telegram.wait_idle(quiet=0.01)

    async def reply_later() -> None:
        await bot.send_message(alice, "first")
        await bot.send_message(alice, "second")

    task = asyncio.create_task(reply_later())
    first = await fake_telegram.wait_for_message(alice, "first")
    second = await fake_telegram.wait_for_message(alice, after=first)
    assert second.text == "second"
    await task
    with pytest.raises(AssertionError, match="matching 'third'"):
        await fake_telegram.wait_for_message(alice, "third", timeout=0.05)


# ---------------------------------------------------------------- edits and posts as a chat


async def test_an_edit_queues_an_edited_message_with_the_new_text(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    alice = fake_telegram.user(1001, "Alice")
    group = fake_telegram.group(-100777, "Table", supergroup=True, members=[alice])
    sent = await alice.send(group, "hello")
    await alice.edit(sent, "/new")
    updates = await bot.get_updates(timeout=0)
    assert [u.message is not None for u in updates] == [True, False]
    edited = updates[1].edited_message
    assert edited is not None and edited.message_id == sent.message_id
    assert edited.text == "/new" and edited.edit_date is not None
    assert edited.parse_entities(["bot_command"]) != {}
    bob = fake_telegram.user(1002, "Bob")
    with pytest.raises(AssertionError, match="only a message of their own"):
        await bob.edit(sent, "mine")


async def test_posts_as_a_channel_or_anonymously_come_from_telegrams_service_accounts(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    owner = fake_telegram.user(1001, "Alice")
    member = fake_telegram.user(1002, "Bob")
    group = fake_telegram.group(-100777, "Table", supergroup=True, creator=owner, members=[member])
    channel = fake_telegram.channel(-100888, "News")
    await member.send(group, "/new", as_chat=channel)
    await owner.send(group, "/lang en", as_chat=group)
    updates = await bot.get_updates(timeout=0)
    as_channel, anonymous = (u.message for u in updates)
    assert as_channel is not None and anonymous is not None
    assert as_channel.sender_chat is not None and as_channel.sender_chat.id == channel.id
    assert as_channel.sender_chat.type == "channel"
    assert as_channel.from_user is not None and as_channel.from_user.id == 136817688
    assert anonymous.sender_chat is not None and anonymous.sender_chat.id == group.id
    assert anonymous.from_user is not None and anonymous.from_user.id == 1087968824
    with pytest.raises(AssertionError, match="only an admin"):
        await member.send(group, "/lang en", as_chat=group)
