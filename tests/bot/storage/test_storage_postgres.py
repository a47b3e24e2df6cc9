"""What only the PostgreSQL backend has to show: its URL, its messages when
the server cannot be used, and migrations when several processes start at
once. The contract every backend keeps is tests/bot/storage/test_storage_contract.py."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.settings import Settings
from bot.storage import DatabaseUrl, StorageError, open_store, parse_database_url
from bot.storage.migrations import migrations
from testing.postgres import PostgresServer, free_port


def test_a_postgres_url_chooses_the_postgres_backend() -> None:
    for scheme in ("postgresql", "postgres"):
        url = parse_database_url(f"{scheme}://bot:secret@db.example:5432/burkozel")
        assert url.scheme == scheme and url.path is None
        assert "secret" not in str(url)
    settings = Settings(
        bot_token="123456:AAAAAAAAAAAA",  # type: ignore[arg-type]
        database_url="postgresql://postgres@127.0.0.1:5432/burkozel",
        _env_file=None,  # type: ignore[call-arg]
    )
    assert settings.database().scheme == "postgresql"


async def test_postgres_that_cannot_be_reached_is_one_sentence_without_the_password() -> None:
    url = parse_database_url(f"postgresql://bot:s3cret@127.0.0.1:{free_port()}/burkozel")
    with pytest.raises(StorageError) as caught:
        await open_store(url)
    message = str(caught.value)
    assert "s3cret" not in message
    assert f"127.0.0.1:{url.url.rsplit(':', 1)[1].split('/')[0]}/burkozel" in message
    assert "server runs" in message


async def test_postgres_database_that_does_not_exist_is_named(
    postgres_server: PostgresServer,
) -> None:
    url = parse_database_url(postgres_server.url("no_such_database"))
    with pytest.raises(StorageError, match="no_such_database"):
        await open_store(url)


async def test_postgres_processes_starting_together_migrate_once(
    postgres_url: str, tmp_path: Path
) -> None:
    url = parse_database_url(postgres_url)
    stores = await asyncio.gather(*(open_store(url, cache=False) for _ in range(4)))
    for store in stores:
        await store.close()
    connection = await asyncpg.connect(postgres_url)
    try:
        ran = await connection.fetch("SELECT number, name FROM schema_migrations ORDER BY number")
        tables = await connection.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
        )
    finally:
        await connection.close()
    assert [(r["number"], r["name"]) for r in ran] == [
        (m.number, m.name) for m in migrations("postgres")
    ]
    # The same tables as SQLite's schema (plus the record of migrations).
    sqlite_file = tmp_path / "bot.db"
    await (await open_store(DatabaseUrl.sqlite(sqlite_file), cache=False)).close()
    with sqlite3.connect(sqlite_file) as raw:
        in_sqlite = {
            row[0]
            for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not row[0].startswith("sqlite_")
        }
    assert {r["tablename"] for r in tables} == in_sqlite | {"schema_migrations"}
    assert {"tables", "seats", "actions", "users", "chats"} <= in_sqlite


async def test_postgres_store_reconnects_after_losing_its_connection(postgres_url: str) -> None:
    """After a server restart or a dropped connection the store goes on with
    a new one. (A job that finds its connection lost mid-way fails, as any
    failed write does; asyncpg often learns of the loss first, and then no
    job fails at all.)"""
    store = await open_store(parse_database_url(postgres_url), cache=False)
    try:
        table = await store.create_table(-5, "Group", 1, "burkozel", {})
        assert table is not None
        admin = await asyncpg.connect(postgres_url)
        try:
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = 'burkozel-bot'"
            )
        finally:
            await admin.close()
        # The first write may fail (the loss shows up mid-way, in asyncpg's
        # PostgresError, InterfaceError or InternalClientError) or not.
        with contextlib.suppress(Exception):
            await store.set_message_ids(table.id, live_message_id=5)
        await store.set_message_ids(table.id, live_message_id=6)
        read = await store.get_table(table.id)
        assert read is not None and read.live_message_id == 6
    finally:
        await store.close()
