"""The store's SQL, written once in PostgreSQL's words (the SQLite driver
renders it, bot/storage/driver.py), and its row conversions: a table's
columns, a new table and a table's save, a finished match's `results` rows,
the leaderboard's and the group history's SQL, chips, and the join tokens
of tables' links."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from typing import Any

from bot.storage.records import (
    LOBBY,
    OPEN_STATUSES,
    ChipRow,
    MatchResult,
    ResultRow,
    Seat,
    SeatResult,
    Skill,
    TableLink,
    TableRecord,
)
from engine import Action, MatchState

# The open statuses as an SQL list, in the statement's text (a partial
# index on them serves a query only when its WHERE names them).
OPEN = "(" + ", ".join(f"'{status}'" for status in OPEN_STATUSES) + ")"

# A table's columns (`table_from_row` reads them by position).
TABLE_COLUMNS = (
    "t.id, t.chat_id, t.chat_title, t.status, t.creator_id, t.preset, t.options, t.seed,"
    " t.state, t.version, t.lobby_message_id, t.live_message_id, t.turn_deadline,"
    " t.created_at, t.updated_at, t.turn_reminded, t.practice, t.settings, t.told_step,"
    " t.join_token, t.thread_id, tt.tournament_id, tt.round, tt.position, t.shuffle_secret"
)
SEAT_COLUMNS = (
    "s.seat, s.user_id, s.name, s.hand_message_id, s.hand_digest, s.kind, s.level, s.auto, s.missed"
)
_SEAT_WIDTH = SEAT_COLUMNS.count(",") + 1

# Tables and their seats in one query (one trip, nothing lands in between);
# `{where}`: which tables.
TABLES = (
    f"SELECT {TABLE_COLUMNS}, {SEAT_COLUMNS} FROM tables t"
    " LEFT JOIN tournament_tables tt ON tt.table_id = t.id"
    " LEFT JOIN seats s ON s.table_id = t.id WHERE {where} ORDER BY t.id, s.seat"
)


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
        tournament=None if row[21] is None else TableLink(row[21], row[22], row[23]),
        shuffle_secret=row[24],
    )


def tables_from_rows(rows: Sequence[Sequence[Any]]) -> list[TableRecord]:
    """`TABLES`' rows: one a seat (or one with no seat), grouped by table."""
    tables: list[TableRecord] = []
    for row in rows:
        if not tables or tables[-1].id != row[0]:
            tables.append(table_from_row(row))
        r = row[-_SEAT_WIDTH:]
        if r[0] is not None:
            tables[-1].seats.append(
                Seat(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8])
            )
    for table in tables:
        table.stored_seats = table.seat_rows()
    return tables


def new_shuffle_secret() -> str:
    """The checkable shuffle's secret (docs/RULES.md 9.1): 256 bits from
    `secrets`, as 64 lowercase hex digits. Drawn with `randbits` rather than
    `token_hex(32)` (the same 256 bits): tests that fix a match's deals fix
    `secrets.randbits`, the seed's source, and so fix the secret too."""
    return f"{secrets.randbits(256):064x}"


def new_join_token() -> str:
    """16 characters of [A-Za-z0-9_-], 96 bits from `secrets`: a table's link
    cannot be guessed from its number or from other tables' links."""
    return secrets.token_urlsafe(12)


def result_rows(
    table_id: int, result: MatchResult, moved: dict[str, tuple[Skill, Skill]], now: float
) -> list[tuple[Any, ...]]:
    """The `results` rows of a match in `RESULT_COLUMNS` order (both backends)."""
    options = json.dumps(result.options, sort_keys=True)
    rows = []
    for seat in result.seats:
        before, after = moved.get(seat.player, (None, None))
        rows.append(
            (
                table_id,
                seat.seat,
                result.chat_id,
                result.game,
                options,
                result.practice,
                seat.player,
                seat.user_id,
                seat.level,
                seat.name,
                seat.side,
                seat.place,
                seat.penalties,
                seat.deals,
                seat.deals_won,
                seat.trick_points,
                seat.combinations,
                seat.claims_right,
                seat.claims_wrong,
                *(before or (None, None)),
                *(after or (None, None)),
                now,
            )
        )
    return rows


RESULT_COLUMNS = (
    "table_id, seat, chat_id, game, options, practice, player, user_id, level, name, side,"
    " place, penalties, deals, deals_won, trick_points, combinations, claims_right,"
    " claims_wrong, mu_before, sigma_before, mu_after, sigma_after, finished_at"
)


# A board ($1 the
# scope: a group's chat id, or 0 for the bot's), from `standings`
# (migration 13): wins as first places (shared ones included), ties by the
# rating, then by matches. Whoever makes the board has at least the wins of
# its `$4`th line, so the subquery reads that line's wins from the top of
# `standings_by_wins` and the board reads only the players at or above it:
# a few rows, not every player who ever played (issue 58).
LEADERBOARD = """SELECT s.player, s.user_id, s.level, COALESCE(p.name, s.player),
       s.matches, s.wins, g.mu
   FROM standings s
   LEFT JOIN player_names p ON p.player = s.player
   LEFT JOIN ratings g ON g.game = s.game AND g.player = s.player
   WHERE s.scope = $1 AND s.game = $2 AND s.matches >= $3 AND s.wins >= COALESCE(
     (SELECT w.wins FROM standings w WHERE w.scope = $1 AND w.game = $2 AND w.matches >= $3
      ORDER BY w.wins DESC LIMIT 1 OFFSET $4 - 1), 0)
   ORDER BY 6 DESC, 7 DESC, 5 DESC, 1 LIMIT $4"""

BOT_SCOPE = 0  # `standings.scope` of the bot-wide board: no chat has id 0

# One rated seat's
# match added to a board, in the transaction that writes its results.
UPSERT_STANDING = """INSERT INTO standings (scope, game, player, user_id, level, matches, wins)
   VALUES ($1, $2, $3, $4, $5, 1, $6)
   ON CONFLICT (scope, game, player) DO UPDATE SET matches = standings.matches + 1,
     wins = standings.wins + excluded.wins"""


def standing_rows(result: MatchResult) -> list[tuple[Any, ...]]:
    """`UPSERT_STANDING`'s values for a match: each seat on the group's and
    the bot's board; none for a practice match (it is on no board)."""
    if result.practice:
        return []
    return [
        (scope, result.game, seat.player, seat.user_id, seat.level, int(seat.place == 1))
        for seat in result.seats
        for scope in (result.chat_id, BOT_SCOPE)
    ]


# A group's board counted afresh from its results, once a
# group that became a supergroup has taken them along (`move_chat`).
RECOUNT_STANDINGS = """INSERT INTO standings (scope, game, player, user_id, level, matches, wins)
   SELECT $1, game, player, max(user_id), max(level), count(*),
          sum(CASE WHEN place = 1 THEN 1 ELSE 0 END)
   FROM results WHERE chat_id = $1 AND NOT practice GROUP BY game, player"""

# Each player's latest
# name, written with a match's results (`player_names`, migration 10).
UPSERT_NAME = """INSERT INTO player_names (player, name, finished_at) VALUES ($1, $2, $3)
   ON CONFLICT (player) DO UPDATE SET name = excluded.name, finished_at = excluded.finished_at
   WHERE excluded.finished_at >= player_names.finished_at"""


# A group that became a
# supergroup keeps its /lang (S8). The old `chats` row is copied under the
# new id; a language the supergroup chose already is kept (the WHERE also
# settles SQLite's parse of INSERT ... SELECT ... ON CONFLICT).
MOVE_CHAT_LANG = """INSERT INTO chats (chat_id, title, lang, updated_at)
   SELECT $1, title, lang, updated_at FROM chats WHERE chat_id = $2
   ON CONFLICT (chat_id) DO UPDATE SET lang = COALESCE(chats.lang, excluded.lang)"""


# The last matches of a group.
RECENT = """SELECT {columns} FROM results WHERE chat_id = $1 AND table_id IN
     (SELECT table_id FROM results WHERE chat_id = $1 GROUP BY table_id
      ORDER BY max(finished_at) DESC, table_id DESC LIMIT $2)
   ORDER BY finished_at DESC, table_id DESC, seat"""


def result_from_row(row: Sequence[Any]) -> ResultRow:
    seat = SeatResult(
        seat=row[1],
        player=row[6],
        user_id=row[7],
        level=row[8],
        name=row[9],
        side=row[10],
        place=row[11],
        penalties=row[12],
        deals=row[13],
        deals_won=row[14],
        trick_points=row[15],
        combinations=row[16],
        claims_right=row[17],
        claims_wrong=row[18],
    )
    before = None if row[19] is None else (float(row[19]), float(row[20]))
    after = None if row[21] is None else (float(row[21]), float(row[22]))
    return ResultRow(
        table_id=row[0],
        chat_id=row[2],
        game=row[3],
        practice=bool(row[5]),
        finished_at=row[23],
        result=seat,
        before=before,
        after=after,
    )


# A table's save, only
# if nobody saved it since it was read (`version` is the check). It leaves
# `chat_id` alone: only `move_chat` changes it, and a save of a copy read
# before a group became a supergroup must not write the old id back (L9); a move's
# log entry is written by the trigger from the logged_* columns, and
# `logged_last` keeps the last move logged (`UNTOLD`, migration 12).
UPDATE_TABLE = """UPDATE tables SET chat_title = $1, status = $2, creator_id = $3,
     preset = $4, options = $5, seed = $6, state = $7, version = version + 1,
     turn_deadline = $8, turn_reminded = $9, settings = $10, updated_at = $11,
     logged_seq = $12, logged_user = $13, logged_action = $14,
     logged_last = COALESCE($12, logged_last), shuffle_public = $17
   WHERE id = $15 AND version = $16"""

# The tables with moves nobody was told of (the watchdog's
# question each minute, S21). Its WHERE is the partial index
# `tables_untold`'s, word for word, so only the untold tables are read: a
# finished table whose moves were all told is not in the index.
UNTOLD = """SELECT id FROM tables
   WHERE status IN ('playing', 'finished') AND told_step < logged_last ORDER BY id"""

# Closed lobbies that never started
# (`/new` then `/stop`), last touched before a time; by the partial index
# `tables_closed_lobbies` (migration 12). Their seats go with them (ON
# DELETE CASCADE); they have no log and no results. A tournament's round
# table refers to its round (tournament_tables, no ON DELETE): once the
# tournament is over (stopped or finished) its link goes first, in the same
# transaction, and the table with it; while the tournament is open the
# table stays, as its round still reads it. (N1: deleting it with its link
# in place failed the whole statement on the foreign key, and with it the
# bot's start a week later.)
PRUNE_ROUND_LINKS = """DELETE FROM tournament_tables
   WHERE table_id IN (SELECT id FROM tables
     WHERE status = 'closed' AND state IS NULL AND updated_at < $1
       AND tournament_id IS NOT NULL)
     AND tournament_id IN (SELECT id FROM tournaments
       WHERE status NOT IN ('registering', 'running'))"""
PRUNE_CLOSED_LOBBIES = """DELETE FROM tables
   WHERE status = 'closed' AND state IS NULL AND updated_at < $1
     AND (tournament_id IS NULL
          OR NOT EXISTS (SELECT 1 FROM tournament_tables l WHERE l.table_id = tables.id))"""


def update_params(
    table: TableRecord, action: Action | None, user_id: int | None, now: float
) -> tuple[Any, ...]:
    """`UPDATE_TABLE`'s values: the table as it is now, and the move to log."""
    logged: tuple[int | None, int | None, str | None] = (None, None, None)
    if action is not None:
        assert table.state is not None
        logged = (table.state.step, user_id, json.dumps(action.to_json(), ensure_ascii=False))
    return (
        table.chat_title,
        table.status,
        table.creator_id,
        table.preset,
        json.dumps(table.options),
        table.seed,
        None if table.state is None else table.state.dumps(),
        table.turn_deadline,
        table.turn_reminded,
        json.dumps(table.settings),
        now,
        *logged,
        table.id,
        table.version,
        None if table.state is None or table.state.shuffle is None else table.state.shuffle.public,
    )


# A new table, in its
# lobby; the unique open table of its chat and topic makes a second one fail.
INSERT_TABLE = """INSERT INTO tables (chat_id, chat_title, status, creator_id, preset,
     options, settings, practice, version, created_at, updated_at, join_token, shuffle_secret,
     thread_id)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $9, $10, $11, $12)"""


def insert_params(
    chat_id: int,
    chat_title: str,
    creator_id: int,
    preset: str,
    options: dict[str, Any],
    settings: dict[str, Any] | None,
    practice: bool,
    now: float,
    thread_id: int | None = None,
    shuffle_secret: str | None = None,
) -> tuple[Any, ...]:
    """`INSERT_TABLE`'s values, with a fresh join token and shuffle secret
    (`shuffle_secret`: one another table drew, shared by a duplicate round)."""
    return (
        chat_id,
        chat_title,
        LOBBY,
        creator_id,
        preset,
        json.dumps(options),
        json.dumps(settings or {}),
        practice,
        now,
        new_join_token(),
        shuffle_secret or new_shuffle_secret(),
        thread_id,
    )


# -- chip balances (migration 11).
# A change is written in this order, inside the save's transaction: its
# ledger row (nothing more when it is there already: the change was made),
# the person's balance as the group starts it, the balance moved (no row
# comes back when it would go below zero), the balance after noted on the row.
INSERT_CHIP = """INSERT INTO chip_ledger (table_id, user_id, kind, chat_id, seat, amount,
     balance, at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7) ON CONFLICT DO NOTHING"""
NEW_BALANCE = """INSERT INTO chip_balances (chat_id, user_id, balance) VALUES ($1, $2, $3)
   ON CONFLICT DO NOTHING"""
MOVE_BALANCE = """UPDATE chip_balances SET balance = balance + $3
   WHERE chat_id = $1 AND user_id = $2 AND balance + $3 >= 0 RETURNING balance"""
NOTE_BALANCE = """UPDATE chip_ledger SET balance = $4
   WHERE table_id = $1 AND user_id = $2 AND kind = $3"""

CHIP_COLUMNS = "table_id, user_id, kind, chat_id, seat, amount, balance"
# A table's ledger: the stakes first, then what came back, by seat.
TABLE_CHIPS = f"""SELECT {CHIP_COLUMNS} FROM chip_ledger WHERE table_id = $1
   ORDER BY CASE kind WHEN 'stake' THEN 0 ELSE 1 END, seat, user_id"""
BALANCE = "SELECT balance FROM chip_balances WHERE chat_id = $1 AND user_id = $2"
GROUP_BALANCES = "SELECT user_id, balance FROM chip_balances WHERE chat_id = $1 ORDER BY user_id"


def chip_from_row(row: Sequence[Any]) -> ChipRow:
    return ChipRow(*(row[i] for i in range(7)))
