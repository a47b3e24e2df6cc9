"""The fake Bot API's calls for long runs (bench/crowd.py): hooks around every
method's handler, pruning what a run no longer needs, and a window's share of
the flood limits' counters.

They belong together because they are what the load bench asks of the fake
instead of reaching into its private state, so each must keep meaning what
the bench reads it as.
"""

from __future__ import annotations

from typing import Any

import pytest
from fake_telegram_support import started_user
from telegram import Bot
from telegram.error import RetryAfter

from testing.fake_telegram import FakeTelegram, TelegramLimits
from testing.fake_telegram.protocol import Handler, Params


async def test_wrapped_handlers_see_each_admitted_request_and_its_answer(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    seen: list[tuple[str, Any]] = []

    def wrap(name: str, handler: Handler) -> Handler:
        async def hooked(p: Params, record: Any, request: Any) -> Any:
            result = await handler(p, record, request)
            seen.append((name, result))
            return result

        return hooked

    alice = await started_user(fake_telegram)
    fake_telegram.wrap_handlers(wrap)
    await bot.send_message(alice, "one")
    await bot.send_chat_action(alice, "typing")
    assert [name for name, _ in seen] == ["sendMessage", "sendChatAction"]
    assert seen[0][1]["text"] == "one"
    # A request the limits refuse never reaches the hook.
    fake_telegram.enforce_limits(TelegramLimits(clock=lambda: 100.0))
    for n in range(3):
        await bot.send_message(alice, f"burst {n}")
    with pytest.raises(RetryAfter):
        await bot.send_message(alice, "over")
    assert [name for name, _ in seen].count("sendMessage") == 4  # one, then a burst of three


async def test_prune_keeps_the_newest_messages_and_forgets_answered_callbacks(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    alice = await started_user(fake_telegram)
    group = fake_telegram.group(-100200, "Group", supergroup=True)
    user = fake_telegram.user(alice, "Alice")  # started_user's
    group.add_member(user)
    for n in range(5):
        await bot.send_message(alice, f"private {n}")
        await bot.send_message(group.id, f"group {n}")
    answered = await user.tap(fake_telegram.last_message(alice), "x", force=True)
    await bot.answer_callback_query(answered.id)
    waiting = await user.tap(fake_telegram.last_message(alice), "y", force=True)
    fake_telegram.prune(keep_group=None, keep_private=2)
    assert [m.text for m in fake_telegram.messages(alice)] == ["private 3", "private 4"]
    assert len(fake_telegram.messages(group.id)) == 5  # None keeps them all
    assert [c.id for c in fake_telegram.unanswered_callbacks()] == [waiting.id]
    fake_telegram.prune(keep_group=1, keep_private=None, callbacks_older_than=-1.0)
    assert [m.text for m in fake_telegram.messages(group.id)] == ["group 4"]
    assert fake_telegram.unanswered_callbacks() == []  # older than asked: forgotten too


async def test_limit_stats_since_is_a_windows_share(fake_telegram: FakeTelegram, bot: Bot) -> None:
    fake_telegram.enforce_limits(TelegramLimits(clock=lambda: 100.0))
    alice = await started_user(fake_telegram)
    await bot.send_message(alice, "before")
    before = fake_telegram.limit_stats.copy()
    for n in range(2):  # the burst's two left
        await bot.send_message(alice, f"in the window {n}")
    for _ in range(2):
        with pytest.raises(RetryAfter):
            await bot.send_message(alice, "over")
    window = fake_telegram.limit_stats.since(before)
    assert window.counted == {"sendMessage": 4}
    assert window.refused == {alice: 2} and window.refused_total == 2
    assert window.refused_by_limit == {"private": 2}
    assert before.counted == {"sendMessage": 1}  # the copy did not move on
