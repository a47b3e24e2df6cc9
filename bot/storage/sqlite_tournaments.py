"""The SQLite store's tournaments (bot/storage/tournament_records.py): a
mixin of `SqliteStore`, on its connection and its group commit."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.storage.records import Conflict, TableRecord
from bot.storage.shared_sql import insert_params
from bot.storage.sqlite_commits import GroupCommit
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


def _q(sql: str) -> str:
    return sql.replace("$", "?")  # ?1, ?2: numbered


class SqliteTournaments:
    """Needs the store's `_commits`, `_fetchall`, `_write` and `get_table`."""

    _commits: GroupCommit

    if TYPE_CHECKING:

        async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

        async def _write(self, sql: str, params: Sequence[Any]) -> int: ...

        async def get_table(self, table_id: int) -> TableRecord | None: ...

    async def _tournaments_where(
        self, condition: str, params: Sequence[Any]
    ) -> list[TournamentRecord]:
        rows = await self._fetchall(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE {condition} ORDER BY id", params
        )
        found = [tournament_from_row(row) for row in rows]
        if not found:
            return found
        marks = ", ".join("?" for _ in found)
        entries = await self._fetchall(
            f"{ENTRIES} IN ({marks}){ENTRIES_ORDER}", [r.id for r in found]
        )
        return with_entries(found, entries)

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
        try:
            tournament_id = await self._commits.run(
                lambda c: c.execute(_q(INSERT_TOURNAMENT), values).lastrowid
            )
        except sqlite3.IntegrityError:
            return None  # the group has an open tournament
        assert tournament_id is not None
        return await self.get_tournament(tournament_id)

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        found = await self._tournaments_where("id = ?", (tournament_id,))
        return found[0] if found else None

    async def open_tournament_in_chat(self, chat_id: int) -> TournamentRecord | None:
        found = await self._tournaments_where(
            "chat_id = ? AND status IN (?, ?)", (chat_id, *OPEN_TOURNAMENT)
        )
        return found[0] if found else None

    async def tournaments_with_status(self, *statuses: str) -> list[TournamentRecord]:
        marks = ", ".join("?" for _ in statuses)
        return await self._tournaments_where(f"status IN ({marks})", statuses)

    async def enter_tournament(
        self, tournament_id: int, user_id: int, name: str, partner: int | None = None
    ) -> bool:
        def enter(connection: sqlite3.Connection) -> bool:
            if connection.execute(_q(BUMP_REGISTERING), (tournament_id, time.time())).rowcount != 1:
                return False
            if connection.execute(_q(INSERT_ENTRY), (tournament_id, user_id, name)).rowcount != 1:
                raise _Unchanged  # in already: the bump is undone too
            if partner is not None:
                taken = connection.execute(_q(TAKE_PARTNER), (tournament_id, user_id, partner))
                if taken.rowcount != 1:
                    raise _Unchanged  # not registered, or not free: nothing stays
                connection.execute(_q(SET_PARTNER), (tournament_id, user_id, partner))
            return True

        try:
            return await self._commits.run(enter)
        except _Unchanged:
            return False

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        def leave(connection: sqlite3.Connection) -> bool:
            if connection.execute(_q(BUMP_REGISTERING), (tournament_id, time.time())).rowcount != 1:
                return False
            gone = connection.execute(
                "DELETE FROM tournament_entries WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            ).rowcount
            if gone != 1:
                raise _Unchanged
            connection.execute(_q(FREE_PARTNER), (tournament_id, user_id))
            return True

        try:
            return await self._commits.run(leave)
        except _Unchanged:
            return False

    async def save_tournament(self, record: TournamentRecord) -> TournamentRecord:
        now = time.time()
        saved = await self._write(_q(UPDATE_TOURNAMENT), update_tournament_params(record, now))
        if saved != 1:
            raise Conflict(f"tournament {record.id} changed since version {record.version}")
        record.version += 1
        record.updated_at = now
        return record

    async def add_round(self, tournament_id: int, number: int, round: dict[str, Any]) -> bool:
        return await self._write(_q(INSERT_ROUND), (tournament_id, number, json.dumps(round))) == 1

    async def tournament_rounds(self, tournament_id: int) -> list[RoundRecord]:
        def read(connection: sqlite3.Connection) -> list[RoundRecord]:
            rounds = connection.execute(_q(ROUNDS), (tournament_id,)).fetchall()
            tables = connection.execute(_q(ROUND_TABLES), (tournament_id,)).fetchall()
            return rounds_from_rows(rounds, tables)

        # One job: no round's table can be linked between the two reads.
        return await self._commits.run(read)

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

        def create(connection: sqlite3.Connection) -> int | None:
            table_id = connection.execute(_q(INSERT_TOURNAMENT_TABLE), values).lastrowid
            connection.execute(
                _q(INSERT_LINK), (link.tournament_id, link.round, link.position, table_id)
            )
            return table_id

        try:
            table_id = await self._commits.run(create)
        except sqlite3.IntegrityError:
            return None  # that table of the round was opened before; nothing written
        assert table_id is not None
        return await self.get_table(table_id)

    async def finish_round(
        self, tournament_id: int, number: int, outcomes: list[dict[str, Any]]
    ) -> bool:
        params = (tournament_id, number, json.dumps(outcomes))
        return await self._write(_q(FINISH_ROUND), params) == 1

    async def set_round_told(self, tournament_id: int, number: int) -> None:
        await self._write(
            "UPDATE tournament_rounds SET told = 1 WHERE tournament_id = ? AND number = ?",
            (tournament_id, number),
        )

    async def tournament_of_table(self, table_id: int) -> TableLink | None:
        rows = await self._fetchall(_q(LINK_OF), (table_id,))
        return link_from_row(rows[0] if rows else None)


class _Unchanged(Exception):
    """Raised inside a write to undo it whole (its savepoint rolls back)."""
