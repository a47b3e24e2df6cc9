"""The PostgreSQL store, through asyncpg: for deployments whose disk does not
last (a `Procfile` host) or that already run PostgreSQL.

It keeps the SQLite store's promises (bot/storage/store.py) the same way:
- every accepted move is one statement that writes the new engine state,
  bumps the table's version with an optimistic `WHERE version = $n` check and
  (by the trigger of migration 4) appends the action to the log; a save that
  changes seats too is one transaction. In READ COMMITTED, a concurrent
  writer's UPDATE makes this one wait and then re-check the version, so two
  processes cannot both commit a move on the same version;
- message bookkeeping bumps no version;
- work is handed to the connection in call order: one connection, and a
  queue of jobs that one task runs in order (a job is queued before the
  method's first suspension, and runs even if its caller is cancelled, as
  aiosqlite's thread does). asyncpg refuses a second operation on a
  connection while one is under way, and a pool would let a later write
  overtake an earlier one, which the cache layer must never see.

A lost connection (the server restarted) is opened again for the next job;
the job that found it lost fails, as any failed write does. A job that fails
other than by the server's refusal (a PostgresError) drops the connection
too: asyncpg may be left mid-operation and refuse everything after.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

import asyncpg

from bot.storage.postgres_leases import PostgresLeases
from bot.storage.postgres_locks import PostgresLocks
from bot.storage.postgres_setup import connect, migrate, probe_write, where
from bot.storage.postgres_sql import (
    fetch_tables,
    save_with_seats,
)
from bot.storage.postgres_tournaments import PostgresTournaments
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
    UNTOLD,
    UPDATE_TABLE,
    chip_from_row,
    insert_params,
    result_from_row,
    update_params,
)
from bot.storage.store import LOCK_CONNECTIONS
from bot.storage.url import DatabaseUrl
from engine import Action

T = TypeVar("T")
Job = Callable[[Any], Awaitable[Any]]  # work on an asyncpg.Connection


async def open_backend(
    url: DatabaseUrl, durable: bool = True, locks: int = LOCK_CONNECTIONS
) -> PostgresStore:
    """The backend `postgresql://...` names (see bot/storage/url.py);
    `locks`: connections for tables' locks, at most (DATABASE_LOCKS)."""
    return await PostgresStore.open(url, durable=durable, locks=locks)


class PostgresStore(PostgresTournaments):
    """One asyncpg connection and the task that runs its jobs in order; the
    locks and leases that hold across workers have connections of their own."""

    def __init__(
        self, url: DatabaseUrl, connection: Any, durable: bool, locks: int = LOCK_CONNECTIONS
    ) -> None:
        self.url = url
        self.durable = durable
        self._connection = connection
        self._jobs: asyncio.Queue[tuple[Job, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._worker = asyncio.create_task(self._run_jobs(), name="postgres-store")
        self._closed = False
        # Several workers may share the database: tables' locks and message
        # lanes' leases that hold across them.
        self.locks = PostgresLocks(url, durable, held=locks)
        self.leases = PostgresLeases(url)

    @classmethod
    async def open(
        cls, url: DatabaseUrl, durable: bool = True, locks: int = LOCK_CONNECTIONS
    ) -> PostgresStore:
        connection = await connect(url, durable)
        try:
            await migrate(connection, where(url))
            await probe_write(connection)
        except StorageError:  # a schema newer than the code
            await connection.close()
            raise
        except (asyncpg.PostgresError, OSError) as error:
            await connection.close()
            raise StorageError(
                f"cannot use PostgreSQL database {where(url)} ({error}): the user needs"
                " rights to create tables in it (the migrations) and to write"
            ) from None
        return cls(url, connection, durable, locks)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._jobs.put_nowait(None)
        await self._worker
        await self._connection.close()
        await self.locks.close()
        await self.leases.close()

    # -- the jobs --------------------------------------------------------------------

    def _submit(self, work: Job) -> asyncio.Future[Any]:
        """Queue `work`, now: call order is the order the database sees."""
        if self._closed:
            raise StorageError("the PostgreSQL store is closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._jobs.put_nowait((work, future))
        return future

    async def _run_jobs(self) -> None:
        while (job := await self._jobs.get()) is not None:
            work, future = job
            try:
                if self._connection.is_closed():
                    self._connection = await connect(self.url, self.durable)
                result = await work(self._connection)
            except Exception as error:
                if not isinstance(error, asyncpg.PostgresError | StorageError):
                    # Not the server's answer but the client's trouble (a
                    # connection lost mid-operation leaves asyncpg's protocol
                    # in a state it cannot leave): start afresh next time.
                    self._connection.terminate()
                if not future.done():
                    future.set_exception(error)
            else:
                if not future.done():
                    future.set_result(result)

    async def _call(self, work: Callable[[Any], Awaitable[T]]) -> T:
        return cast(T, await self._submit(work))

    def _fetch(self, sql: str, *args: Any) -> Awaitable[list[Any]]:
        return self._submit(lambda c: c.fetch(sql, *args))

    def _execute(self, sql: str, *args: Any) -> Awaitable[str]:
        """One statement, its own transaction; PostgreSQL's status ("UPDATE 1")."""
        return self._submit(lambda c: c.execute(sql, *args))

    # -- people and chats ------------------------------------------------------------

    async def remember_user(
        self, user_id: int, name: str, username: str | None, language_code: str | None
    ) -> None:
        await self._execute(
            """INSERT INTO users (user_id, name, username, language_code, updated_at)
               VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (user_id) DO UPDATE SET name = excluded.name,
                 username = excluded.username, language_code = excluded.language_code,
                 updated_at = excluded.updated_at""",
            user_id,
            name,
            username,
            language_code,
            time.time(),
        )

    async def set_started(self, user_id: int, started: bool) -> None:
        await self._execute(
            "UPDATE users SET started = $1, updated_at = $2 WHERE user_id = $3",
            started,
            time.time(),
            user_id,
        )

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        await self._execute(
            "UPDATE users SET lang = $1, updated_at = $2 WHERE user_id = $3",
            lang,
            time.time(),
            user_id,
        )

    async def get_user(self, user_id: int) -> UserRecord | None:
        rows = await self._fetch(
            "SELECT user_id, name, username, language_code, lang, started FROM users"
            " WHERE user_id = $1",
            user_id,
        )
        if not rows:
            return None
        row = rows[0]
        return UserRecord(row[0], row[1], row[2], row[3], row[4], row[5])

    async def get_chat_lang(self, chat_id: int) -> str | None:
        rows = await self._fetch("SELECT lang FROM chats WHERE chat_id = $1", chat_id)
        return cast(str | None, rows[0][0]) if rows else None

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None:
        await self._execute(
            """INSERT INTO chats (chat_id, title, lang, updated_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (chat_id) DO UPDATE SET lang = excluded.lang,
                 title = excluded.title, updated_at = excluded.updated_at""",
            chat_id,
            title,
            lang,
            time.time(),
        )

    # -- tables ----------------------------------------------------------------------

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
        values = insert_params(
            chat_id,
            chat_title,
            creator_id,
            preset,
            options,
            settings,
            practice,
            time.time(),
            thread_id,
        )

        async def create(connection: Any) -> TableRecord | None:
            try:
                table_id = await connection.fetchval(INSERT_TABLE + " RETURNING id", *values)
            except asyncpg.UniqueViolationError:
                return None  # the chat's topic has an open table; nothing was written
            found = await fetch_tables(connection, "t.id = $1", table_id)
            return found[0]

        return await self._call(create)

    def _tables(self, condition: str, *args: Any) -> Awaitable[list[TableRecord]]:
        return self._submit(lambda c: fetch_tables(c, condition, *args))

    async def get_table(self, table_id: int) -> TableRecord | None:
        found = await self._tables("t.id = $1", table_id)
        return found[0] if found else None

    async def open_table_in_chat(
        self, chat_id: int, thread_id: int | None = None
    ) -> TableRecord | None:
        found = await self._tables(
            "t.chat_id = $1 AND COALESCE(t.thread_id, 0) = $2 AND t.status = ANY($3::text[])"
            " AND t.tournament_id IS NULL",
            chat_id,
            thread_id or 0,
            list(OPEN_STATUSES),
        )
        return found[0] if found else None

    async def open_tables_in_chat(self, chat_id: int) -> list[TableRecord]:
        return await self._tables(
            "t.chat_id = $1 AND t.status = ANY($2::text[])", chat_id, list(OPEN_STATUSES)
        )

    async def tables_with_status(self, *statuses: str) -> list[TableRecord]:
        return await self._tables("t.status = ANY($1::text[])", list(statuses))

    async def table_ids_with_status(self, *statuses: str) -> list[int]:
        rows = await self._fetch(
            "SELECT id FROM tables WHERE status = ANY($1::text[]) ORDER BY id", list(statuses)
        )
        return [row[0] for row in rows]

    async def open_tables_of(self, user_id: int) -> list[int]:
        rows = await self._fetch(
            """SELECT id FROM tables WHERE status = ANY($1::text[]) AND creator_id = $2
               UNION
               SELECT t.id FROM seats s JOIN tables t ON t.id = s.table_id
               WHERE s.user_id = $2 AND t.status = ANY($1::text[])
               ORDER BY 1""",
            list(OPEN_STATUSES),
            user_id,
        )
        return [row[0] for row in rows]

    async def count_open_practice(self) -> int:
        rows = await self._fetch(
            "SELECT count(*) FROM tables WHERE practice AND status = ANY($1::text[])",
            list(OPEN_STATUSES),
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
        update = update_params(table, action, user_id, now)
        rows = table.seat_rows()
        # As in SQLite: unchanged seats mid-match need no write, and the move
        # is one statement (its own transaction, the log's entry by trigger).
        unchanged = table.status != LOBBY and rows == table.stored_seats
        if unchanged and result is None and chips is None:
            saved = await self._execute(UPDATE_TABLE, *update) == "UPDATE 1"
        else:
            seats = None if unchanged else [(table.id, *r[:5], bool(r[5]), r[6]) for r in rows]
            renumbered = table.status == LOBBY  # seats come and go in a lobby
            saved = await self._call(
                lambda c: save_with_seats(c, table.id, update, seats, renumbered, result, chips)
            )
        if not saved:
            raise Conflict(f"table {table.id} changed since version {table.version}")
        table.version += 1
        table.updated_at = now
        table.stored_seats = rows
        return table

    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> None:
        # As in SQLite: results and notices move with the group's tables.
        await self._execute(
            "UPDATE tables SET chat_id = $1 WHERE chat_id = $2", new_chat_id, old_chat_id
        )
        await self._execute(
            "UPDATE results SET chat_id = $1 WHERE chat_id = $2", new_chat_id, old_chat_id
        )
        await self._execute(
            "UPDATE notify SET chat_id = $1 WHERE chat_id = $2 AND user_id NOT IN"
            " (SELECT user_id FROM notify WHERE chat_id = $1)",
            new_chat_id,
            old_chat_id,
        )
        # As in SQLite: balances move unless the supergroup has the person's already.
        await self._execute(
            "UPDATE chip_balances SET chat_id = $1 WHERE chat_id = $2 AND user_id NOT IN"
            " (SELECT user_id FROM chip_balances WHERE chat_id = $1)",
            new_chat_id,
            old_chat_id,
        )
        await self._execute(
            "UPDATE chip_ledger SET chat_id = $1 WHERE chat_id = $2", new_chat_id, old_chat_id
        )
        # Its boards counted afresh from the results it took along.
        await self._execute(
            "DELETE FROM standings WHERE scope = ANY($1::bigint[])", [old_chat_id, new_chat_id]
        )
        await self._execute(RECOUNT_STANDINGS.format(rated="NOT practice"), new_chat_id)
        await self._execute(MOVE_CHAT_LANG, new_chat_id, old_chat_id)
        await self._execute("DELETE FROM chats WHERE chat_id = $1", old_chat_id)

    # -- message bookkeeping ---------------------------------------------------------

    async def set_message_ids(
        self,
        table_id: int,
        lobby_message_id: int | None = None,
        live_message_id: int | None = None,
    ) -> None:
        # COALESCE: a column given as None keeps its value (one prepared statement).
        if lobby_message_id is None and live_message_id is None:
            return
        await self._execute(
            """UPDATE tables SET lobby_message_id = COALESCE($1, lobby_message_id),
                 live_message_id = COALESCE($2, live_message_id) WHERE id = $3""",
            lobby_message_id,
            live_message_id,
            table_id,
        )

    async def clear_live_message(self, table_id: int) -> None:
        await self._execute("UPDATE tables SET live_message_id = NULL WHERE id = $1", table_id)

    async def set_hand_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None
    ) -> None:
        """Only the message id is written, the digest as unknown (see SqliteStore)."""
        await self._execute(
            "UPDATE seats SET hand_message_id = $1, hand_digest = NULL"
            " WHERE table_id = $2 AND seat = $3",
            message_id,
            table_id,
            seat,
        )

    async def set_turn_reminded(self, table_id: int) -> None:
        await self._execute("UPDATE tables SET turn_reminded = TRUE WHERE id = $1", table_id)

    async def set_told_step(self, table_id: int, step: int) -> None:
        await self._execute(
            "UPDATE tables SET told_step = GREATEST(told_step, $1) WHERE id = $2",
            step,
            table_id,
        )

    # -- the log and recovery ----------------------------------------------------------

    async def action_log(self, table_id: int) -> list[tuple[int, int | None, Action]]:
        rows = await self._fetch(
            "SELECT seq, user_id, action FROM actions WHERE table_id = $1 ORDER BY seq",
            table_id,
        )
        return [(row[0], row[1], Action.from_json(json.loads(row[2]))) for row in rows]

    async def untold_tables(self) -> list[int]:
        return [row[0] for row in await self._fetch(UNTOLD)]

    # -- chip balances -----------------------------------------------------------------

    async def chip_balance(self, chat_id: int, user_id: int) -> int | None:
        rows = await self._fetch(BALANCE, chat_id, user_id)
        return None if not rows else int(rows[0][0])

    async def chip_balances(self, chat_id: int) -> dict[int, int]:
        rows = await self._fetch(GROUP_BALANCES, chat_id)
        return {int(row[0]): int(row[1]) for row in rows}

    async def table_chips(self, table_id: int) -> list[ChipRow]:
        rows = await self._fetch(TABLE_CHIPS, table_id)
        return [chip_from_row(row) for row in rows]

    # -- results and ratings -----------------------------------------------------------

    async def match_results(self, table_id: int) -> list[ResultRow]:
        rows = await self._fetch(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE table_id = $1 ORDER BY seat", table_id
        )
        return [result_from_row(row) for row in rows]

    async def player_results(self, user_id: int, chat_id: int | None = None) -> list[ResultRow]:
        rows = await self._fetch(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE user_id = $1"
            " AND ($2::bigint IS NULL OR chat_id = $2) ORDER BY finished_at, table_id",
            user_id,
            chat_id,
        )
        return [result_from_row(row) for row in rows]

    async def toggle_notify(self, chat_id: int, user_id: int) -> bool:
        async def toggle(connection: Any) -> bool:
            async with connection.transaction():
                gone = await connection.execute(
                    "DELETE FROM notify WHERE chat_id = $1 AND user_id = $2", chat_id, user_id
                )
                if gone == "DELETE 0":
                    await connection.execute(
                        "INSERT INTO notify (chat_id, user_id, created_at) VALUES ($1, $2, $3)"
                        " ON CONFLICT DO NOTHING",
                        chat_id,
                        user_id,
                        time.time(),
                    )
                    return True
                return False

        return bool(await self._call(toggle))

    async def notify_list(self, chat_id: int, limit: int) -> list[int]:
        rows = await self._fetch(
            "SELECT user_id FROM notify WHERE chat_id = $1 ORDER BY created_at, user_id LIMIT $2",
            chat_id,
            limit,
        )
        return [row[0] for row in rows]

    async def recent_results(self, chat_id: int, matches: int) -> list[ResultRow]:
        rows = await self._fetch(RECENT.format(columns=RESULT_COLUMNS), chat_id, matches)
        return [result_from_row(row) for row in rows]

    async def player_ratings(self, player: str) -> list[RatingRecord]:
        rows = await self._fetch(
            "SELECT game, player, mu, sigma, matches FROM ratings WHERE player = $1 ORDER BY game",
            player,
        )
        return [RatingRecord(*row) for row in rows]

    async def leaderboard(
        self, game: str, chat_id: int | None, min_matches: int, limit: int
    ) -> list[LeaderRow]:
        scope = BOT_SCOPE if chat_id is None else chat_id
        rows = await self._fetch(LEADERBOARD, scope, game, min_matches, limit)
        return [LeaderRow(*row) for row in rows]

    # -- privacy -----------------------------------------------------------------------

    async def forget_user(self, user_id: int, placeholder: str) -> None:
        async def forget(connection: Any) -> None:
            async with connection.transaction():
                await connection.execute("DELETE FROM users WHERE user_id = $1", user_id)
                await connection.execute(
                    """UPDATE seats SET name = $1 WHERE user_id = $2 AND table_id IN
                         (SELECT id FROM tables WHERE NOT status = ANY($3::text[]))""",
                    placeholder,
                    user_id,
                    list(OPEN_STATUSES),
                )
                await connection.execute(
                    "UPDATE results SET name = $1 WHERE user_id = $2", placeholder, user_id
                )
                await connection.execute(
                    "UPDATE player_names SET name = $1 WHERE player = $2",
                    placeholder,
                    person_key(user_id),
                )
                await connection.execute("DELETE FROM notify WHERE user_id = $1", user_id)
                await connection.execute(
                    "UPDATE tournament_entries SET name = $1 WHERE user_id = $2",
                    placeholder,
                    user_id,
                )

        await self._call(forget)

    async def prune_action_logs(self, ended_before: float) -> int:
        status = await self._execute(
            """DELETE FROM actions WHERE table_id IN (
                 SELECT t.id FROM tables t
                 WHERE NOT t.status = ANY($1::text[]) AND t.updated_at < $2
                   AND t.told_step >= t.logged_last)""",
            list(OPEN_STATUSES),
            ended_before,
        )
        return int(status.rsplit(" ", 1)[-1])

    async def prune_closed_lobbies(self, closed_before: float) -> int:
        status = await self._execute(PRUNE_CLOSED_LOBBIES, closed_before)
        return int(status.rsplit(" ", 1)[-1])
