"""One migration a change, run by both databases: what each makes of it
agrees column by column, the databases today's code made (schema_14/) open
and upgrade, and names keyed by the minute keep parallel branches apart."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.storage import open_store, parse_database_url
from bot.storage.migrations import LEGACY, migrations, new_name, render
from bot.storage.records import LOBBY, TableLink
from bot.storage.url import DatabaseUrl

TODAY = Path(__file__).parent / "schema_14"
# What each database calls a type the neutral form names once.
SAME_TYPE = {
    "INTEGER": {"integer", "bigint", "boolean"},
    "REAL": {"double precision"},
    "TEXT": {"text"},
}


def _sqlite_schema(path: Path) -> dict[str, list[tuple[str, str, bool, bool]]]:
    """table -> (column, type, not null, in the primary key), in order."""
    with sqlite3.connect(path) as db:
        names = [
            r[0]
            for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return {
            name: [
                (r[1], r[2], bool(r[3]) or bool(r[5]), bool(r[5]))
                for r in db.execute(f'PRAGMA table_info("{name}")')
            ]
            for name in names
        }


def _sqlite_indexes(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {
            r[0]
            for r in db.execute("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')")
            if not r[0].startswith("sqlite_")
        }


async def _postgres_schema(
    url: str,
) -> tuple[dict[str, list[tuple[str, str, bool, bool]]], set[str]]:
    connection = await asyncpg.connect(url)
    try:
        columns = await connection.fetch(
            """SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'NO',
                      EXISTS (SELECT 1 FROM information_schema.key_column_usage k
                              JOIN information_schema.table_constraints t
                                ON t.constraint_name = k.constraint_name
                              WHERE t.constraint_type = 'PRIMARY KEY'
                                AND k.table_name = c.table_name
                                AND k.column_name = c.column_name)
               FROM information_schema.columns c WHERE c.table_schema = 'public'
               ORDER BY c.table_name, c.ordinal_position"""
        )
        indexes = await connection.fetch(
            "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'"
            " UNION SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"
        )
    finally:
        await connection.close()
    schema: dict[str, list[tuple[str, str, bool, bool]]] = {}
    for table, column, kind, not_null, key in columns:
        schema.setdefault(table, []).append((column, kind, not_null, key))
    return schema, {r[0] for r in indexes}


async def _fresh(tmp_path: Path, postgres_url: str) -> tuple[Path, str]:
    path = tmp_path / "bot.db"
    for url in (DatabaseUrl.sqlite(path), parse_database_url(postgres_url)):
        await (await open_store(url, cache=False)).close()
    return path, postgres_url


async def test_both_databases_make_the_same_columns_of_every_migration_postgres(
    tmp_path: Path, postgres_url: str
) -> None:
    path, url = await _fresh(tmp_path, postgres_url)
    lite = _sqlite_schema(path)
    pg, pg_indexes = await _postgres_schema(url)
    assert set(lite) == set(pg)
    for table, columns in lite.items():
        theirs = pg[table]
        assert [c[0] for c in columns] == [c[0] for c in theirs], table
        for (name, kind, not_null, key), (_, pg_kind, pg_not_null, pg_key) in zip(
            columns, theirs, strict=True
        ):
            assert pg_kind in SAME_TYPE[kind], (table, name, kind, pg_kind)
            assert (not_null, key) == (pg_not_null, pg_key), (table, name)
    # PostgreSQL names a primary key's and a unique constraint's index; SQLite does not.
    assert _sqlite_indexes(path) <= pg_indexes


def test_a_new_migration_is_named_by_its_minute_and_runs_after_the_numbered_ones() -> None:
    name = new_name("coach_notes", now=1_796_000_000)
    assert name == "202611300053_coach_notes.sql"
    assert int(name[:12]) > LEGACY
    assert [m.number for m in migrations("sqlite")][:LEGACY] == list(range(1, LEGACY + 1))


def test_a_neutral_script_says_each_thing_in_each_databases_words() -> None:
    neutral = (
        "CREATE {unlogged} TABLE t (id {id}, n {bigint}, at {double},"
        " ok {bool} NOT NULL DEFAULT {false});\n"
        "-- sqlite only:\nSELECT 1;\n-- postgres only:\nSELECT 2;\n-- both:\nSELECT 3;\n"
    )
    assert render(neutral, "sqlite") == (
        "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, n INTEGER, at REAL,"
        " ok INTEGER NOT NULL DEFAULT 0);\nSELECT 1;\nSELECT 3;\n"
    )
    assert render(neutral, "postgres") == (
        "CREATE UNLOGGED TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
        " n BIGINT, at DOUBLE PRECISION, ok BOOLEAN NOT NULL DEFAULT FALSE);\n"
        "SELECT 2;\nSELECT 3;\n"
    )


async def _use(url: DatabaseUrl) -> None:
    """The new store on an upgraded database: what was there reads, new writes land."""
    store = await open_store(url)
    try:
        old = await store.open_table_in_chat(-5)
        assert old is not None and old.status == LOBBY and old.join_token == "t0ken"
        assert await store.create_table(-5, "Group", 1, "burkozel", {}) is None
        new = await store.create_table(-6, "Group", 1, "burkozel", {})
        assert new is not None and new.id > old.id  # (PostgreSQL skips the refused one's id)
        # A round's table kept its link in its settings too: the link now
        # comes from tournament_tables, and the copy is gone.
        round_table = await store.get_table(40)
        assert round_table is not None and round_table.tournament == TableLink(1, 2, 0)
        assert round_table.settings == {"waiting": [5]}
    finally:
        await store.close()


def _kept(
    before: dict[str, list[tuple[str, str, bool, bool]]],
    after: dict[str, list[tuple[str, str, bool, bool]]],
) -> bool:
    """Every table and column of the old database is there as it was; the
    migrations named by the minute (later than it) may only have added more
    (and widened the record of which ran, `schema_migrations`)."""
    return all(
        after.get(name, [])[: len(columns)] == columns
        for name, columns in before.items()
        if name != "schema_migrations"
    )


OLD_TABLE = (
    "INSERT INTO tables (chat_id, chat_title, status, creator_id, preset, options, version,"
    " created_at, updated_at, join_token) VALUES (-5, 'Group', 'lobby', 1, 'burkozel', '{}',"
    " 1, 0, 0, 't0ken')"
)
# A tournament round's table as today's code stored it: the link in its
# settings, in tables.tournament_id and in tournament_tables.
OLD_ROUND_TABLE = (
    "INSERT INTO tournaments (id, chat_id, creator_id, preset, options, settings, status,"
    " created_at, updated_at) VALUES (1, -7, 1, 'bura', '{}', '{}', 'running', 0, 0)",
    "INSERT INTO tables (id, chat_id, chat_title, status, creator_id, preset, options, version,"
    " created_at, updated_at, join_token, settings, tournament_id) VALUES (40, -7, 'Group',"
    """ 'lobby', 1, 'bura', '{}', 1, 0, 0, 'r0und', '{"tournament": [1, 2, 0], "waiting": [5]}',"""
    " 1)",
    "INSERT INTO tournament_tables (tournament_id, round, position, table_id) VALUES (1, 2, 0, 40)",
)


async def test_a_sqlite_file_todays_code_made_opens_and_upgrades(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    with sqlite3.connect(path) as db:
        db.executescript((TODAY / "sqlite.sql").read_text())
        db.execute(f"PRAGMA user_version = {LEGACY}")
        db.execute(OLD_TABLE)
        for statement in OLD_ROUND_TABLE:
            db.execute(statement)
    before = _sqlite_schema(path)
    await _use(DatabaseUrl.sqlite(path))
    after = _sqlite_schema(path)
    assert after.pop("schema_migrations")
    assert _kept(before, after), "no migration ran again"
    fresh = tmp_path / "fresh.db"
    await (await open_store(DatabaseUrl.sqlite(fresh), cache=False)).close()
    assert _sqlite_schema(fresh) == _sqlite_schema(path)
    assert _sqlite_indexes(fresh) == _sqlite_indexes(path)
    with sqlite3.connect(path) as db:
        ran = [r[0] for r in db.execute("SELECT number FROM schema_migrations ORDER BY 1")]
        assert ran == [m.number for m in migrations("sqlite")]
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(ran)


async def test_a_postgres_database_todays_code_made_opens_and_upgrades_postgres(
    tmp_path: Path, postgres_url: str, postgres_server: Any
) -> None:
    connection = await asyncpg.connect(postgres_url)
    try:
        await connection.execute((TODAY / "postgres.sql").read_text())
        await connection.execute(
            """CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL,
                 applied_at DOUBLE PRECISION NOT NULL)"""
        )
        for m in migrations("postgres")[:LEGACY]:
            await connection.execute(
                "INSERT INTO schema_migrations VALUES ($1, $2, 0)", m.number, m.name
            )
        await connection.execute(OLD_TABLE)
        for statement in OLD_ROUND_TABLE:
            await connection.execute(statement)
    finally:
        await connection.close()
    before, before_indexes = await _postgres_schema(postgres_url)
    await _use(parse_database_url(postgres_url))
    after, after_indexes = await _postgres_schema(postgres_url)
    assert after.pop("schema_migrations")[0] == ("number", "bigint", True, True)
    assert before.pop("schema_migrations")
    assert _kept(before, after), "no migration ran again"
    assert set(before_indexes) <= set(after_indexes)
    fresh_url = postgres_server.create_database(f"fresh_{tmp_path.name.lower()}")
    await (await open_store(parse_database_url(fresh_url), cache=False)).close()
    fresh, fresh_indexes = await _postgres_schema(fresh_url)
    assert fresh.pop("schema_migrations")
    assert fresh == after and fresh_indexes == after_indexes


def test_numbered_migrations_stop_at_the_fourteenth(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.storage import migrations as module

    with pytest.raises(RuntimeError, match="YYYYMMDDHHMM"):
        module._checked(15, "0015_more.sql")
    with pytest.raises(RuntimeError, match="not a minute"):
        module._checked(202613990000, "202613990000_x.sql")
