"""The statements and row conversions of the PostgreSQL store
(bot/storage/postgres.py): what runs on its connection, one job at a time.
The functions take an asyncpg connection (typed Any: asyncpg ships no types)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from bot.storage.records import (
    ChipMoves,
    MatchResult,
    Seat,
    ShortOfChips,
    Skill,
    TableRecord,
    chip_order,
)
from bot.storage.shared_sql import (
    INSERT_CHIP,
    MOVE_BALANCE,
    NEW_BALANCE,
    NOTE_BALANCE,
    RESULT_COLUMNS,
    TABLE_COLUMNS,
    UPDATE_TABLE,
    UPSERT_NAME,
    UPSERT_STANDING,
    result_rows,
    standing_rows,
)
from engine import MatchState

SEAT_COLUMNS = (
    "s.seat, s.user_id AS seat_user, s.name, s.hand_message_id, s.hand_digest, s.kind,"
    " s.level, s.auto, s.missed"
)

UPSERT_SEAT = """INSERT INTO seats (table_id, seat, user_id, name, kind, level, auto, missed)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
   ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,
     name = excluded.name, kind = excluded.kind, level = excluded.level,
     auto = excluded.auto, missed = excluded.missed"""


def table_from_row(row: Any) -> TableRecord:
    return TableRecord(
        id=row["id"],
        chat_id=row["chat_id"],
        chat_title=row["chat_title"],
        status=row["status"],
        creator_id=row["creator_id"],
        preset=row["preset"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        state=None if row["state"] is None else MatchState.loads(row["state"]),
        version=row["version"],
        lobby_message_id=row["lobby_message_id"],
        live_message_id=row["live_message_id"],
        turn_deadline=row["turn_deadline"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        turn_reminded=row["turn_reminded"],
        practice=row["practice"],
        settings=json.loads(row["settings"]),
        told_step=row["told_step"],
        join_token=row["join_token"],
        thread_id=row["thread_id"],
    )


def tables_from_rows(rows: Sequence[Any]) -> list[TableRecord]:
    tables: list[TableRecord] = []
    for row in rows:
        if not tables or tables[-1].id != row["id"]:
            tables.append(table_from_row(row))
        if row["seat"] is not None:
            tables[-1].seats.append(
                Seat(
                    row["seat"],
                    row["seat_user"],
                    row["name"],
                    row["hand_message_id"],
                    row["hand_digest"],
                    row["kind"],
                    row["level"],
                    row["auto"],
                    row["missed"],
                )
            )
    for table in tables:
        table.stored_seats = table.seat_rows()
    return tables


async def fetch_tables(connection: Any, condition: str, *args: Any) -> list[TableRecord]:
    """Tables and their seats in one query."""
    rows = await connection.fetch(
        f"SELECT {TABLE_COLUMNS}, {SEAT_COLUMNS} FROM tables t"
        f" LEFT JOIN seats s ON s.table_id = t.id WHERE {condition} ORDER BY t.id, s.seat",
        *args,
    )
    return tables_from_rows(rows)


async def save_with_seats(
    connection: Any,
    table_id: int,
    update: tuple[Any, ...],
    seats: list[tuple[Any, ...]] | None,
    renumbered: bool,
    result: MatchResult | None = None,
    chips: ChipMoves | None = None,
) -> bool:
    """The table's UPDATE, its seats (None: unchanged), a finished match's
    results and the chips it moves in one transaction; False (and nothing
    written) when the version moved on; `ShortOfChips`: nothing written."""
    transaction = connection.transaction()
    await transaction.start()
    try:
        if await connection.execute(UPDATE_TABLE, *update) != "UPDATE 1":
            await transaction.rollback()
            return False
        if seats is not None:
            # As in SQLite: which message shows each hand is left alone.
            if renumbered:
                await connection.execute("DELETE FROM seats WHERE table_id = $1", table_id)
            else:
                await connection.execute(
                    "DELETE FROM seats WHERE table_id = $1 AND seat >= $2", table_id, len(seats)
                )
            await connection.executemany(UPSERT_SEAT, seats)
        if result is not None:
            await write_result(connection, table_id, result)
        if chips is not None:
            await write_chips(connection, chips)
    except BaseException:
        await transaction.rollback()
        raise
    await transaction.commit()
    return True


async def write_chips(connection: Any, chips: ChipMoves) -> None:
    """As SQLite's: each change not yet in the ledger, in the caller's
    transaction; `ShortOfChips` when a balance would go below zero."""
    now = time.time()
    short: list[int] = []
    for entry in chip_order(chips.entries):
        key = (entry.table_id, entry.user_id, entry.kind)
        status = await connection.execute(
            INSERT_CHIP, *key, chips.chat_id, entry.seat, entry.amount, now
        )
        if status != "INSERT 0 1":
            continue  # made before: a retried save
        person = (chips.chat_id, entry.user_id)
        await connection.execute(NEW_BALANCE, *person, chips.start)
        balance = await connection.fetchval(MOVE_BALANCE, *person, entry.amount)
        if balance is None:
            short.append(entry.user_id)
            continue
        await connection.execute(NOTE_BALANCE, *key, balance)
    if short:
        raise ShortOfChips(tuple(short))


async def write_result(connection: Any, table_id: int, result: MatchResult) -> None:
    """As SQLite's: results rows and the ratings they move. Processes sharing
    the database take the game's ratings in turn (a lock held until commit),
    so two matches ending at once never rate from the same old numbers."""
    now = time.time()
    moved: dict[str, tuple[Skill, Skill]] = {}
    if result.rate is not None:
        await connection.execute(
            "SELECT pg_advisory_xact_lock(hashtext('ratings:' || $1))", result.game
        )
        players = sorted({seat.player for seat in result.seats})
        rows = await connection.fetch(
            "SELECT player, mu, sigma FROM ratings WHERE game = $1 AND player = ANY($2::text[])",
            result.game,
            players,
        )
        current = {row[0]: (float(row[1]), float(row[2])) for row in rows}
        moved = dict(result.rate(current))
        await connection.executemany(
            """INSERT INTO ratings (game, player, mu, sigma, matches, updated_at)
               VALUES ($1, $2, $3, $4, 1, $5)
               ON CONFLICT (game, player) DO UPDATE SET mu = excluded.mu,
                 sigma = excluded.sigma, matches = ratings.matches + 1,
                 updated_at = excluded.updated_at""",
            [(result.game, player, *after, now) for player, (_, after) in moved.items()],
        )
    marks = ", ".join(f"${n}" for n in range(1, RESULT_COLUMNS.count(",") + 2))
    await connection.executemany(
        f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ({marks})",
        result_rows(table_id, result, moved, now),
    )
    await connection.executemany(
        UPSERT_NAME, [(seat.player, seat.name, now) for seat in result.seats]
    )
    standings = standing_rows(result)
    if standings:
        await connection.executemany(UPSERT_STANDING, standings)
