"""What the bot keeps about people (issue 13, "Privacy"): `/forget` erases a
person's name, username and language after a confirming tap, leaving ended
games whole with a neutral name in their seat; ended tables' action logs are
pruned after ACTION_LOG_DAYS, at start-up and then daily."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import cast

import pytest
from bot_harness import WAIT, BotRunner, Player
from bot_steps import (
    GROUP_ID,
    OTHER_GROUP_ID,
    RU,
    assert_clean,
    open_private_chats,
    open_table,
    people,
    plain,
    say,
    start_match,
    tap,
)
from manual_clock import ManualScheduler

from bot.storage.sqlite import SqliteStore
from bot.tables import Sender, TableService, Timing
from bot.tables.privacy import DAY, PLACEHOLDER
from bot.view import callbacks
from bot.view.i18n import t
from engine import legal_actions
from engine.actions import Kind
from testing.fake_telegram import FakeTelegram, FakeUser, StoredMessage

pytestmark = pytest.mark.usefixtures("fixed_deals")


def user_row(db_path: Path, user_id: int) -> tuple[object, ...] | None:
    with sqlite3.connect(db_path) as connection:
        row = connection.execute(
            "SELECT name, username, language_code, lang FROM users WHERE user_id = ?", (user_id,)
        ).fetchone()
    return None if row is None else tuple(row)


def seats(db_path: Path, table_id: int) -> list[tuple[int, int, str]]:
    with sqlite3.connect(db_path) as connection:
        return [
            tuple(r)
            for r in connection.execute(
                "SELECT seat, user_id, name FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            )
        ]


def game_record(db_path: Path, table_id: int) -> tuple[object, ...]:
    with sqlite3.connect(db_path) as connection:
        table = connection.execute(
            "SELECT status, version, state, seed FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        log = connection.execute(
            "SELECT seq, user_id, action FROM actions WHERE table_id = ? ORDER BY seq",
            (table_id,),
        ).fetchall()
    return (tuple(table), tuple(log))


async def one_move(
    fake: FakeTelegram, runner: BotRunner, table_id: int, users: list[FakeUser]
) -> None:
    """The player whose turn it is makes a legal move through the buttons."""
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None and table.state.deal is not None
    seat = table.state.deal.turn
    user = next(u for u in users if u.id == table.seats[seat].user_id)
    action = next(a for a in legal_actions(table.state, seat) if a.kind is Kind.LEAD)
    await Player(fake, user, random.Random(1)).play(action)
    await fake.wait_for(lambda: log_length(runner.sqlite_path, table_id) > 0, timeout=WAIT)
    await runner.idle()


async def ended_match(fake: FakeTelegram, runner: BotRunner, alice: FakeUser, bob: FakeUser) -> int:
    """A match Alice and Bob started, played a move of and Alice stopped: an
    ended table with a log."""
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice, bob])
    await start_match(fake, group, alice, lobby)
    await one_move(fake, runner, table_id, [alice, bob])
    await say(fake, alice, group, "/stop")
    table = await runner.db.get_table(table_id)
    assert table is not None and table.status not in ("lobby", "playing")
    return table_id


async def ask_to_forget(fake: FakeTelegram, user: FakeUser) -> StoredMessage:
    (question,) = await say(fake, user, fake.private_chat(user), "/forget")
    assert question.text == plain(t(RU, "forget.prompt", mark=PLACEHOLDER))
    assert set(question.callback_data) == {callbacks.forget(True), callbacks.forget(False)}
    return question


async def test_forget_erases_the_person_and_keeps_the_games_whole(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    table_id = await ended_match(fake, runner, alice, bob)
    record = game_record(runner.sqlite_path, table_id)
    assert record[1], "the match has moves in its log"
    before = seats(runner.sqlite_path, table_id)
    assert user_row(runner.sqlite_path, alice.id) is not None

    question = await ask_to_forget(fake, alice)
    answer = await tap(fake, alice, question, callbacks.forget(True))
    assert not answer.show_alert

    assert user_row(runner.sqlite_path, alice.id) is None
    assert await runner.db.get_user(alice.id) is None  # no copy left in memory either
    after = seats(runner.sqlite_path, table_id)
    assert [(s, u) for s, u, _ in after] == [(s, u) for s, u, _ in before]
    names = {u: n for _, u, n in after}
    assert names[alice.id] == PLACEHOLDER
    assert names[bob.id] == bob.first_name  # nobody else is touched
    assert user_row(runner.sqlite_path, bob.id) is not None
    assert game_record(runner.sqlite_path, table_id) == record  # the game adds up as before
    # The question became the answer, without its buttons.
    shown = fake.find_message(fake.private_chat(alice).id, question.message_id)
    assert shown is not None and not shown.callback_data
    assert shown.text == plain(t(RU, "forget.done", mark=PLACEHOLDER))
    assert_clean(fake)


async def test_forget_can_be_cancelled(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    (alice,) = people(fake, 1)
    await open_private_chats(fake, [alice])
    stored = user_row(runner.sqlite_path, alice.id)
    question = await ask_to_forget(fake, alice)
    await tap(fake, alice, question, callbacks.forget(False))
    assert user_row(runner.sqlite_path, alice.id) == stored
    shown = fake.find_message(fake.private_chat(alice).id, question.message_id)
    assert shown is not None and shown.text == plain(t(RU, "forget.kept"))
    assert not shown.callback_data
    assert_clean(fake)


async def test_forget_is_refused_while_seated_at_an_open_table(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, _ = await open_table(fake, runner, group, "/new", [alice, bob])
    stored = user_row(runner.sqlite_path, alice.id)
    before = seats(runner.sqlite_path, table_id)
    question = await ask_to_forget(fake, alice)
    await tap(fake, alice, question, callbacks.forget(True))
    shown = fake.find_message(fake.private_chat(alice).id, question.message_id)
    assert shown is not None and shown.text == plain(t(RU, "forget.seated", table=table_id))
    assert user_row(runner.sqlite_path, alice.id) == stored
    assert seats(runner.sqlite_path, table_id) == before
    assert_clean(fake)


async def test_forget_in_a_group_points_to_the_private_chat(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    (alice,) = people(fake, 1)
    await open_private_chats(fake, [alice])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    replies = await say(fake, alice, group, "/forget")
    assert [m.text for m in replies] == [plain(t(RU, "forget.in_private"))]
    assert not replies[0].callback_data
    assert user_row(runner.sqlite_path, alice.id) is not None


async def test_a_forged_forget_button_elsewhere_erases_nothing(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """The confirming tap counts only in the person's own private chat."""
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(OTHER_GROUP_ID, "Другая", supergroup=True)
    (message,) = await say(fake, alice, group, "/help")
    stored = user_row(runner.sqlite_path, bob.id)
    answer = await tap(fake, bob, message, callbacks.forget(True), force=True)
    assert answer.show_alert and answer.text == plain(t(RU, "tap.unknown"))
    assert user_row(runner.sqlite_path, bob.id) == stored
    # Nor in somebody else's private chat.
    bobs_question = await ask_to_forget(fake, bob)
    answer = await tap(fake, alice, bobs_question, callbacks.forget(True), force=True)
    assert answer.show_alert
    assert user_row(runner.sqlite_path, alice.id) is not None
    assert user_row(runner.sqlite_path, bob.id) == stored


# -- pruning the action logs -------------------------------------------------------------


def age_table(db_path: Path, table_id: int, ended_at: float) -> None:
    with sqlite3.connect(db_path) as connection:
        connection.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (ended_at, table_id))


def log_length(db_path: Path, table_id: int) -> int:
    with sqlite3.connect(db_path) as connection:
        (count,) = connection.execute(
            "SELECT COUNT(*) FROM actions WHERE table_id = ?", (table_id,)
        ).fetchone()
    return int(count)


async def test_old_logs_of_ended_tables_are_pruned_at_start_and_daily(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    alice, bob, carol, dave = people(fake, 4)
    runner = BotRunner(fake, tmp_path / "bot.db", {"action_log_days": 30}, scheduler=clock)
    await runner.start()
    try:
        await open_private_chats(fake, [alice, bob, carol, dave])
        old = await ended_match(fake, runner, alice, bob)
        other = fake.group(OTHER_GROUP_ID, "Другой", supergroup=True)
        running, lobby = await open_table(fake, runner, other, "/new", [carol, dave])
        await start_match(fake, other, carol, lobby)
        await one_move(fake, runner, running, [carol, dave])
        assert log_length(runner.sqlite_path, old) and log_length(runner.sqlite_path, running)
    finally:
        await runner.stop()
    now = clock.now()
    age_table(runner.sqlite_path, old, now - 31 * DAY)
    age_table(runner.sqlite_path, running, now - 400 * DAY)  # running: kept whatever its age
    record = game_record(runner.sqlite_path, old)[0]

    await runner.start()  # start-up prunes
    try:
        assert log_length(runner.sqlite_path, old) == 0
        assert log_length(runner.sqlite_path, running) > 0
        assert game_record(runner.sqlite_path, old)[0] == record  # the table itself stays
        # A table that ended recently keeps its log until its day comes.
        await say(fake, carol, other, "/stop")
        kept = log_length(runner.sqlite_path, running)
        assert kept > 0
        age_table(runner.sqlite_path, running, clock.now() - 29.5 * DAY)
        await clock.advance(DAY - 1)
        assert log_length(runner.sqlite_path, running) == kept
        await clock.advance(1)  # the daily prune
        assert log_length(runner.sqlite_path, running) == 0
    finally:
        await runner.stop()


async def test_action_log_days_zero_keeps_every_log(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "bot.db")
    try:
        table = await store.create_table(GROUP_ID, "g", 1, "burkozel", {})
        assert table is not None
        with sqlite3.connect(tmp_path / "bot.db") as connection:
            connection.execute(
                "UPDATE tables SET status = 'closed', updated_at = 0, told_step = 1 WHERE id = ?",
                (table.id,),
            )
            connection.execute(
                "INSERT INTO actions (table_id, seq, user_id, action, created_at)"
                " VALUES (?, 1, 1, '{}', 0)",
                (table.id,),
            )
        for days, left in ((0, 1), (1, 0)):
            service = TableService(
                store,
                cast(Sender, None),
                "bot",
                scheduler=ManualScheduler(),
                timing=Timing(action_log_days=days, closed_lobby_days=0),
            )
            await service.privacy.prune()
            assert log_length(tmp_path / "bot.db", table.id) == left, days
    finally:
        await store.close()


async def test_the_daily_prune_deletes_lobbies_closed_unstarted_days_ago(tmp_path: Path) -> None:
    """S21: `/new` then `/stop` over and over leaves closed lobbies; they go
    `closed_lobby_days` after closing (0 keeps them), a fresh one stays."""
    store = await SqliteStore.open(tmp_path / "bot.db")
    try:
        old = await store.create_table(GROUP_ID, "g", 1, "burkozel", {})
        fresh = await store.create_table(GROUP_ID - 1, "g", 1, "burkozel", {})
        assert old is not None and fresh is not None
        scheduler = ManualScheduler()
        with sqlite3.connect(tmp_path / "bot.db") as connection:
            connection.execute(
                "UPDATE tables SET status = 'closed', updated_at = ?", (scheduler.now(),)
            )
            connection.execute(
                "UPDATE tables SET updated_at = ? WHERE id = ?",
                (scheduler.now() - 8 * DAY, old.id),
            )
        for days, gone in ((0, None), (7, old.id)):
            service = TableService(
                store,
                cast(Sender, None),
                "bot",
                scheduler=scheduler,
                timing=Timing(action_log_days=0, closed_lobby_days=days),
            )
            assert await service.privacy.prune() == (0 if gone is None else 1), days
        assert await store.get_table(old.id) is None
        assert await store.get_table(fresh.id) is not None
    finally:
        await store.close()
