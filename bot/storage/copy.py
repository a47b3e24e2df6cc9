"""Moving house: a SQLite database copied into PostgreSQL, running matches
included (`python -m bot copy-store SOURCE TARGET`, bot/commands.py).

Every table of the schema is copied row for row, ids, versions, engine
states, action logs, message ids and deadlines as they are: a match under
way on SQLite goes on on PostgreSQL where it was, its old buttons included,
once the bot starts there (its start-up redraws every running table and
re-arms the deadlines, the time already spent counted).

Refused, with the reason and nothing written: a source that is not at the
schema's newest migration (start the bot on it once, or `python -m bot
migrate`, first), a target whose migrations do not match the source's, and a
target that holds any row unless `replace` (then it is emptied first). The
copy is one transaction: it is all there or none of it is.

Stop the bot before copying: a move made during the copy would be left
behind.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.migrations import migrations
from bot.storage.postgres_setup import connect, migrate, where
from bot.storage.records import StorageError
from bot.storage.url import DatabaseUrl

# Python values for PostgreSQL column types: SQLite keeps booleans as
# integers and may keep a whole number in a REAL column.
_CONVERT: dict[str, Any] = {
    "boolean": bool,
    "double precision": float,
    "real": float,
    "numeric": float,
    "bigint": int,
    "integer": int,
    "smallint": int,
    "text": str,
}


def _read_source(path: Path) -> tuple[int, list[tuple[str, list[str], list[tuple[Any, ...]]]]]:
    """The source's migration number and each table (in the order the
    migrations made them) with its columns and rows; read-only."""
    if not path.is_file():
        raise StorageError(f"no SQLite database at {path}")
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            names = [
                row[0]
                for row in db.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                    " AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'"
                    " ORDER BY rowid"
                )
            ]
            tables = []
            for name in names:
                columns = [row[1] for row in db.execute(f'PRAGMA table_info("{name}")')]
                quoted = ", ".join(f'"{c}"' for c in columns)
                rows = db.execute(f'SELECT {quoted} FROM "{name}"').fetchall()
                tables.append((name, columns, rows))
    except sqlite3.Error as error:
        raise StorageError(f"cannot read the SQLite database {path} ({error})") from None
    return version, tables


async def _column_types(connection: Any, table: str) -> dict[str, str]:
    rows = await connection.fetch(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1",
        table,
    )
    return {row[0]: row[1] for row in rows}


def _converted(rows: list[tuple[Any, ...]], kinds: list[Any]) -> list[tuple[Any, ...]]:
    return [
        tuple(
            v if v is None or kind is None else kind(v) for v, kind in zip(row, kinds, strict=True)
        )
        for row in rows
    ]


async def copy_sqlite_to_postgres(
    source: Path, target: DatabaseUrl, replace: bool = False
) -> dict[str, int]:
    """Copy every row of the SQLite file `source` into the PostgreSQL
    database `target` (migrated first); the rows copied, by table."""
    version, tables = _read_source(source)
    newest = len(migrations("sqlite"))
    if version != newest:
        raise StorageError(
            f"the SQLite database {source} is at migration {version}, not {newest}: start the"
            " bot on it once (or run `python -m bot migrate` with DATABASE_URL pointing at it)"
            " before copying it"
        )
    connection = await connect(target, durable=True)
    try:
        try:
            await migrate(connection, where(target))
        except asyncpg.PostgresError as error:
            raise StorageError(f"cannot migrate {where(target)} ({error})") from None
        ran = await connection.fetchval("SELECT count(*) FROM schema_migrations")
        if ran != version or len(migrations("postgres")) != version:
            raise StorageError(
                f"the PostgreSQL database {where(target)} is at migration {ran}, the SQLite"
                f" database at {version}: run the same version of the bot on both"
            )
        counts: dict[str, int] = {}
        async with connection.transaction():
            kinds_of: dict[str, list[Any]] = {}
            for name, columns, _ in tables:
                types = await _column_types(connection, name)
                missing = [c for c in columns if c not in types]
                if missing:
                    raise StorageError(f"the target's table {name} lacks the columns {missing}")
                kinds_of[name] = [_CONVERT.get(types[c]) for c in columns]
            held = {
                name: await connection.fetchval(f'SELECT count(*) FROM "{name}"')
                for name, _, _ in tables
            }
            if any(held.values()) and not replace:
                full = ", ".join(f"{name} {n}" for name, n in held.items() if n)
                raise StorageError(
                    f"the PostgreSQL database {where(target)} is not empty ({full} rows);"
                    " give --replace to empty it first"
                )
            if any(held.values()):
                everything = ", ".join(f'"{name}"' for name, _, _ in tables)
                await connection.execute(f"TRUNCATE {everything} CASCADE")
            for name, columns, rows in tables:
                if rows:
                    await connection.copy_records_to_table(
                        name, records=_converted(rows, kinds_of[name]), columns=columns
                    )
                counts[name] = len(rows)
            # Ids the database hands out next continue after the copied ones.
            identities = await connection.fetch(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND is_identity = 'YES'"
            )
            for table, column in identities:
                if table in counts:
                    await connection.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                        f' COALESCE((SELECT MAX("{column}") FROM "{table}"), 0) + 1, false)'
                    )
        return counts
    except asyncpg.PostgresError as error:
        raise StorageError(f"the copy into {where(target)} failed ({error})") from None
    finally:
        await connection.close()
