"""Storage bookkeeping that the message jobs rely on."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import FINISHED, PLAYING, CachedStore, Conflict, Seat, TableRecord
from bot.storage.cached import MAX_CACHED_ENDED
from bot.storage.migrations import migrations, sqlite_statements
from bot.storage.sqlite import SqliteDriver, SqliteStore
from engine.actions import Action, Kind
from engine.game import new_match
from engine.rules import RuleSet


class Database(CachedStore):
    """The store the bot runs on: SQLite behind the write-through copies."""

    driver: SqliteDriver

    @classmethod
    async def open(cls, path: Path) -> Database:
        return cls(await SqliteStore.open(path))


async def _stored_hands(path: Path) -> list[tuple[int, int | None, str | None]]:
    async with aiosqlite.connect(path) as raw:
        cursor = await raw.execute(
            "SELECT seat, hand_message_id, hand_digest FROM seats ORDER BY seat"
        )
        return [tuple(row) for row in await cursor.fetchall()]


async def test_hand_messages_are_written_when_their_id_changes_not_on_every_edit(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bot.db"
    db = await Database.open(path)
    table = await db.create_table(-5, "Group", 1, "burkozel", {})
    assert table is not None
    table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
    table = await db.save_table(table)
    await db.set_hand_message(table.id, 0, 100, "b1")
    changes = db.driver.total_changes
    for digest in ("b2", "t3", "b4"):  # edits of the same message
        await db.set_hand_message(table.id, 0, 100, digest)
    assert db.driver.total_changes == changes, "an edit of the same message writes nothing"
    cached = await db.get_table(table.id)
    assert cached is not None
    assert (cached.seats[0].hand_message_id, cached.seats[0].hand_digest) == (100, "b4")
    await db.set_hand_message(table.id, 1, 200, "b5")
    await db.set_hand_message(table.id, 0, 101, "b6")  # a new message for seat 0
    assert db.driver.total_changes == changes + 2
    await db.close()

    # On disk: the ids, and the digests as unknown, so that a restart edits
    # every hand once instead of trusting a digest an unrecorded edit made stale.
    assert await _stored_hands(path) == [(0, 101, None), (1, 200, None)]
    reopened = await Database.open(path)
    again = await reopened.get_table(table.id)
    assert again is not None
    assert [(s.hand_message_id, s.hand_digest) for s in again.seats] == [(101, None), (200, None)]
    await reopened.close()


async def test_an_ended_table_is_read_from_memory_and_only_the_latest_few_are_kept(
    tmp_path: Path,
) -> None:
    db = await Database.open(tmp_path / "bot.db")
    ended = []
    for number in range(MAX_CACHED_ENDED + 40):
        table = await db.create_table(-number - 1, "Group", 1, "burkozel", {})
        assert table is not None
        table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
        table = await db.save_table(table)
        await db.set_hand_message(table.id, 0, 100, "b1")
        table.status = FINISHED
        table = await db.save_table(table)
        await db.set_hand_message(table.id, 0, 100, "t2")  # its buttons taken away
        ended.append(table.id)
    # The jobs telling a match's end see what the hands show now (the digest
    # is not on disk), so a hand without buttons is not stripped again.
    last = await db.get_table(ended[-1])
    assert last is not None and last.seats[0].hand_digest == "t2"
    assert len(db._tables) == MAX_CACHED_ENDED, "ended tables do not pile up in memory"
    first = await db.get_table(ended[0])  # read afresh from disk
    assert first is not None and first.status == FINISHED
    assert (first.seats[0].hand_message_id, first.seats[0].hand_digest) == (100, None)
    await db.close()


async def test_a_move_and_its_log_entry_are_saved_together_or_not_at_all(
    tmp_path: Path,
) -> None:
    db = await Database.open(tmp_path / "bot.db")
    table = await db.create_table(-5, "Group", 1, "burkozel", {})
    assert table is not None
    table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
    table.status = PLAYING
    table.state = new_match(RuleSet.create(), ("Ann", "Bob"), 7)
    table = await db.save_table(table)  # seats written: the transaction path
    changes = db.driver.total_changes
    stale = await db.get_table(table.id)
    assert stale is not None
    action = Action(Kind.CLAIM, 0)
    assert table.state is not None
    table.state = table.state._replace(step=1)
    table = await db.save_table(table, action, user_id=1)  # one statement
    assert db.driver.total_changes == changes + 2, "the table's row and the log's entry"
    assert await db.action_log(table.id) == [(1, 1, action)]

    stale.state = stale.state._replace(step=1) if stale.state else None
    with pytest.raises(Conflict):
        await db.save_table(stale, Action(Kind.CLAIM, 1), user_id=2)
    assert await db.action_log(table.id) == [(1, 1, action)], "nothing logged by a refused save"
    other = await db.get_table(table.id)
    assert other is not None and other.version == table.version
    await db.close()


async def test_an_older_database_is_migrated_with_its_log_trigger(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    async with aiosqlite.connect(path, isolation_level=None) as raw:
        for migration in migrations("sqlite")[:3]:
            for statement in sqlite_statements(migration.script):
                await raw.execute(statement)
        await raw.execute("PRAGMA user_version = 3")
    db = await Database.open(path)
    await db.close()
    async with aiosqlite.connect(path) as raw:
        cursor = await raw.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'tables'"
        )
        assert [row[0] for row in await cursor.fetchall()] == ["tables_log_action"]
        cursor = await raw.execute("PRAGMA user_version")
        assert (await cursor.fetchone()) == (len(migrations("sqlite")),)


async def test_tables_opened_before_join_tokens_get_one(tmp_path: Path) -> None:
    """Migration 5: every table gets its own token; new ones get theirs from `secrets`."""
    path = tmp_path / "bot.db"
    async with aiosqlite.connect(path, isolation_level=None) as raw:
        for migration in migrations("sqlite")[:4]:
            for statement in sqlite_statements(migration.script):
                await raw.execute(statement)
        await raw.execute("PRAGMA user_version = 4")
        for chat_id in (-1, -2):
            await raw.execute(
                "INSERT INTO tables (chat_id, status, creator_id, preset, options,"
                " created_at, updated_at) VALUES (?, 'lobby', 1, 'burkozel', '{}', 0, 0)",
                (chat_id,),
            )
    db = await Database.open(path)
    old = [await db.open_table_in_chat(chat_id) for chat_id in (-1, -2)]
    new = await db.create_table(-3, "Group", 1, "burkozel", {})
    await db.close()
    tokens = [table.join_token if table else None for table in (*old, new)]
    assert all(token and len(token) >= 16 for token in tokens), tokens
    assert len(set(tokens)) == 3


async def _playing_table(db: Database, chat_id: int = -5) -> int:
    table = await db.create_table(chat_id, "Group", 1, "burkozel", {})
    assert table is not None
    table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
    table.status = PLAYING
    table.state = new_match(RuleSet.create(), ("Ann", "Bob"), 7)
    return (await db.save_table(table)).id


def _as_stored(table: TableRecord) -> TableRecord:
    """A record as the file holds it: hand digests are kept in memory only."""
    for seat in table.seats:
        seat.hand_digest = None
    return table


async def test_writes_handed_over_at_once_leave_the_copy_as_the_file_has_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bot.db"
    db = await Database.open(path)
    table_id = await _playing_table(db)
    table = await db.get_table(table_id)
    assert table is not None and table.state is not None
    table.state = table.state._replace(step=1)
    # Nothing awaits another: the statements queue up on the database thread
    # while the copy changes as each is handed over.
    await asyncio.gather(
        db.set_hand_message(table_id, 0, 100, "a"),
        db.set_told_step(table_id, 1),
        db.save_table(table, Action(Kind.CLAIM, 0), user_id=1),
        db.set_message_ids(table_id, live_message_id=300),
        db.set_hand_message(table_id, 1, 200, "b"),
        db.set_hand_message(table_id, 0, 101, "c"),
        db.set_turn_reminded(table_id),
    )
    in_memory = await db.get_table(table_id)
    await db.close()
    reopened = await Database.open(path)
    on_disk = await reopened.get_table(table_id)
    await reopened.close()
    assert in_memory is not None and on_disk is not None
    assert (in_memory.version, in_memory.live_message_id, in_memory.told_step) == (3, 300, 1)
    assert [s.hand_message_id for s in in_memory.seats] == [101, 200]
    assert _as_stored(in_memory) == on_disk


async def test_a_write_during_a_read_that_fills_the_copy_is_not_lost(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    db = await Database.open(path)
    table_id = await _playing_table(db)
    await db.close()
    db = await Database.open(path)  # nothing in memory: the next read fills the copy
    reading = asyncio.ensure_future(db.get_table(table_id))
    await asyncio.sleep(0)  # the read is under way
    await db.set_message_ids(table_id, live_message_id=300)
    await reading
    copy = await db.get_table(table_id)
    assert copy is not None and copy.live_message_id == 300, "the copy missed the write"
    await db.close()


async def test_a_conflict_is_refused_from_the_copy_without_a_write(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "bot.db")
    table_id = await _playing_table(db)
    first = await db.get_table(table_id)
    second = await db.get_table(table_id)
    assert first is not None and second is not None
    await db.save_table(first)
    changes = db.driver.total_changes
    second.seats[1].missed = 2  # a seat change too: the transaction path is refused as well
    with pytest.raises(Conflict):
        await db.save_table(second)
    assert db.driver.total_changes == changes
    await db.close()


async def test_a_failed_write_drops_the_copies_and_the_file_is_read_again(
    tmp_path: Path,
) -> None:
    db = await Database.open(tmp_path / "bot.db")
    table_id = await _playing_table(db)
    assert db._tables
    with pytest.raises(sqlite3.OperationalError):
        await db._write(None, db.driver.execute("UPDATE no_such_table SET x = 1"))
    assert not db._tables, "after a failure nothing in memory is trusted"
    again = await db.get_table(table_id)
    assert again is not None and again.status == PLAYING
    await db.close()


async def test_the_cached_language_follows_a_migrated_group(tmp_path: Path) -> None:
    """S8 through the copies: neither chat's cached language outlives the move."""
    db = await Database.open(tmp_path / "bot.db")
    await db.set_chat_lang(-5, "Group", "en")
    assert await db.get_chat_lang(-100_5) is None  # cached as unknown
    assert await db.get_chat_lang(-5) == "en"
    await db.move_chat(-5, -100_5)
    assert await db.get_chat_lang(-100_5) == "en"
    assert await db.get_chat_lang(-5) is None
    await db.close()
