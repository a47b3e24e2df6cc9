"""Forum topics (issue 57, item 4) through the real bot and the fake Bot API: a table
lives in the topic where it was opened, every group message of it goes there, answers
to commands stay in their topic, each topic has a table of its own, and a topic closed
or deleted under a table ends it cleanly. (Plain groups: the golden transcripts.)"""

from __future__ import annotations

import random

import pytest
from bot_harness import BotRunner
from bot_steps import (
    WAIT,
    lobby_data,
    people_in_private,
    play_out,
    snapshot,
    tap,
)

from bot.view import callbacks
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

pytestmark = pytest.mark.usefixtures("fixed_deals")

FORUM_ID = -1003001
SENDS = ("sendMessage", "sendPhoto")


def bot_messages(fake: FakeTelegram, forum: FakeChat) -> list[StoredMessage]:
    return [m for m in fake.messages(forum) if m.from_bot]


def sends_to(fake: FakeTelegram, forum: FakeChat, since: int = 0) -> list[dict[str, object]]:
    """The parameters of every message the bot sent (or tried to) to the forum."""
    return [
        r.params
        for r in fake.requests[since:]
        if r.method in SENDS and str(r.params.get("chat_id")) == str(forum.id)
    ]


def thread_named(params: dict[str, object]) -> int | None:
    value = params.get("message_thread_id")
    return None if value is None else int(str(value))


async def command(
    fake: FakeTelegram, user: FakeUser, forum: FakeChat, text: str, topic: int
) -> list[StoredMessage]:
    """`text` sent in the topic; the bot's messages anywhere in the forum after it."""
    sent = await user.send(forum, text, thread=topic)
    await fake.wait_for_message(forum, after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    return [m for m in bot_messages(fake, forum) if m.message_id > sent.message_id]


async def open_in_topic(
    fake: FakeTelegram,
    runner: BotRunner,
    forum: FakeChat,
    topic: int,
    text: str,
    users: list[FakeUser],
) -> tuple[int, StoredMessage]:
    """`users[0]` opens a table with `text` in the topic, the others join by the button."""
    sent = await users[0].send(forum, text, thread=topic)
    lobby = await fake.wait_for_message(forum, "#", after=sent, thread=topic, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    for user in users[1:]:
        answer = await tap(fake, user, lobby, lobby_data(lobby, "j"))
        assert answer.url is None and not answer.show_alert, answer
    table = await runner.db.open_table_in_chat(forum.id, topic)
    assert table is not None and table.thread_id == topic, table
    assert len(table.seats) == len(users)
    return table.id, fake.find_message(forum.id, lobby.message_id) or lobby


async def start_in_topic(
    fake: FakeTelegram, forum: FakeChat, topic: int, creator: FakeUser, lobby: StoredMessage
) -> None:
    answer = await tap(fake, creator, lobby, lobby_data(lobby, "s"))
    assert not answer.show_alert, answer
    await fake.wait_for_message(forum, "👉", thread=topic, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)


async def a_forum(fake: FakeTelegram, count: int) -> tuple[FakeChat, list[FakeUser], int]:
    """A forum with people who started the bot, and one topic opened by the first."""
    users = await people_in_private(fake, count)
    forum = fake.forum(FORUM_ID, "Клуб", members=users)
    topic = fake.open_topic(forum, "Карты", by=users[0])
    await fake.wait_idle(timeout=WAIT)
    return forum, users, topic


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_whole_match_in_a_topic_of_a_forum_whose_general_is_closed(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    forum, (ann, bob), topic = await a_forum(fake, 2)
    fake.close_general(forum)
    await fake.wait_idle(timeout=WAIT)

    table_id, lobby = await open_in_topic(fake, runner, forum, topic, "/new limit=4", [ann, bob])
    assert lobby.thread_id == topic
    # Answers to commands quote them in their topic.
    (help_answer,) = await command(fake, bob, forum, "/help", topic)
    (joined,) = await command(fake, bob, forum, "/join", topic)
    assert (help_answer.thread_id, joined.thread_id) == (topic, topic)
    assert joined.reply_to_message_id is not None and "уже" in joined.text

    await start_in_topic(fake, forum, topic, ann, lobby)
    final = await play_out(fake, runner.db_path, table_id, [ann, bob], random.Random(57))
    assert final.status == "finished"
    await runner.idle()

    mine = bot_messages(fake, forum)
    texts = [m.text for m in mine]
    assert any(m.text.startswith("🏁") for m in mine), texts  # the end
    # From three deals on, the end is the chart's caption.
    (end,) = [m for m in mine if m.text.startswith("🏁")]
    assert (end.photo is not None) is (final.match.deals_dealt >= 3), end
    assert sum(text.startswith("📋") for text in texts) >= 2, texts  # the deals' summaries
    assert sum("· сдача" in text for text in texts) >= 2, texts  # a live message a deal
    assert all(m.thread_id == topic for m in mine), [(m.thread_id, m.text[:30]) for m in mine]
    assert not [m for m in fake.messages(forum, thread=None) if m.from_bot]
    assert {thread_named(p) for p in sends_to(fake, forum)} == {topic}
    assert not [e for e in fake.errors_returned if not e.injected], fake.errors_returned

    # The rematch opens in the same topic.
    end = next(m for m in reversed(fake.messages(forum, thread=topic)) if m.text.startswith("🏁"))
    again = next(d for d in end.callback_data if isinstance(callbacks.parse(d), callbacks.Rematch))
    answer = await tap(fake, bob, end, again)
    assert not answer.show_alert, answer
    await runner.idle()
    rematch = await runner.db.open_table_in_chat(forum.id, topic)
    assert rematch is not None and rematch.id != table_id and rematch.thread_id == topic
    await fake.wait_for_message(forum, f"#{rematch.id}", thread=topic, timeout=WAIT)
    assert {thread_named(p) for p in sends_to(fake, forum)} == {topic}


async def test_each_topic_has_its_own_table_and_commands_address_it(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    forum, (ann, bob, eve), cards = await a_forum(fake, 3)
    other = fake.open_topic(forum, "Бура", by=eve)
    await fake.wait_idle(timeout=WAIT)

    first, first_lobby = await open_in_topic(fake, runner, forum, cards, "/new kozel", [ann, bob])
    second, second_lobby = await open_in_topic(fake, runner, forum, other, "/new bura", [eve])
    assert first != second
    assert (first_lobby.thread_id, second_lobby.thread_id) == (cards, other)

    # /new in a topic with a table names that one; /rules is that table's.
    (exists,) = await command(fake, bob, forum, "/new", cards)
    assert exists.thread_id == cards and f"#{first}" in exists.text
    (rules,) = await command(fake, eve, forum, "/rules", other)
    assert rules.thread_id == other and "Бура" in rules.text, rules.text
    # /join in the other topic seats Bob at its table, not at his own.
    (joined,) = await command(fake, bob, forum, "/join", other)
    assert joined.thread_id == other
    table = await runner.db.get_table(second)
    assert table is not None and {s.user_id for s in table.seats} == {eve.id, bob.id}

    # /kick that answers nobody: in a topic the message still "replies" to the
    # topic's opening (Ann's), which is no answer to Ann.
    (usage,) = await command(fake, ann, forum, "/kick", cards)
    assert usage.thread_id == cards
    table = await runner.db.get_table(first)
    assert table is not None and ann.id in {s.user_id for s in table.seats}, usage.text

    # /stop stops the table of its own topic only.
    (stopped,) = await command(fake, eve, forum, "/stop", other)
    assert stopped.thread_id == other and f"#{second}" in stopped.text
    assert snapshot(runner.db_path, second).status == "closed"
    assert snapshot(runner.db_path, first).status == "lobby"
    # General is a place of its own too.
    sent = await ann.send(forum, "/new bura")
    general = await fake.wait_for_message(forum, "#", after=sent, thread=None, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    table = await runner.db.open_table_in_chat(forum.id)
    assert table is not None and table.thread_id is None and general.thread_id is None
    assert not [e for e in fake.errors_returned if not e.injected], fake.errors_returned


async def mid_match(
    fake: FakeTelegram, runner: BotRunner
) -> tuple[FakeChat, list[FakeUser], int, int]:
    """A match in a topic, a few moves in, everything told."""
    forum, users, topic = await a_forum(fake, 2)
    table_id, lobby = await open_in_topic(fake, runner, forum, topic, "/new", users)
    await start_in_topic(fake, forum, topic, users[0], lobby)
    await play_out(fake, runner.db_path, table_id, users, random.Random(4), moves=4)
    await runner.idle()
    assert snapshot(runner.db_path, table_id).status == "playing"
    return forum, users, topic, table_id


async def ended_for(
    fake: FakeTelegram, runner: BotRunner, table_id: int, users: list[FakeUser]
) -> None:
    """The table is closed, and each player was told why in private, hand without buttons."""
    for user in users:
        await fake.wait_for_message(user, "тему в группе закрыли или удалили", timeout=WAIT)
    await runner.idle()
    assert snapshot(runner.db_path, table_id).status == "closed"
    for user in users:
        hands = [m for m in fake.messages(fake.private_chat(user)) if m.callback_data]
        assert not [m for m in hands if any(d.startswith(("s:", "p:")) for d in m.callback_data)]


async def test_a_topic_closed_mid_match_ends_the_table(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    forum, users, topic, table_id = await mid_match(fake, runner)
    before = len(fake.requests)
    fake.close_topic(forum, topic, by=users[0])
    await ended_for(fake, runner, table_id, users)
    assert sends_to(fake, forum, before) == [], "nothing more is sent to the closed topic"
    assert not [e for e in fake.errors_returned if not e.injected], fake.errors_returned


async def test_a_topic_deleted_mid_match_ends_the_table_at_the_first_refusal(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    forum, users, topic, table_id = await mid_match(fake, runner)
    fake.delete_topic(forum, topic)  # Telegram tells the bot nothing
    await play_out(fake, runner.db_path, table_id, users, random.Random(5), moves=1)
    await ended_for(fake, runner, table_id, users)
    refused = [e for e in fake.errors_returned if "thread not found" in e.description]
    assert len(refused) == 1, refused
    after = fake.requests.index(next(r for r in fake.requests if "thread not found" in r.outcome))
    assert sends_to(fake, forum, after + 1) == [], "nothing more is sent to the deleted topic"


async def test_a_lobby_in_a_closed_topic_closes_and_stays_closed_when_reopened(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    forum, (ann, bob), topic = await a_forum(fake, 2)
    table_id, lobby = await open_in_topic(fake, runner, forum, topic, "/new", [ann, bob])
    fake.close_topic(forum, topic, by=ann)
    await ended_for(fake, runner, table_id, [ann, bob])
    closed = fake.find_message(forum.id, lobby.message_id)
    assert closed is not None and "тему закрыли" in closed.text and not closed.callback_data

    fake.reopen_topic(forum, topic, by=ann)
    await runner.idle()
    assert snapshot(runner.db_path, table_id).status == "closed"
    reopened, _ = await open_in_topic(fake, runner, forum, topic, "/new bura", [bob])
    assert reopened != table_id
