"""What `python -m bot` does besides running the bot:

- `python -m bot migrate`: bring the database that the settings name up to
  the newest schema and stop (the `release:` step of a Procfile deploy, so
  that the workers start on a migrated database; they would migrate it
  themselves too, one at a time under a lock). A SQLite file that a running
  bot holds is refused, not migrated under it;
- `python -m bot copy-store SOURCE [--replace]`: copy a SQLite database (a
  file name or `sqlite:///…`) into the PostgreSQL database `DATABASE_URL`
  names (the environment or `.env`, never the command line, where `ps` and
  the shell's history would show its password), running matches included
  (bot/storage/copy.py). It refuses while a bot still holds the file: moves
  made after the copy would be lost;
- `python -m bot backfill-achievements`: grant achievements to the past from
  the stored moves of every group match (bot/grants.py); run again, it
  grants nothing twice.

Each prints one line of what it did, or one line of why not and exits 2.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

from bot.grants import backfill_achievements
from bot.settings import load_settings
from bot.storage import StorageError, open_store, parse_database_url
from bot.storage.copy import copy_sqlite_to_postgres
from bot.storage.migrations import migrations
from bot.storage.sqlite_setup import sole_process

# `migrate` needs the database settings only; a release step may run where
# the token is not set, and the settings would refuse to load without one.
NO_TOKEN = "1:migrate-only"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Without a command: run the bot."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser(
        "migrate", help="migrate the database DATABASE_URL names, then stop (a release step)"
    )
    copy = commands.add_parser(
        "copy-store",
        help="copy a SQLite database into the PostgreSQL database DATABASE_URL names",
    )
    copy.add_argument("source", help="the SQLite file: a path or sqlite:///path")
    copy.add_argument(
        "--replace", action="store_true", help="empty a target that holds rows, then copy"
    )
    commands.add_parser(
        "backfill-achievements",
        help="grant achievements to the past from the stored moves of group matches",
    )
    return parser


async def _migrate() -> str:
    overrides = {} if os.environ.get("BOT_TOKEN") else {"bot_token": NO_TOKEN}
    settings = load_settings(**overrides)
    database = settings.database()
    # A SQLite file a bot still holds is not migrated under it (S12), as a
    # second bot is not: the same single-process lock, taken first.
    held = sole_process(database.path) if database.path is not None else None
    try:
        store = await open_store(database, cache=False)
        await store.close()
    finally:
        if held is not None:
            held.close()
    newest = len(migrations("sqlite" if database.scheme == "sqlite" else "postgres"))
    return f"{database} is migrated (schema {newest})"


async def _copy(source: str, replace: bool) -> str:
    path = Path(source)
    if "://" in source:
        parsed = parse_database_url(source)
        if parsed.path is None:
            raise ValueError("the source must be a SQLite database (sqlite:///path or a path)")
        path = parsed.path
    overrides = {} if os.environ.get("BOT_TOKEN") else {"bot_token": NO_TOKEN}
    target = load_settings(**overrides).database_url
    if not target:
        raise ValueError("set DATABASE_URL to the PostgreSQL database to copy into")
    into = parse_database_url(target)
    if into.scheme not in ("postgresql", "postgres"):
        raise ValueError("DATABASE_URL must name a PostgreSQL database (postgresql://...)")
    if not path.is_file():
        raise ValueError(f"no SQLite database at {path}")
    held = sole_process(path, "a bot process")
    try:
        counts = await copy_sqlite_to_postgres(path, into, replace=replace)
    finally:
        if held is not None:
            held.close()
    copied = ", ".join(f"{name} {n}" for name, n in counts.items())
    return f"copied {path} into PostgreSQL: {copied}"


async def _backfill() -> str:
    overrides = {} if os.environ.get("BOT_TOKEN") else {"bot_token": NO_TOKEN}
    store = await open_store(load_settings(**overrides).database(), cache=False)
    try:
        done = await backfill_achievements(store)
    finally:
        await store.close()
    return (
        f"{done.matches} group matches read, {done.replayed} replayed from their moves:"
        f" {done.new} achievements granted"
    )


def run(argv: list[str]) -> int:
    """Run one command; its exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "migrate":
            said = asyncio.run(_migrate())
        elif args.command == "backfill-achievements":
            said = asyncio.run(_backfill())
        else:
            said = asyncio.run(_copy(args.source, args.replace))
    except (StorageError, ValueError) as error:
        print(f"{args.command}: {error}", file=sys.stderr)
        return 2
    print(said)
    return 0
