"""Moving house (issue 17): `python -m bot copy-store` copies a SQLite
database into PostgreSQL, running matches included; a match started on
SQLite finishes on PostgreSQL after the copy, its old buttons working. A
target that holds rows is refused unless told, and so is a source whose
migrations are behind."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    fix_deals,
    open_private_chats,
    open_table,
    people,
    play_out,
    snapshot,
    start_match,
)
from databases import PostgresDatabase

from bot.storage import StorageError, open_store, parse_database_url
from bot.storage.copy import copy_sqlite_to_postgres
from bot.storage.sqlite_setup import sole_process
from engine import Action, replay
from testing.fake_telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[3]


def copy_command(*args: str, target: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot copy-store ARGS` with the target in DATABASE_URL, as an
    operator runs it: the password never on the command line (S19)."""
    return subprocess.run(
        [sys.executable, "-m", "bot", "copy-store", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": target},
    )


@pytest.mark.slow(
    reason="the copy command as a subprocess; a bot on SQLite, then one on PostgreSQL"
)
async def test_a_match_started_on_sqlite_finishes_on_postgres(
    fake_telegram: FakeTelegram,
    postgres_database: PostgresDatabase,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_telegram
    fix_deals(monkeypatch, 1717)
    source = tmp_path / "bot.db"
    async with BotRunner(fake, source) as on_sqlite:
        group = fake.group(GROUP_ID, "Переезд", supergroup=True)
        users = people(fake, 3)
        await open_private_chats(fake, users)
        table_id, lobby = await open_table(fake, on_sqlite, group, "/new limit=2", users)
        await start_match(fake, group, users[0], lobby)
        rng = random.Random(17)
        await play_out(fake, source, table_id, users, rng, moves=9)
        await on_sqlite.idle()
    before = snapshot(source, table_id)
    assert before.status == "playing" and before.actions == 9

    # Through the command: one line of what it copied.
    done = copy_command(str(source), target=postgres_database.url)
    assert done.returncode == 0, done.stderr
    assert "tables 1" in done.stdout and "actions 9" in done.stdout
    assert snapshot(postgres_database, table_id) == before, "the match is copied as it was"

    async with BotRunner(fake, postgres_database) as on_postgres:
        after = await play_out(fake, postgres_database, table_id, users, rng)
        await on_postgres.idle()
    assert after.status == "finished"
    state = after.match
    ((seed,),) = postgres_database.rows("SELECT seed FROM tables")
    logged = postgres_database.rows("SELECT seq, action FROM actions ORDER BY seq")
    assert [seq for seq, _ in logged] == list(range(1, len(logged) + 1))
    log = [Action.from_json(json.loads(action)) for _, action in logged]
    assert replay(state.rules, state.players, seed, log, state.shuffle) == state
    assert any("игра окончена" in m.text for m in fake.messages(group))
    # A table opened on PostgreSQL after the copy gets the next id.
    ((next_id,),) = postgres_database.rows("SELECT nextval(pg_get_serial_sequence('tables', 'id'))")
    assert next_id == table_id + 1


@pytest.mark.slow(
    reason="the copy command as a subprocess; a bot on SQLite, then one on PostgreSQL"
)
async def test_a_copy_into_a_database_that_holds_rows_is_refused_postgres(
    postgres_database: PostgresDatabase, tmp_path: Path
) -> None:
    source = tmp_path / "bot.db"
    target = parse_database_url(postgres_database.url)
    with sqlite3.connect(source) as db:
        db.execute("PRAGMA user_version = 0")
    # A source behind the newest migration is refused, nothing written.
    with pytest.raises(StorageError, match="migration 0"):
        await copy_sqlite_to_postgres(source, target)
    # Made current (the bot's own migrations), with one person in it.
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{source}"},
    )
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(source) as db:
        db.execute("INSERT INTO users (user_id, name, updated_at) VALUES (7, 'Семь', 0)")
    assert (await copy_sqlite_to_postgres(source, target))["users"] == 1
    refused = copy_command(str(source), target=postgres_database.url)
    assert refused.returncode == 2
    assert "not empty" in refused.stderr and "--replace" in refused.stderr
    assert "Traceback" not in refused.stderr
    with sqlite3.connect(source) as db:
        db.execute("INSERT INTO users (user_id, name, updated_at) VALUES (8, 'Восемь', 0)")
    replaced = copy_command("--replace", f"sqlite:///{source}", target=postgres_database.url)
    assert replaced.returncode == 0, replaced.stderr
    assert postgres_database.rows("SELECT user_id FROM users ORDER BY user_id") == [(7,), (8,)]


async def test_a_table_in_a_forum_topic_is_copied_with_its_topic_postgres(
    postgres_database: PostgresDatabase, tmp_path: Path
) -> None:
    source = tmp_path / "bot.db"
    sqlite_store = await open_store(parse_database_url(f"sqlite:///{source}"), cache=False)
    try:
        topic = await sqlite_store.create_table(-100, "Forum", 1, "kozel", {}, thread_id=77)
        general = await sqlite_store.create_table(-100, "Forum", 2, "bura", {})
    finally:
        await sqlite_store.close()
    assert topic is not None and general is not None
    await copy_sqlite_to_postgres(source, parse_database_url(postgres_database.url))
    target = await open_store(parse_database_url(postgres_database.url), cache=False)
    try:
        assert await target.open_table_in_chat(-100, 77) == topic
        assert await target.open_table_in_chat(-100) == general
        # The copied index keeps one open table per topic.
        assert await target.create_table(-100, "Forum", 3, "bura", {}, thread_id=77) is None
    finally:
        await target.close()


@pytest.mark.slow(
    reason="the copy command as a subprocess; a bot on SQLite, then one on PostgreSQL"
)
async def test_copy_store_takes_no_password_and_waits_for_no_running_bot_postgres(
    postgres_database: PostgresDatabase, tmp_path: Path
) -> None:
    """S19: the target comes from DATABASE_URL only, and a file a bot still
    holds is not copied (its later moves would be lost)."""
    source = tmp_path / "bot.db"
    migrated = subprocess.run(
        [sys.executable, "-m", "bot", "migrate"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{source}"},
    )
    assert migrated.returncode == 0, migrated.stderr
    on_the_line = copy_command(str(source), postgres_database.url, target=postgres_database.url)
    assert on_the_line.returncode == 2 and "unrecognized arguments" in on_the_line.stderr
    held = sole_process(source)
    try:
        refused = copy_command(str(source), target=postgres_database.url)
    finally:
        assert held is not None
        held.close()
    assert refused.returncode == 2 and "a bot process uses" in refused.stderr, refused.stderr
    assert postgres_database.rows("SELECT to_regclass('public.tables')") == [(None,)]
    done = copy_command(str(source), target=postgres_database.url)
    assert done.returncode == 0, done.stderr
