"""The storage contract: what `Store` promises (bot/storage/store.py) on
each database, [sqlite] and [postgres], and through the cache, [cached].

A new backend is one more parameter of `database`. tests/bot/storage/test_storage.py
covers the cache's own savings and SQLite's own details.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio

from bot.storage import (
    CLOSED,
    COMPUTER,
    FINISHED,
    LOBBY,
    PLAYING,
    Conflict,
    DatabaseUrl,
    MatchResult,
    Seat,
    SeatResult,
    StorageError,
    Store,
    TableRecord,
    open_store,
    parse_database_url,
)
from bot.storage.migrations import migrations
from bot.storage.records import Skill
from bot.storage.shared_sql import UNTOLD
from engine import Action, new_match
from engine.actions import Kind
from engine.rules import Preset, RuleSet
from engine.shuffle import ShuffleKey, public_value

Opener = Callable[[], Awaitable[Store]]

# Telegram's ids are 64-bit: a supergroup's id and a large user id.
BIG_CHAT = -1_001_234_567_890
BIG_USER = 7_123_456_789
SIGNED_SEED = -(1 << 63) + 12_345  # deal_seed gives a signed 64-bit number


@pytest.fixture(params=["sqlite", "postgres", "cached"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> DatabaseUrl:
    if request.param != "postgres":
        return DatabaseUrl.sqlite(tmp_path / "bot.db")
    return parse_database_url(request.getfixturevalue("postgres_url"))


@pytest_asyncio.fixture
async def opener(database: DatabaseUrl, request: pytest.FixtureRequest) -> AsyncIterator[Opener]:
    """Opens the store as often as a test likes ([cached]: with its copies,
    on SQLite); closes them all."""
    opened: list[Store] = []
    cache = request.node.callspec.params["database"] == "cached"

    async def open_one() -> Store:
        store = await open_store(database, cache=cache)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        await store.close()


@pytest_asyncio.fixture
async def store(opener: Opener) -> Store:
    return await opener()


async def _lobby(store: Store, chat_id: int = -5, creator: int = 1) -> TableRecord:
    table = await store.create_table(chat_id, "Group", creator, "burkozel", {"x": 1})
    assert table is not None
    return table


async def _playing(store: Store, chat_id: int = -5) -> TableRecord:
    table = await _lobby(store, chat_id)
    table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
    table.status = PLAYING
    table.seed = SIGNED_SEED
    table.state = new_match(RuleSet.create(), ("Ann", "Bob"), 7)
    return await store.save_table(table)


async def _move(store: Store, table: TableRecord, seat: int = 0) -> TableRecord:
    """The next committed move (a claim stands for any action)."""
    assert table.state is not None
    table.state = table.state._replace(step=table.state.step + 1)
    return await store.save_table(table, Action(Kind.CLAIM, seat), user_id=seat + 1)


async def test_a_new_lobby_and_one_open_table_per_chat(store: Store) -> None:
    table = await store.create_table(
        BIG_CHAT, "Группа", BIG_USER, "burkozel", {"a": [1, 2]}, {"turn_time": 60}, True
    )
    assert table is not None
    assert (table.status, table.version, table.seats, table.practice) == (LOBBY, 1, [], True)
    assert (table.chat_id, table.creator_id, table.chat_title) == (BIG_CHAT, BIG_USER, "Группа")
    assert (table.options, table.settings) == ({"a": [1, 2]}, {"turn_time": 60})
    assert table.join_token and len(table.join_token) >= 16
    assert await store.create_table(BIG_CHAT, "G", 2, "kozel", {}) is None
    assert await store.open_table_in_chat(BIG_CHAT) == table
    assert await store.get_table(table.id + 1000) is None

    table.status = CLOSED
    await store.save_table(table)
    again = await store.create_table(BIG_CHAT, "G", 2, "kozel", {})
    assert again is not None and again.id > table.id
    assert again.join_token != table.join_token


async def test_each_forum_topic_has_its_own_open_table(store: Store) -> None:
    general = await _lobby(store, BIG_CHAT)
    assert general.thread_id is None
    topic = await store.create_table(BIG_CHAT, "Forum", 2, "kozel", {}, thread_id=77)
    other = await store.create_table(BIG_CHAT, "Forum", 3, "bura", {}, thread_id=78)
    assert topic is not None and other is not None
    assert (topic.thread_id, other.thread_id) == (77, 78)
    assert await store.create_table(BIG_CHAT, "Forum", 4, "bura", {}, thread_id=77) is None
    assert await store.create_table(BIG_CHAT, "Forum", 4, "bura", {}) is None

    assert await store.open_table_in_chat(BIG_CHAT) == general
    assert await store.open_table_in_chat(BIG_CHAT, 77) == topic
    assert await store.open_table_in_chat(BIG_CHAT, 79) is None
    assert await store.open_tables_in_chat(BIG_CHAT) == [general, topic, other]
    assert await store.open_tables_in_chat(-5) == []

    topic.status = CLOSED
    saved = await store.save_table(topic)
    assert saved.thread_id == 77 and (await store.get_table(topic.id)) == saved
    again = await store.create_table(BIG_CHAT, "Forum", 4, "bura", {}, thread_id=77)
    assert again is not None and again.thread_id == 77
    assert await store.open_table_in_chat(BIG_CHAT, 77) == again


async def test_a_table_reads_back_as_it_was_saved(store: Store) -> None:
    table = await _lobby(store)
    table.seats = [
        Seat(0, BIG_USER, "Ann"),
        Seat(1, -1, "Робот", kind=COMPUTER, level="strong"),
        Seat(2, 3, "Cid", auto=True, missed=2),
    ]
    table.turn_deadline = 1_800_000_000.25
    table.turn_reminded = True
    table.seed = SIGNED_SEED
    table.state = new_match(RuleSet.create(), ("Ann", "Робот", "Cid"), 7)
    table.status = PLAYING
    saved = await store.save_table(table)
    assert saved.version == 2
    read = await store.get_table(table.id)
    assert read is not None
    assert read == saved
    assert read.state == table.state and read.seed == SIGNED_SEED
    assert read.turn_deadline == 1_800_000_000.25


async def test_seats_in_a_lobby_are_renumbered_and_left_seats_go(store: Store) -> None:
    table = await _lobby(store)
    table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob"), Seat(2, 3, "Cid")]
    table = await store.save_table(table)
    await store.set_hand_message(table.id, 1, 55, "d")
    table.seats = [Seat(0, 2, "Bob"), Seat(1, 3, "Cid")]  # Ann left
    table = await store.save_table(table)
    read = await store.get_table(table.id)
    assert read is not None
    assert [(s.seat, s.user_id) for s in read.seats] == [(0, 2), (1, 3)]
    assert await store.open_tables_of(1) == [table.id], "the creator still has it"
    assert await store.open_tables_of(2) == [table.id]
    assert await store.open_tables_of(9) == []


async def test_a_move_is_saved_with_its_log_entry(store: Store) -> None:
    table = await _playing(store)
    version = table.version
    table = await _move(store, table)
    table = await _move(store, table, seat=1)
    assert table.version == version + 2
    assert await store.action_log(table.id) == [
        (1, 1, Action(Kind.CLAIM, 0)),
        (2, 2, Action(Kind.CLAIM, 1)),
    ]
    read = await store.get_table(table.id)
    assert read is not None and read.version == table.version
    assert read.state is not None and read.state.step == 2


async def test_a_stale_save_is_a_conflict_and_writes_nothing(store: Store) -> None:
    table = await _playing(store)
    stale = await store.get_table(table.id)
    assert stale is not None
    table = await _move(store, table)
    before = await store.get_table(table.id)

    with pytest.raises(Conflict):
        await _move(store, stale, seat=1)  # the one-statement path
    stale.seats[1].missed = 3  # and the transaction with seats
    stale.status = FINISHED
    with pytest.raises(Conflict):
        await store.save_table(stale)
    assert stale.version == table.version - 1, "a refused save leaves the record's version"

    assert await store.get_table(table.id) == before
    assert [seq for seq, _, _ in await store.action_log(table.id)] == [1]


async def test_of_two_writers_on_one_version_exactly_one_commits(opener: Opener) -> None:
    """Two connections (as two processes would have) save the same version."""
    first, second = await opener(), await opener()
    table = await _playing(first)
    mine, theirs = await first.get_table(table.id), await second.get_table(table.id)
    assert mine is not None and theirs is not None
    outcomes = await asyncio.gather(
        _move(first, mine), _move(second, theirs, seat=1), return_exceptions=True
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Conflict", "TableRecord"]
    assert len(await first.action_log(table.id)) == 1
    read = await second.get_table(table.id)
    assert read is not None and read.version == table.version + 1


async def test_message_bookkeeping_bumps_no_version(store: Store) -> None:
    table = await _playing(store)
    await store.set_message_ids(table.id, lobby_message_id=10)
    await store.set_message_ids(table.id, live_message_id=20)
    await store.set_message_ids(table.id)
    await store.set_hand_message(table.id, 1, 30, "digest")
    await store.set_turn_reminded(table.id)
    await store.set_told_step(table.id, 4)
    await store.set_told_step(table.id, 2)  # it never goes back
    read = await store.get_table(table.id)
    assert read is not None
    assert read.version == table.version
    assert (read.lobby_message_id, read.live_message_id) == (10, 20)
    assert (read.turn_reminded, read.told_step) == (True, 4)
    # The digest is kept as unknown by the database, and in full by the cache's copy.
    assert [s.hand_message_id for s in read.seats] == [None, 30]
    assert read.seats[1].hand_digest in (None, "digest")

    await store.clear_live_message(table.id)
    read = await store.get_table(table.id)
    assert read is not None and (read.live_message_id, read.lobby_message_id) == (None, 10)
    # A save does not undo the bookkeeping the record it saves did not know of.
    table.turn_reminded = False
    await store.save_table(table)
    read = await store.get_table(table.id)
    assert read is not None
    assert (read.lobby_message_id, read.seats[1].hand_message_id) == (10, 30)


async def test_writes_reach_the_database_in_the_order_they_were_made(store: Store) -> None:
    table = await _playing(store)
    record = await store.get_table(table.id)
    assert record is not None and record.state is not None
    record.state = record.state._replace(step=1)
    # Nothing awaits another: each call hands its work over before it suspends.
    results = await asyncio.gather(
        *(store.set_message_ids(table.id, live_message_id=n) for n in range(1, 30)),
        store.save_table(record, Action(Kind.CLAIM, 0), user_id=1),
        store.get_table(table.id),
        store.set_hand_message(table.id, 0, 7, None),
        store.set_hand_message(table.id, 0, 8, None),
        store.get_table(table.id),
    )
    between, after = results[-4], results[-1]
    assert isinstance(between, TableRecord) and isinstance(after, TableRecord)
    assert (between.version, between.live_message_id) == (table.version + 1, 29)
    assert between.seats[0].hand_message_id is None, "read before the hand writes"
    assert after.seats[0].hand_message_id == 8


async def test_a_write_runs_even_when_its_caller_is_cancelled(store: Store) -> None:
    """Once made, a write is the database's: a cancelled caller (a handler
    timing out) does not take back what it asked for."""
    table = await _playing(store)
    write = asyncio.ensure_future(store.set_message_ids(table.id, live_message_id=77))
    await asyncio.sleep(0)  # the write is handed over
    write.cancel()
    read = await store.get_table(table.id)
    assert read is not None and read.live_message_id == 77


async def test_people_and_chats(store: Store) -> None:
    assert await store.get_user(BIG_USER) is None
    await store.remember_user(BIG_USER, "Аня", None, "ru")
    await store.set_started(BIG_USER, True)
    await store.set_user_lang(BIG_USER, "en")
    await store.remember_user(BIG_USER, "Anya", "anya", "en-GB")
    user = await store.get_user(BIG_USER)
    assert user is not None
    assert (user.name, user.username, user.language_code, user.lang, user.started) == (
        "Anya",
        "anya",
        "en-GB",
        "en",
        True,
    )
    await store.set_started(BIG_USER, False)
    user = await store.get_user(BIG_USER)
    assert user is not None and user.started is False

    assert await store.get_chat_lang(BIG_CHAT) is None
    await store.set_chat_lang(BIG_CHAT, "Group", "en")
    await store.set_chat_lang(BIG_CHAT, "Group", "ru")
    assert await store.get_chat_lang(BIG_CHAT) == "ru"


async def test_tables_found_by_status_person_and_practice(store: Store) -> None:
    lobby = await _lobby(store, -1, creator=5)
    playing = await _playing(store, -2)
    finished = await _playing(store, -3)
    finished.status = FINISHED
    await store.save_table(finished)
    practice = await store.create_table(6, "", 6, "burkozel", {}, practice=True)
    assert practice is not None

    found = await store.tables_with_status(LOBBY, PLAYING)
    assert [t.id for t in found] == [lobby.id, playing.id, practice.id]
    assert [len(t.seats) for t in found] == [0, 2, 0]
    assert await store.table_ids_with_status(FINISHED) == [finished.id]
    assert await store.table_ids_with_status(CLOSED) == []
    assert await store.open_tables_of(5) == [lobby.id]
    assert await store.open_tables_of(1) == [playing.id]  # seated; -3 has ended
    assert await store.count_open_practice() == 1


async def test_a_migrated_group_takes_its_tables_along(store: Store) -> None:
    table = await _playing(store, -5)
    await store.move_chat(-5, BIG_CHAT)
    moved = await store.open_table_in_chat(BIG_CHAT)
    assert moved is not None and moved.id == table.id
    assert await store.open_table_in_chat(-5) is None


async def test_a_database_newer_than_the_code_is_refused(
    database: DatabaseUrl, opener: Opener
) -> None:
    """S13: a schema past the newest migration this code knows (a rollback)
    is refused when opened, naming both numbers."""
    store = await opener()
    await store.close()
    newest = len(migrations("sqlite" if database.path is not None else "postgres"))
    if database.path is not None:
        with sqlite3.connect(database.path) as db:
            db.execute(f"PRAGMA user_version = {newest + 1}")
    else:
        connection = await asyncpg.connect(database.url)
        await connection.execute(
            "INSERT INTO schema_migrations (number, name, applied_at) VALUES ($1, 'x.sql', 0)",
            newest + 1,
        )
        await connection.close()
    with pytest.raises(StorageError, match=rf"schema {newest + 1}, newer .*\(schema {newest}\)"):
        await opener()


async def test_a_migrated_group_keeps_its_language(store: Store) -> None:
    """S8: /lang chosen in a basic group holds in the supergroup it became;
    a language the supergroup chose itself is not overwritten."""
    await store.set_chat_lang(-5, "Group", "en")
    await store.move_chat(-5, BIG_CHAT)
    assert await store.get_chat_lang(BIG_CHAT) == "en"
    assert await store.get_chat_lang(-5) is None

    await store.set_chat_lang(-6, "Other", "en")
    await store.set_chat_lang(BIG_CHAT - 1, "Other", "uk")
    await store.move_chat(-6, BIG_CHAT - 1)
    assert await store.get_chat_lang(BIG_CHAT - 1) == "uk"

    await store.move_chat(-7, BIG_CHAT - 2)  # no language chosen: nothing to move
    assert await store.get_chat_lang(BIG_CHAT - 2) is None


async def test_untold_tables_and_pruning_the_logs_of_ended_ones(store: Store) -> None:
    told = await _move(store, await _playing(store, -1))
    untold = await _move(store, await _playing(store, -2))
    await store.set_told_step(told.id, 1)
    assert await store.untold_tables() == [untold.id]

    for table in (told, untold):
        table.status = FINISHED
        await store.save_table(table)
    assert await store.prune_action_logs(ended_before=0) == 0, "not old enough yet"
    pruned = await store.prune_action_logs(ended_before=4_000_000_000)
    assert pruned == 1, "only the told one: the other's log is still needed"
    assert await store.action_log(told.id) == []
    assert len(await store.action_log(untold.id)) == 1


async def _sql(database: DatabaseUrl, *statements: str) -> list[list[tuple[object, ...]]]:
    """Plain SQL on the backend's database, past the store: each statement's rows."""
    if database.path is not None:
        with sqlite3.connect(database.path) as db:
            return [db.execute(statement).fetchall() for statement in statements]
    connection = await asyncpg.connect(database.url)
    try:
        return [[tuple(row) for row in await connection.fetch(s)] for s in statements]
    finally:
        await connection.close()


async def test_a_finished_table_is_untold_until_its_last_moves_are_told(store: Store) -> None:
    """S21: a match that ended before its last moves were told (a crash) is
    still caught up; once told it is no longer found."""
    table = await _move(store, await _move(store, await _playing(store)))
    await store.set_told_step(table.id, 1)
    table.status = FINISHED
    await store.save_table(table)  # ending saves the table once more, with no move
    assert await store.untold_tables() == [table.id]
    await store.set_told_step(table.id, 2)
    assert await store.untold_tables() == []
    closed = await _move(store, await _playing(store, -9))
    closed.status = CLOSED
    await store.save_table(closed)
    assert await store.untold_tables() == [], "a closed table is never caught up"


async def test_the_untold_scan_does_not_read_told_tables(
    database: DatabaseUrl, store: Store
) -> None:
    """S21: among thousands of finished tables told in full, the watchdog's
    question is answered from the partial index of untold ones."""
    untold = await _move(store, await _playing(store))
    untold.status = FINISHED
    await store.save_table(untold)
    if database.path is not None:
        many = """WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
           INSERT INTO tables (chat_id, status, creator_id, preset, options, created_at,
             updated_at, told_step, logged_last)
           SELECT -100 - i, 'finished', 1, 'bura', '{}', 0, 0, 40, 40 FROM n"""
        explain, analyze = "EXPLAIN QUERY PLAN ", "ANALYZE"
    else:
        many = """INSERT INTO tables (chat_id, status, creator_id, preset, options, created_at,
             updated_at, told_step, logged_last)
           SELECT -100 - i, 'finished', 1, 'bura', '{}', 0, 0, 40, 40
           FROM generate_series(1, 5000) i"""
        explain, analyze = "EXPLAIN ", "ANALYZE tables"
    plan = (await _sql(database, many, analyze, explain + UNTOLD))[2]
    steps = [" ".join(str(part) for part in row) for row in plan]
    shown = " | ".join(steps)
    assert "tables_untold" in shown and "Seq Scan" not in shown, shown
    for step in steps:  # SQLite: "SCAN tables USING INDEX tables_untold", the partial index
        assert "SCAN tables" not in step or "tables_untold" in step, shown
    assert await store.untold_tables() == [untold.id]


async def test_closed_lobbies_that_never_started_are_pruned_after_their_days(
    store: Store,
) -> None:
    """S21: `/new` then `/stop` leaves a closed lobby; it goes (seats and
    all) once it closed before the given time. An ended match stays."""
    old = await _lobby(store, -1)
    old.seats = [Seat(0, 1, "Ann")]
    old.status = CLOSED
    await store.save_table(old)
    ended = await _playing(store, -2)
    ended.status = CLOSED
    await store.save_table(ended)
    still_open = await _lobby(store, -3)
    assert await store.prune_closed_lobbies(closed_before=0) == 0, "not old enough yet"
    assert await store.prune_closed_lobbies(closed_before=4_000_000_000) == 1
    assert await store.get_table(old.id) is None
    assert await store.get_table(ended.id) is not None
    assert await store.get_table(still_open.id) is not None
    assert await store.prune_closed_lobbies(closed_before=4_000_000_000) == 0


async def test_forgetting_a_person(store: Store) -> None:
    await store.remember_user(1, "Ann", "ann", "en")
    ended = await _playing(store, -1)
    ended.status = FINISHED
    await store.save_table(ended)
    running = await _playing(store, -2)
    await store.forget_user(1, "—")
    assert await store.get_user(1) is None
    read_ended, read_running = await store.get_table(ended.id), await store.get_table(running.id)
    assert read_ended is not None and read_running is not None
    assert read_ended.names == ("—", "Bob")
    assert read_running.names == ("Ann", "Bob"), "open tables are left alone"
    assert read_ended.version == ended.version


async def test_what_was_committed_is_there_after_reopening(opener: Opener) -> None:
    first = await opener()
    table = await _move(first, await _playing(first))
    await first.set_told_step(table.id, 1)
    await first.close()
    again = await opener()
    read = await again.get_table(table.id)
    assert read is not None and read.version == table.version and read.told_step == 1
    assert len(await again.action_log(table.id)) == 1


def _results(practice: bool = False, rate: bool = True) -> MatchResult:
    def seat(number: int, user_id: int, place: int) -> SeatResult:
        return SeatResult(number, f"u:{user_id}", user_id, None, f"P{user_id}", number, place,
                          2 * number, 3, 1 - number, 40 - number, number, 0, number)  # fmt: skip

    def rater(current: Mapping[str, Skill]) -> dict[str, tuple[Skill, Skill]]:
        # Whatever is stored moves by one: enough to see it read and written.
        old = {player: current.get(player, (25.0, 8.0)) for player in ("u:1", f"u:{BIG_USER}")}
        return {player: (skill, (skill[0] + 1, 7.0)) for player, skill in old.items()}

    return MatchResult("burkozel", {"x": 1}, BIG_CHAT, practice,
                       (seat(0, 1, 1), seat(1, BIG_USER, 2)), rater if rate else None)  # fmt: skip


async def _finish(store: Store, result: MatchResult) -> TableRecord:
    table = await _playing(store, chat_id=result.chat_id)
    assert table.state is not None
    table.state = table.state._replace(step=table.state.step + 1)
    table.status = FINISHED
    return await store.save_table(table, Action(Kind.CLAIM, 0), user_id=1, result=result)


async def test_results_and_ratings_are_written_with_the_last_move(store: Store) -> None:
    first = await _finish(store, _results())
    rows = await store.match_results(first.id)
    assert [(r.result.user_id, r.result.place, r.chat_id, r.game) for r in rows] == [
        (1, 1, BIG_CHAT, "burkozel"),
        (BIG_USER, 2, BIG_CHAT, "burkozel"),
    ]
    assert rows[1].result == _results().seats[1]
    assert [(r.before, r.after) for r in rows] == [((25.0, 8.0), (26.0, 7.0))] * 2
    second = await _finish(store, _results())
    assert [r.after for r in await store.match_results(second.id)] == [(27.0, 7.0)] * 2
    unrated = await _finish(store, _results(practice=True, rate=False))
    rows = await store.match_results(unrated.id)
    assert all(r.practice and r.before is None and r.after is None for r in rows)
    assert await store.match_results(first.id + 1000) == []


async def test_a_persons_results_are_their_rating_history_oldest_first(store: Store) -> None:
    """/stats draws a person's rating history from their results (ratings
    are the bot's, not a group's): every group's, oldest first, each with the
    rating before and after; a practice match has neither."""
    first = await _finish(store, _results())
    elsewhere = await _finish(store, dataclasses.replace(_results(), chat_id=BIG_CHAT - 7))
    practice = await _finish(store, _results(practice=True, rate=False))
    third = await _finish(store, _results())
    rows = await store.player_results(1)
    assert [r.table_id for r in rows] == [first.id, elsewhere.id, practice.id, third.id]
    assert [r.before and r.before[0] for r in rows] == [25.0, 26.0, None, 27.0]
    assert [r.after and r.after[0] for r in rows] == [26.0, 27.0, None, 28.0]
    assert [r.table_id for r in await store.player_results(1, BIG_CHAT - 7)] == [elsewhere.id]


async def test_a_stale_last_move_writes_no_results(store: Store) -> None:
    table = await _playing(store)
    stale = await store.get_table(table.id)
    assert stale is not None and stale.state is not None
    await _move(store, table)
    stale.state = stale.state._replace(step=1)
    stale.status = FINISHED
    with pytest.raises(Conflict):
        await store.save_table(stale, Action(Kind.CLAIM, 1), user_id=2, result=_results())
    assert await store.match_results(table.id) == []


async def test_forgetting_a_person_renames_them_in_results(store: Store) -> None:
    table = await _finish(store, _results())
    await store.forget_user(1, "—")
    assert [r.result.name for r in await store.match_results(table.id)] == ["—", f"P{BIG_USER}"]


async def test_a_groups_recent_results_newest_match_first(store: Store) -> None:
    older = await _finish(store, _results())
    newer = await _finish(store, _results(rate=False))
    last = await store.recent_results(BIG_CHAT, 1)
    assert [(r.table_id, r.result.seat) for r in last] == [(newer.id, 0), (newer.id, 1)]
    both = await store.recent_results(BIG_CHAT, 5)
    assert [r.table_id for r in both] == [newer.id, newer.id, older.id, older.id]
    assert await store.recent_results(-1, 5) == []


async def test_notices_toggle_and_move_with_a_migrated_group(store: Store) -> None:
    assert await store.toggle_notify(BIG_CHAT, BIG_USER) is True
    assert await store.toggle_notify(BIG_CHAT, 1) is True
    assert await store.notify_list(BIG_CHAT, 10) == [BIG_USER, 1]
    assert await store.notify_list(BIG_CHAT, 1) == [BIG_USER]
    assert await store.toggle_notify(BIG_CHAT, BIG_USER) is False
    assert await store.notify_list(BIG_CHAT, 10) == [1]
    assert await store.toggle_notify(BIG_CHAT, 2) is True  # then left the group
    assert await store.stop_notify(BIG_CHAT, 2) is True
    assert await store.stop_notify(BIG_CHAT, 2) is False
    assert await store.notify_list(BIG_CHAT, 10) == [1]
    finished = await _finish(store, _results())
    await store.move_chat(BIG_CHAT, BIG_CHAT - 1)
    assert await store.notify_list(BIG_CHAT - 1, 10) == [1]
    assert {r.chat_id for r in await store.match_results(finished.id)} == {BIG_CHAT - 1}
    await store.forget_user(1, "—")
    assert await store.notify_list(BIG_CHAT - 1, 10) == []


# /top as it was read before the summary table (migration 13): every
# result row of the game, grouped per player. The summary must agree with it.
FULL_BOARD = """SELECT a.player, a.user_id, a.level, COALESCE(p.name, a.player),
       a.matches, a.wins, g.mu
   FROM (SELECT r.game, r.player, max(r.user_id) AS user_id, max(r.level) AS level,
           count(*) AS matches, sum(CASE WHEN r.place = 1 THEN 1 ELSE 0 END) AS wins
         FROM results r WHERE r.game = '{game}' AND {rated} {group}
         GROUP BY r.game, r.player HAVING count(*) >= {least}) a
   LEFT JOIN player_names p ON p.player = a.player
   LEFT JOIN ratings g ON g.game = a.game AND g.player = a.player
   ORDER BY 6 DESC, 7 DESC, 5 DESC, 1 LIMIT {limit}"""


def _random_match(rng: random.Random, chats: list[int]) -> MatchResult:
    """Two to four seats of people and computers (the same level twice, at
    times), any places, any group, a practice match now and then."""
    players: list[tuple[str, int | None, str | None]] = [(f"u:{n}", n, None) for n in range(1, 8)]
    players += [("cpu:easy", None, "easy"), ("cpu:hard", None, "hard")]
    size = rng.randrange(2, 5)
    chosen = rng.sample(players[:7], size) if rng.random() < 0.6 else rng.choices(players, k=size)
    seats = tuple(
        SeatResult(
            number,
            player,
            user_id,
            level,
            f"N{player}{rng.randrange(3)}",
            number,
            rng.randrange(1, 3),
            0,
            1,
            0,
            0,
            0,
            0,
            0,
        )
        for number, (player, user_id, level) in enumerate(chosen)
    )
    practice = rng.random() < 0.15

    def rater(current: Mapping[str, Skill]) -> dict[str, tuple[Skill, Skill]]:
        return {
            seat.player: (old := current.get(seat.player, (25.0, 8.0)), (old[0] + seat.place, 7.0))
            for seat in seats
        }

    game = rng.choice(["burkozel", "kozel", "bura"])
    return MatchResult(game, {}, rng.choice(chats), practice, seats, None if practice else rater)


async def test_the_leaderboard_agrees_with_counting_every_result(
    database: DatabaseUrl, store: Store
) -> None:
    """Issue 58: /top reads a summary kept with the results; over random
    matches, and after a group became a supergroup, every board (the bot's
    and each group's, any minimum and length) is what counting every
    result row gives."""
    rng = random.Random(58)
    chats = [-11, -12, BIG_CHAT]
    for _ in range(60):
        await _finish(store, _random_match(rng, chats))
    await store.move_chat(-12, -13)
    await _finish(store, dataclasses.replace(_random_match(rng, [-13]), practice=False))
    rated = "r.practice = 0" if database.path is not None else "NOT r.practice"

    async def check() -> int:
        checked = 0
        for game in ("burkozel", "kozel", "bura"):
            for chat in (None, -11, -12, -13, BIG_CHAT):
                for least, limit in ((1, 10), (3, 3), (2, 1), (1, 50)):
                    group = "" if chat is None else f"AND r.chat_id = {chat}"
                    full = FULL_BOARD.format(
                        game=game, rated=rated, group=group, least=least, limit=limit
                    )
                    expected = [list(row) for row in (await _sql(database, full))[0]]
                    board = await store.leaderboard(game, chat, least, limit)
                    assert [list(dataclasses.astuple(row)) for row in board] == expected, (
                        game,
                        chat,
                        least,
                        limit,
                    )
                    checked += bool(expected)
        return checked

    assert await check() > 30, "the random matches must fill most boards"
    # The migration's backfill counts the same from the results alone.
    backend = "sqlite" if database.path is not None else "postgres"
    script = next(m.script for m in migrations(backend) if m.name.endswith("_standings.sql"))
    backfill = ["INSERT" + part.split(";")[0] for part in script.split("INSERT")[1:]]
    assert len(backfill) == 2, script
    await _sql(database, "DELETE FROM standings", *backfill)
    assert await check() > 30


async def test_a_table_keeps_its_shuffle_secret_and_is_found_by_its_public_value(
    store: Store,
) -> None:
    """The checkable shuffle (docs/RULES.md 9): a secret drawn when the table
    opens and never changed; the public value the match was dealt with, by
    which `/verify` finds the match."""
    table = await _lobby(store, BIG_CHAT)
    other = await _lobby(store, BIG_CHAT - 1)
    secret = table.shuffle_secret
    assert secret is not None and re.fullmatch(r"[0-9a-f]{64}", secret)
    assert other.shuffle_secret != secret
    public = public_value(Preset.BURKOZEL, 2, "bottom", BIG_CHAT, 4_512)
    assert await store.shuffled_tables(public) == []  # nothing dealt yet

    table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
    table.status = PLAYING
    table.seed = SIGNED_SEED
    key = ShuffleKey(secret, public)
    table.state = new_match(RuleSet.create(), ("Ann", "Bob"), 7, key)
    table = await store.save_table(table)
    assert table.shuffle_secret == secret
    (found,) = await store.shuffled_tables(public)
    assert found.id == table.id
    assert found.state is not None and found.state.shuffle == key
    assert found.shuffle_secret == secret
    assert await store.shuffled_tables(public.replace(":4512", ":4513")) == []

    # a later table with the same public value (a duplicate tournament's)
    other.seats = [Seat(0, 3, "Cid"), Seat(1, 4, "Dan")]
    other.status = PLAYING
    other.state = new_match(RuleSet.create(), ("Cid", "Dan"), 7, key)
    await store.save_table(other)
    assert [t.id for t in await store.shuffled_tables(public)] == [table.id, other.id]
