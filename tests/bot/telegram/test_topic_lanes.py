"""Each forum topic is a lane of its own (security review N15): a flood of
commands in one topic fills that topic's backlog and answer queue, and a
command in another topic is still run and answered, in its topic.

Through the real bot and the fake Bot API: the flood and the other topic's
command come in one getUpdates answer, the flood first."""

from __future__ import annotations

from bot_harness import WAIT, BotRunner
from bot_steps import people_in_private
from telegram import Chat, Message, Update, User

from bot.telegram.wire.updates import lane_of, topic_of, trim_updates
from testing.fake_telegram import FakeTelegram

FORUM_ID = -1003077
FLOOD = 40


async def test_a_flood_in_one_topic_leaves_another_topics_command_answered(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = await people_in_private(fake, 2)
    forum = fake.forum(FORUM_ID, "Клуб", members=[ann, bob])
    flooded = fake.open_topic(forum, "Шум", by=ann)
    quiet = fake.open_topic(forum, "Карты", by=bob)
    await fake.wait_idle(timeout=WAIT)
    for _ in range(FLOOD):
        fake.user_sends(ann, forum, "/help", thread=flooded)
    asked = fake.user_sends(bob, forum, "/help", thread=quiet)
    answer = await fake.wait_for_message(forum, after=asked, thread=quiet, timeout=WAIT)
    assert answer.thread_id == quiet and answer.reply_to_message_id == asked.message_id
    await runner.idle()
    processor = runner.app.update_processor
    # The flood was still capped in its own topic.
    assert processor.dropped >= FLOOD - processor.backlog
    answered = [m for m in fake.messages(forum, thread=flooded) if m.from_bot]
    assert 1 <= len(answered) <= processor.backlog


def forum_message(thread: int | None, topic: bool) -> dict[str, object]:
    return {
        "message_id": 7,
        "date": 0,
        "chat": {"id": FORUM_ID, "type": "supergroup", "is_forum": True},
        "message_thread_id": thread,
        "is_topic_message": topic,
        "text": "x",
    }


def test_a_taps_lane_is_its_messages_topic_with_or_without_the_message() -> None:
    user = {"id": 1, "is_bot": False, "first_name": "A"}
    for thread, topic, lane in (
        (5, True, (FORUM_ID, 5)),
        (5, False, (FORUM_ID, None)),  # a reply thread of a plain supergroup
        (None, False, (FORUM_ID, None)),
    ):
        query = {"id": "q", "from": user, "chat_instance": "c", "data": "d"}
        raw = {"update_id": 1, "callback_query": {**query, "message": forum_message(thread, topic)}}
        whole = Update.de_json(raw, None)
        assert whole is not None and lane_of(whole) == lane
        trimmed = trim_updates({"ok": True, "result": [raw]})["result"][0]
        assert "message" not in trimmed["callback_query"]
        cut = Update.de_json(trimmed, None)
        assert cut is not None and lane_of(cut) == lane


def test_a_message_in_a_topic_and_in_general_take_different_lanes() -> None:
    chat = Chat(FORUM_ID, "supergroup", is_forum=True)
    user = User(1, "A", False)
    in_topic = Message(
        1,
        None,  # type: ignore[arg-type]
        chat,
        from_user=user,
        text="/help",
        message_thread_id=9,
        is_topic_message=True,
    )
    general = Message(2, None, chat, from_user=user, text="/help")  # type: ignore[arg-type]
    assert topic_of(Update(1, message=in_topic)) == 9
    assert lane_of(Update(2, message=general)) == (FORUM_ID, None)
