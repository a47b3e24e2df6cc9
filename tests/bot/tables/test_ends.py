"""Every end of a table goes through `Moves.end`: it is published once, after
the save, with the table as saved, and the process forgets the table."""

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
    start_match,
    wait_settled,
)

from bot.storage import CLOSED, TableRecord
from bot.tables.events import TableEvents
from bot.tables.moves import PURPOSES
from testing.fake_telegram import FakeTelegram


async def test_a_stopped_table_is_published_once_and_forgotten(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = people(fake, 2)
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    ended: list[TableRecord] = []
    runner.service.tables.events.subscribe(ended=ended.append)
    moves, clock = runner.service.moves, runner.service.tables.clock

    table_id, lobby = await open_table(fake, runner, group, "/new", [ann, bob])
    await start_match(fake, group, ann, lobby)
    await wait_settled(fake, runner.db_path, table_id, "after the start")
    await play_out(fake, runner.db_path, table_id, [ann, bob], random.Random(64), moves=1)
    assert ended == [] and len(moves.attendance) == 1
    await say(fake, ann, group, "/stop")
    await fake.wait_idle(timeout=WAIT)
    assert [(t.id, t.status) for t in ended] == [(table_id, CLOSED)]
    assert len(moves.attendance) == 0
    assert not any(clock.scheduled((table_id, p)) for p in (*PURPOSES, "lobby"))

    # A lobby stopped before its match: an end too, published once.
    second, _ = await open_table(fake, runner, group, "/new", [ann])
    await say(fake, ann, group, "/stop")
    await fake.wait_idle(timeout=WAIT)
    assert [t.id for t in ended] == [table_id, second]


async def test_events_reach_every_subscriber_in_order() -> None:
    events = TableEvents()
    heard: list[object] = []

    async def first(user_id: int) -> None:
        heard.append(("first", user_id))

    async def second(user_id: int) -> None:
        heard.append(("second", user_id))

    async def tick() -> None:
        heard.append("tick")

    events.subscribe(unreachable=first, tick=tick)
    events.subscribe(unreachable=second)
    await events.unreachable(7)
    await events.tick()
    await events.no_show(3)  # nobody listens: nothing happens
    assert heard == [("first", 7), ("second", 7), "tick"]
