"""The PostgreSQL store's tournaments (bot/storage/tournament_records.py):
a mixin of `PostgresStore`, through its queue of jobs."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import asyncpg

from bot.storage.postgres_sql import fetch_tables
from bot.storage.records import Conflict, TableRecord
from bot.storage.shared_sql import insert_params
from bot.storage.tournament_records import (
    OPEN_TOURNAMENT,
    RoundRecord,
    TableLink,
    TournamentRecord,
)
from bot.storage.tournament_sql import (
    BUMP_REGISTERING,
    ENTRIES,
    ENTRIES_ORDER,
    FINISH_ROUND,
    FREE_PARTNER,
    INSERT_ENTRY,
    INSERT_LINK,
    INSERT_ROUND,
    INSERT_TOURNAMENT,
    INSERT_TOURNAMENT_TABLE,
    LINK_OF,
    ROUND_TABLES,
    ROUNDS,
    SET_PARTNER,
    TAKE_PARTNER,
    TOURNAMENT_COLUMNS,
    UPDATE_TOURNAMENT,
    insert_tournament_params,
    link_from_row,
    rounds_from_rows,
    tournament_from_row,
    update_tournament_params,
    with_entries,
)

T = TypeVar("T")


async def _tournaments(connection: Any, condition: str, *args: Any) -> list[TournamentRecord]:
    rows = await connection.fetch(
        f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE {condition} ORDER BY id", *args
    )
    found = [tournament_from_row(row) for row in rows]
    if found:
        entries = await connection.fetch(
            f"{ENTRIES} = ANY($1::bigint[]){ENTRIES_ORDER}", [r.id for r in found]
        )
        with_entries(found, entries)
    return found


class PostgresTournaments:
    """Needs the store's `_call`, `_fetch` and `_execute`."""

    if TYPE_CHECKING:

        async def _call(self, work: Callable[[Any], Awaitable[T]]) -> T: ...

        def _fetch(self, sql: str, *args: Any) -> Awaitable[list[Any]]: ...

        def _execute(self, sql: str, *args: Any) -> Awaitable[str]: ...

    async def create_tournament(
        self,
        chat_id: int,
        thread_id: int | None,
        creator_id: int,
        preset: str,
        options: dict[str, Any],
        settings: dict[str, Any],
    ) -> TournamentRecord | None:
        values = insert_tournament_params(
            chat_id, thread_id, creator_id, preset, options, settings, time.time()
        )

        async def create(connection: Any) -> TournamentRecord | None:
            try:
                found = await connection.fetchval(INSERT_TOURNAMENT + " RETURNING id", *values)
            except asyncpg.UniqueViolationError:
                return None  # the group has an open tournament
            return (await _tournaments(connection, "id = $1", found))[0]

        return await self._call(create)

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        found = await self._call(lambda c: _tournaments(c, "id = $1", tournament_id))
        return found[0] if found else None

    async def open_tournament_in_chat(self, chat_id: int) -> TournamentRecord | None:
        found = await self._call(
            lambda c: _tournaments(
                c, "chat_id = $1 AND status = ANY($2::text[])", chat_id, list(OPEN_TOURNAMENT)
            )
        )
        return found[0] if found else None

    async def tournaments_with_status(self, *statuses: str) -> list[TournamentRecord]:
        return await self._call(
            lambda c: _tournaments(c, "status = ANY($1::text[])", list(statuses))
        )

    async def _registration(
        self, tournament_id: int, changes: list[tuple[str, tuple[Any, ...], bool]]
    ) -> bool:
        """Bump the version (only while registering) and make `changes`
        (statement, its arguments after the tournament's id, whether it must
        change one row); all or nothing."""

        async def run(connection: Any) -> bool:
            try:
                async with connection.transaction():
                    bumped = await connection.execute(BUMP_REGISTERING, tournament_id, time.time())
                    if bumped != "UPDATE 1":
                        return False
                    for sql, args, one in changes:
                        done = await connection.execute(sql, tournament_id, *args)
                        if one and not done.endswith(" 1"):
                            raise _Unchanged  # rolls the bump back
            except _Unchanged:
                return False  # (caught here: the job's runner drops a connection that raises)
            return True

        return await self._call(run)

    async def enter_tournament(
        self, tournament_id: int, user_id: int, name: str, partner: int | None = None
    ) -> bool:
        changes: list[tuple[str, tuple[Any, ...], bool]] = [(INSERT_ENTRY, (user_id, name), True)]
        if partner is not None:
            changes.append((TAKE_PARTNER, (user_id, partner), True))
            changes.append((SET_PARTNER, (user_id, partner), True))
        return await self._registration(tournament_id, changes)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        delete = "DELETE FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2"
        return await self._registration(
            tournament_id, [(delete, (user_id,), True), (FREE_PARTNER, (user_id,), False)]
        )

    async def save_tournament(self, record: TournamentRecord) -> TournamentRecord:
        now = time.time()
        saved = await self._execute(UPDATE_TOURNAMENT, *update_tournament_params(record, now))
        if saved != "UPDATE 1":
            raise Conflict(f"tournament {record.id} changed since version {record.version}")
        record.version += 1
        record.updated_at = now
        return record

    async def add_round(self, tournament_id: int, number: int, round: dict[str, Any]) -> bool:
        done = await self._execute(INSERT_ROUND, tournament_id, number, json.dumps(round))
        return done == "INSERT 0 1"

    async def tournament_rounds(self, tournament_id: int) -> list[RoundRecord]:
        async def read(connection: Any) -> list[RoundRecord]:
            async with connection.transaction(isolation="repeatable_read", readonly=True):
                rounds = await connection.fetch(ROUNDS, tournament_id)
                tables = await connection.fetch(ROUND_TABLES, tournament_id)
            return rounds_from_rows(rounds, tables)

        return await self._call(read)

    async def create_tournament_table(
        self,
        link: TableLink,
        chat_id: int,
        chat_title: str,
        creator_id: int,
        preset: str,
        options: dict[str, Any],
        settings: dict[str, Any] | None = None,
        thread_id: int | None = None,
    ) -> TableRecord | None:
        values = (
            *insert_params(
                chat_id,
                chat_title,
                creator_id,
                preset,
                options,
                settings,
                False,
                time.time(),
                thread_id,
            ),
            link.tournament_id,
        )

        async def create(connection: Any) -> TableRecord | None:
            try:
                async with connection.transaction():
                    table_id = await connection.fetchval(
                        INSERT_TOURNAMENT_TABLE + " RETURNING id", *values
                    )
                    await connection.execute(
                        INSERT_LINK, link.tournament_id, link.round, link.position, table_id
                    )
            except asyncpg.UniqueViolationError:
                return None  # that table of the round was opened before; nothing written
            return (await fetch_tables(connection, "t.id = $1", table_id))[0]

        return await self._call(create)

    async def finish_round(
        self, tournament_id: int, number: int, outcomes: list[dict[str, Any]]
    ) -> bool:
        done = await self._execute(FINISH_ROUND, tournament_id, number, json.dumps(outcomes))
        return done == "UPDATE 1"

    async def set_round_told(self, tournament_id: int, number: int) -> None:
        await self._execute(
            "UPDATE tournament_rounds SET told = TRUE WHERE tournament_id = $1 AND number = $2",
            tournament_id,
            number,
        )

    async def tournament_of_table(self, table_id: int) -> TableLink | None:
        rows = await self._fetch(LINK_OF, table_id)
        return link_from_row(rows[0] if rows else None)


class _Unchanged(Exception):
    """Raised inside a transaction to undo it whole."""
