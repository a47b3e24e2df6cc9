"""Fault injection: Telegram throttles, the network drops, a player blocks the
bot or never acts, updates arrive twice, the group migrates. Every match
still ends with the right result, every tap is answered, nothing of the
group's record is lost, and the action log replays to the final state."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import WAIT, BotRunner, Player, play_to_the_end
from bot_steps import people_in_private
from manual_clock import ManualScheduler

from bot.storage import TableRecord
from engine import replay
from engine.events import TrickTaken
from engine.game import apply, new_match
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser
from testing.fake_telegram.faults import FaultKind

GROUP_ID = -1005550


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    clock: ManualScheduler,
) -> AsyncIterator[BotRunner]:
    async with BotRunner(
        fake_telegram,
        tmp_path / "bot.db",
        settings_extra={
            "turn_timeout": 60,
            "afk_turns": 1,
            "request_timeout": 0.5,
            "send_backoff": 0.01,
            "send_retries": 8,
        },
        scheduler=clock,
    ) as bot:
        yield bot


async def seated(
    fake: FakeTelegram, runner: BotRunner, count: int, command: str = "/new limit=2"
) -> tuple[FakeChat, list[FakeUser], int]:
    group = fake.group(GROUP_ID, "Сбои", supergroup=False)
    users = await people_in_private(fake, count, 700)
    await users[0].send(group, command)
    await runner.idle()
    lobby = fake.messages(group)[0]
    for user in users[1:]:
        await (await user.tap(lobby, lobby.buttons[0][0].value or "")).answer_received(timeout=WAIT)
        await runner.idle()
    await users[0].send(group, "/start")
    await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.status == "playing"
    return group, users, table.id


async def check_final(
    fake: FakeTelegram, runner: BotRunner, table: TableRecord, chat_id: int
) -> None:
    """The result is right and the group's record of the game is complete."""
    assert table.status == "finished" and table.state is not None and table.state.over
    log = [a for _, _, a in await runner.db.action_log(table.id)]
    assert table.seed is not None
    assert replay(table.state.rules, table.names, table.seed, log) == table.state
    # Count the tricks the log produced and the trick results the group's
    # live messages (one per deal) keep.
    state = new_match(table.state.rules, table.names, table.seed)
    tricks = 0
    for action in log:
        state, events = apply(state, action)
        tricks += sum(isinstance(e, TrickTaken) for e in events)
    await runner.idle()
    texts = [m.text for m in fake.messages(chat_id)]
    records = [
        line for text in texts for line in text.splitlines() if re.match(r"✅ \d+\. Берёт", line)
    ]
    assert len(records) == tricks, (len(records), tricks)
    assert any("окончена" in text for text in texts)
    assert not fake.unanswered_callbacks()


@pytest.mark.parametrize("error", ["429", "timeout", "network", "500"])
async def test_flaky_telegram(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    error: FaultKind,
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 3)
    for method in ("sendMessage", "editMessageText", "answerCallbackQuery"):
        fake.inject(method, error, rate=0.15, retry_after=1, delay=2.0, seed=len(method))
    rng = random.Random(7)
    players = {u.id: Player(fake, u, rng) for u in users}
    final = await play_to_the_end(fake, runner, table_id, players, rng)
    fake.clear_faults()
    assert any(e.injected for e in fake.errors_returned) or error in ("timeout", "network")
    await check_final(fake, runner, final, group.id)


async def test_blocked_player_falls_to_the_timer(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 2)
    quitter = users[1]
    quitter.block_bot()
    rng = random.Random(3)
    players = {users[0].id: Player(fake, users[0], rng)}

    async def time_passes(_: int) -> None:
        await clock.advance(60)
        await runner.idle()

    # The blocked player's next hand message fails with 403: the group hears of it.
    final = await play_to_the_end(
        fake, runner, table_id, players, rng, between=time_passes, human_seats=True
    )
    texts = [m.text for m in fake.messages(group)]
    assert any("Не могу написать" in text for text in texts)
    assert any("Время на ход вышло" in text or "нет на месте" in text for text in texts)
    await check_final(fake, runner, final, group.id)


async def test_duplicate_updates_apply_once(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 2)
    rng = random.Random(11)
    players = {u.id: Player(fake, u, rng) for u in users}
    duplicated = 0

    async def replay_last(move: int) -> None:
        nonlocal duplicated
        if move % 3 == 0:
            fake.duplicate_last_update()
            duplicated += 1
            await runner.idle()

    final = await play_to_the_end(fake, runner, table_id, players, rng, between=replay_last)
    assert duplicated > 3
    seqs = [seq for seq, _, _ in await runner.db.action_log(table_id)]
    assert seqs == list(range(1, len(seqs) + 1))
    await check_final(fake, runner, final, group.id)


async def test_group_migrates_to_a_supergroup_mid_match(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 2)
    rng = random.Random(13)
    players = {u.id: Player(fake, u, rng) for u in users}
    new_id = -1005550999
    migrated = False

    async def migrate_once(move: int) -> None:
        nonlocal migrated
        if move == 4 and not migrated:
            fake.migrate(group, new_id)
            migrated = True
            await runner.idle()

    final = await play_to_the_end(fake, runner, table_id, players, rng, between=migrate_once)
    assert migrated and final.chat_id == new_id
    assert any("окончена" in m.text for m in fake.messages(new_id))
    assert not fake.unanswered_callbacks()


async def test_bot_removed_from_the_group_closes_the_table(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
) -> None:
    fake = fake_telegram
    group, _, table_id = await seated(fake, runner, 2)
    fake.remove_bot_from(group)
    await runner.idle()
    table = await runner.db.get_table(table_id)
    assert table is not None and table.status == "closed"
