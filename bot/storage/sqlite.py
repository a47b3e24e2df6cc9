"""The SQLite store, through aiosqlite: the embedded default backend.

Every accepted move is one statement that writes the new engine state, bumps
the table's version with an optimistic `WHERE version = ?` check and (by the
trigger of migration 4) appends the action to the log; a save that changes
seats too is one unit of work. Telegram is only talked to after the commit,
so a crash never leaves a move half-applied.

Writes go through `GroupCommit` (bot/storage/sqlite_commits.py): those that
arrive while the database thread is busy share one transaction, so a burst
of moves waits for the disk once, not once each.

Each aiosqlite call is a trip to the connection's thread (a thread hand-off,
about 0.16 ms of CPU measured alone on this project's machine), so work of
several statements that nothing may come between (a save with its seats) runs
there as one function. aiosqlite runs calls in the order they were made, and
every method here hands its work over before its first suspension: the
ordering `Store` promises.

aiosqlite has no public call to run a function on its thread; `_job` and the
group commit use `Connection._execute` and `_conn`, the queue its own public
methods go through. pyproject.toml keeps aiosqlite below the next minor
release, and tests/bot/test_private_apis.py fails loudly if either changes
shape.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.storage.migrations import migrations, sqlite_statements
from bot.storage.records import (
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    PLAYING,
    Conflict,
    LeaderRow,
    MatchResult,
    RatingRecord,
    ResultRow,
    Seat,
    SeatResult,
    Skill,
    StorageError,
    TableRecord,
    UserRecord,
)
from bot.storage.sqlite_commits import GroupCommit
from bot.storage.url import DatabaseUrl
from engine import Action, MatchState

T = TypeVar("T")

_TABLE_COLUMNS = (
    "t.id, t.chat_id, t.chat_title, t.status, t.creator_id, t.preset, t.options, t.seed,"
    " t.state, t.version, t.lobby_message_id, t.live_message_id, t.turn_deadline,"
    " t.created_at, t.updated_at, t.turn_reminded, t.practice, t.settings, t.told_step,"
    " t.join_token"
)
_SEAT_COLUMNS = "s.seat, s.user_id, s.name, s.hand_message_id, s.hand_digest, s.kind, s.level,"
_SEAT_COLUMNS += " s.auto, s.missed"
_NO_SEAT = (None,) * 9


def new_join_token() -> str:
    """16 characters of [A-Za-z0-9_-], 96 bits from `secrets`: a table's link
    cannot be guessed from its number or from other tables' links."""
    return secrets.token_urlsafe(12)


def _table_from_row(row: Sequence[Any]) -> TableRecord:
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
    )


def _save_with_seats(
    connection: sqlite3.Connection,
    table_id: int,
    update: tuple[str, tuple[Any, ...]],
    seats: list[tuple[Any, ...]] | None,
    renumbered: bool,
    result: MatchResult | None = None,
) -> bool:
    """The table's UPDATE, its seats (None: unchanged) and a finished match's
    results, inside the caller's transaction (a group commit's savepoint);
    False (and nothing written) when the version moved on."""
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
        _write_result(connection, table_id, result)
    return True


def _write_result(connection: sqlite3.Connection, table_id: int, result: MatchResult) -> None:
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


# Both backends (placeholders aside): the newest name a player had, wins as
# first places (shared ones included), ties by the rating.
LEADERBOARD = """SELECT r.player, max(r.user_id), max(r.level),
       (SELECT n.name FROM results n WHERE n.player = r.player
        ORDER BY n.finished_at DESC LIMIT 1),
       count(*), sum(CASE WHEN r.place = 1 THEN 1 ELSE 0 END), max(g.mu)
   FROM results r LEFT JOIN ratings g ON g.game = r.game AND g.player = r.player
   WHERE {where}
   GROUP BY r.player HAVING count(*) >= ?
   ORDER BY 6 DESC, 7 DESC, 5 DESC, 1 LIMIT ?"""


# Both backends (SQLite numbers its placeholders ?n): the last matches of a group.
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


def _why_unusable(path: Path, error: sqlite3.Error) -> str:
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


async def open_backend(url: DatabaseUrl, durable: bool = True) -> SqliteStore:
    """The backend `sqlite:///...` names (see bot/storage/url.py)."""
    assert url.path is not None
    return await SqliteStore.open(url.path, durable=durable)


class SqliteStore:
    """One aiosqlite connection; every call is one trip to its thread."""

    def __init__(self, connection: aiosqlite.Connection, path: Path, durable: bool = True) -> None:
        self._db = connection
        self._commits = GroupCommit(connection)
        self.path = path
        self.durable = durable

    @classmethod
    async def open(cls, path: Path | str, durable: bool = True) -> SqliteStore:
        path = Path(path)
        if path.parent and not path.parent.exists():
            raise StorageError(f"database folder {path.parent} does not exist")
        if path.is_dir():
            raise StorageError(f"database path {path} is a folder, not a file")
        try:
            # Opened once here first: a file SQLite cannot open fails before
            # aiosqlite starts a thread that would have to be wound down.
            sqlite3.connect(path).close()
        except sqlite3.Error as error:  # a new file in a read-only folder, say
            raise StorageError(_why_unusable(path, error)) from None
        try:
            connection = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise StorageError(f"cannot open database {path}: {error}") from None
        store = cls(connection, path, durable)
        try:
            await store._setup()
        except sqlite3.DatabaseError as error:
            await connection.close()
            raise StorageError(_why_unusable(path, error)) from None
        return store

    async def _setup(self) -> None:
        db = self._db
        await db.execute("PRAGMA busy_timeout = 5000")
        row = await (await db.execute("PRAGMA journal_mode = WAL")).fetchone()
        if row is None or str(row[0]).lower() != "wal":
            raise sqlite3.DatabaseError("could not switch to WAL mode")
        # FULL: each commit waits until the WAL is on the disk, so a move is
        # durable before anybody is told of it, power loss included. NORMAL
        # syncs only at checkpoints: a crash of the bot loses nothing, a
        # power loss may lose the last commits (docs/PERFORMANCE.md measures
        # the difference).
        await db.execute(f"PRAGMA synchronous = {'FULL' if self.durable else 'NORMAL'}")
        await db.execute("PRAGMA foreign_keys = ON")
        check = await (await db.execute("PRAGMA quick_check")).fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {check}")
        await self._migrate()
        await self._job(probe_write)

    async def _migrate(self) -> None:
        db = self._db
        current = (await (await db.execute("PRAGMA user_version")).fetchone() or (0,))[0]
        for migration in migrations("sqlite"):
            if migration.number <= current:
                continue
            await db.execute("BEGIN IMMEDIATE")
            try:
                for statement in sqlite_statements(migration.script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {migration.number}")
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise

    async def close(self) -> None:
        await self._db.close()

    @property
    def total_changes(self) -> int:
        """Rows changed since the connection opened (tests count writes with it)."""
        return self._db.total_changes

    async def _job(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work(connection)` on the database thread as one job: no other
        statement runs in the middle of it (see the module doc)."""
        self._commits.seal()
        execute: Callable[..., Awaitable[Any]] = self._db._execute
        return cast(T, await execute(work, self._db._conn))

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self._commits.seal()
        return list(await self._db.execute_fetchall(sql, params))

    async def _write(self, sql: str, params: Sequence[Any]) -> int:
        """One statement, committed with the writes around it; the rows it changed."""
        return await self._commits.run(lambda connection: connection.execute(sql, params).rowcount)

    # -- people and chats ------------------------------------------------------------

    async def remember_user(
        self, user_id: int, name: str, username: str | None, language_code: str | None
    ) -> None:
        await self._write(
            """INSERT INTO users (user_id, name, username, language_code, updated_at)
               VALUES (?, ?, ?, ?, ?)
               ON CONFLICT(user_id) DO UPDATE SET name = excluded.name,
                 username = excluded.username, language_code = excluded.language_code,
                 updated_at = excluded.updated_at""",
            (user_id, name, username, language_code, time.time()),
        )

    async def set_started(self, user_id: int, started: bool) -> None:
        await self._write(
            "UPDATE users SET started = ?, updated_at = ? WHERE user_id = ?",
            (int(started), time.time(), user_id),
        )

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        await self._write(
            "UPDATE users SET lang = ?, updated_at = ? WHERE user_id = ?",
            (lang, time.time(), user_id),
        )

    async def get_user(self, user_id: int) -> UserRecord | None:
        rows = await self._fetchall(
            "SELECT user_id, name, username, language_code, lang, started FROM users"
            " WHERE user_id = ?",
            (user_id,),
        )
        if not rows:
            return None
        row = rows[0]
        return UserRecord(row[0], row[1], row[2], row[3], row[4], bool(row[5]))

    async def get_chat_lang(self, chat_id: int) -> str | None:
        rows = await self._fetchall("SELECT lang FROM chats WHERE chat_id = ?", (chat_id,))
        return rows[0][0] if rows else None

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None:
        await self._write(
            """INSERT INTO chats (chat_id, title, lang, updated_at) VALUES (?, ?, ?, ?)
               ON CONFLICT(chat_id) DO UPDATE SET lang = excluded.lang, title = excluded.title,
                 updated_at = excluded.updated_at""",
            (chat_id, title, lang, time.time()),
        )

    # -- tables ----------------------------------------------------------------------

    async def _tables_where(self, condition: str, params: Sequence[Any]) -> list[TableRecord]:
        """Tables and their seats in one query (one trip, nothing lands in between)."""
        rows = await self._fetchall(
            f"SELECT {_TABLE_COLUMNS}, {_SEAT_COLUMNS} FROM tables t"
            f" LEFT JOIN seats s ON s.table_id = t.id WHERE {condition} ORDER BY t.id, s.seat",
            params,
        )
        tables: list[TableRecord] = []
        width = len(_NO_SEAT)
        for row in rows:
            if not tables or tables[-1].id != row[0]:
                tables.append(_table_from_row(row))
            r = row[-width:]
            if r[0] is not None:
                tables[-1].seats.append(
                    Seat(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8])
                )
        for table in tables:
            table.stored_seats = table.seat_rows()
        return tables

    async def create_table(
        self,
        chat_id: int,
        chat_title: str,
        creator_id: int,
        preset: str,
        options: dict[str, Any],
        settings: dict[str, Any] | None = None,
        practice: bool = False,
    ) -> TableRecord | None:
        now = time.time()
        try:
            insert = (
                """INSERT INTO tables (chat_id, chat_title, status, creator_id, preset,
                     options, settings, practice, version, created_at, updated_at,
                     join_token)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)""",
                (
                    chat_id,
                    chat_title,
                    LOBBY,
                    creator_id,
                    preset,
                    json.dumps(options),
                    json.dumps(settings or {}),
                    int(practice),
                    now,
                    now,
                    new_join_token(),
                ),
            )
            table_id = await self._commits.run(
                lambda connection: connection.execute(*insert).lastrowid
            )
        except sqlite3.IntegrityError:
            return None  # the chat has an open table; nothing was written
        assert table_id is not None
        return await self.get_table(table_id)

    async def get_table(self, table_id: int) -> TableRecord | None:
        found = await self._tables_where("t.id = ?", (table_id,))
        return found[0] if found else None

    async def open_table_in_chat(self, chat_id: int) -> TableRecord | None:
        found = await self._tables_where(
            "t.chat_id = ? AND t.status IN (?, ?)", (chat_id, *OPEN_STATUSES)
        )
        return found[0] if found else None

    async def tables_with_status(self, *statuses: str) -> list[TableRecord]:
        marks = ", ".join("?" for _ in statuses)
        return await self._tables_where(f"t.status IN ({marks})", statuses)

    async def table_ids_with_status(self, *statuses: str) -> list[int]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self._fetchall(
            f"SELECT id FROM tables WHERE status IN ({marks}) ORDER BY id", statuses
        )
        return [row[0] for row in rows]

    async def open_tables_of(self, user_id: int) -> list[int]:
        rows = await self._fetchall(
            """SELECT id FROM tables WHERE status IN (?, ?) AND creator_id = ?
               UNION
               SELECT t.id FROM seats s JOIN tables t ON t.id = s.table_id
               WHERE s.user_id = ? AND t.status IN (?, ?)
               ORDER BY 1""",
            (*OPEN_STATUSES, user_id, user_id, *OPEN_STATUSES),
        )
        return [row[0] for row in rows]

    async def count_open_practice(self) -> int:
        rows = await self._fetchall(
            "SELECT count(*) FROM tables WHERE practice = 1 AND status IN (?, ?)", OPEN_STATUSES
        )
        return int(rows[0][0])

    async def save_table(
        self,
        table: TableRecord,
        action: Action | None = None,
        user_id: int | None = None,
        result: MatchResult | None = None,
    ) -> TableRecord:
        now = time.time()
        logged: tuple[int | None, int | None, str | None] = (None, None, None)
        if action is not None:
            assert table.state is not None
            logged = (
                table.state.step,
                user_id,
                json.dumps(action.to_json(), ensure_ascii=False),
            )
        update = (
            """UPDATE tables SET chat_id = ?, chat_title = ?, status = ?, creator_id = ?,
                 preset = ?, options = ?, seed = ?, state = ?, version = version + 1,
                 turn_deadline = ?, turn_reminded = ?, settings = ?, updated_at = ?,
                 logged_seq = ?, logged_user = ?, logged_action = ?
               WHERE id = ? AND version = ?""",
            (
                table.chat_id,
                table.chat_title,
                table.status,
                table.creator_id,
                table.preset,
                json.dumps(table.options),
                table.seed,
                None if table.state is None else table.state.dumps(),
                table.turn_deadline,
                int(table.turn_reminded),
                json.dumps(table.settings),
                now,
                *logged,
                table.id,
                table.version,
            ),
        )
        rows = table.seat_rows()
        # During a match seats change only when someone leaves or is away:
        # unchanged ones need no write, and the save is one statement (its
        # own transaction, the log's entry written by the trigger).
        unchanged = table.status != LOBBY and rows == table.stored_seats
        if unchanged and result is None:
            saved = await self._write(*update) == 1
        else:
            seats = None if unchanged else [(table.id, *r[:5], int(r[5]), r[6]) for r in rows]
            renumbered = table.status == LOBBY  # seats come and go in a lobby
            saved = await self._commits.run(
                lambda connection: _save_with_seats(
                    connection, table.id, update, seats, renumbered, result
                )
            )
        if not saved:
            raise Conflict(f"table {table.id} changed since version {table.version}")
        table.version += 1
        table.updated_at = now
        table.stored_seats = rows
        return table

    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> None:
        # Results and notices move with the group's tables (a group that
        # became a supergroup keeps its history and its leaderboard).
        for update, table in (
            ("UPDATE", "tables"),
            ("UPDATE", "results"),
            ("UPDATE OR IGNORE", "notify"),
        ):
            await self._write(
                f"{update} {table} SET chat_id = ? WHERE chat_id = ?", (new_chat_id, old_chat_id)
            )

    # -- message bookkeeping ---------------------------------------------------------

    async def set_message_ids(
        self,
        table_id: int,
        lobby_message_id: int | None = None,
        live_message_id: int | None = None,
    ) -> None:
        sets, params = [], []
        for column, value in (
            ("lobby_message_id", lobby_message_id),
            ("live_message_id", live_message_id),
        ):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)
        if sets:
            await self._write(
                f"UPDATE tables SET {', '.join(sets)} WHERE id = ?", (*params, table_id)
            )

    async def clear_live_message(self, table_id: int) -> None:
        await self._write("UPDATE tables SET live_message_id = NULL WHERE id = ?", (table_id,))

    async def set_hand_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None
    ) -> None:
        """Only the message id is written: the digest is stored as unknown.
        An unknown digest costs one edit too many after a restart (Telegram
        answers "not modified"), where a stored one that an unrecorded edit
        made stale could skip an edit that was needed."""
        await self._write(
            "UPDATE seats SET hand_message_id = ?, hand_digest = NULL"
            " WHERE table_id = ? AND seat = ?",
            (message_id, table_id, seat),
        )

    async def set_turn_reminded(self, table_id: int) -> None:
        await self._write("UPDATE tables SET turn_reminded = 1 WHERE id = ?", (table_id,))

    async def set_told_step(self, table_id: int, step: int) -> None:
        await self._write(
            "UPDATE tables SET told_step = MAX(told_step, ?) WHERE id = ?", (step, table_id)
        )

    # -- the log and recovery ----------------------------------------------------------

    async def action_log(self, table_id: int) -> list[tuple[int, int | None, Action]]:
        rows = await self._fetchall(
            "SELECT seq, user_id, action FROM actions WHERE table_id = ? ORDER BY seq",
            (table_id,),
        )
        return [(row[0], row[1], Action.from_json(json.loads(row[2]))) for row in rows]

    # -- results and ratings -----------------------------------------------------------

    async def match_results(self, table_id: int) -> list[ResultRow]:
        rows = await self._fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [result_from_row(row) for row in rows]

    async def player_results(self, user_id: int, chat_id: int | None = None) -> list[ResultRow]:
        where, params = "user_id = ?", [cast(Any, user_id)]
        if chat_id is not None:
            where, params = where + " AND chat_id = ?", [*params, chat_id]
        rows = await self._fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE {where} ORDER BY finished_at, table_id",
            params,
        )
        return [result_from_row(row) for row in rows]

    async def recent_results(self, chat_id: int, matches: int) -> list[ResultRow]:
        rows = await self._fetchall(
            RECENT.format(columns=RESULT_COLUMNS).replace("$", "?"),  # ?1, ?2: numbered
            (chat_id, matches),
        )
        return [result_from_row(row) for row in rows]

    async def player_ratings(self, player: str) -> list[RatingRecord]:
        rows = await self._fetchall(
            "SELECT game, player, mu, sigma, matches FROM ratings WHERE player = ? ORDER BY game",
            (player,),
        )
        return [RatingRecord(*row) for row in rows]

    async def leaderboard(
        self, game: str, chat_id: int | None, min_matches: int, limit: int
    ) -> list[LeaderRow]:
        where, params = "r.game = ? AND r.practice = 0", [cast(Any, game)]
        if chat_id is not None:
            where, params = where + " AND r.chat_id = ?", [*params, chat_id]
        rows = await self._fetchall(LEADERBOARD.format(where=where), [*params, min_matches, limit])
        return [LeaderRow(*row) for row in rows]

    async def toggle_notify(self, chat_id: int, user_id: int) -> bool:
        def toggle(connection: sqlite3.Connection) -> bool:
            gone = connection.execute(
                "DELETE FROM notify WHERE chat_id = ? AND user_id = ?", (chat_id, user_id)
            ).rowcount
            if not gone:
                connection.execute(
                    "INSERT INTO notify (chat_id, user_id, created_at) VALUES (?, ?, ?)",
                    (chat_id, user_id, time.time()),
                )
            return not gone

        return await self._commits.run(toggle)

    async def notify_list(self, chat_id: int, limit: int) -> list[int]:
        rows = await self._fetchall(
            "SELECT user_id FROM notify WHERE chat_id = ? ORDER BY created_at, user_id LIMIT ?",
            (chat_id, limit),
        )
        return [row[0] for row in rows]

    async def forget_user(self, user_id: int, placeholder: str) -> None:
        def forget(connection: sqlite3.Connection) -> None:
            connection.execute("DELETE FROM users WHERE user_id = ?", (user_id,))
            connection.execute(
                """UPDATE seats SET name = ? WHERE user_id = ? AND table_id IN
                     (SELECT id FROM tables WHERE status NOT IN (?, ?))""",
                (placeholder, user_id, *OPEN_STATUSES),
            )
            connection.execute(
                "UPDATE results SET name = ? WHERE user_id = ?", (placeholder, user_id)
            )
            connection.execute("DELETE FROM notify WHERE user_id = ?", (user_id,))

        await self._commits.run(forget)

    async def prune_action_logs(self, ended_before: float) -> int:
        return await self._write(
            """DELETE FROM actions WHERE table_id IN (
                 SELECT t.id FROM tables t
                 WHERE t.status NOT IN (?, ?) AND t.updated_at < ? AND t.told_step >=
                   (SELECT COALESCE(MAX(a.seq), 0) FROM actions a WHERE a.table_id = t.id))""",
            (*OPEN_STATUSES, ended_before),
        )

    async def untold_tables(self) -> list[int]:
        rows = await self._fetchall(
            """SELECT t.id FROM tables t
               WHERE t.status IN (?, ?) AND t.told_step <
                 (SELECT COALESCE(MAX(a.seq), 0) FROM actions a WHERE a.table_id = t.id)
               ORDER BY t.id""",
            (PLAYING, FINISHED),
        )
        return [row[0] for row in rows]
