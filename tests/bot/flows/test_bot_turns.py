"""Computer players, turn deadlines, absent players, /kick and /leave, practice
games and lobby timeouts: through the real bot, with time moved by hand."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from bot_harness import WAIT, BotRunner, Player, play_to_the_end
from bot_steps import people_in_private
from engine_builders import CheckedPlayer
from manual_clock import ManualScheduler

from bot.storage import shared_sql
from bot.tables import lifecycle
from bot.tables import minds as minds_module
from engine import replay
from engine.ai import make_player
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser

GROUP_ID = -1009876
TURN = 60


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    clock: ManualScheduler,
) -> AsyncIterator[BotRunner]:
    async with BotRunner(
        fake_telegram,
        tmp_path / "bot.db",
        settings_extra={"turn_timeout": TURN, "afk_turns": 2, "lobby_timeout": 600},
        scheduler=clock,
    ) as bot:
        yield bot


def db_row(runner: BotRunner, sql: str, *params: object) -> tuple[Any, ...]:
    with sqlite3.connect(runner.sqlite_path) as connection:
        row = connection.execute(sql, params).fetchone()
    assert row is not None
    return tuple(row)


async def settle(runner: BotRunner, clock: ManualScheduler, rounds: int = 200) -> None:
    """Let computer players move (their pause is zero) until only people are awaited."""
    for _ in range(rounds):
        await runner.idle()
        due = clock.next_time()
        if due is None or due > clock.now():
            return
        await clock.advance(0)
    raise AssertionError("computer players kept moving")


async def people(fake: FakeTelegram, count: int) -> list[FakeUser]:
    return await people_in_private(fake, count, 500, "Человек")


async def lobby_with(
    fake: FakeTelegram, runner: BotRunner, command: str, humans: list[FakeUser], computers: int
) -> tuple[FakeChat, int]:
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    await humans[0].send(group, command)
    lobby = await fake.wait_for_message(group, "#", timeout=WAIT)
    for user in humans[1:]:
        await (await user.tap(lobby, lobby.buttons[0][0].value or "")).answer_received(timeout=WAIT)
        await runner.idle()
    for _ in range(computers):
        await humans[0].send(group, "/addbot")
        await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None
    return group, table.id


async def test_people_and_computers_play_a_match(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    fake = fake_telegram
    humans = await people(fake, 2)
    group, table_id = await lobby_with(fake, runner, "/new kozel limit=2", humans, computers=2)
    lobby = fake.messages(group)[0]
    assert lobby.text.count("компьютер") == 2  # names and levels shown in the lobby
    await humans[0].send(group, "/start")
    await settle(runner, clock)
    rng = random.Random(5)
    players = {u.id: Player(fake, u, rng) for u in humans}

    async def computers_move(_: int) -> None:
        await settle(runner, clock)

    final = await play_to_the_end(
        fake, runner, table_id, players, rng, between=computers_move, human_seats=True
    )
    assert final.status == "finished" and final.state is not None
    log = [a for _, _, a in await runner.db.action_log(table_id)]
    assert final.seed is not None
    assert (
        replay(final.state.rules, final.names, final.seed, log, final.state.shuffle) == final.state
    )
    computer_moves = db_row(runner, "SELECT COUNT(*) FROM actions WHERE user_id IS NULL")[0]
    assert computer_moves > 0
    assert not fake.unanswered_callbacks()


async def test_computer_players_remember_the_match_between_decisions(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each computer seat is one player from the first move to the last (a hard
    player learns the deal as it goes), through the worker processes and back;
    the players are let go when the match ends."""
    built: list[str] = []

    def counted(level: str, seed: int) -> CheckedPlayer:
        built.append(level)
        return CheckedPlayer(make_player(level, seed))

    monkeypatch.setattr(minds_module, "make_player", counted)
    monkeypatch.setattr(lifecycle, "deal_seed", lambda: 2026)  # a match of several tricks
    # (the cards come from the table's shuffle secret, issue 66)
    monkeypatch.setattr(shared_sql, "new_shuffle_secret", lambda: f"{2026:064x}")
    fake = fake_telegram
    humans = await people(fake, 2)
    group, table_id = await lobby_with(fake, runner, "/new kozel limit=2", humans, computers=2)
    await humans[0].send(group, "/start")
    await settle(runner, clock)
    rng = random.Random(8)
    players = {u.id: Player(fake, u, rng) for u in humans}
    minds = runner.service.turns.minds
    seen: list[int] = []

    async def computers_move(_: int) -> None:
        await settle(runner, clock)
        table = await runner.db.get_table(table_id)
        assert table is not None and table.state is not None
        if table.status != "playing":
            return
        log = [action for _, _, action in await runner.db.action_log(table_id)]
        for seat, level in runner.service.turns.computers(table).items():
            made = sum(1 for action in log if action.seat == seat)
            player = minds.kept(table_id, table.state.seed, seat, level)
            if made == 0:
                continue  # not asked yet: nothing built for it
            assert isinstance(player, CheckedPlayer)  # built by `counted`
            assert player.choices >= made
            seen.append(made)

    final = await play_to_the_end(
        fake, runner, table_id, players, rng, between=computers_move, human_seats=True
    )
    assert final.status == "finished"
    assert max(seen) >= 4  # the same players made several moves
    assert built == [built[0]] * 2  # one player per computer seat, for the whole match
    assert len(minds) == 0  # let go with the match


async def test_deadline_reminder_standin_and_takeover(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    fake = fake_telegram
    humans = await people(fake, 2)
    group, table_id = await lobby_with(fake, runner, "/new", humans, computers=0)
    await humans[0].send(group, "/start")
    await settle(runner, clock)
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None and table.state.deal is not None
    turn = table.state.deal.turn
    absent = next(u for u in humans if u.id == table.seats[turn].user_id)
    private = fake.private_chat(absent)
    before = len(fake.messages(private))

    await clock.advance(TURN / 2)  # half time: a reminder rings the player's phone
    await runner.idle()
    reminder = fake.last_message(private)
    assert "⏰" in reminder.text and len(fake.messages(private)) == before + 1
    assert db_row(runner, "SELECT version FROM tables WHERE id = ?", table_id)[0] == table.version

    await clock.advance(TURN / 2)  # deadline: the computer plays for them
    await runner.idle()
    assert any("Время на ход вышло" in m.text for m in fake.messages(group))
    seq, user_id = db_row(
        runner, "SELECT seq, user_id FROM actions WHERE table_id = ? ORDER BY seq DESC", table_id
    )
    assert seq == 1 and user_id is None

    # Keep missing turns: after afk_turns in a row the computer keeps the seat.
    for _ in range(20):
        auto = db_row(runner, "SELECT auto FROM seats WHERE user_id = ?", absent.id)[0]
        if auto:
            break
        table = await runner.db.get_table(table_id)
        assert table is not None and table.state is not None and table.state.deal is not None
        if table.seats[table.state.deal.turn].user_id == absent.id:
            await clock.advance(TURN)
        else:
            other = next(u for u in humans if u is not absent)
            mover = Player(fake, other, random.Random(1))
            from engine import legal_actions

            action = legal_actions(table.state, table.state.deal.turn)[0]
            await mover.play(action)
        await runner.idle()
    else:
        raise AssertionError("the seat was never taken over")
    assert any("не отвечает" in m.text for m in fake.messages(group))
    offer = fake.last_message(private)
    assert offer.callback_data, "the absent player gets a take-back button"
    # The computer now plays that seat without waiting for the deadline.
    version = db_row(runner, "SELECT version FROM tables WHERE id = ?", table_id)[0]
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None and table.state.deal is not None
    if table.seats[table.state.deal.turn].user_id == absent.id:
        await settle(runner, clock)
        assert db_row(runner, "SELECT version FROM tables WHERE id = ?", table_id)[0] > version
    # One tap takes the seat back.
    answer = await (await absent.tap(offer, offer.callback_data[0])).answer_received(timeout=WAIT)
    assert answer.text
    await runner.idle()
    assert db_row(runner, "SELECT auto, missed FROM seats WHERE user_id = ?", absent.id) == (0, 0)
    assert any("снова в игре" in m.text for m in fake.messages(group))
    assert not fake.unanswered_callbacks()


async def test_deadline_survives_a_restart_with_time_spent(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    fake = fake_telegram
    humans = await people(fake, 2)
    group, table_id = await lobby_with(fake, runner, "/new", humans, computers=0)
    await humans[0].send(group, "/start")
    await settle(runner, clock)
    deadline = db_row(runner, "SELECT turn_deadline FROM tables WHERE id = ?", table_id)[0]
    assert deadline == clock.now() + TURN
    await runner.stop()
    await clock.advance(TURN - 5)  # the bot was down for most of the turn
    await runner.start()
    await runner.idle()
    assert db_row(runner, "SELECT COUNT(*) FROM actions")[0] == 0
    await clock.advance(5)  # the original deadline, not a fresh full turn
    await runner.idle()
    assert db_row(runner, "SELECT COUNT(*) FROM actions")[0] == 1
    assert any("Время на ход вышло" in m.text for m in fake.messages(group))


async def test_kick_and_leave_hand_the_seat_to_a_computer(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    fake = fake_telegram
    humans = await people(fake, 3)
    group, table_id = await lobby_with(fake, runner, "/new limit=2", humans, computers=0)
    await humans[0].send(group, "/start")
    await settle(runner, clock)
    # Only the creator or an admin may kick.
    chatter = await humans[2].send(group, "привет")
    await humans[1].send(group, "/kick", reply_to=chatter)
    await runner.idle()
    assert "создатель" in fake.last_message(group).text
    await humans[0].send(group, "/kick", reply_to=chatter)
    await settle(runner, clock)
    assert db_row(runner, "SELECT kind FROM seats WHERE seat = 2")[0] == "computer"
    assert any("место занимает компьютер" in m.text for m in fake.messages(group))
    # /leave during a match asks first; the button confirms.
    await humans[1].send(group, "/leave")
    await runner.idle()
    ask = fake.last_message(group)
    assert ask.callback_data
    await (await humans[1].tap(ask, ask.callback_data[0])).answer_received(timeout=WAIT)
    await settle(runner, clock)
    kinds = [
        row
        for row in sqlite3.connect(runner.sqlite_path).execute(
            "SELECT kind FROM seats ORDER BY seat"
        )
    ]
    assert kinds == [("human",), ("computer",), ("computer",)]
    # The last person leaves: nobody is left, the table closes.
    await humans[0].send(group, "/leave")
    await runner.idle()
    ask = fake.last_message(group)
    await (await humans[0].tap(ask, ask.callback_data[0])).answer_received(timeout=WAIT)
    await settle(runner, clock)
    assert db_row(runner, "SELECT status FROM tables WHERE id = ?", table_id)[0] == "closed"
    assert any("закрыт" in m.text for m in fake.messages(group))
    assert not fake.unanswered_callbacks()


@pytest.mark.slow(reason="a whole practice match against computer players")
async def test_practice_game_in_private(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    fake = fake_telegram
    (human,) = await people(fake, 1)
    await human.send_private("/play bura 3")
    await settle(runner, clock)
    table = await runner.db.open_table_in_chat(human.id)
    assert table is not None and table.practice and len(table.seats) == 3
    rng = random.Random(3)

    async def computers_move(_: int) -> None:
        await settle(runner, clock)

    final = await play_to_the_end(
        fake,
        runner,
        table.id,
        {human.id: Player(fake, human, rng)},
        rng,
        between=computers_move,
        human_seats=True,
    )
    assert final.status == "finished"
    assert any("окончена" in m.text for m in fake.messages(fake.private_chat(human)))


async def test_idle_lobby_is_closed(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    fake = fake_telegram
    humans = await people(fake, 1)
    group, table_id = await lobby_with(fake, runner, "/new", humans, computers=0)
    await clock.advance(599)
    await runner.idle()
    assert db_row(runner, "SELECT status FROM tables WHERE id = ?", table_id)[0] == "lobby"
    await clock.advance(1)
    await runner.idle()
    assert db_row(runner, "SELECT status FROM tables WHERE id = ?", table_id)[0] == "closed"
    assert "⌛" in fake.last_message(group).text
