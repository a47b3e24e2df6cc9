"""Crashing and restarting the bot under test, and the checks after a restart, shared by
the restart tests (`tests/bot/flows/test_bot_restart_*.py`).

A crash is `BotRunner.crash()` after the service's queued message jobs were
cancelled (`hard_crash`): like SIGKILL, nothing the old process had not yet
sent to Telegram is ever sent by it. `restart` starts a new bot on the same
database; the checks then compare what people see, and the action log, with
the stored state.
"""

from __future__ import annotations

import asyncio
import random

from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    WAIT,
    open_private_chats,
    open_table,
    people,
    play_out,
    snapshot,
    start_match,
    tracked_hand,
)
from databases import TestDatabase

from bot.storage import TableRecord
from bot.view import hand as hand_view
from bot.view import render
from bot.view.final import match_over
from engine import apply, new_match, replay, view_for
from engine.events import MatchOver
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser


async def hard_crash(bot: BotRunner) -> None:
    """Kill the bot: drop its queued message jobs, then stop without graceful steps."""
    for task in list(bot.service.tables.outbox.tasks):
        task.cancel()
    await asyncio.sleep(0)  # let the cancellations land (not a wait for the bot)
    await bot.crash()


async def restart(fake: FakeTelegram, db_path: TestDatabase) -> BotRunner:
    bot = BotRunner(fake, db_path)
    await bot.start()
    await fake.wait_idle(timeout=WAIT)
    return bot


async def begin(
    fake: FakeTelegram, bot: BotRunner, command: str, count: int
) -> tuple[FakeChat, list[FakeUser], int]:
    users = people(fake, count)
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, bot, group, command, users)
    await start_match(fake, group, users[0], lobby)
    return group, users, table_id


async def assert_screens_match_the_database(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, table_id: int
) -> None:
    """The live message and each tracked hand message show exactly the stored state."""
    table = await bot.db.get_table(table_id)
    assert table is not None and table.state is not None and table.status == "playing"
    info = bot.service.tables.info(table)
    lang = await bot.service.chat_lang(group.id)
    assert table.live_message_id is not None
    live = fake.find_message(group.id, table.live_message_id)
    assert live is not None and not live.deleted
    assert live.html == render.live(info, lang, view_for(table.state, None)).text
    for seat in table.seats:
        message = tracked_hand(fake, bot.db_path, table_id, seat.user_id)
        assert not message.deleted
        user_lang = await bot.service.user_lang(seat.user_id)
        screen = hand_view.hand(info, user_lang, view_for(table.state, seat.seat))
        assert message.html == screen.text, seat
        assert message.callback_data == [
            b.data for row in screen.buttons for b in row if b.data is not None
        ], seat


async def assert_log_replays(bot: BotRunner, table_id: int) -> None:
    """The action log, replayed from the seed, gives the stored state (mid-match too)."""
    table = await bot.db.get_table(table_id)
    assert table is not None and table.state is not None and table.seed is not None
    log = [action for _, _, action in await bot.db.action_log(table_id)]
    assert (
        replay(table.state.rules, table.names, table.seed, log, table.state.shuffle) == table.state
    )


async def assert_final_result_shown(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, final: TableRecord, timeout: float = WAIT
) -> None:
    """The group got the final standing, as rendered from the replayed match."""
    assert final.state is not None and final.seed is not None
    state = new_match(final.state.rules, final.names, final.seed, final.state.shuffle)
    over: MatchOver | None = None
    for _, _, action in await bot.db.action_log(final.id):
        state, events = apply(state, action)
        over = next((e for e in events if isinstance(e, MatchOver)), over)
    assert over is not None
    lang = await bot.service.chat_lang(group.id)
    # With the ratings the match's end stored: the call to play again follows them.
    info = await bot.service.tables.with_ratings(bot.service.tables.info(final))
    expected = match_over(info, lang, over).text
    # What the match earned (issue 68) is told between the standing and the
    # last line's call to play again (bot/tables/telling.with_end_news).
    head, _, call = expected.rpartition("\n")

    def shown(html: str) -> bool:
        return head.rstrip("\n") in html and html.endswith(call)

    await fake.wait_for(
        lambda: any(shown(m.html or "") for m in fake.messages(group)),
        timeout=timeout,
        message=f"the final standing in the group: {expected!r}",
    )


def buttons_left(fake: FakeTelegram, users: list[FakeUser]) -> list[str]:
    """Card and action buttons still on anybody's private messages."""
    return [
        data
        for user in users
        for message in fake.messages(fake.private_chat(user))
        for data in message.callback_data
        if data.startswith(("s:", "p:"))
    ]


async def start_a_trick(
    fake: FakeTelegram, bot: BotRunner, table_id: int, users: list[FakeUser], rng: random.Random
) -> None:
    """Play a few moves, then on until a trick is on the table waiting for an answer."""
    await play_out(fake, bot.db_path, table_id, users, rng, moves=rng.randint(1, 4))
    while True:
        deal = snapshot(bot.db_path, table_id).match.deal
        assert deal is not None
        if deal.trick is not None:
            return
        await play_out(fake, bot.db_path, table_id, users, rng, moves=1)
