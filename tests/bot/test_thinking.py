"""Computer players think in worker processes (bot/tables/thinking.py), and
nothing about them or the deal can be guessed: deal seeds are 64 bits from
`secrets`, computer players' seeds are drawn apart from the deal's (issue 13)."""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import sqlite3
from pathlib import Path

import pytest
from bot_harness import WAIT, BotRunner

from bot.clock import ManualScheduler
from bot.tables.lifecycle import deal_seed
from bot.tables.thinking import Thinking
from engine import new_match, replay
from engine.ai import make_player, next_actor
from engine.rules import Preset, RuleSet
from testing.fake_telegram import FakeTelegram


async def test_a_decision_is_made_in_another_process_and_matches_the_engine() -> None:
    thinking = Thinking(workers=1)
    try:
        assert await thinking._run(os.getpid) != os.getpid()
        state = new_match(RuleSet.create(Preset.BURKOZEL, {}), ["a", "b", "c"], 7)
        seats = {1: ("normal", 11), 2: ("normal", 12)}
        expected = next_actor(state, {s: make_player(lvl, sd) for s, (lvl, sd) in seats.items()})
        assert await thinking.decide(state, seats) == expected
    finally:
        thinking.close()


async def test_a_dead_worker_is_replaced() -> None:
    thinking = Thinking(workers=1)
    try:
        first = await thinking._run(os.getpid)
        os.kill(first, 9)
        assert await thinking._run(os.getpid) not in (first, os.getpid())
    finally:
        thinking.close()


async def test_a_worker_leaves_ctrl_c_to_the_bot() -> None:
    """Ctrl-C in a terminal reaches the whole process group: a worker ignores it
    (the bot stops the pool) instead of dying with a traceback."""
    thinking = Thinking(workers=1)
    try:
        worker = await thinking._run(os.getpid)
        os.kill(worker, signal.SIGINT)
        await asyncio.sleep(0.2)
        assert await thinking._run(os.getpid) == worker
    finally:
        thinking.close()


def test_deal_seeds_take_64_bits_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return (1 << bits) - 5

    monkeypatch.setattr(secrets, "randbits", randbits)
    assert deal_seed() == -5  # stored as a signed 64-bit number
    assert asked == [64]
    monkeypatch.setattr(secrets, "randbits", lambda bits: 123)
    assert deal_seed() == 123


async def test_a_seed_of_64_bits_is_stored_and_replays(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: (1 << bits) - 987_654_321)
    clock = ManualScheduler()
    bot = BotRunner(fake_telegram, tmp_path / "bot.db", scheduler=clock)
    await bot.start()
    try:
        user = fake_telegram.user(4501, "Сид")
        await user.send_private("/start")
        await fake_telegram.wait_idle(timeout=WAIT)
        await user.send_private("/play")
        await bot.idle()
        table = await bot.db.open_table_in_chat(user.id)
        assert table is not None and table.state is not None
        assert table.seed == -987_654_321 and table.state.seed == table.seed
        with sqlite3.connect(bot.db_path) as connection:
            (stored,) = connection.execute("SELECT seed FROM tables").fetchone()
        assert stored == table.seed
        log = [a for _, _, a in await bot.db.action_log(table.id)]
        assert replay(table.state.rules, table.names, table.seed, log) == table.state
    finally:
        await bot.stop()


async def test_computer_seeds_are_not_derived_from_the_deal_seed(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    clock = ManualScheduler()
    bot = BotRunner(fake_telegram, tmp_path / "bot.db", scheduler=clock)
    await bot.start()
    try:
        user = fake_telegram.user(4502, "Сид")
        await user.send_private("/start")
        await fake_telegram.wait_idle(timeout=WAIT)
        await user.send_private("/play 4 hard")
        await bot.idle()
        table = await bot.db.open_table_in_chat(user.id)
        assert table is not None and table.seed is not None
        turns = bot.service.turns
        first, second = turns.computers(table), turns.computers(table)
        assert set(first) == {1, 2, 3} and {level for level, _ in first.values()} == {"hard"}
        # Fresh dice for every decision: the same position asked twice, and a
        # table with another deal seed, give seeds that tell nothing of it.
        assert all(first[s][1] != second[s][1] for s in first)
        table.seed = table.seed + 1
        third = turns.computers(table)
        assert all(third[s][1] not in (first[s][1], second[s][1]) for s in first)
        assert all(0 <= seed < 1 << 64 for _, seed in [*first.values(), *second.values()])
    finally:
        await bot.stop()
