"""Computers must not burn the bot's time for nobody (issue 13, item 3): a
match needs a person, a table whose people are all away for a whole deal
closes, and caps bound the tables one person can keep busy. Time is moved by
hand (`ManualScheduler`)."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio
from bot_harness import WAIT, BotRunner, Player
from bot_steps import people_in_private
from manual_clock import ManualScheduler

from engine import legal_actions
from engine.actions import Kind
from testing.fake_telegram import FakeTelegram

GROUP_ID = -1004410


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> AsyncIterator[BotRunner]:
    async with BotRunner(
        fake_telegram,
        tmp_path / "bot.db",
        settings_extra={"turn_timeout": 60, "afk_turns": 1},
        scheduler=clock,
    ) as bot:
        yield bot


def status(runner: BotRunner, table_id: int) -> str:
    with sqlite3.connect(runner.sqlite_path) as connection:
        (found,) = connection.execute(
            "SELECT status FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
    return str(found)


async def test_a_match_of_computers_alone_does_not_start(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Роботы", supergroup=True)
    host = fake.user(4401, "Хозяин")  # never opened the private chat: not seated
    await host.send(group, "/new")
    await fake.wait_for_message(group, "#", timeout=WAIT)
    for _ in range(2):
        await host.send(group, "/addbot hard")
        await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and [s.is_computer for s in table.seats] == [True, True]
    await host.send(group, "/start")
    await runner.idle()
    assert "хотя бы один человек" in fake.last_message(group).text
    assert status(runner, table.id) == "lobby"


async def test_a_table_whose_people_are_all_away_for_a_whole_deal_closes(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Пусто", supergroup=True)
    users = await people_in_private(fake, 2, 4410, "Соня")
    await users[0].send(group, "/new")
    lobby = await fake.wait_for_message(group, "#", timeout=WAIT)
    await (await users[1].tap(lobby, lobby.buttons[0][0].value or "")).answer_received(timeout=WAIT)
    await runner.idle()
    await users[0].send(group, "/start")
    await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.state is not None
    first_deal = table.state.deals_dealt
    # Nobody plays: the timer, then the computer, moves for both of them.
    for _ in range(400):
        await clock.advance(60)
        await runner.idle()
        if status(runner, table.id) != "playing":
            break
    assert status(runner, table.id) == "closed"
    closed = await runner.db.get_table(table.id)
    assert closed is not None and closed.state is not None
    assert closed.state.deals_dealt == first_deal + 1  # right after the first whole deal
    assert "никто не сделал ни одного хода сам" in fake.last_message(group).text
    assert not any(clock.scheduled((table.id, p)) for p in ("computer", "deadline", "remind"))


async def test_a_person_who_plays_keeps_the_table_open(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    """One person plays, the other is away: the table goes on past the deal."""
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Один", supergroup=True)
    users = await people_in_private(fake, 2, 4420, "Лёва")
    await users[0].send(group, "/new")
    lobby = await fake.wait_for_message(group, "#", timeout=WAIT)
    await (await users[1].tap(lobby, lobby.buttons[0][0].value or "")).answer_received(timeout=WAIT)
    await runner.idle()
    await users[0].send(group, "/start")
    await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.state is not None
    first_deal = table.state.deals_dealt
    here = Player(fake, users[0], random.Random(2))
    for _ in range(400):
        table = await runner.db.get_table(table.id)
        assert table is not None and table.state is not None
        if table.status != "playing" or table.state.deals_dealt > first_deal + 1:
            break
        deal = table.state.deal
        assert deal is not None
        seat = table.seats[deal.turn]
        if seat.user_id == users[0].id:
            moves = [a for a in legal_actions(table.state, deal.turn) if a.kind is not Kind.DECLARE]
            await here.play(moves[0])
        else:  # the absent one: the timer plays for them, then the computer (no pause)
            await clock.advance(0 if seat.auto else 60)
        await runner.idle()
    assert table.status == "playing" and table.state is not None
    assert table.state.deals_dealt > first_deal + 1


async def test_caps_on_open_tables_per_person_and_practice_games(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    async with BotRunner(
        fake,
        tmp_path / "caps.db",
        settings_extra={"max_tables_per_person": 2, "max_practice_tables": 1},
        scheduler=clock,
    ) as bot:
        busy, other, third = (fake.user(4430 + i, f"Кап{i}") for i in range(3))
        for user in (busy, other, third):
            await user.send_private("/start")
        await fake.wait_idle(timeout=WAIT)
        groups = [fake.group(GROUP_ID - i, f"Группа{i}", supergroup=True) for i in range(4)]
        for group in groups[:2]:
            await busy.send(group, "/new")
            await bot.idle()
        # A third table of their own: refused, with the cap named; nothing opened.
        await busy.send(groups[2], "/new")
        await bot.idle()
        assert "не больше 2" in fake.last_message(groups[2]).text
        assert await bot.db.open_table_in_chat(groups[2].id) is None
        # Nor may they sit at somebody else's.
        await other.send(groups[3], "/new")
        lobby = await fake.wait_for_message(groups[3], "#", timeout=WAIT)
        answer = await (await busy.tap(lobby, lobby.buttons[0][0].value or "")).answer_received(
            timeout=WAIT
        )
        assert "не больше 2" in (answer.text or "")
        table = await bot.db.open_table_in_chat(groups[3].id)
        assert table is not None and table.seat_of(busy.id) is None
        # Nor start a practice game.
        await busy.send_private("/play")
        await bot.idle()
        assert "не больше 2" in fake.last_message(fake.private_chat(busy)).text
        # Practice games over the whole bot: one at a time here.
        await third.send_private("/play")
        await bot.idle()
        assert await bot.db.open_table_in_chat(third.id) is not None
        await other.send_private("/play")
        await bot.idle()
        assert "тренировочных" in fake.last_message(fake.private_chat(other)).text
        assert await bot.db.open_table_in_chat(other.id) is None
        # A table that ends frees its place.
        await busy.send(groups[0], "/stop")
        await bot.idle()
        await busy.send(groups[2], "/new")
        await bot.idle()
        assert await bot.db.open_table_in_chat(groups[2].id) is not None


async def test_the_cap_holds_under_simultaneous_new_in_many_groups(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """One person's /new in 12 groups at once: the groups are served side by
    side, but the cap's check and the table it allows are one step per
    person (S14). The others are refused with the cap named."""
    fake = fake_telegram
    busy = fake.user(4440, "Спешащий")
    await busy.send_private("/start")
    await fake.wait_idle(timeout=WAIT)
    groups = [fake.group(GROUP_ID - i, f"Группа{i}", supergroup=True) for i in range(12)]
    for group in groups:
        await busy.send(group, "/new")
    await runner.idle()
    opened = await runner.db.open_tables_of(busy.id)
    assert len(opened) == 3
    refused = [g for g in groups if await runner.db.open_table_in_chat(g.id) is None]
    assert len(refused) == 9
    assert all("не больше 3" in fake.last_message(g).text for g in refused)
