"""SQLite storage through aiosqlite: tables, seats, the action log, people.

Every accepted move is one transaction that writes the new engine state,
appends the action to the table's log and bumps the table's version with an
optimistic `WHERE version = ?` check. Telegram is only talked to after the
commit, so a crash never leaves a move half-applied; at start-up the bot
redraws every running table from here.

Reads are served from memory where that is safe: the `Database` object is the
only writer of its file while the bot runs, so it keeps a write-through copy
of every open table and of the latest few that ended, of people's language
settings and of groups' languages. The database stays the record, and a
restart starts with an empty cache.

Ordering, without a lock on the common path: aiosqlite runs jobs on its one
thread in the order they were handed to it. A write changes the copies at the
moment it hands its job over (nothing awaited in between), so the copies
always show the database as it will be once the jobs handed over so far have
run; a failed job drops every copy. Work of several statements that nothing
may come between (a transaction, a table read with its seats) is one job, run
on that thread as a plain function (`_job`). The one lock left, `_lock`, is
held by a read that will fill a copy: writes wait while it is held, so that
none of them changes a copy that is not there yet and leaves the read's stale
result behind. Before, every write took a lock and every transaction held it
over several trips to the thread; under load the writes queued behind it: at
300 updates/s a write waited ~100 ms for its turn while the statements
themselves took under 1 ms.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from engine import Action, MatchState, RuleSet

T = TypeVar("T")

MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema.
    """
    CREATE TABLE users (
        user_id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        username TEXT,
        language_code TEXT,
        lang TEXT,
        started INTEGER NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL
    );
    CREATE TABLE chats (
        chat_id INTEGER PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        lang TEXT,
        updated_at REAL NOT NULL
    );
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id INTEGER NOT NULL,
        chat_title TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL,
        creator_id INTEGER NOT NULL,
        preset TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        lobby_message_id INTEGER,
        live_message_id INTEGER,
        turn_deadline REAL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX tables_one_open_per_chat
        ON tables(chat_id) WHERE status IN ('lobby', 'playing');
    CREATE INDEX tables_by_status ON tables(status);
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        hand_message_id INTEGER,
        hand_digest TEXT,
        PRIMARY KEY (table_id, seat),
        UNIQUE (table_id, user_id)
    );
    CREATE INDEX seats_by_user ON seats(user_id);
    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        user_id INTEGER,
        action TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    """,
    # 2: computer seats, absent players, turn reminders, practice tables and
    # the bot's own per-table settings (turn time).
    """
    ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'human';
    ALTER TABLE seats ADD COLUMN level TEXT;
    ALTER TABLE seats ADD COLUMN auto INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN turn_reminded INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    """,
    # 3: how far the group and players have been told, so a restart can tell
    # them what a crash kept from them (a trick's record, the final result).
    """
    ALTER TABLE tables ADD COLUMN told_step INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: a move is one statement. The table's UPDATE names the action it
    # applied and a trigger appends that to the log within the same statement,
    # so the common save needs no BEGIN and COMMIT: one trip to the database
    # thread instead of four (each trip is a thread hand-off: 0.16 ms of CPU
    # for a `SELECT 1` measured alone on this project's machine).
    """
    ALTER TABLE tables ADD COLUMN logged_seq INTEGER;
    ALTER TABLE tables ADD COLUMN logged_user INTEGER;
    ALTER TABLE tables ADD COLUMN logged_action TEXT;
    CREATE TRIGGER tables_log_action AFTER UPDATE OF logged_action ON tables
    WHEN NEW.logged_action IS NOT NULL
    BEGIN
        INSERT INTO actions (table_id, seq, user_id, action, created_at)
        VALUES (NEW.id, NEW.logged_seq, NEW.logged_user, NEW.logged_action, NEW.updated_at);
    END;
    """,
)

HUMAN = "human"
COMPUTER = "computer"

LOBBY = "lobby"
PLAYING = "playing"
FINISHED = "finished"
CLOSED = "closed"
OPEN_STATUSES = (LOBBY, PLAYING)


def _statements(script: str) -> list[str]:
    """A script's statements; a trigger's body holds semicolons of its own."""
    statements, pending = [], ""
    for part in script.split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending.strip())
            pending = ""
    if pending.strip(" \n;"):
        raise StorageError(f"incomplete statement in a migration: {pending[:80]!r}")
    return statements


class StorageError(RuntimeError):
    """The database cannot be used: the message says what to do about it."""


class Conflict(RuntimeError):
    """Someone else changed the table first (the version check failed)."""


@dataclass(slots=True)
class Seat:
    seat: int
    user_id: int  # negative for computer seats (unique within the table)
    name: str
    hand_message_id: int | None = None
    hand_digest: str | None = None
    kind: str = HUMAN
    level: str | None = None  # a computer seat's level
    auto: bool = False  # a person's seat that the computer plays for now
    missed: int = 0  # the person's turns in a row that the timer played

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    @property
    def played_by_computer(self) -> bool:
        return self.kind == COMPUTER or self.auto


@functools.lru_cache(maxsize=1024)
def _rules(preset: str, options: tuple[tuple[str, Any], ...]) -> RuleSet:
    """Validated rules are immutable: tables with the same options share them
    (validation ran for every screen the bot drew, several per tap)."""
    return RuleSet.create(preset, dict(options))


@dataclass(slots=True)
class TableRecord:
    id: int
    chat_id: int
    chat_title: str
    status: str
    creator_id: int
    preset: str
    options: dict[str, Any]
    seed: int | None
    state: MatchState | None
    version: int
    lobby_message_id: int | None
    live_message_id: int | None
    turn_deadline: float | None
    created_at: float
    updated_at: float
    seats: list[Seat] = field(default_factory=list)
    turn_reminded: bool = False
    practice: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    told_step: int = 0  # moves whose messages have all gone out

    @property
    def rules(self) -> RuleSet:
        try:
            return _rules(self.preset, tuple(sorted(self.options.items())))
        except TypeError:  # an unhashable option value: validate it the long way
            return RuleSet.create(self.preset, self.options)

    def seat_of(self, user_id: int) -> Seat | None:
        return next((seat for seat in self.seats if seat.user_id == user_id), None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in sorted(self.seats, key=lambda s: s.seat))


@dataclass(slots=True)
class UserRecord:
    user_id: int
    name: str
    username: str | None
    language_code: str | None
    lang: str | None
    started: bool


def _copy_seat(s: Seat) -> Seat:
    return Seat(
        s.seat,
        s.user_id,
        s.name,
        s.hand_message_id,
        s.hand_digest,
        s.kind,
        s.level,
        s.auto,
        s.missed,
    )


def _copy_table(t: TableRecord) -> TableRecord:
    """A private copy: callers change records freely, the cached one never moves."""
    return TableRecord(
        t.id,
        t.chat_id,
        t.chat_title,
        t.status,
        t.creator_id,
        t.preset,
        dict(t.options),
        t.seed,
        t.state,  # immutable
        t.version,
        t.lobby_message_id,
        t.live_message_id,
        t.turn_deadline,
        t.created_at,
        t.updated_at,
        [_copy_seat(s) for s in t.seats],
        t.turn_reminded,
        t.practice,
        dict(t.settings),
        t.told_step,
    )


def _seat_row(s: Seat) -> tuple[Any, ...]:
    """What `save_table` writes of a seat."""
    return (s.seat, s.user_id, s.name, s.kind, s.level, s.auto, s.missed)


def _save_with_seats(
    connection: sqlite3.Connection,
    table_id: int,
    update: tuple[str, tuple[Any, ...]],
    seats: list[tuple[Any, ...]],
    renumbered: bool,
) -> bool:
    """The table's UPDATE and its seats in one transaction, on the database
    thread; False (and nothing written) when the version moved on."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if connection.execute(*update).rowcount != 1:
            connection.execute("ROLLBACK")
            return False
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
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return True


# Bounds of the in-memory copies (open tables are far fewer in practice).
MAX_CACHED_TABLES = 20_000
MAX_CACHED_ENDED = 256
MAX_CACHED_PEOPLE = 100_000


class Database:
    """One aiosqlite connection, its jobs in order, and copies of what it holds."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._lock = asyncio.Lock()
        # Write-through copies, changed as statements are handed over (see the module doc).
        self._tables: dict[int, TableRecord] = {}  # tables exactly as stored
        # Which of those are no longer open: only the latest few are kept (the
        # jobs that tell a match's end read it), so the copies do not grow.
        self._ended: dict[int, None] = {}
        self._users: dict[int, UserRecord] = {}
        self._chat_langs: dict[int, str | None] = {}

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        path = Path(path)
        if path.parent and not path.parent.exists():
            raise StorageError(f"database folder {path.parent} does not exist")
        if path.is_dir():
            raise StorageError(f"database path {path} is a folder, not a file")
        connection = aiosqlite.connect(path, isolation_level=None)
        try:
            await connection
        except sqlite3.Error as error:
            # aiosqlite has asked its worker thread to stop; let it finish so
            # the process can exit with our message instead of hanging.
            await asyncio.to_thread(connection._thread.join, 5)
            raise StorageError(f"cannot open database {path}: {error}") from None
        db = cls(connection, path)
        try:
            await db._setup()
        except sqlite3.DatabaseError as error:
            await connection.close()
            raise StorageError(
                f"database {path} is unusable ({error}); restore it from a backup or move it away"
            ) from None
        return db

    async def _setup(self) -> None:
        db = self._db
        await db.execute("PRAGMA busy_timeout = 5000")
        row = await (await db.execute("PRAGMA journal_mode = WAL")).fetchone()
        if row is None or str(row[0]).lower() != "wal":
            raise sqlite3.DatabaseError("could not switch to WAL mode")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("PRAGMA foreign_keys = ON")
        check = await (await db.execute("PRAGMA quick_check")).fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {check}")
        await self._migrate()
        # Prove we can write, so a read-only file fails now and not mid-match.
        await db.execute("BEGIN IMMEDIATE")
        await db.execute("ROLLBACK")

    async def _migrate(self) -> None:
        db = self._db
        current = (await (await db.execute("PRAGMA user_version")).fetchone() or (0,))[0]
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            await db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _statements(script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")
                await db.execute("COMMIT")
            except BaseException:
                await db.execute("ROLLBACK")
                raise

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def _job(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work(connection)` on the database thread as one job: no other
        statement runs in the middle of it. aiosqlite has no public call for
        this; `_execute` is the queue its own public methods go through (every
        save with seats and every table read comes here, so the tests would
        catch a change in it). A failure drops every copy."""
        execute: Callable[..., Awaitable[Any]] = self._db._execute
        try:
            return cast(T, await execute(work, self._db._conn))
        except BaseException:
            self._forget()
            raise

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of one query in one trip to the database thread; a caller that
        fills a copy from them holds `_lock` (see the module doc)."""
        return list(await self._db.execute_fetchall(sql, params))

    # -- the in-memory copies ----------------------------------------------------------

    @staticmethod
    def _remember(cache: dict[Any, Any], key: Any, value: Any, limit: int) -> None:
        cache.pop(key, None)
        cache[key] = value
        if len(cache) > limit:
            del cache[next(iter(cache))]  # the oldest entry

    def _cache_table(self, table: TableRecord) -> None:
        self._keep(_copy_table(table))

    def _keep(self, copy: TableRecord) -> None:
        self._remember(self._tables, copy.id, copy, MAX_CACHED_TABLES)
        self._ended.pop(copy.id, None)
        if copy.status not in OPEN_STATUSES:
            self._ended[copy.id] = None
            while len(self._ended) > MAX_CACHED_ENDED:
                oldest = next(iter(self._ended))
                del self._ended[oldest]
                self._tables.pop(oldest, None)

    async def _quiet(self) -> None:
        """Wait while a read that will fill a copy is under way (see the module doc)."""
        while self._lock.locked():
            async with self._lock:
                pass

    async def _write(
        self, sql: str, params: Sequence[Any], change: Callable[[], None] | None = None
    ) -> aiosqlite.Cursor:
        """One statement, its own transaction; `change()` updates the copies
        as it is handed over. A failure drops every copy."""
        await self._quiet()
        if change is not None:
            change()
        return await self._handed_over(sql, params)

    async def _handed_over(self, sql: str, params: Sequence[Any]) -> aiosqlite.Cursor:
        try:
            return await self._db.execute(sql, params)
        except BaseException:
            self._forget()
            raise

    def _forget(self) -> None:
        self._tables.clear()
        self._ended.clear()
        self._users.clear()
        self._chat_langs.clear()

    # -- people and chats ------------------------------------------------------------

    async def remember_user(
        self, user_id: int, name: str, username: str | None, language_code: str | None
    ) -> None:
        def known_now() -> None:
            known = self._users.get(user_id)
            if known is not None:
                known.name, known.username, known.language_code = name, username, language_code

        known = self._users.get(user_id)
        if known is not None and (known.name, known.username, known.language_code) == (
            name,
            username,
            language_code,
        ):
            return  # nothing new: no write for every tap of a known person
        await self._write(
            """INSERT INTO users (user_id, name, username, language_code, updated_at)
               VALUES (?, ?, ?, ?, ?)
               ON CONFLICT(user_id) DO UPDATE SET name = excluded.name,
                 username = excluded.username, language_code = excluded.language_code,
                 updated_at = excluded.updated_at""",
            (user_id, name, username, language_code, time.time()),
            known_now,
        )

    async def set_started(self, user_id: int, started: bool) -> None:
        def started_now() -> None:
            known = self._users.get(user_id)
            if known is not None:
                known.started = started

        known = self._users.get(user_id)
        if known is not None and known.started == started:
            return
        await self._write(
            "UPDATE users SET started = ?, updated_at = ? WHERE user_id = ?",
            (int(started), time.time(), user_id),
            started_now,
        )

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        def then() -> None:
            known = self._users.get(user_id)
            if known is not None:
                known.lang = lang

        await self._write(
            "UPDATE users SET lang = ?, updated_at = ? WHERE user_id = ?",
            (lang, time.time(), user_id),
            then,
        )

    async def get_user(self, user_id: int) -> UserRecord | None:
        known = self._users.get(user_id)
        if known is None:
            async with self._lock:
                known = self._users.get(user_id)
                if known is None:
                    rows = await self._fetchall(
                        "SELECT user_id, name, username, language_code, lang, started FROM users"
                        " WHERE user_id = ?",
                        (user_id,),
                    )
                    if not rows:
                        return None
                    row = rows[0]
                    known = UserRecord(row[0], row[1], row[2], row[3], row[4], bool(row[5]))
                    self._remember(self._users, user_id, known, MAX_CACHED_PEOPLE)
        return UserRecord(
            known.user_id,
            known.name,
            known.username,
            known.language_code,
            known.lang,
            known.started,
        )

    async def get_chat_lang(self, chat_id: int) -> str | None:
        if chat_id in self._chat_langs:
            return self._chat_langs[chat_id]
        async with self._lock:
            if chat_id not in self._chat_langs:
                rows = await self._fetchall("SELECT lang FROM chats WHERE chat_id = ?", (chat_id,))
                lang = rows[0][0] if rows else None
                self._remember(self._chat_langs, chat_id, lang, MAX_CACHED_PEOPLE)
            return self._chat_langs[chat_id]

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None:
        await self._write(
            """INSERT INTO chats (chat_id, title, lang, updated_at) VALUES (?, ?, ?, ?)
               ON CONFLICT(chat_id) DO UPDATE SET lang = excluded.lang, title = excluded.title,
                 updated_at = excluded.updated_at""",
            (chat_id, title, lang, time.time()),
            lambda: self._remember(self._chat_langs, chat_id, lang, MAX_CACHED_PEOPLE),
        )

    # -- tables ----------------------------------------------------------------------

    _TABLE_COLUMNS = (
        "id, chat_id, chat_title, status, creator_id, preset, options, seed, state, version,"
        " lobby_message_id, live_message_id, turn_deadline, created_at, updated_at,"
        " turn_reminded, practice, settings, told_step"
    )

    def _table_from_row(self, row: Sequence[Any]) -> TableRecord:
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
        )

    _SEAT_QUERY = (
        "SELECT table_id, seat, user_id, name, hand_message_id, hand_digest, kind, level, auto,"
        " missed FROM seats WHERE table_id = ? ORDER BY seat"
    )

    async def _tables_where(self, condition: str, params: Sequence[Any]) -> list[TableRecord]:
        """Tables and their seats, read in one job (no write lands in between)."""
        table_sql = f"SELECT {self._TABLE_COLUMNS} FROM tables t WHERE {condition} ORDER BY t.id"
        seat_sql = self._SEAT_QUERY

        def read(connection: sqlite3.Connection) -> list[tuple[Any, list[Any]]]:
            rows = connection.execute(table_sql, params).fetchall()
            return [(row, connection.execute(seat_sql, (row[0],)).fetchall()) for row in rows]

        tables = []
        for row, seat_rows in await self._job(read):
            table = self._table_from_row(row)
            table.seats = [
                Seat(r[1], r[2], r[3], r[4], r[5], r[6], r[7], bool(r[8]), r[9]) for r in seat_rows
            ]
            tables.append(table)
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
        """A new lobby, or None if the chat already has an open table."""
        now = time.time()
        await self._quiet()
        try:
            cursor = await self._db.execute(
                """INSERT INTO tables (chat_id, chat_title, status, creator_id, preset,
                     options, settings, practice, version, created_at, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)""",
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
                ),
            )
        except sqlite3.IntegrityError:
            return None  # the chat has an open table; nothing was written
        table_id = cursor.lastrowid
        assert table_id is not None
        return await self.get_table(table_id)

    async def get_table(self, table_id: int) -> TableRecord | None:
        cached = self._tables.get(table_id)
        if cached is not None:
            return _copy_table(cached)
        async with self._lock:  # writes wait: none may miss the copy made here
            cached = self._tables.get(table_id)
            if cached is not None:
                return _copy_table(cached)
            found = await self._tables_where("t.id = ?", (table_id,))
            if not found:
                return None
            self._cache_table(found[0])
            return found[0]

    async def open_table_in_chat(self, chat_id: int) -> TableRecord | None:
        found = await self._tables_where(
            "t.chat_id = ? AND t.status IN (?, ?)", (chat_id, *OPEN_STATUSES)
        )
        return found[0] if found else None

    async def tables_with_status(self, *statuses: str) -> list[TableRecord]:
        marks = ", ".join("?" for _ in statuses)
        return await self._tables_where(f"t.status IN ({marks})", statuses)

    async def open_tables_of_user(self, user_id: int) -> list[TableRecord]:
        return await self._tables_where(
            "t.status IN (?, ?) AND t.id IN (SELECT table_id FROM seats WHERE user_id = ?)",
            (*OPEN_STATUSES, user_id),
        )

    async def save_table(
        self,
        table: TableRecord,
        action: Action | None = None,
        user_id: int | None = None,
    ) -> TableRecord:
        """Write the table (and its seats) if nobody changed it since it was read.

        Bumps the version; with an action, appends it to the log in the same
        transaction. Raises `Conflict` when the stored version moved on.
        """
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
        await self._quiet()
        stored = self._tables.get(table.id)
        if stored is not None and stored.version != table.version:
            # The copy knows the stored version: a conflict needs no trip.
            raise Conflict(f"table {table.id} changed since version {table.version}")
        # Seats the table's stored copy already has exactly need no write
        # (during a match they change only when someone leaves or is away).
        same_seats = (
            stored is not None
            and table.status != LOBBY
            and stored.status != LOBBY
            and [_seat_row(s) for s in stored.seats] == [_seat_row(s) for s in table.seats]
        )
        self._cache_saved(table, stored, now)
        if same_seats:
            # One statement, its own transaction: the table and (by the
            # trigger of migration 4) the action's entry in the log.
            cursor = await self._handed_over(*update)
            saved = cursor.rowcount == 1
        else:
            seats = [
                (table.id, s.seat, s.user_id, s.name, s.kind, s.level, int(s.auto), s.missed)
                for s in table.seats
            ]
            renumbered = table.status == LOBBY  # seats come and go in a lobby
            saved = await self._job(
                lambda connection: _save_with_seats(connection, table.id, update, seats, renumbered)
            )
        if not saved:
            if stored is not None:
                self._forget()  # the copy was wrong: something else wrote the file
            raise Conflict(f"table {table.id} changed since version {table.version}")
        table.version += 1
        table.updated_at = now
        return table

    def _cache_saved(self, table: TableRecord, stored: TableRecord | None, now: float) -> None:
        """The stored copy after `save_table`: what it wrote, plus the message
        bookkeeping it leaves alone (as the copy had it before)."""
        if stored is None:
            self._tables.pop(table.id, None)  # read afresh when needed
            return
        saved = _copy_table(table)
        saved.version = table.version + 1
        saved.updated_at = now
        saved.lobby_message_id = stored.lobby_message_id
        saved.live_message_id = stored.live_message_id
        saved.told_step = stored.told_step
        saved.created_at = stored.created_at
        saved.practice = stored.practice
        # Lobby saves write the seats anew; otherwise a seat keeps its hand message.
        before = {} if table.status == LOBBY else {s.seat: s for s in stored.seats}
        for seat in saved.seats:
            old = before.get(seat.seat)
            seat.hand_message_id = None if old is None else old.hand_message_id
            seat.hand_digest = None if old is None else old.hand_digest
        self._keep(saved)

    def _change(self, table_id: int, change: Callable[[TableRecord], None]) -> Callable[[], None]:
        def then() -> None:
            cached = self._tables.get(table_id)
            if cached is not None:
                change(cached)

        return then

    async def set_message_ids(
        self,
        table_id: int,
        lobby_message_id: int | None = None,
        live_message_id: int | None = None,
    ) -> None:
        """Bookkeeping of which message to edit; not a change of the table."""
        if lobby_message_id is not None:

            def lobby(t: TableRecord) -> None:
                t.lobby_message_id = lobby_message_id

            await self._write(
                "UPDATE tables SET lobby_message_id = ? WHERE id = ?",
                (lobby_message_id, table_id),
                self._change(table_id, lobby),
            )
        if live_message_id is not None:

            def live(t: TableRecord) -> None:
                t.live_message_id = live_message_id

            await self._write(
                "UPDATE tables SET live_message_id = ? WHERE id = ?",
                (live_message_id, table_id),
                self._change(table_id, live),
            )

    async def set_told_step(self, table_id: int, step: int) -> None:
        def told(t: TableRecord) -> None:
            t.told_step = max(t.told_step, step)

        await self._write(
            "UPDATE tables SET told_step = MAX(told_step, ?) WHERE id = ?",
            (step, table_id),
            self._change(table_id, told),
        )

    async def untold_tables(self) -> list[int]:
        """Running or finished tables with committed moves nobody was told about."""
        rows = await self._fetchall(
            """SELECT t.id FROM tables t
               WHERE t.status IN (?, ?) AND t.told_step <
                 (SELECT COALESCE(MAX(a.seq), 0) FROM actions a WHERE a.table_id = t.id)
               ORDER BY t.id""",
            (PLAYING, FINISHED),
        )
        return [row[0] for row in rows]

    async def clear_live_message(self, table_id: int) -> None:
        def clear(t: TableRecord) -> None:
            t.live_message_id = None

        await self._write(
            "UPDATE tables SET live_message_id = NULL WHERE id = ?",
            (table_id,),
            self._change(table_id, clear),
        )

    async def set_hand_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None
    ) -> None:
        """Which message shows a seat's hand, and a digest of what it shows.

        Only the message id is written, and only when it changes: the digest
        is kept in memory and stored as unknown (NULL). An unknown digest costs
        one edit too many after a restart (Telegram answers "not modified"),
        where a stored one that an unrecorded edit made stale could skip an
        edit that was needed. Most hand updates are edits of the same message,
        so most of them now cost no write at all."""

        def hand(t: TableRecord) -> None:
            for s in t.seats:
                if s.seat == seat:
                    s.hand_message_id, s.hand_digest = message_id, digest

        cached = self._tables.get(table_id)
        if cached is not None and any(
            s.seat == seat and s.hand_message_id == message_id for s in cached.seats
        ):
            hand(cached)
            return
        await self._write(
            "UPDATE seats SET hand_message_id = ?, hand_digest = NULL"
            " WHERE table_id = ? AND seat = ?",
            (message_id, table_id, seat),
            self._change(table_id, hand),
        )

    async def set_turn_reminded(self, table_id: int) -> None:
        """The half-time reminder went out; not a change of the game (no new version)."""

        def reminded(t: TableRecord) -> None:
            t.turn_reminded = True

        await self._write(
            "UPDATE tables SET turn_reminded = 1 WHERE id = ?",
            (table_id,),
            self._change(table_id, reminded),
        )

    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> None:
        def moved() -> None:
            for cached in self._tables.values():
                if cached.chat_id == old_chat_id:
                    cached.chat_id = new_chat_id

        await self._write(
            "UPDATE tables SET chat_id = ? WHERE chat_id = ?", (new_chat_id, old_chat_id), moved
        )

    async def action_log(self, table_id: int) -> list[tuple[int, int | None, Action]]:
        rows = await self._fetchall(
            "SELECT seq, user_id, action FROM actions WHERE table_id = ? ORDER BY seq",
            (table_id,),
        )
        return [(row[0], row[1], Action.from_json(json.loads(row[2]))) for row in rows]
