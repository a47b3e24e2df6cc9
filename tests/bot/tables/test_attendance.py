"""Who is still at the table (bot/tables/attendance.py) is kept in memory per
table: a table ended by /stop is forgotten, and the map is bounded, so /new,
start and /stop in a loop never grow it (issue 58, S18)."""

from __future__ import annotations

import random

from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    WAIT,
    open_private_chats,
    open_table,
    people,
    play_out,
    say,
    snapshot,
    start_match,
    wait_settled,
)

import engine
from bot.storage import CLOSED, PLAYING, Seat, TableRecord
from bot.tables.attendance import Attendance
from engine.rules import RuleSet
from testing.fake_telegram import FakeTelegram


async def test_stopped_tables_are_forgotten(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    ann, bob = people(fake, 2)
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    attendance = runner.service.moves.attendance
    rng = random.Random(58)
    for _ in range(3):
        table_id, lobby = await open_table(fake, runner, group, "/new", [ann, bob])
        await start_match(fake, group, ann, lobby)
        await wait_settled(fake, runner.db_path, table_id, "after the start")
        await play_out(fake, runner.db_path, table_id, [ann, bob], rng, moves=1)
        assert len(attendance) == 1  # the match under way is followed
        await say(fake, ann, group, "/stop")
        await fake.wait_idle(timeout=WAIT)
        assert snapshot(runner.db_path, table_id).status == CLOSED
        assert len(attendance) == 0


def test_the_map_is_bounded() -> None:
    """Tables ended at another worker are never told here: the least recently
    moved go first."""
    attendance = Attendance(capacity=2)
    rules = RuleSet.create("burkozel")
    state, _ = engine.start_match(rules, ("Ann", "Bob"), 7)
    assert state.deal is not None
    action = engine.legal_actions(state, state.deal.turn)[0]
    _, events = engine.apply(state, action)
    for table_id in range(1, 6):
        seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
        table = TableRecord(
            table_id,
            -1,
            "g",
            PLAYING,
            1,
            "kozel",
            {},
            7,
            state,
            1,
            None,
            None,
            None,
            0.0,
            0.0,
            seats,
        )
        attendance.moved(table, state, action, 1, events)
    assert len(attendance) == 2
