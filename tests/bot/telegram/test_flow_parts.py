"""The parts that keep one chat from stalling another, one at a time: the
update processor (chat's turn before a global slot, a capped backlog), the
send limits (only messages count, a 429 pauses one chat) and the answer
queue (newest few kept, retried until sent, dropped when the chat is gone)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from telegram import (
    CallbackQuery,
    Chat,
    ChatMemberLeft,
    ChatMemberMember,
    ChatMemberUpdated,
    Message,
    Update,
    User,
)
from telegram.error import RetryAfter

from bot.tables.outbox import Outcome
from bot.telegram.wire.limits import SendLimits, counted, seconds
from bot.telegram.wire.replies import Replies
from bot.telegram.wire.updates import OVERFLOW_ANSWERS, Overflowing, PerChatProcessor
from bot.view.screen import Screen


def update_in(chat_id: int, update_id: int) -> Update:
    chat = Chat(chat_id, "group" if chat_id < 0 else "private")
    user = User(1, "A", False)
    message = Message(update_id, None, chat, from_user=user, text="/help")  # type: ignore[arg-type]
    return Update(update_id, message=message)


def tap_in(chat_id: int, update_id: int) -> Update:
    chat = Chat(chat_id, "group" if chat_id < 0 else "private")
    user = User(1, "A", False)
    message = Message(update_id, None, chat, from_user=user, text="table")  # type: ignore[arg-type]
    query = CallbackQuery(str(update_id), user, "chat", message=message, data="s:1")
    return Update(update_id, callback_query=query)


OVERFLOW_CHECK = Overflowing(lambda update, context: None)  # type: ignore[arg-type,return-value]


class Gate:
    """A handler that waits until the test opens it."""

    def __init__(self) -> None:
        self.opened = asyncio.Event()
        self.ran: list[int] = []

    async def handler(self, number: int) -> None:
        await self.opened.wait()
        self.ran.append(number)


class App:
    """What the application's handlers see of a tap: the overflow handler
    (the first group) when the processor flags it, else the tap's own."""

    def __init__(self) -> None:
        self.gate = Gate()
        self.overflowed: list[int] = []
        self.release = asyncio.Event()
        self.release.set()

    async def process(self, number: int) -> None:
        if OVERFLOW_CHECK.check_update(None):
            self.overflowed.append(number)
            await self.release.wait()
        else:
            await self.gate.handler(number)


async def test_a_busy_chat_holds_no_slot_while_it_waits_for_its_turn() -> None:
    processor = PerChatProcessor(slots=2, backlog=1000)
    gate = Gate()
    busy = [
        asyncio.create_task(processor.process_update(update_in(-1, n), gate.handler(n)))
        for n in range(50)
    ]
    await asyncio.sleep(0)
    # 50 updates of one chat wait for its turn; another chat still runs at once.
    done = asyncio.Event()

    async def other() -> None:
        done.set()

    await asyncio.wait_for(processor.process_update(update_in(-2, 99), other()), timeout=1)
    assert done.is_set()
    gate.opened.set()
    await asyncio.gather(*busy)
    assert gate.ran == list(range(50)), "one chat's updates ran out of order"


async def test_a_chat_beyond_its_backlog_is_answered_not_run() -> None:
    processor = PerChatProcessor(slots=256, backlog=3)
    app = App()
    tasks = [
        asyncio.create_task(processor.process_update(tap_in(-1, n), app.process(n)))
        for n in range(10)
    ]
    await asyncio.sleep(0)
    app.gate.opened.set()
    await asyncio.gather(*tasks)
    assert app.gate.ran == [0, 1, 2]
    # The overflow reaches only the overflow handler, in order.
    assert app.overflowed == list(range(3, 10))
    assert processor.pending(-1) == 0 and processor.dropped == 7
    # Once the chat is done, it is served again, and not as an overflow.
    await processor.process_update(tap_in(-1, 11), app.process(11))
    assert app.gate.ran[-1] == 11 and not OVERFLOW_CHECK.check_update(None)


async def test_typed_messages_beyond_the_backlog_are_dropped_unrun() -> None:
    processor = PerChatProcessor(slots=256, backlog=3)
    app = App()
    tasks = [
        asyncio.create_task(processor.process_update(update_in(-1, n), app.process(n)))
        for n in range(10)
    ]
    await asyncio.sleep(0)
    app.gate.opened.set()
    await asyncio.gather(*tasks)
    assert app.gate.ran == [0, 1, 2] and app.overflowed == [] and processor.dropped == 7


async def test_a_service_update_beyond_the_backlog_still_runs() -> None:
    """A flood must not cost a group the news that the bot was removed or the
    group migrated: only taps and typed messages are dropped."""
    processor = PerChatProcessor(slots=256, backlog=1)
    gate = Gate()
    chat = Chat(-1, "supergroup")
    bot = User(99, "Bot", True)
    left = ChatMemberLeft(bot)
    member = ChatMemberMember(bot)
    change = ChatMemberUpdated(chat, User(1, "A", False), datetime.now(UTC), member, left)
    removed = Update(500, my_chat_member=change)
    tasks = [
        asyncio.create_task(processor.process_update(update_in(-1, 0), gate.handler(0))),
        asyncio.create_task(processor.process_update(update_in(-1, 1), gate.handler(1))),
        asyncio.create_task(processor.process_update(removed, gate.handler(500))),
    ]
    await asyncio.sleep(0)
    gate.opened.set()
    await asyncio.gather(*tasks)
    assert gate.ran == [0, 500] and processor.dropped == 1


async def test_a_flood_is_told_to_slow_down_one_answer_at_a_time() -> None:
    """Hundreds of overflow answers at once would hold the HTTP connections
    other chats need: one at a time per chat, at most `OVERFLOW_ANSWERS`
    waiting, the rest dropped."""
    processor = PerChatProcessor(slots=256, backlog=1)
    app = App()
    app.release.clear()
    flood = OVERFLOW_ANSWERS + 30
    tasks = [
        asyncio.create_task(processor.process_update(tap_in(-1, n), app.process(n)))
        for n in range(flood + 1)
    ]
    for _ in range(3):
        await asyncio.sleep(0)
    assert app.overflowed == [1], "more than one answer at a time"
    app.release.set()
    app.gate.opened.set()
    await asyncio.gather(*tasks)
    assert app.gate.ran == [0] and processor.dropped == flood
    assert app.overflowed == list(range(1, OVERFLOW_ANSWERS + 1))


def test_only_messages_count_against_the_limits() -> None:
    assert counted("sendMessage") and counted("editMessageText") and counted("copyMessage")
    assert not counted("getChatMember")
    assert not counted("getChatAdministrators")
    assert not counted("answerCallbackQuery")
    assert not counted("sendChatAction")


async def test_a_group_lookup_never_waits_for_the_groups_budget() -> None:
    limits = SendLimits(overall_per_second=30, group_per_minute=1)

    async def call() -> str:
        return "ok"

    send = {"chat_id": -5, "text": "x"}
    assert await limits.process_request(call, (), {}, "sendMessage", send, None) == "ok"
    assert not limits.has_room(-5)  # the next message would wait a minute
    lookup = limits.process_request(call, (), {}, "getChatMember", {"chat_id": -5}, None)
    assert await asyncio.wait_for(lookup, timeout=1) == "ok"


async def test_a_429_pauses_only_its_chat() -> None:
    limits = SendLimits()

    async def refused() -> Any:
        raise RetryAfter(3600)

    sent: list[int] = []

    async def call(chat_id: int) -> str:
        sent.append(chat_id)
        return "ok"

    async def send(chat_id: int) -> Any:
        data = {"chat_id": chat_id}
        return await limits.process_request(call, (chat_id,), {}, "sendMessage", data, None)

    with pytest.raises(RetryAfter):
        await limits.process_request(refused, (), {}, "sendMessage", {"chat_id": -7}, None)
    assert await asyncio.wait_for(send(42), timeout=1) == "ok"
    paused = asyncio.create_task(send(-7))
    # Another group's message, asked for after the paused chat's and taking the same
    # way: once it is out, the paused chat's would be out too had it not waited.
    assert await asyncio.wait_for(send(-8), timeout=1) == "ok"
    assert sent == [42, -8], "the paused chat was sent to"
    assert not paused.done()
    paused.cancel()


class FlakySend:
    """Fails the first `failures` sends with a transient error outcome."""

    def __init__(self, outcomes: list[Outcome] | None = None) -> None:
        self.sent: list[tuple[int, str, int | None]] = []
        self.outcomes = outcomes or []
        self.release = asyncio.Event()
        self.release.set()

    async def __call__(
        self,
        chat_id: int,
        screen: Screen,
        reply_to: int | None,
        photo: bytes | None = None,
        thread: int | None = None,
    ) -> Outcome:
        await self.release.wait()
        self.sent.append((chat_id, screen.text, reply_to))
        return self.outcomes.pop(0) if self.outcomes else Outcome.OK


async def test_a_chat_keeps_only_its_newest_answers() -> None:
    send = FlakySend()
    send.release.clear()
    replies = Replies(send, backlog=3)
    for n in range(10):
        replies.put(-1, Screen(f"answer {n}"), reply_to=n)
    await asyncio.sleep(0)
    send.release.set()
    assert await replies.drain(timeout=5) == 0
    # Ten answers queued before any could go: only the newest three are sent.
    assert [text for _, text, _ in send.sent] == ["answer 7", "answer 8", "answer 9"]
    assert [reply_to for _, _, reply_to in send.sent] == [7, 8, 9]
    assert replies.dropped == 7


async def test_a_chat_that_is_gone_gets_no_more_tries() -> None:
    send = FlakySend([Outcome.FORBIDDEN])
    send.release.clear()
    replies = Replies(send, backlog=3)
    for n in range(3):
        replies.put(5, Screen(f"answer {n}"))
    await asyncio.sleep(0)
    send.release.set()
    await replies.drain(timeout=5)
    assert [text for _, text, _ in send.sent] == ["answer 0"]
    assert not replies.busy


@pytest.mark.parametrize("value", [3, 3.0, timedelta(seconds=3)])
def test_a_retry_after_reads_as_seconds_in_either_of_ptbs_types(value: object) -> None:
    """PTB gives whole seconds by default and a timedelta with PTB_TIMEDELTA
    set (the bot sets it; PTB's next major version always does)."""
    assert seconds(value) == 3.0


def test_the_application_runs_with_ptbs_coming_durations(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.app import build_application
    from bot.settings import Settings

    monkeypatch.delenv("PTB_TIMEDELTA", raising=False)
    settings = Settings(
        bot_token="123456:AAAAAAAAAAAA",  # type: ignore[arg-type]
        _env_file=None,  # type: ignore[call-arg]
    )
    build_application(settings)
    error = RetryAfter(timedelta(seconds=5))
    assert error.retry_after == timedelta(seconds=5)  # no deprecation warning (an error in tests)


async def test_chatter_in_a_group_takes_no_place_in_its_backlog() -> None:
    """Plain talk (seen with privacy mode off, or as an admin) and edits run no
    handler: however much of it comes, the group's next command still runs."""
    processor = PerChatProcessor(slots=256, backlog=2)
    gate = Gate()
    chat, user = Chat(-1, "supergroup"), User(1, "A", False)
    talk = [
        Update(n, message=Message(n, None, chat, from_user=user, text=f"hi {n}"))  # type: ignore[arg-type]
        for n in range(20)
    ]
    edit = Message(20, None, chat, from_user=user, text="/new")  # type: ignore[arg-type]
    tasks = [
        asyncio.create_task(processor.process_update(update, gate.handler(update.update_id)))
        for update in [*talk, Update(20, edited_message=edit)]
    ]
    await asyncio.sleep(0)
    assert processor.pending(-1) == 0
    command = asyncio.create_task(processor.process_update(update_in(-1, 99), gate.handler(99)))
    await asyncio.sleep(0)
    assert processor.pending(-1) == 1
    gate.opened.set()
    await asyncio.gather(*tasks, command)
    assert 99 in gate.ran and processor.dropped == 0
