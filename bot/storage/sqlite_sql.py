"""The statements and row conversions of the SQLite store
(bot/storage/sqlite.py): the work that runs on its database thread inside
one transaction (a save with its seats, a match's results and ratings)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from bot.storage.records import ChipMoves, MatchResult, ShortOfChips, Skill, TableRecord, chip_order
from bot.storage.shared_sql import (
    INSERT_CHIP,
    MOVE_BALANCE,
    NEW_BALANCE,
    NOTE_BALANCE,
    RESULT_COLUMNS,
    UPSERT_NAME,
    UPSERT_STANDING,
    result_rows,
    standing_rows,
)
from engine import MatchState

SEAT_COLUMNS = "s.seat, s.user_id, s.name, s.hand_message_id, s.hand_digest, s.kind, s.level,"
SEAT_COLUMNS += " s.auto, s.missed"
NO_SEAT = (None,) * 9


def table_from_row(row: Sequence[Any]) -> TableRecord:
    return TableRecord(
        id=row[0],
        chat_id=row[1],
        chat_title=row[2],
        status=row[3],
        creator_id=row[4],
        preset=row[5],
        options=json.loads(row[6]),
        seed=row[7],
        state=None if row[8] is None else MatchState.loads(row[8]),
        version=row[9],
        lobby_message_id=row[10],
        live_message_id=row[11],
        turn_deadline=row[12],
        created_at=row[13],
        updated_at=row[14],
        turn_reminded=bool(row[15]),
        practice=bool(row[16]),
        settings=json.loads(row[17]),
        told_step=row[18],
        join_token=row[19],
        thread_id=row[20],
    )


def save_with_seats(
    connection: sqlite3.Connection,
    table_id: int,
    update: tuple[str, tuple[Any, ...]],
    seats: list[tuple[Any, ...]] | None,
    renumbered: bool,
    result: MatchResult | None = None,
    chips: ChipMoves | None = None,
) -> bool:
    """The table's UPDATE, its seats (None: unchanged), a finished match's
    results and the chips it moves, inside the caller's transaction (a group
    commit's savepoint); False (and nothing written) when the version moved
    on. `ShortOfChips` undoes the savepoint: nothing written either."""
    if connection.execute(*update).rowcount != 1:
        return False
    if seats is not None:
        # Seats are upserted without touching which message shows each hand:
        # that bookkeeping belongs to the message jobs (set_hand_message),
        # which may have moved on since this record was read.
        if renumbered:
            connection.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
        else:
            connection.execute(
                "DELETE FROM seats WHERE table_id = ? AND seat >= ?", (table_id, len(seats))
            )
        connection.executemany(
            """INSERT INTO seats (table_id, seat, user_id, name, kind, level, auto, missed)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT(table_id, seat) DO UPDATE SET user_id = excluded.user_id,
                 name = excluded.name, kind = excluded.kind, level = excluded.level,
                 auto = excluded.auto, missed = excluded.missed""",
            seats,
        )
    if result is not None:
        write_result(connection, table_id, result)
    if chips is not None:
        write_chips(connection, chips)
    return True


def write_chips(connection: sqlite3.Connection, chips: ChipMoves) -> None:
    """Each change not yet in the ledger, inside the caller's transaction
    (see shared_sql's INSERT_CHIP); raises `ShortOfChips` when any balance
    would go below zero, for the caller to undo everything."""
    now = time.time()
    short: list[int] = []
    for entry in chip_order(chips.entries):
        key = (entry.table_id, entry.user_id, entry.kind)
        inserted = connection.execute(
            sql(INSERT_CHIP), (*key, chips.chat_id, entry.seat, entry.amount, now)
        ).rowcount
        if inserted != 1:
            continue  # made before: a retried save
        person = (chips.chat_id, entry.user_id)
        connection.execute(sql(NEW_BALANCE), (*person, chips.start))
        rows = connection.execute(sql(MOVE_BALANCE), (*person, entry.amount)).fetchall()
        if not rows:
            short.append(entry.user_id)
            continue
        connection.execute(sql(NOTE_BALANCE), (*key, rows[0][0]))
    if short:
        raise ShortOfChips(tuple(short))


def sql(text: str) -> str:
    """A statement shared with PostgreSQL, in SQLite's numbered placeholders."""
    return text.replace("$", "?")


def write_result(connection: sqlite3.Connection, table_id: int, result: MatchResult) -> None:
    """The results rows and the ratings they move, inside the caller's
    transaction: the ratings are read and written with no other write between."""
    now = time.time()
    moved: dict[str, tuple[Skill, Skill]] = {}
    if result.rate is not None:
        players = sorted({seat.player for seat in result.seats})
        marks = ", ".join("?" for _ in players)
        current = {
            row[0]: (float(row[1]), float(row[2]))
            for row in connection.execute(
                f"SELECT player, mu, sigma FROM ratings WHERE game = ? AND player IN ({marks})",
                (result.game, *players),
            )
        }
        moved = dict(result.rate(current))
        connection.executemany(
            """INSERT INTO ratings (game, player, mu, sigma, matches, updated_at)
               VALUES (?, ?, ?, ?, 1, ?)
               ON CONFLICT(game, player) DO UPDATE SET mu = excluded.mu,
                 sigma = excluded.sigma, matches = matches + 1,
                 updated_at = excluded.updated_at""",
            [(result.game, player, *after, now) for player, (_, after) in moved.items()],
        )
    rows = result_rows(table_id, result, moved, now)
    # A repeated write (it cannot happen: the version check stops a second
    # save of the last move) would fail here and roll the whole save back.
    connection.executemany(
        f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ({', '.join('?' for _ in rows[0])})",
        rows,
    )
    connection.executemany(
        UPSERT_NAME.replace("$", "?"), [(seat.player, seat.name, now) for seat in result.seats]
    )
    connection.executemany(UPSERT_STANDING.replace("$", "?"), standing_rows(result))
