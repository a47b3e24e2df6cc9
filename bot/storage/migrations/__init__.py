"""Schema migrations as numbered SQL files, one folder per backend.

`NNNN_what_it_does.sql` runs once, in number order, inside one transaction;
the database remembers the last number it ran (SQLite: `PRAGMA user_version`;
PostgreSQL: the table `schema_migrations`, one row per file that ran).
A new migration is a new file with the next number; a file that ran is never
edited.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    script: str


def migrations(backend: str) -> list[Migration]:
    """The backend's migrations in order; numbers run 1, 2, 3, ... without gaps."""
    folder = resources.files(__package__).joinpath(backend)
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.number)
    if [m.number for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"{backend} migrations are not numbered 1..N: {[m.name for m in found]}")
    return found


def sqlite_statements(script: str) -> list[str]:
    """A script's statements; a trigger's body holds semicolons of its own."""
    statements, pending = [], ""
    for part in script.split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending.strip())
            pending = ""
    if pending.strip(" \n;"):
        raise ValueError(f"incomplete statement in a migration: {pending[:80]!r}")
    return statements


def too_new(backend: str, current: int, where: str) -> str | None:
    """Why a database the code cannot run on is refused, or None (S13).

    A database migrated by a newer version (a rollback of a deploy) has
    tables and columns this code does not know, and may lack ones it
    relies on: running on it could lose or garble what the newer version
    wrote. One sentence for the operator, who then starts the newer version
    again or restores a backup taken before the upgrade."""
    newest = len(migrations(backend))
    if current <= newest:
        return None
    return (
        f"the database {where} is at schema {current}, newer than this version of the bot"
        f" knows (schema {newest}): a newer version migrated it; run that version again,"
        " or restore a backup taken before the upgrade"
    )
