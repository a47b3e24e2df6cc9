"""Opening a PostgreSQL database for bot/storage/postgres.py: the connection
(with a message that says what to check when there is none), the migrations,
and the proof that the database can be written."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from bot.storage.migrations import migrations, too_new
from bot.storage.records import StorageError
from bot.storage.url import DatabaseUrl

# Any number, the same in every process: migrations run one process at a time.
MIGRATION_LOCK = 0x6275726B  # "burk"


def where(url: DatabaseUrl) -> str:
    """host:port/database of the URL, never its user or password."""
    parts = urlsplit(url.url)
    try:
        port = parts.port or 5432
    except ValueError:  # not a number: say so, the rest of the URL stays unsaid
        return f"{parts.hostname or 'localhost'}:(a malformed port)"
    return f"{parts.hostname or 'localhost'}:{port}{parts.path or '/'}"


async def migrate(connection: Any, place: str = "PostgreSQL") -> None:
    """Each migration not yet run, in its own transaction, under an advisory
    lock so that processes starting together run each file once. A
    database newer than the code is refused (`StorageError`) before any
    migration runs; `place` names it in the message (`where(url)`)."""
    exists = await connection.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if exists:
        applied = {row[0] for row in await connection.fetch("SELECT number FROM schema_migrations")}
        refused = too_new("postgres", applied, place)
        if refused:
            raise StorageError(refused)
    for migration in migrations("postgres"):
        async with connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await connection.execute(
                """CREATE TABLE IF NOT EXISTS schema_migrations (
                     number BIGINT PRIMARY KEY, name TEXT NOT NULL,
                     applied_at DOUBLE PRECISION NOT NULL)"""
            )
            if (
                migration.number > 2**31 - 1
            ):  # named by its minute: the record's first INTEGER is short
                await connection.execute(WIDEN)
            # `$1::bigint`: asyncpg keeps this statement prepared from the
            # numbered migrations, with an INTEGER parameter that a minute's
            # number overflows even once WIDEN made the column BIGINT.
            ran = await connection.fetchval(
                "SELECT count(*) FROM schema_migrations WHERE number = $1::bigint",
                migration.number,
            )
            if ran:
                continue
            await connection.execute(migration.script)
            await connection.execute(
                "INSERT INTO schema_migrations (number, name, applied_at)"
                " VALUES ($1::bigint, $2, $3)",
                migration.number,
                migration.name,
                time.time(),
            )


# Databases made before migrations were named by their minute keep their
# numbers in an INTEGER column.
WIDEN = """DO $$ BEGIN
  IF (SELECT data_type FROM information_schema.columns WHERE table_schema = current_schema()
      AND table_name = 'schema_migrations' AND column_name = 'number') = 'integer' THEN
    ALTER TABLE schema_migrations ALTER COLUMN number TYPE BIGINT;
  END IF;
END $$"""


async def probe_write(connection: Any) -> None:
    """Write for real, then roll back: a database we may not write (a
    read-only replica, missing rights) fails at start and not mid-match."""
    transaction = connection.transaction()
    await transaction.start()
    try:
        await connection.execute("CREATE TABLE write_probe (x INTEGER)")
    finally:
        await transaction.rollback()


async def connect(url: DatabaseUrl, durable: bool) -> Any:
    """A connection, or `StorageError` with the cause and what to check.
    `durable=False` (DATABASE_SYNC=normal): a commit returns before the server
    has flushed it (`synchronous_commit = off`): a crash of the bot still loses
    nothing, a crash of the server may lose the last moves."""
    settings = {"application_name": "burkozel-bot"}
    if not durable:
        settings["synchronous_commit"] = "off"
    try:
        return await asyncpg.connect(url.url, server_settings=settings, timeout=10)
    except (TimeoutError, asyncpg.PostgresError, OSError) as error:
        raise StorageError(
            f"cannot connect to PostgreSQL at {where(url)} ({type(error).__name__}: {error});"
            " check that the server runs, the database exists and the user may log in"
        ) from None
    except (ValueError, asyncpg.InterfaceError) as error:
        # Not the error's text: a malformed URL's may quote the password.
        raise StorageError(
            f"DATABASE_URL is not a usable PostgreSQL address ({type(error).__name__});"
            " it looks like postgresql://user:password@host:5432/database"
        ) from None
