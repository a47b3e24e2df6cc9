"""The store: exactly the operations the table service uses, written once.

`Store` runs each operation's SQL through a `Driver` (bot/storage/driver.py),
SQLite's or PostgreSQL's; `CachedStore` (bot/storage/cached.py) is the same
store with write-through copies for a single process. The service never
writes SQL and never learns which database it talks to.

What the store promises, on either database:
- `save_table` is one version-checked transaction: it writes the table, its
  seats and (with an action) the action's entry in the log, or nothing, and
  raises `Conflict` when the stored version moved on.
- Message bookkeeping (`set_message_ids`, `set_hand_message`, ...) is not a
  change of the game: it bumps no version.
- A write hands its work to the database before its first suspension, so
  writes started one after another reach the database in that order (the
  cache layer relies on it to keep its copies in step).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Hashable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

from bot.storage.driver import Body, Driver, Duplicate, Step, steps
from bot.storage.hints import Hints
from bot.storage.ledgers import Ledgers
from bot.storage.records import (
    LOBBY,
    ChipMoves,
    Conflict,
    MatchResult,
    TableRecord,
    UserRecord,
    person_key,
)
from bot.storage.reviews import Reviews
from bot.storage.season_sql import MOVE_ACHIEVEMENTS, MOVE_SEASON_BOARDS, MOVE_SEASON_GROUPS
from bot.storage.seasons import SeasonRecords
from bot.storage.shared_sql import (
    INSERT_TABLE,
    MOVE_CHAT_LANG,
    OPEN,
    PRUNE_CLOSED_LOBBIES,
    PRUNE_ROUND_LINKS,
    RECOUNT_STANDINGS,
    TABLES,
    UNTOLD,
    UPDATE_TABLE,
    insert_params,
    tables_from_rows,
    update_params,
)
from bot.storage.tournaments import Tournaments
from bot.storage.writes import save_with_seats
from engine import Action

# Locks that hold across the processes sharing a database (PostgreSQL's
# advisory locks, bot/storage/postgres_locks.py, or its leases,
# bot/storage/postgres_leases.py): `async with locks(key):`.
SharedLocks = Callable[[Hashable], AbstractAsyncContextManager[None]]

# Connections a PostgreSQL worker keeps for tables' locks, at most (the
# default of DATABASE_LOCKS): a lock is held for a commit's milliseconds, and
# the store's one connection serves every commit in turn anyway.
LOCK_CONNECTIONS = 8


@dataclass(frozen=True, slots=True)
class Shared:
    """What the workers sharing a database (PostgreSQL) hold across them."""

    # A table's lock: held for a commit, waited for in order.
    locks: SharedLocks
    # A message lane's turn: held while its job waits on Telegram, by a
    # lease that keeps no connection (bot/storage/postgres_leases.py).
    lanes: SharedLocks


class Store(Ledgers, Tournaments, Hints, Reviews, SeasonRecords):
    """Every operation, once, over a driver. `ratings_lock`: the statement
    that makes workers sharing the database rate a game's matches in turn
    (PostgreSQL's advisory lock; SQLite has one process). `on_commit`:
    told each `save_table`'s seconds (the metrics' histogram; the store
    knows nothing of Prometheus)."""

    def __init__(
        self,
        driver: Driver,
        ratings_lock: str | None = None,
        on_commit: Callable[[float], None] | None = None,
    ) -> None:
        self.driver = driver
        self.ratings_lock = ratings_lock
        self.on_commit = on_commit

    async def close(self) -> None:
        await self.driver.close()

    # -- people and chats ------------------------------------------------------------

    async def remember_user(
        self, user_id: int, name: str, username: str | None, language_code: str | None
    ) -> None:
        await self.driver.execute(
            """INSERT INTO users (user_id, name, username, language_code, updated_at)
               VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (user_id) DO UPDATE SET name = excluded.name,
                 username = excluded.username, language_code = excluded.language_code,
                 updated_at = excluded.updated_at""",
            (user_id, name, username, language_code, time.time()),
        )

    async def set_started(self, user_id: int, started: bool) -> None:
        """Whether the bot may write to the person in private."""
        await self.driver.execute(
            "UPDATE users SET started = $1, updated_at = $2 WHERE user_id = $3",
            (started, time.time(), user_id),
        )

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        await self.driver.execute(
            "UPDATE users SET lang = $1, updated_at = $2 WHERE user_id = $3",
            (lang, time.time(), user_id),
        )

    async def get_user(self, user_id: int) -> UserRecord | None:
        rows = await self.driver.read(
            "SELECT user_id, name, username, language_code, lang, started FROM users"
            " WHERE user_id = $1",
            (user_id,),
        )
        if not rows:
            return None
        row = rows[0]
        return UserRecord(row[0], row[1], row[2], row[3], row[4], bool(row[5]))

    async def get_chat_lang(self, chat_id: int) -> str | None:
        rows = await self.driver.read("SELECT lang FROM chats WHERE chat_id = $1", (chat_id,))
        return rows[0][0] if rows else None

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None:
        await self.driver.execute(
            """INSERT INTO chats (chat_id, title, lang, updated_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (chat_id) DO UPDATE SET lang = excluded.lang,
                 title = excluded.title, updated_at = excluded.updated_at""",
            (chat_id, title, lang, time.time()),
        )

    # -- tables ----------------------------------------------------------------------

    async def _read_tables(self, where: str, *args: Any) -> list[TableRecord]:
        return tables_from_rows(await self.driver.read(TABLES.format(where=where), args))

    async def _insert_table(self, body: Callable[[], Body[int]]) -> TableRecord | None:
        """A new table's row (and what goes with it), then the table as
        `get_table` reads it; None, and nothing written, when a unique key
        refused it."""
        try:
            table_id = await self.driver.transact(body)
        except Duplicate:
            return None
        return await self.get_table(table_id)

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
        """A new lobby, or None if the chat already has an open table in that
        topic (`thread_id`: a forum's topic; None: the chat itself, General)."""
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

        def insert() -> Body[int]:
            return int((yield Step(INSERT_TABLE + " RETURNING id", values)).rows[0][0])

        return await self._insert_table(insert)

    async def get_table(self, table_id: int) -> TableRecord | None:
        """The table with its seats; the caller owns the record it gets."""
        found = await self._read_tables("t.id = $1", table_id)
        return found[0] if found else None

    async def open_table_in_chat(
        self, chat_id: int, thread_id: int | None = None
    ) -> TableRecord | None:
        """The open table (lobby or playing) of a chat's topic (None: of the
        chat itself, or a forum's General): each topic is a place of its own.
        A tournament's tables are not it (several share a place)."""
        found = await self._read_tables(
            f"t.chat_id = $1 AND coalesce(t.thread_id, 0) = $2 AND t.status IN {OPEN}"
            " AND t.tournament_id IS NULL",
            chat_id,
            thread_id or 0,
        )
        return found[0] if found else None

    async def open_tables_in_chat(self, chat_id: int) -> list[TableRecord]:
        """Every open table of a chat, in all its topics (the bot left it)."""
        return await self._read_tables(f"t.chat_id = $1 AND t.status IN {OPEN}", chat_id)

    async def shuffled_tables(self, public: str) -> list[TableRecord]:
        """The tables whose matches were dealt from the checkable shuffle with
        this public value (`/verify`), oldest first: one, or a duplicate
        tournament's tables of a size (each round with its own secret)."""
        return await self._read_tables("t.shuffle_public = $1", public)

    async def tables_with_status(self, *statuses: str) -> list[TableRecord]:
        return await self._read_tables("t.status = ANY($1::text[])", list(statuses))

    async def table_ids_with_status(self, *statuses: str) -> list[int]:
        """Just the ids, in order: cheap enough to ask every minute (the watchdog)."""
        rows = await self.driver.read(
            "SELECT id FROM tables WHERE status = ANY($1::text[]) ORDER BY id", (list(statuses),)
        )
        return [row[0] for row in rows]

    async def open_tables_of(self, user_id: int) -> list[int]:
        """Open tables (lobby or playing) where the person sits or that they opened."""
        rows = await self.driver.read(
            f"""SELECT id FROM tables WHERE status IN {OPEN} AND creator_id = $1
               UNION
               SELECT t.id FROM seats s JOIN tables t ON t.id = s.table_id
               WHERE s.user_id = $1 AND t.status IN {OPEN}
               ORDER BY 1""",
            (user_id,),
        )
        return [row[0] for row in rows]

    async def count_open_practice(self) -> int:
        """Practice tables open now, over the whole bot."""
        rows = await self.driver.read(
            f"SELECT count(*) FROM tables WHERE practice AND status IN {OPEN}"
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
        """Write the table if nobody changed it since it was read; bumps the
        version (on `table` too) and returns it. Raises `Conflict`.

        `result`: the match ended with this save; its rows (and the ratings it
        moves, computed by `result.rate` from the stored ones) are written in
        the same transaction, so they exist exactly when the last move does.

        `chips`: the balances this save changes (stakes taken, a bank paid
        out, stakes returned), in the same transaction; an entry the ledger
        holds already is skipped. Raises `ShortOfChips` (nothing written)
        when a balance would go below zero."""
        started = time.perf_counter()
        try:
            now = time.time()
            update = update_params(table, action, user_id, now)
            rows = table.seat_rows()
            # During a match seats change only when someone leaves or is away:
            # unchanged ones need no write, and the save is one statement (its
            # own transaction, the log's entry written by the trigger).
            unchanged = table.status != LOBBY and rows == table.stored_seats
            if unchanged and result is None and chips is None:
                saved = await self.driver.execute(UPDATE_TABLE, update) == 1
            else:
                seats = None if unchanged else [(table.id, *r[:5], bool(r[5]), r[6]) for r in rows]
                renumbered = table.status == LOBBY  # seats come and go in a lobby
                lock = self.ratings_lock
                saved = await self.driver.transact(
                    lambda: save_with_seats(
                        table.id, update, seats, renumbered, result, chips, lock
                    )
                )
            if not saved:
                raise Conflict(f"table {table.id} changed since version {table.version}")
            table.version += 1
            table.updated_at = now
            table.stored_seats = rows
            return table
        finally:
            if self.on_commit is not None:
                self.on_commit(time.perf_counter() - started)

    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> None:
        """A group that became a supergroup: its tables, tournaments, results,
        notices, boards, chips and /lang move along (S8, N14). A table's save
        leaves `chat_id` alone (`UPDATE_TABLE`), as a tournament's does, so
        a save racing with this never writes the old id back (L9)."""
        ids = (new_chat_id, old_chat_id)

        def move() -> Body[None]:
            for table in ("tables", "tournaments", "results", "chip_ledger", "seat_outcomes"):
                yield Step(f"UPDATE {table} SET chat_id = $1 WHERE chat_id = $2", ids)
            # Notices and balances move unless the supergroup has the
            # person's already (the old one stays under the old id: no chip
            # is lost).
            for table in ("notify", "chip_balances"):
                yield Step(
                    f"UPDATE {table} SET chat_id = $1 WHERE chat_id = $2 AND user_id NOT IN"
                    f" (SELECT user_id FROM {table} WHERE chat_id = $1)",
                    ids,
                )
            # Its achievements and season boards, where the supergroup has none of its own.
            yield Step(MOVE_ACHIEVEMENTS, ids)
            yield Step(MOVE_SEASON_BOARDS, ids)
            yield Step(MOVE_SEASON_GROUPS, ids)
            # Its boards counted afresh from the results it took along.
            yield Step("DELETE FROM standings WHERE scope = $1 OR scope = $2", ids)
            yield Step(RECOUNT_STANDINGS, (new_chat_id,))
            # The group's /lang too: a language the supergroup already chose wins.
            yield Step(MOVE_CHAT_LANG, ids)
            yield Step("DELETE FROM chats WHERE chat_id = $1", (old_chat_id,))

        await self.driver.transact(move)

    # -- message bookkeeping (no new version) ----------------------------------------

    async def set_message_ids(
        self,
        table_id: int,
        lobby_message_id: int | None = None,
        live_message_id: int | None = None,
    ) -> None:
        # COALESCE: a column given as None keeps its value (one prepared statement).
        if lobby_message_id is None and live_message_id is None:
            return
        await self.driver.execute(
            """UPDATE tables SET lobby_message_id = COALESCE($1, lobby_message_id),
                 live_message_id = COALESCE($2, live_message_id) WHERE id = $3""",
            (lobby_message_id, live_message_id, table_id),
        )

    async def clear_live_message(self, table_id: int) -> None:
        await self.driver.execute(
            "UPDATE tables SET live_message_id = NULL WHERE id = $1", (table_id,)
        )

    async def set_hand_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None
    ) -> None:
        """Which message shows a seat's hand. Only the message id is written:
        the digest is stored as unknown. An unknown digest costs one edit too
        many after a restart (Telegram answers "not modified"), where a
        stored one that an unrecorded edit made stale could skip an edit
        that was needed."""
        await self.driver.execute(
            "UPDATE seats SET hand_message_id = $1, hand_digest = NULL"
            " WHERE table_id = $2 AND seat = $3",
            (message_id, table_id, seat),
        )

    async def set_turn_reminded(self, table_id: int) -> None:
        await self.driver.execute(
            "UPDATE tables SET turn_reminded = TRUE WHERE id = $1", (table_id,)
        )

    async def set_told_step(self, table_id: int, step: int) -> None:
        """Moves up to `step` have all been told (it never goes back)."""
        await self.driver.execute(
            "UPDATE tables SET told_step = $1 WHERE id = $2 AND told_step < $1", (step, table_id)
        )

    # -- the log and recovery ----------------------------------------------------------

    async def action_log(self, table_id: int) -> list[tuple[int, int | None, Action]]:
        """(seq, user id, action) of every committed move, in order."""
        rows = await self.driver.read(
            "SELECT seq, user_id, action FROM actions WHERE table_id = $1 ORDER BY seq",
            (table_id,),
        )
        return [(row[0], row[1], Action.from_json(json.loads(row[2]))) for row in rows]

    async def untold_tables(self) -> list[int]:
        """Running or finished tables with committed moves nobody was told
        about; read from an index of just those (S21), not from every table."""
        return [row[0] for row in await self.driver.read(UNTOLD)]

    # -- privacy -----------------------------------------------------------------------

    async def forget_user(self, user_id: int, placeholder: str) -> None:
        """Erase what is stored about a person: their record (name, username,
        languages) goes, and their name in ended tables' seats and in
        tournaments' registrations becomes `placeholder`. Open tables are
        left alone (the service refuses while they sit at one)."""
        named = (placeholder, user_id)
        forget: list[tuple[str, Sequence[Any], bool]] = [
            ("DELETE FROM users WHERE user_id = $1", (user_id,), False),
            (
                "UPDATE seats SET name = $1 WHERE user_id = $2 AND table_id IN"
                f" (SELECT id FROM tables WHERE status NOT IN {OPEN})",
                named,
                False,
            ),
            ("UPDATE results SET name = $1 WHERE user_id = $2", named, False),
            (
                "UPDATE player_names SET name = $1 WHERE player = $2",
                (placeholder, person_key(user_id)),
                False,
            ),
            ("DELETE FROM notify WHERE user_id = $1", (user_id,), False),
            ("UPDATE tournament_entries SET name = $1 WHERE user_id = $2", named, False),
        ]
        await self.driver.transact(steps(*forget))

    async def prune_action_logs(self, ended_before: float) -> int:
        """Delete the action logs of tables that ended (and were told in full)
        before this time; the number of log entries deleted."""
        return await self.driver.execute(
            f"""DELETE FROM actions WHERE table_id IN (
                 SELECT t.id FROM tables t
                 WHERE t.status NOT IN {OPEN} AND t.updated_at < $1
                   AND t.told_step >= t.logged_last)""",
            (ended_before,),
        )

    async def prune_closed_lobbies(self, closed_before: float) -> int:
        """Delete the lobbies closed before this time that never started
        (`/new` then `/stop`, or nobody came), seats and all, round tables of
        tournaments that are over with their links; how many tables."""

        def body() -> Body[int]:
            yield Step(PRUNE_ROUND_LINKS, (closed_before,))
            done = yield Step(PRUNE_CLOSED_LOBBIES, (closed_before,))
            return done.count

        return await self.driver.transact(body)
