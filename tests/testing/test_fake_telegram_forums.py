"""Forum supergroups in the fake Bot API, exercised through python-telegram-bot's real
HTTPX client: the topics people open, close and delete, the updates their messages and
those changes send the bot, where the bot's messages land (the topic it names, the
replied message's topic, General), and Telegram's refusals (a closed topic, a topic
that is not there).

They belong together because they share one forum and its first topic, and each
holds the fake's answer against what the Bot API server does (see
``testing/fake_telegram/topics.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from telegram import Bot, ChatMemberAdministrator, Message, ReplyParameters, Update
from telegram.error import BadRequest
from telegram.ext import ApplicationBuilder, CommandHandler, ContextTypes

from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser

# A PNG's signature and header: all the fake reads of a photo (2 x 3 pixels).
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (2).to_bytes(4, "big") + (3).to_bytes(4, "big")


@dataclass
class Forum:
    chat: FakeChat
    admin: FakeUser
    alice: FakeUser
    topic: int  # "Table 1"


def make_forum(fake: FakeTelegram) -> Forum:
    admin = fake.user(1, "Admin")
    alice = fake.user(1001, "Alice")
    chat = fake.forum(-100900, "Card club", creator=admin, members=[alice])
    topic = fake.open_topic(chat, "Table 1", by=admin)
    return Forum(chat, admin, alice, topic)


async def new_updates(fake: FakeTelegram, bot: Bot) -> tuple[Update, ...]:
    """The updates queued since the last call (confirming them)."""
    updates = await bot.get_updates(timeout=0)
    if updates:
        await bot.get_updates(offset=updates[-1].update_id + 1, timeout=0)
    return updates


def refusal(fake: FakeTelegram) -> str:
    return fake.errors_returned[-1].description


async def test_topic_messages_carry_their_thread(fake_telegram: FakeTelegram, bot: Bot) -> None:
    forum = make_forum(fake_telegram)
    (created,) = [u.message for u in await new_updates(fake_telegram, bot)]
    assert created is not None and created.forum_topic_created is not None
    assert created.forum_topic_created.name == "Table 1"
    assert created.message_id == forum.topic == 2  # message 1 is the chat's creation
    assert created.message_thread_id == forum.topic and created.is_topic_message
    assert created.reply_to_message is None  # does not reply to itself
    assert created.chat.is_forum and created.from_user is not None
    assert created.from_user.id == forum.admin.id

    await forum.alice.send(forum.chat, "/deal", thread=forum.topic)
    await forum.alice.send(forum.chat, "hello all")  # General
    (in_topic, in_general) = [u.message for u in await new_updates(fake_telegram, bot)]
    assert in_topic is not None and in_topic.message_thread_id == forum.topic
    assert in_topic.is_topic_message
    # Telegram: a topic message that replies to nothing replies to the topic's creation.
    replied = in_topic.reply_to_message
    assert replied is not None and replied.forum_topic_created is not None
    assert replied.message_id == forum.topic
    assert in_general is not None and in_general.message_thread_id is None
    assert not in_general.is_topic_message and in_general.reply_to_message is None

    # A reply lands in the replied message's topic and replies to that message.
    await forum.alice.send(forum.chat, "me too", reply_to=in_topic.message_id)
    (reply,) = [u.message for u in await new_updates(fake_telegram, bot)]
    assert reply is not None and reply.message_thread_id == forum.topic
    assert reply.reply_to_message is not None
    assert reply.reply_to_message.message_id == in_topic.message_id
    with pytest.raises(AssertionError, match="not in topic"):
        await forum.alice.send(forum.chat, "x", reply_to=in_general.message_id, thread=forum.topic)
    with pytest.raises(AssertionError, match="no topic 99"):
        await forum.alice.send(forum.chat, "x", thread=99)
    plain = fake_telegram.group(-100901, "Plain", supergroup=True)
    with pytest.raises(AssertionError, match="not a forum"):
        await forum.alice.send(plain, "x", thread=forum.topic)

    chat = await bot.get_chat(forum.chat.id)
    assert chat.is_forum
    member = await bot.get_chat_member(forum.chat.id, forum.admin.id)
    assert member.status == "creator"


async def test_bot_messages_land_where_telegram_puts_them(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    forum = make_forum(fake_telegram)
    sent = await bot.send_message(forum.chat.id, "deal", message_thread_id=forum.topic)
    assert sent.message_thread_id == forum.topic and sent.is_topic_message
    assert sent.reply_to_message is not None and sent.reply_to_message.forum_topic_created
    general = await bot.send_message(forum.chat.id, "welcome")
    assert general.message_thread_id is None and not general.is_topic_message
    # A reply without message_thread_id goes to the replied message's topic.
    reply = await bot.send_message(
        forum.chat.id, "your turn", reply_parameters=ReplyParameters(sent.message_id)
    )
    assert reply.message_thread_id == forum.topic
    assert reply.reply_to_message is not None
    assert reply.reply_to_message.message_id == sent.message_id
    photo = await bot.send_photo(forum.chat.id, PNG, caption="chart", message_thread_id=forum.topic)
    assert photo.message_thread_id == forum.topic

    fake = fake_telegram
    assert [m.text for m in fake.messages(forum.chat, thread=forum.topic)] == [
        "deal",
        "your turn",
        "chart",
    ]
    assert [m.text for m in fake.messages(forum.chat, thread=None)] == ["welcome"]
    assert len(fake.messages(forum.chat)) == 4
    assert fake.last_message(forum.chat, thread=None).text == "welcome"
    assert fake.last_message(forum.chat, thread=forum.topic).text == "chart"
    with pytest.raises(AssertionError, match="thread 99"):
        fake.last_message(forum.chat, thread=99)
    found = await fake.wait_for_message(forum.chat, "deal", thread=forum.topic, timeout=0.1)
    assert found.message_id == sent.message_id
    with pytest.raises(AssertionError, match="in thread None"):
        await fake.wait_for_message(forum.chat, "deal", thread=None, timeout=0.05)


async def test_ptb_reply_text_answers_in_the_topic(fake_telegram: FakeTelegram) -> None:
    async def deal(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await update.message.reply_text("dealt")

    forum = make_forum(fake_telegram)
    app = ApplicationBuilder().bot(fake_telegram.make_bot()).build()
    app.add_handler(CommandHandler("deal", deal))
    assert app.updater is not None
    async with app:
        await app.start()
        await app.updater.start_polling()
        try:
            await forum.alice.send(forum.chat, "/deal", thread=forum.topic)
            await forum.alice.send(forum.chat, "/deal")
            await fake_telegram.wait_for_message(forum.chat, "dealt", thread=forum.topic)
            await fake_telegram.wait_for_message(forum.chat, "dealt", thread=None)
            await fake_telegram.wait_idle()
        finally:
            await app.updater.stop()
            await app.stop()
    assert fake_telegram.errors_returned == []


async def test_unknown_threads_are_refused(fake_telegram: FakeTelegram, bot: Bot) -> None:
    forum = make_forum(fake_telegram)
    for thread in (1, 99):  # General's own id, a topic that never was
        with pytest.raises(BadRequest, match="Message thread not found"):
            await bot.send_message(forum.chat.id, "lost", message_thread_id=thread)
        assert refusal(fake_telegram) == "Bad Request: message thread not found"
    alice = fake_telegram.user(1002, "Bob")
    await alice.send_private("/start")
    with pytest.raises(BadRequest, match="Message thread not found"):
        await bot.send_message(alice.id, "no topics here", message_thread_id=forum.topic)
    assert fake_telegram.messages(forum.chat) == []
    assert fake_telegram.messages(alice) == []
    # In a group that is no forum the parameter is ignored.
    plain = fake_telegram.group(-100901, "Plain", supergroup=True)
    sent = await bot.send_message(plain.id, "fine", message_thread_id=forum.topic)
    assert sent.message_thread_id is None
    assert fake_telegram.last_message(plain).thread_id is None


async def test_closed_topic_refuses_sends_not_edits(fake_telegram: FakeTelegram, bot: Bot) -> None:
    forum = make_forum(fake_telegram)
    fake = fake_telegram
    earlier = await bot.send_message(forum.chat.id, "deal", message_thread_id=forum.topic)
    await new_updates(fake, bot)

    closed = fake.close_topic(forum.chat, forum.topic, by=forum.admin)
    (update,) = await new_updates(fake, bot)
    assert update.message is not None and update.message.forum_topic_closed is not None
    assert update.message.message_thread_id == forum.topic
    assert update.message.message_id == closed.message_id
    assert fake.topic(forum.chat, forum.topic).closed

    with pytest.raises(BadRequest):
        await bot.send_message(forum.chat.id, "more", message_thread_id=forum.topic)
    assert refusal(fake) == "Bad Request: TOPIC_CLOSED"
    with pytest.raises(BadRequest):  # a reply would land in the closed topic too
        await bot.send_message(
            forum.chat.id, "more", reply_parameters=ReplyParameters(earlier.message_id)
        )
    assert refusal(fake) == "Bad Request: TOPIC_CLOSED"
    assert [m.text for m in fake.messages(forum.chat)] == ["deal"]
    # Editing is allowed (assumed: TOPIC_CLOSED is an error of sending).
    await bot.edit_message_text("dealt", forum.chat.id, earlier.message_id)
    await bot.send_message(forum.chat.id, "General is open")

    with pytest.raises(AssertionError, match="closed to user 1001"):
        await forum.alice.send(forum.chat, "let me in", thread=forum.topic)
    await forum.admin.send(forum.chat, "admins may", thread=forum.topic)
    fake.set_bot_admin(forum.chat)
    await bot.send_message(forum.chat.id, "so may the bot", message_thread_id=forum.topic)
    member = await bot.get_chat_member(forum.chat.id, bot.id)
    assert isinstance(member, ChatMemberAdministrator) and member.can_manage_topics
    fake.set_bot_admin(forum.chat, admin=False)

    await new_updates(fake, bot)
    fake.reopen_topic(forum.chat, forum.topic)
    (update,) = await new_updates(fake, bot)
    assert update.message is not None and update.message.forum_topic_reopened is not None
    assert update.message.message_thread_id == forum.topic
    await bot.send_message(forum.chat.id, "open again", message_thread_id=forum.topic)
    with pytest.raises(AssertionError, match="not closed"):
        fake.reopen_topic(forum.chat, forum.topic)


async def test_closed_general(fake_telegram: FakeTelegram, bot: Bot) -> None:
    forum = make_forum(fake_telegram)
    fake = fake_telegram
    await new_updates(fake, bot)
    fake.close_general(forum.chat)
    (update,) = await new_updates(fake, bot)
    message = update.message
    assert message is not None and message.forum_topic_closed is not None
    assert message.message_thread_id is None and not message.is_topic_message
    with pytest.raises(BadRequest):
        await bot.send_message(forum.chat.id, "to General")
    assert refusal(fake) == "Bad Request: TOPIC_CLOSED"
    await bot.send_message(forum.chat.id, "topics stay open", message_thread_id=forum.topic)
    with pytest.raises(AssertionError, match="General of forum -100900 is closed"):
        await forum.alice.send(forum.chat, "hello")
    fake.reopen_general(forum.chat)
    (update,) = await new_updates(fake, bot)
    assert update.message is not None and update.message.forum_topic_reopened is not None
    await bot.send_message(forum.chat.id, "to General")
    assert [m.text for m in fake.messages(forum.chat, thread=None)] == ["to General"]


async def test_deleted_topic_takes_its_messages(fake_telegram: FakeTelegram, bot: Bot) -> None:
    forum = make_forum(fake_telegram)
    fake = fake_telegram
    sent: Message = await bot.send_message(forum.chat.id, "deal", message_thread_id=forum.topic)
    await forum.alice.send(forum.chat, "mine", thread=forum.topic)
    await new_updates(fake, bot)
    fake.delete_topic(forum.chat, forum.topic)
    assert await new_updates(fake, bot) == ()  # Telegram sends nothing
    assert fake.messages(forum.chat, thread=forum.topic, include_users=True) == []
    gone = fake.messages(forum.chat, thread=forum.topic, include_users=True, include_deleted=True)
    assert [m.text for m in gone] == ["", "deal", "mine"]  # the creation message too
    assert all(m.deleted for m in gone)
    with pytest.raises(BadRequest, match="Message to edit not found"):
        await bot.edit_message_text("dealt", forum.chat.id, sent.message_id)
    with pytest.raises(BadRequest, match="Message thread not found"):
        await bot.send_message(forum.chat.id, "anyone?", message_thread_id=forum.topic)
    with pytest.raises(AssertionError, match="no topic"):
        await forum.alice.send(forum.chat, "hello?", thread=forum.topic)
    with pytest.raises(AssertionError, match="no topic"):
        fake.close_topic(forum.chat, forum.topic)
    assert fake.topic(forum.chat, forum.topic).deleted


async def test_the_bot_opens_a_topic_where_it_may_manage_them(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    forum = make_forum(fake_telegram)
    await new_updates(fake_telegram, bot)
    with pytest.raises(BadRequest, match=r"(?i)not enough rights"):
        await bot.create_forum_topic(forum.chat.id, "Tour 1")
    plain_group = fake_telegram.group(-100901, "Plain", supergroup=True)
    fake_telegram.set_bot_admin(plain_group)
    with pytest.raises(BadRequest, match=r"(?i)not a forum"):
        await bot.create_forum_topic(plain_group.id, "Tour 1")
    fake_telegram.set_bot_admin(forum.chat)
    with pytest.raises(BadRequest, match=r"(?i)topic_title_empty"):
        await bot.create_forum_topic(forum.chat.id, "")
    topic = await bot.create_forum_topic(forum.chat.id, "🏁 Tour 1")
    assert topic.name == "🏁 Tour 1" and topic.message_thread_id in forum.chat.topics
    # The bot's own service message is no update; its messages land in the topic.
    assert await new_updates(fake_telegram, bot) == ()
    sent = await bot.send_message(forum.chat.id, "hi", message_thread_id=topic.message_thread_id)
    assert sent.message_thread_id == topic.message_thread_id
    in_topic = fake_telegram.messages(forum.chat, thread=topic.message_thread_id)
    # The topic's creation is the bot's own service message, then what it sent.
    assert [bool(m.service) for m in in_topic] == [True, False] and in_topic[1].text == "hi"
