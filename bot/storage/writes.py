"""The store's transactions that decide by what they find (bot/storage/driver.py
`Body`): a save with its seats, a finished match's results and ratings, and
the chips a save moves. Written once; each driver runs them whole."""

from __future__ import annotations

import time
from typing import Any

from bot.storage.driver import Body, Step
from bot.storage.records import ChipMoves, MatchResult, ShortOfChips, Skill, chip_order
from bot.storage.season_sql import write_season
from bot.storage.shared_sql import (
    INSERT_CHIP,
    MOVE_BALANCE,
    NEW_BALANCE,
    NOTE_BALANCE,
    RESULT_COLUMNS,
    UPDATE_TABLE,
    UPSERT_NAME,
    UPSERT_STANDING,
    result_rows,
    standing_rows,
)

UPSERT_SEAT = """INSERT INTO seats (table_id, seat, user_id, name, kind, level, auto, missed)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
   ON CONFLICT (table_id, seat) DO UPDATE SET user_id = excluded.user_id,
     name = excluded.name, kind = excluded.kind, level = excluded.level,
     auto = excluded.auto, missed = excluded.missed"""

INSERT_RESULT = (
    f"INSERT INTO results ({RESULT_COLUMNS}) VALUES"
    f" ({', '.join(f'${n}' for n in range(1, RESULT_COLUMNS.count(',') + 2))})"
)

UPSERT_RATING = """INSERT INTO ratings (game, player, mu, sigma, matches, updated_at)
   VALUES ($1, $2, $3, $4, 1, $5)
   ON CONFLICT (game, player) DO UPDATE SET mu = excluded.mu,
     sigma = excluded.sigma, matches = ratings.matches + 1,
     updated_at = excluded.updated_at"""

RATINGS_OF = "SELECT player, mu, sigma FROM ratings WHERE game = $1 AND player = ANY($2::text[])"


def save_with_seats(
    table_id: int,
    update: tuple[Any, ...],
    seats: list[tuple[Any, ...]] | None,
    renumbered: bool,
    result: MatchResult | None = None,
    chips: ChipMoves | None = None,
    ratings_lock: str | None = None,
) -> Body[bool]:
    """The table's UPDATE, its seats (None: unchanged), a finished match's
    results and the chips it moves; False (and nothing written) when the
    version moved on. `ShortOfChips`: nothing written either."""
    if (yield Step(UPDATE_TABLE, update)).count != 1:
        return False
    if seats is not None:
        # Seats are upserted without touching which message shows each hand:
        # that bookkeeping belongs to the message jobs (set_hand_message),
        # which may have moved on since this record was read.
        if renumbered:
            yield Step("DELETE FROM seats WHERE table_id = $1", (table_id,))
        else:
            yield Step(
                "DELETE FROM seats WHERE table_id = $1 AND seat >= $2", (table_id, len(seats))
            )
        yield Step(UPSERT_SEAT, seats, many=True)
    if result is not None:
        yield from write_result(table_id, result, ratings_lock)
    if chips is not None:
        yield from write_chips(chips)
    return True


def write_result(table_id: int, result: MatchResult, ratings_lock: str | None) -> Body[None]:
    """The results rows and the ratings they move: the ratings are read and
    written with no other write between. `ratings_lock`: the statement that
    makes processes sharing the database take a game's ratings in turn
    (PostgreSQL's), so two matches ending at once never rate from the same
    old numbers."""
    now = time.time()
    moved: dict[str, tuple[Skill, Skill]] = {}
    if result.rate is not None:
        if ratings_lock is not None:
            yield Step(ratings_lock, (result.game,))
        players = sorted({seat.player for seat in result.seats})
        found = yield Step(RATINGS_OF, (result.game, players))
        current = {row[0]: (float(row[1]), float(row[2])) for row in found.rows}
        moved = dict(result.rate(current))
        ratings = [(result.game, player, *after, now) for player, (_, after) in moved.items()]
        yield Step(UPSERT_RATING, ratings, many=True)
    # A repeated write (it cannot happen: the version check stops a second
    # save of the last move) would fail here and roll the whole save back.
    yield Step(INSERT_RESULT, result_rows(table_id, result, moved, now), many=True)
    names = [(seat.player, seat.name, now) for seat in result.seats]
    yield Step(UPSERT_NAME, names, many=True)
    yield Step(UPSERT_STANDING, standing_rows(result), many=True)
    yield from write_season(table_id, result)


def write_chips(chips: ChipMoves) -> Body[None]:
    """Each change not yet in the ledger (see shared_sql's INSERT_CHIP);
    raises `ShortOfChips`, undoing everything, when any balance would go
    below zero."""
    now = time.time()
    short: list[int] = []
    for entry in chip_order(chips.entries):
        key = (entry.table_id, entry.user_id, entry.kind)
        inserted = yield Step(INSERT_CHIP, (*key, chips.chat_id, entry.seat, entry.amount, now))
        if inserted.count != 1:
            continue  # made before: a retried save
        person = (chips.chat_id, entry.user_id)
        yield Step(NEW_BALANCE, (*person, chips.start))
        moved = yield Step(MOVE_BALANCE, (*person, entry.amount))
        if not moved.rows:
            short.append(entry.user_id)
            continue
        yield Step(NOTE_BALANCE, (*key, moved.rows[0][0]))
    if short:
        raise ShortOfChips(tuple(short))
