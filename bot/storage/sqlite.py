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

import asyncio
import json
import sqlite3
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.storage.records import (
    LOBBY,
    OPEN_STATUSES,
    ChipMoves,
    ChipRow,
    Conflict,
    LeaderRow,
    MatchResult,
    RatingRecord,
    ResultRow,
    Seat,
    StorageError,
    TableRecord,
    UserRecord,
    person_key,
)
from bot.storage.shared_sql import (
    BALANCE,
    BOT_SCOPE,
    GROUP_BALANCES,
    INSERT_TABLE,
    LEADERBOARD,
    MOVE_CHAT_LANG,
    PRUNE_CLOSED_LOBBIES,
    RECENT,
    RECOUNT_STANDINGS,
    RESULT_COLUMNS,
    TABLE_CHIPS,
    TABLE_COLUMNS,
    UNTOLD,
    UPDATE_TABLE,
    chip_from_row,
    insert_params,
    result_from_row,
    update_params,
)
from bot.storage.sqlite_commits import GroupCommit
from bot.storage.sqlite_setup import configure, migrate, probe_write, why_unusable
from bot.storage.sqlite_sql import (
    NO_SEAT,
    SEAT_COLUMNS,
    save_with_seats,
    sql,
    table_from_row,
)
from bot.storage.sqlite_tournaments import SqliteTournaments
from bot.storage.store import LOCK_CONNECTIONS
from bot.storage.url import DatabaseUrl
from engine import Action

T = TypeVar("T")
SQLITE_UPDATE = UPDATE_TABLE.replace("$", "?")  # ?1, ?2: numbered
SQLITE_INSERT = INSERT_TABLE.replace("$", "?")
SQLITE_LEADERBOARD = LEADERBOARD.replace("$", "?")


async def open_backend(
    url: DatabaseUrl, durable: bool = True, locks: int = LOCK_CONNECTIONS
) -> SqliteStore:
    """The backend `sqlite:///...` names (see bot/storage/url.py). `locks`
    is PostgreSQL's: SQLite is one process's and locks nothing across them."""
    assert url.path is not None
    return await SqliteStore.open(url.path, durable=durable)


class SqliteStore(SqliteTournaments):
    """One aiosqlite connection; every call is one trip to its thread."""

    def __init__(self, connection: aiosqlite.Connection, path: Path, durable: bool = True) -> None:
        self._db = connection
        self._commits = GroupCommit(connection)
        self.path = path
        self.durable = durable
        # A second, read-only connection for /top (S7): its own thread, so a
        # leaderboard being read never holds up a move's commit on `_db`.
        self._reader: aiosqlite.Connection | None = None
        self._reader_opening = asyncio.Lock()

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
            raise StorageError(why_unusable(path, error)) from None
        try:
            connection = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise StorageError(f"cannot open database {path}: {error}") from None
        store = cls(connection, path, durable)
        try:
            await store._setup()
        except sqlite3.DatabaseError as error:
            await connection.close()
            raise StorageError(why_unusable(path, error)) from None
        except StorageError:  # a schema newer than the code
            await connection.close()
            raise
        return store

    async def _setup(self) -> None:
        await configure(self._db, self.durable)
        await migrate(self._db, self.path)
        await self._job(probe_write)

    async def close(self) -> None:
        if self._reader is not None:
            await self._reader.close()
        await self._db.close()

    async def _read_only(self) -> aiosqlite.Connection:
        """The reading connection, opened at its first use (WAL lets it read
        while `_db` writes; it sees what is committed)."""
        async with self._reader_opening:
            if self._reader is None:
                reader = await aiosqlite.connect(f"file:{self.path}?mode=ro", uri=True)
                await reader.execute("PRAGMA busy_timeout = 5000")
                self._reader = reader
            return self._reader

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
            f"SELECT {TABLE_COLUMNS}, {SEAT_COLUMNS} FROM tables t"
            f" LEFT JOIN seats s ON s.table_id = t.id WHERE {condition} ORDER BY t.id, s.seat",
            params,
        )
        tables: list[TableRecord] = []
        width = len(NO_SEAT)
        for row in rows:
            if not tables or tables[-1].id != row[0]:
                tables.append(table_from_row(row))
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
        thread_id: int | None = None,
    ) -> TableRecord | None:
        now = time.time()
        values = insert_params(
            chat_id, chat_title, creator_id, preset, options, settings, practice, now, thread_id
        )
        try:
            table_id = await self._commits.run(
                lambda connection: connection.execute(SQLITE_INSERT, values).lastrowid
            )
        except sqlite3.IntegrityError:
            return None  # the chat's topic has an open table; nothing was written
        assert table_id is not None
        return await self.get_table(table_id)

    async def get_table(self, table_id: int) -> TableRecord | None:
        found = await self._tables_where("t.id = ?", (table_id,))
        return found[0] if found else None

    async def open_table_in_chat(
        self, chat_id: int, thread_id: int | None = None
    ) -> TableRecord | None:
        found = await self._tables_where(
            "t.chat_id = ? AND coalesce(t.thread_id, 0) = ? AND t.status IN (?, ?)"
            " AND t.tournament_id IS NULL",
            (chat_id, thread_id or 0, *OPEN_STATUSES),
        )
        return found[0] if found else None

    async def open_tables_in_chat(self, chat_id: int) -> list[TableRecord]:
        return await self._tables_where(
            "t.chat_id = ? AND t.status IN (?, ?)", (chat_id, *OPEN_STATUSES)
        )

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
        chips: ChipMoves | None = None,
    ) -> TableRecord:
        now = time.time()
        update = (SQLITE_UPDATE, update_params(table, action, user_id, now))
        rows = table.seat_rows()
        # During a match seats change only when someone leaves or is away:
        # unchanged ones need no write, and the save is one statement (its
        # own transaction, the log's entry written by the trigger).
        unchanged = table.status != LOBBY and rows == table.stored_seats
        if unchanged and result is None and chips is None:
            saved = await self._write(*update) == 1
        else:
            seats = None if unchanged else [(table.id, *r[:5], int(r[5]), r[6]) for r in rows]
            renumbered = table.status == LOBBY  # seats come and go in a lobby
            saved = await self._commits.run(
                lambda connection: save_with_seats(
                    connection, table.id, update, seats, renumbered, result, chips
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
        # Its boards counted afresh from the results it took along.
        await self._write("DELETE FROM standings WHERE scope IN (?, ?)", (old_chat_id, new_chat_id))
        await self._write(
            RECOUNT_STANDINGS.format(rated="practice = 0").replace("$", "?"), (new_chat_id,)
        )
        # The group's /lang too (S8): a language the supergroup already chose wins.
        # Balances too; a person who has one in the supergroup already keeps
        # both apart (the old one stays under the old id: no chip is lost).
        for update, table in (("UPDATE OR IGNORE", "chip_balances"), ("UPDATE", "chip_ledger")):
            await self._write(
                f"{update} {table} SET chat_id = ? WHERE chat_id = ?", (new_chat_id, old_chat_id)
            )
        await self._write(MOVE_CHAT_LANG.replace("$", "?"), (new_chat_id, old_chat_id))
        await self._write("DELETE FROM chats WHERE chat_id = ?", (old_chat_id,))

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

    # -- chip balances -----------------------------------------------------------------

    async def chip_balance(self, chat_id: int, user_id: int) -> int | None:
        rows = await self._fetchall(sql(BALANCE), (chat_id, user_id))
        return None if not rows else int(rows[0][0])

    async def chip_balances(self, chat_id: int) -> dict[int, int]:
        rows = await self._fetchall(sql(GROUP_BALANCES), (chat_id,))
        return {int(user_id): int(balance) for user_id, balance in rows}

    async def table_chips(self, table_id: int) -> list[ChipRow]:
        rows = await self._fetchall(sql(TABLE_CHIPS), (table_id,))
        return [chip_from_row(row) for row in rows]

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
        scope = BOT_SCOPE if chat_id is None else chat_id
        reader = await self._read_only()
        rows = await reader.execute_fetchall(SQLITE_LEADERBOARD, (scope, game, min_matches, limit))
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
            connection.execute(
                "UPDATE player_names SET name = ? WHERE player = ?",
                (placeholder, person_key(user_id)),
            )
            connection.execute("DELETE FROM notify WHERE user_id = ?", (user_id,))
            connection.execute(
                "UPDATE tournament_entries SET name = ? WHERE user_id = ?", (placeholder, user_id)
            )

        await self._commits.run(forget)

    async def prune_action_logs(self, ended_before: float) -> int:
        return await self._write(
            """DELETE FROM actions WHERE table_id IN (
                 SELECT t.id FROM tables t
                 WHERE t.status NOT IN (?, ?) AND t.updated_at < ?
                   AND t.told_step >= t.logged_last)""",
            (*OPEN_STATUSES, ended_before),
        )

    async def prune_closed_lobbies(self, closed_before: float) -> int:
        return await self._write(PRUNE_CLOSED_LOBBIES.replace("$", "?"), (closed_before,))

    async def untold_tables(self) -> list[int]:
        return [row[0] for row in await self._fetchall(UNTOLD, ())]
