"""Opening a SQLite database for bot/storage/sqlite.py: the pragmas, the
integrity check, the migrations, the proof that the file can be written,
and a message that says what to check when it cannot."""

from __future__ import annotations

import fcntl
import sqlite3
import time
from pathlib import Path
from typing import IO

import aiosqlite

from bot.storage.migrations import migrations, sqlite_statements, too_new
from bot.storage.records import StorageError


def probe_write(connection: sqlite3.Connection) -> None:
    """Write for real, then roll back, so a database we cannot write fails at
    start and not mid-match. `BEGIN IMMEDIATE` alone is not enough: in WAL mode
    it succeeds on a read-only file; SQLite refuses only the first page written."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        connection.execute("CREATE TABLE write_probe (x INTEGER)")
    finally:
        if connection.in_transaction:
            connection.execute("ROLLBACK")


def why_unusable(path: Path, error: sqlite3.Error) -> str:
    """One sentence with the cause and what to do: a permission problem is not
    a damaged file, and only a damaged file calls for a backup."""
    text = str(error)
    if "readonly" in text or "read-only" in text or "unable to open" in text:
        return (
            f"cannot write to database {path} ({text}): this user needs write permission"
            f" on the file and on its folder {path.parent.resolve()} (SQLite keeps"
            f" {path.name}-wal and {path.name}-shm beside it)"
        )
    if "locked" in text or "busy" in text:
        return f"database {path} is locked by another process ({text}); stop it or wait"
    if "disk I/O" in text or "is full" in text:
        return f"cannot write to database {path} ({text}): check the disk and free space"
    return f"database {path} is unusable ({text}); restore it from a backup or move it away"


async def configure(db: aiosqlite.Connection, durable: bool) -> None:
    """WAL mode, the sync level, foreign keys and an integrity check; a
    `sqlite3.DatabaseError` when the file cannot be used."""
    await db.execute("PRAGMA busy_timeout = 5000")
    row = await (await db.execute("PRAGMA journal_mode = WAL")).fetchone()
    if row is None or str(row[0]).lower() != "wal":
        raise sqlite3.DatabaseError("could not switch to WAL mode")
    # FULL: each commit waits until the WAL is on the disk, so a move is
    # durable before anybody is told of it, power loss included. NORMAL
    # syncs only at checkpoints: a crash of the bot loses nothing, a
    # power loss may lose the last commits (docs/PERFORMANCE.md measures
    # the difference).
    await db.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
    await db.execute("PRAGMA foreign_keys = ON")
    check = await (await db.execute("PRAGMA quick_check")).fetchone()
    if check is None or check[0] != "ok":
        raise sqlite3.DatabaseError(f"integrity check failed: {check}")


async def migrate(db: aiosqlite.Connection, path: Path | str = "") -> None:
    """Each migration not yet run, in its own transaction, recorded in
    `schema_migrations`; `PRAGMA user_version` counts those that ran (a file
    older than that table counted its numbered ones there alone). A
    database newer than the code is refused (`StorageError`) before any
    migration runs."""
    count = (await (await db.execute("PRAGMA user_version")).fetchone() or (0,))[0]
    recorded = bool(
        await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        )
    )
    if recorded:
        applied = {row[0] for row in await db.execute_fetchall(RAN)}
    else:
        applied = set(range(1, count + 1))
    refused = too_new("sqlite", applied, str(path), count)
    if refused:
        raise StorageError(refused)
    for migration in migrations("sqlite"):
        if migration.number in applied and recorded:
            continue
        await db.execute("BEGIN IMMEDIATE")
        try:
            if not recorded:  # the record, and what an older file ran before it
                await db.execute(RECORD)
                for number in sorted(applied):
                    await db.execute(NOTE, (number, "", 0.0))
                recorded = True
            if migration.number not in applied:
                for statement in sqlite_statements(migration.script):
                    await db.execute(statement)
                await db.execute(NOTE, (migration.number, migration.name, time.time()))
                applied.add(migration.number)
                await db.execute(f"PRAGMA user_version = {len(applied)}")
            await db.execute("COMMIT")
        except BaseException:
            await db.execute("ROLLBACK")
            raise


RECORD = """CREATE TABLE schema_migrations (
    number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"""
RAN = "SELECT number FROM schema_migrations"
NOTE = "INSERT INTO schema_migrations (number, name, applied_at) VALUES (?, ?, ?)"


def sole_process(path: Path, held_by: str = "another bot process") -> IO[bytes] | None:
    """SQLite is one process's database: an exclusive `flock` on the file
    marks its one user, held as long as the returned file stays open (the
    kernel drops it when the process dies, SIGKILL included). SQLite's own
    locks are `fcntl` locks, which this does not touch.

    Taken before the database is opened, so a second bot is refused before
    it migrates the file under the running one (S12), and by `copy-store`,
    which must not copy a file a bot still writes (S19). A file that does
    not exist yet is created empty (an empty file is an empty database), so
    two new bots cannot both start on it. None when the file cannot even be
    opened: opening the database then says why, in its own words."""
    try:
        handle = open(path, "rb") if path.is_file() else open(path, "ab")  # noqa: SIM115
    except OSError:
        return None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise StorageError(
            f"{held_by} uses the SQLite database {path}; SQLite serves one"
            " process only: stop the other one, or use PostgreSQL (DATABASE_URL="
            "postgresql://...) to run several workers"
        ) from None
    return handle
