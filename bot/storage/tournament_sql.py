"""The store's SQL for tournaments (bot/storage/tournaments.py), in
PostgreSQL's words as all the store's SQL (bot/storage/driver.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.storage.shared_sql import INSERT_TABLE
from bot.storage.tournament_records import (
    REGISTERING,
    Entry,
    RoundRecord,
    TournamentRecord,
)

TOURNAMENT_COLUMNS = (
    "id, chat_id, thread_id, creator_id, preset, options, settings, status, plan,"
    " message_id, version, created_at, updated_at"
)

INSERT_TOURNAMENT = """INSERT INTO tournaments (chat_id, thread_id, creator_id, preset,
     options, settings, status, version, created_at, updated_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $8)"""

UPDATE_TOURNAMENT = """UPDATE tournaments SET status = $1, settings = $2, plan = $3,
     message_id = $4, version = version + 1, updated_at = $5
   WHERE id = $6 AND version = $7"""

# Registration bumps the version first: only while registering.
BUMP_REGISTERING = f"""UPDATE tournaments SET version = version + 1, updated_at = $2
   WHERE id = $1 AND status = '{REGISTERING}'"""

# A place while fewer than $4 are registered (N11): the registration's bump
# of the tournament's row comes first in the same transaction, so
# registrations are counted one after another, on PostgreSQL too.
INSERT_ENTRY = """INSERT INTO tournament_entries (tournament_id, user_id, name, position)
   SELECT $1, $2, $3, COALESCE(MAX(position), 0) + 1
   FROM tournament_entries WHERE tournament_id = $1
   HAVING COUNT(*) < $4
   ON CONFLICT (tournament_id, user_id) DO NOTHING"""

# The entries of some tournaments ($1 their ids), in the order they registered.
ENTRIES = """SELECT tournament_id, user_id, name, partner FROM tournament_entries
   WHERE tournament_id = ANY($1::bigint[]) ORDER BY tournament_id, position, user_id"""

INSERT_ROUND = """INSERT INTO tournament_rounds (tournament_id, number, round)
   VALUES ($1, $2, $3) ON CONFLICT (tournament_id, number) DO NOTHING"""

ROUNDS = """SELECT number, round, outcomes, told FROM tournament_rounds
   WHERE tournament_id = $1 ORDER BY number"""

ROUND_TABLES = """SELECT round, position, table_id FROM tournament_tables
   WHERE tournament_id = $1 ORDER BY round, position"""

# A partner is taken only while free; leaving frees one's partner.
TAKE_PARTNER = """UPDATE tournament_entries SET partner = $2
   WHERE tournament_id = $1 AND user_id = $3 AND partner IS NULL AND user_id <> $2"""
SET_PARTNER = """UPDATE tournament_entries SET partner = $3
   WHERE tournament_id = $1 AND user_id = $2"""
FREE_PARTNER = """UPDATE tournament_entries SET partner = NULL
   WHERE tournament_id = $1 AND partner = $2"""

FINISH_ROUND = """UPDATE tournament_rounds SET outcomes = $3
   WHERE tournament_id = $1 AND number = $2 AND outcomes IS NULL"""

INSERT_LINK = """INSERT INTO tournament_tables (tournament_id, round, position, table_id)
   VALUES ($1, $2, $3, $4)"""

# A tournament's table: an ordinary table's INSERT plus its tournament.
INSERT_TOURNAMENT_TABLE = INSERT_TABLE.replace(" thread_id)", " thread_id, tournament_id)").replace(
    ", $12)", ", $12, $13) RETURNING id"
)
assert INSERT_TOURNAMENT_TABLE != INSERT_TABLE


def insert_tournament_params(
    chat_id: int,
    thread_id: int | None,
    creator_id: int,
    preset: str,
    options: dict[str, Any],
    settings: dict[str, Any],
    now: float,
) -> tuple[Any, ...]:
    return (
        chat_id,
        thread_id,
        creator_id,
        preset,
        json.dumps(options),
        json.dumps(settings),
        REGISTERING,
        now,
    )


def update_tournament_params(record: TournamentRecord, now: float) -> tuple[Any, ...]:
    return (
        record.status,
        json.dumps(record.settings),
        None if record.plan is None else json.dumps(record.plan),
        record.message_id,
        now,
        record.id,
        record.version,
    )


def tournament_from_row(row: Sequence[Any]) -> TournamentRecord:
    return TournamentRecord(
        id=row[0],
        chat_id=row[1],
        thread_id=row[2],
        creator_id=row[3],
        preset=row[4],
        options=json.loads(row[5]),
        settings=json.loads(row[6]),
        status=row[7],
        plan=None if row[8] is None else json.loads(row[8]),
        message_id=row[9],
        version=row[10],
        created_at=row[11],
        updated_at=row[12],
    )


def with_entries(
    records: list[TournamentRecord], rows: Sequence[Sequence[Any]]
) -> list[TournamentRecord]:
    by_id = {r.id: r for r in records}
    for row in rows:
        by_id[row[0]].entries.append(Entry(row[1], row[2], row[3]))
    return records


def rounds_from_rows(
    rounds: Sequence[Sequence[Any]], tables: Sequence[Sequence[Any]]
) -> list[RoundRecord]:
    opened: dict[int, dict[int, int]] = {}
    for number, position, table_id in tables:
        opened.setdefault(number, {})[position] = table_id
    return [
        RoundRecord(
            number=row[0],
            round=json.loads(row[1]),
            outcomes=None if row[2] is None else json.loads(row[2]),
            told=bool(row[3]),
            tables=opened.get(row[0], {}),
        )
        for row in rounds
    ]
