"""SendLimits (bot/telegram/wire/limits.py): every chat on its own budget, the
waiting messages by priority, a newer edit of a message in the older one's
place, and a 429 that pauses only its chat. Time is a clock the test moves."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from telegram.error import RetryAfter

from bot.tables.outbox import Priority
from bot.telegram.wire.limits import Ask, SendLimits, Superseded


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Wire:
    """Records the order in which requests reach Telegram."""

    def __init__(self, limits: SendLimits, clock: Clock) -> None:
        self.limits = limits
        self.clock = clock
        self.sent: list[str] = []

    def send(self, chat_id: int, name: str, ask: Ask | None = None) -> asyncio.Task[Any]:
        async def call() -> str:
            self.sent.append(name)
            return name

        data = {"chat_id": chat_id}
        request = self.limits.process_request(call, (), {}, "sendMessage", data, ask)
        return asyncio.get_running_loop().create_task(request)

    async def settle(self) -> None:
        """Let every request that may go now go."""
        for _ in range(20):
            await asyncio.sleep(0)

    async def advance(self, seconds: float) -> None:
        self.clock.now += seconds
        self.limits.recheck()
        await self.settle()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def wire_with(clock: Clock, **limits: Any) -> Wire:
    return Wire(SendLimits(clock=clock, **limits), clock)


async def test_a_private_chat_takes_a_burst_of_three_then_one_a_second(clock: Clock) -> None:
    wire = wire_with(clock)
    tasks = [wire.send(42, f"m{n}") for n in range(5)]
    await wire.settle()
    assert wire.sent == ["m0", "m1", "m2"]
    await wire.advance(0.5)
    assert wire.sent == ["m0", "m1", "m2"]
    await wire.advance(0.5)
    assert wire.sent == ["m0", "m1", "m2", "m3"]
    await wire.advance(1.0)
    assert wire.sent[-1] == "m4"
    await asyncio.gather(*tasks)


async def test_a_chat_over_its_budget_holds_back_only_itself(clock: Clock) -> None:
    wire = wire_with(clock, group_per_minute=2)
    for n in range(4):
        wire.send(-100, f"group{n}")
    await wire.settle()
    other = wire.send(-200, "other group")
    private = wire.send(7, "private")
    await wire.settle()
    assert wire.sent == ["group0", "group1", "other group", "private"]
    assert other.done() and private.done()
    await wire.advance(30)  # the first group earns one message every 30 s
    assert wire.sent[-1] == "group2"


async def test_when_the_bot_is_full_a_turn_goes_before_the_record_and_the_rest(
    clock: Clock,
) -> None:
    wire = wire_with(clock, overall_per_second=4)  # half a second's worth saved up: 2
    wire.send(1, "first")
    wire.send(2, "second")
    await wire.settle()
    assert wire.sent == ["first", "second"]  # the bot's budget is used up
    wire.send(3, "a hand's view", Ask(Priority.LATER))
    wire.send(-4, "the live message", Ask(Priority.RECORD))
    wire.send(5, "your turn", Ask(Priority.NOW))
    await wire.settle()
    assert wire.sent == ["first", "second"]
    await wire.advance(0.25)
    assert wire.sent[2:] == ["your turn"]
    await wire.advance(0.25)
    assert wire.sent[3:] == ["the live message"]
    await wire.advance(0.25)
    assert wire.sent[4:] == ["a hand's view"]


async def test_inside_one_chat_a_turn_overtakes_a_waiting_edit(clock: Clock) -> None:
    wire = wire_with(clock, private_burst=1)
    wire.send(42, "edit before", Ask(Priority.LATER))
    await wire.settle()
    wire.send(42, "old view", Ask(Priority.LATER))
    wire.send(42, "your turn", Ask(Priority.NOW))
    await wire.advance(1.0)
    assert wire.sent == ["edit before", "your turn"]


async def test_a_newer_edit_takes_the_older_ones_place(clock: Clock) -> None:
    wire = wire_with(clock, private_burst=1)
    wire.send(42, "something else")
    await wire.settle()
    queued_first = wire.send(42, "edit 1", Ask(Priority.LATER, replaces=("text", 42, 9)))
    between = wire.send(42, "another message", Ask(Priority.LATER))
    newest = wire.send(42, "edit 2", Ask(Priority.LATER, replaces=("text", 42, 9)))
    await wire.settle()
    with pytest.raises(Superseded):
        await queued_first
    await wire.advance(1.0)
    assert wire.sent == ["something else", "edit 2"]  # in the place of edit 1
    await wire.advance(1.0)
    assert wire.sent[-1] == "another message"
    assert await newest == "edit 2" and await between == "another message"
    assert wire.limits.superseded == 1


async def test_a_withdrawn_edit_is_never_sent(clock: Clock) -> None:
    wire = wire_with(clock, private_burst=1)
    wire.send(42, "something else")
    await wire.settle()
    edit = wire.send(42, "stale edit", Ask(Priority.LATER, replaces=("text", 42, 9)))
    await wire.settle()
    assert wire.limits.withdraw(("text", 42, 9))
    with pytest.raises(Superseded):
        await edit
    await wire.advance(5)
    assert wire.sent == ["something else"]
    assert not wire.limits.withdraw(("text", 42, 9))  # nothing waits any more


async def test_a_429_pauses_its_chat_for_the_time_asked(clock: Clock) -> None:
    wire = wire_with(clock)

    async def refused() -> Any:
        raise RetryAfter(10)

    with pytest.raises(RetryAfter):
        await wire.limits.process_request(refused, (), {}, "sendMessage", {"chat_id": 42}, None)
    waiting = wire.send(42, "after the pause")
    elsewhere = wire.send(43, "another chat")
    await wire.settle()
    assert wire.sent == ["another chat"] and elsewhere.done()
    await wire.advance(9)
    assert not waiting.done()
    await wire.advance(1)
    assert wire.sent[-1] == "after the pause"


async def test_a_caller_that_gives_up_leaves_the_line(clock: Clock) -> None:
    wire = wire_with(clock, private_burst=1)
    wire.send(42, "first")
    await wire.settle()
    gone = wire.send(42, "cancelled")
    kept = wire.send(42, "kept")
    await wire.settle()
    gone.cancel()
    await wire.advance(1.0)
    assert wire.sent == ["first", "kept"] and await kept == "kept"
    assert wire.limits.waiting() == 0


async def test_lookups_and_answers_never_wait(clock: Clock) -> None:
    wire = wire_with(clock, overall_per_second=1)
    wire.send(1, "uses the bot's second")
    await wire.settle()

    async def call() -> str:
        return "ok"

    for method in ("getChatMember", "answerCallbackQuery", "deleteMessage"):
        request = wire.limits.process_request(call, (), {}, method, {"chat_id": 1}, None)
        assert await asyncio.wait_for(request, timeout=1) == "ok"
