"""Telegram's flood limits as the fake enforces them when asked: each limit refuses the
request that goes over it with Telegram's 429 and its retry_after, the refused request
changes nothing, the limit lets the bot through again once retry_after has passed, and
with the limits off (the default) nothing is refused.

They belong together because they drive one clock: each test steps a clock of its own
(``TelegramLimits(clock=...)``) instead of sleeping, so the seconds are exact.
"""

from __future__ import annotations

import datetime as dtm

import aiohttp
import pytest
from fake_telegram_support import started_user
from telegram import Bot
from telegram.error import RetryAfter

from testing.fake_telegram import FakeTelegram, TelegramLimits


class Clock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def refused(bot: Bot, chat_id: int, text: str = "over") -> int:
    """Send ``text``, expect Telegram's 429 and return its retry_after in seconds."""
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(chat_id, text)
    return int(caught.value._retry_after.total_seconds())


async def test_private_chat_allows_a_burst_of_three_then_one_a_second(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    clock = Clock()
    fake_telegram.enforce_limits(TelegramLimits(clock=clock))
    alice = await started_user(fake_telegram)
    for n in range(3):
        await bot.send_message(alice, f"burst {n}")
    assert await refused(bot, alice) == 1
    error = fake_telegram.errors_returned[-1]
    assert (error.error_code, error.description) == (429, "Too Many Requests: retry after 1")
    assert error.parameters == {"retry_after": 1} and not error.injected
    clock.now += 0.5
    assert await refused(bot, alice) == 1  # half a token: still a whole second to say
    clock.now += 0.5
    sent = await bot.send_message(alice, "after a second")
    assert sent.message_id == 5  # /start, three in the burst: the refused took no id
    assert await refused(bot, alice) == 1  # one token a second, no new burst
    assert [m.text for m in fake_telegram.messages(alice)] == [
        "burst 0",
        "burst 1",
        "burst 2",
        "after a second",
    ]
    stats = fake_telegram.limit_stats
    assert stats.refused == {alice: 3} and stats.refused_total == 3
    assert stats.refused_by_limit == {"private": 3}
    assert stats.counted == {"sendMessage": 7}


async def test_uncounted_methods_go_through_a_spent_limit(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    fake_telegram.enforce_limits(TelegramLimits(clock=Clock()))
    alice = fake_telegram.user(1001, "Alice")
    await alice.send_private("/start")
    sent = [await bot.send_message(alice.id, f"m{n}") for n in range(3)]
    assert await refused(bot, alice.id) == 1
    callback = await alice.tap(fake_telegram.last_message(alice), "x", force=True)
    assert await bot.answer_callback_query(callback.id)
    assert await bot.send_chat_action(alice.id, "typing")
    assert await bot.delete_message(alice.id, sent[0].message_id)
    assert fake_telegram.limit_stats.counted == {"sendMessage": 4}


async def test_group_allows_twenty_a_minute_and_counts_edits(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    clock = Clock()
    fake_telegram.enforce_limits(TelegramLimits(clock=clock))
    group = fake_telegram.group(-100500, "Table", supergroup=True)
    first = await bot.send_message(group.id, "0")
    for n in range(1, 20):
        await bot.send_message(group.id, str(n))
    assert await refused(bot, group.id) == 3  # a token every 60/20 seconds
    with pytest.raises(RetryAfter):
        await bot.edit_message_text("edited", group.id, first.message_id)
    assert fake_telegram.messages(group)[0].text == "0"  # the refused edit changed nothing
    assert fake_telegram.messages(group)[0].edits == 0
    clock.now += 2.0
    assert await refused(bot, group.id) == 1
    clock.now += 1.0
    await bot.edit_message_text("edited", group.id, first.message_id)
    assert await refused(bot, group.id) == 3
    assert len(fake_telegram.messages(group)) == 20
    assert fake_telegram.limit_stats.refused_by_limit == {"group": 4}
    assert fake_telegram.limit_stats.counted == {"sendMessage": 23, "editMessageText": 2}


async def test_whole_bot_limit_spans_chats_and_counts_edits(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    clock = Clock()
    limits = TelegramLimits(bot_per_second=5, bot_burst=5, group_burst=100, clock=clock)
    fake_telegram.enforce_limits(limits)
    tables = [fake_telegram.group(-100 - n, f"Table {n}", supergroup=True) for n in range(5)]
    sent = [await bot.send_message(t.id, "deal") for t in tables]
    other = fake_telegram.group(-999, "Another", supergroup=True)
    assert await refused(bot, other.id) == 1  # 0.2 s to the next token, said as 1
    clock.now += 0.2
    await bot.edit_message_text("dealt", tables[0].id, sent[0].message_id)
    with pytest.raises(RetryAfter):  # the edit took the bot's one token
        await bot.send_message(other.id, "over")
    assert fake_telegram.messages(other) == []
    assert fake_telegram.limit_stats.refused == {other.id: 2}
    assert fake_telegram.limit_stats.refused_by_limit == {"bot": 2}
    # Full again after a second's quiet: a burst of five more.
    clock.now += 1.0
    for table in tables:
        await bot.send_message(table.id, "again")


async def test_refusal_is_telegrams_429_body(fake_telegram: FakeTelegram) -> None:
    fake_telegram.enforce_limits(TelegramLimits(private_burst=1, clock=Clock()))
    alice = await started_user(fake_telegram)
    url = f"{fake_telegram.base_url}{fake_telegram.token}/sendMessage"
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json={"chat_id": alice, "text": "one"}) as response:
            assert response.status == 200
        async with session.post(url, json={"chat_id": alice, "text": "two"}) as response:
            assert response.status == 429
            assert await response.json() == {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 1",
                "parameters": {"retry_after": 1},
            }


async def test_default_clock_is_the_event_loops(fake_telegram: FakeTelegram, bot: Bot) -> None:
    fake_telegram.enforce_limits()
    alice = await started_user(fake_telegram)
    for n in range(3):
        await bot.send_message(alice, str(n))
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(alice, "too fast")
    assert caught.value._retry_after == dtm.timedelta(seconds=1)
    fake_telegram.lift_limits()
    await bot.send_message(alice, "no limits any more")


async def test_limits_are_off_by_default(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = await started_user(fake_telegram)
    group = fake_telegram.group(-100500, "Table", supergroup=True)
    for n in range(40):
        await bot.send_message(alice, str(n))
        await bot.send_message(group.id, str(n))
    assert fake_telegram.errors_returned == []
    assert fake_telegram.limit_stats.counted == {"sendMessage": 80}
    assert fake_telegram.limit_stats.refused_total == 0
