"""Computer players think in worker processes (bot/tables/thinking.py), and
nothing about them or the deal can be guessed: deal seeds are 64 bits from
`secrets`, computer players' seeds are drawn apart from the deal's (issue 13), and the
players come back from the worker with what they learnt (issue 14)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
import signal
import sqlite3
import threading
from pathlib import Path

import pytest
from bot_harness import WAIT, BotRunner
from engine_builders import CheckedPlayer
from manual_clock import ManualScheduler

from bot.storage import shared_sql
from bot.tables import lifecycle
from bot.tables.lifecycle import deal_seed
from bot.tables.minds import Minds
from bot.tables.thinking import Thinking
from engine import new_match, replay, view_for
from engine.ai import ComputerPlayer, Player, make_player, next_actor
from engine.rules import Preset, RuleSet
from testing.fake_telegram import FakeTelegram

# About the pools' processes (killed, held, their pids): real pools of their
# own, not the run's shared ones (tests/support/shared_pools.py).
pytestmark = pytest.mark.own_pools


def _pid_after(event: threading.Event) -> int:
    """A worker held until `event` (a manager's, shared across processes) is
    set; then its process id."""
    event.wait(120)
    return os.getpid()


def choices_of(player: Player) -> int:
    """How many actions a checked player chose (the copy back from a worker too)."""
    assert isinstance(player, CheckedPlayer)
    return player.choices


def seed_of(player: Player) -> int:
    """A built-in computer player's seed."""
    assert isinstance(player, ComputerPlayer)
    return player.seed


async def test_a_decision_is_made_in_another_process_and_matches_the_engine() -> None:
    thinking = Thinking(workers=1)
    try:
        assert await thinking._run(os.getpid) != os.getpid()
        state = new_match(RuleSet.create(Preset.BURKOZEL, {}), ["a", "b", "c"], 7)
        assert state.deal is not None
        computers = [state.deal.turn, (state.deal.turn + 1) % 3]
        expected = next_actor(state, {s: make_player("normal", s) for s in computers})
        seats = {s: CheckedPlayer(make_player("normal", s)) for s in computers}
        found, thought = await thinking.decide(state, seats)
        assert found == expected
        # The players come back from the worker with what they did (a copy).
        assert found is not None and choices_of(thought[found[0]]) == 1
        assert seats[found[0]].choices == 0
    finally:
        thinking.close()


async def test_a_stand_in_comes_back_from_the_worker_with_its_memory() -> None:
    thinking = Thinking(workers=1)
    try:
        state = new_match(RuleSet.create(Preset.BURKOZEL, {}), ["a", "b", "c"], 7)
        assert state.deal is not None
        seat = state.deal.turn
        player: Player = CheckedPlayer(make_player("normal", 3))
        for move in range(1, 4):
            action, player = await thinking.choose(view_for(state, seat), player)
            assert action is not None and choices_of(player) == move
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
        # When kill() returns, the signal is pending in the worker (or was dropped, being
        # ignored), and the worker takes it before it can read another task: the next
        # answer comes from the same worker only if Ctrl-C left it alive.
        assert await thinking._run(os.getpid) == worker
    finally:
        thinking.close()


@pytest.mark.slow(reason="spawns worker processes of its own and waits for their charts")
async def test_charts_are_drawn_while_every_computer_worker_is_busy() -> None:
    """S16: a chart is drawn in a pool of its own, so `/stats` in many chats
    never queues in front of (or behind) a computer's move: with the
    computers' only worker held, a chart still comes back, from another
    process, and a move still comes back while a chart is held."""
    thinking = Thinking(workers=1)
    manager = multiprocessing.get_context("spawn").Manager()
    computers_free, chart_free = manager.Event(), manager.Event()
    try:
        computer = asyncio.ensure_future(thinking._run(_pid_after, computers_free))
        drawer = await asyncio.wait_for(thinking.run(os.getpid), timeout=60)
        assert not computer.done()
        computers_free.set()
        assert await computer not in (drawer, os.getpid())
        chart = asyncio.ensure_future(thinking.run(_pid_after, chart_free))
        assert await asyncio.wait_for(thinking._run(os.getpid), timeout=60) != drawer
        assert not chart.done()
        chart_free.set()
        assert await chart == drawer
    finally:
        computers_free.set()
        chart_free.set()
        thinking.close()
        manager.shutdown()


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
    async with BotRunner(fake_telegram, tmp_path / "bot.db", scheduler=clock) as bot:
        user = fake_telegram.user(4501, "Сид")
        await user.send_private("/start")
        await fake_telegram.wait_idle(timeout=WAIT)
        await user.send_private("/play")
        await bot.idle()
        table = await bot.db.open_table_in_chat(user.id)
        assert table is not None and table.state is not None
        assert table.seed == -987_654_321 and table.state.seed == table.seed
        with sqlite3.connect(bot.sqlite_path) as connection:
            (stored,) = connection.execute("SELECT seed FROM tables").fetchone()
        assert stored == table.seed
        log = [a for _, _, a in await bot.db.action_log(table.id)]
        key = table.state.shuffle  # the cards come from the shuffle's key (issue 66)
        assert key is not None and key.secret == f"{(1 << 256) - 987_654_321:064x}"
        assert replay(table.state.rules, table.names, table.seed, log, key) == table.state


def test_computer_seeds_come_from_secrets_not_from_the_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A player who learnt how a computer's dice fell must learn nothing of the
    cards: a computer's seed is drawn from `secrets` when it is built, whatever
    the match's seed."""
    drawn: list[int] = []

    def randbits(bits: int) -> int:
        assert bits == 64
        drawn.append(1000 + len(drawn))
        return drawn[-1]

    monkeypatch.setattr(secrets, "randbits", randbits)  # the module bot.tables.minds uses
    minds = Minds()
    players = minds.players(7, 42, {1: "hard", 2: "easy"})
    assert [seed_of(player) for player in players.values()] == drawn == [1000, 1001]
    other = Minds().players(7, 43, {1: "hard"})
    assert seed_of(other[1]) == 1002


async def test_players_whose_move_was_not_saved_are_forgotten(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer's move that fails to commit (the database went away) is
    tried again by its timer; the players who chose it remember a move that
    never happened, so they are dropped and built afresh."""
    monkeypatch.setattr(lifecycle, "deal_seed", lambda: 31)
    # The cards come from the table's shuffle secret (issue 66): this one
    # makes the first dealer seat 2, so that a computer leads.
    monkeypatch.setattr(shared_sql, "new_shuffle_secret", lambda: f"{2:064x}")
    clock = ManualScheduler()
    async with BotRunner(fake_telegram, tmp_path / "bot.db", scheduler=clock) as bot:
        user = fake_telegram.user(4503, "Сид")
        await user.send_private("/start")
        await fake_telegram.wait_idle(timeout=WAIT)
        await user.send_private("/play 4 easy")
        await bot.idle()
        table = await bot.db.open_table_in_chat(user.id)
        assert table is not None and table.state is not None and table.state.deal is not None
        assert table.state.deal.turn != 0  # a computer leads (the fixed deal)
        turns = bot.service.turns

        async def broken(*_: object) -> None:
            raise RuntimeError("the database went away")

        monkeypatch.setattr(turns.moves, "commit", broken)
        with pytest.raises(RuntimeError):
            await turns.computer_move(table.id, table.version)
        assert len(turns.minds) == 0
        stored = await bot.db.get_table(table.id)
        assert stored is not None and stored.version == table.version


async def test_a_computer_thinks_holding_no_lock_and_a_move_made_meanwhile_wins(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 57: while the computer thinks the table's lock is free (a tap
    goes ahead; with several workers, no lock's connection waits for the
    search), and a change committed meanwhile wins: the computer's move,
    found for a position that is gone, is dropped, and so are the players
    who found it."""
    monkeypatch.setattr(lifecycle, "deal_seed", lambda: 31)
    # The cards come from the table's shuffle secret (issue 66): this one
    # makes the first dealer seat 2, so that a computer leads.
    monkeypatch.setattr(shared_sql, "new_shuffle_secret", lambda: f"{2:064x}")
    clock = ManualScheduler()
    async with BotRunner(fake_telegram, tmp_path / "bot.db", scheduler=clock) as bot:
        user = fake_telegram.user(4504, "Сид")
        await user.send_private("/start")
        await fake_telegram.wait_idle(timeout=WAIT)
        await user.send_private("/play 4 easy")
        await bot.idle()
        table = await bot.db.open_table_in_chat(user.id)
        assert table is not None and table.state is not None and table.state.deal is not None
        assert table.state.deal.turn != 0  # a computer leads (the fixed deal)
        turns, tables = bot.service.turns, bot.service.tables
        thinking = tables.thinking.decide
        moves = len(await bot.db.action_log(table.id))

        async def meanwhile(*args: object) -> object:
            async with asyncio.timeout(WAIT), tables.lock(table.id):
                changed = await bot.db.get_table(table.id)
                assert changed is not None
                await bot.db.save_table(changed)  # say, the person took their seat back
            return await thinking(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(tables.thinking, "decide", meanwhile)
        await turns.computer_move(table.id, table.version)
        stored = await bot.db.get_table(table.id)
        assert stored is not None and stored.version == table.version + 1
        assert len(await bot.db.action_log(table.id)) == moves
        assert len(turns.minds) == 0
