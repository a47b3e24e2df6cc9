"""The store's tournaments (issue 60; records in
bot/storage/tournament_records.py, SQL in tournament_sql.py): a part of
`Store` (bot/storage/store.py), over its driver."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.storage.driver import Body, Driver, Duplicate, Step, Unchanged, steps
from bot.storage.records import Conflict, TableRecord
from bot.storage.shared_sql import insert_params
from bot.storage.tournament_records import (
    ENDED,
    OPEN_TOURNAMENT,
    RoundRecord,
    TableLink,
    TournamentRecord,
)
from bot.storage.tournament_sql import (
    BUMP_REGISTERING,
    ENTRIES,
    FINISH_ROUND,
    FREE_PARTNER,
    INSERT_ENTRY,
    INSERT_LINK,
    INSERT_ROUND,
    INSERT_TOURNAMENT,
    INSERT_TOURNAMENT_TABLE,
    ROUND_TABLES,
    ROUNDS,
    SET_PARTNER,
    TAKE_PARTNER,
    TOURNAMENT_COLUMNS,
    UPDATE_TOURNAMENT,
    insert_tournament_params,
    rounds_from_rows,
    tournament_from_row,
    update_tournament_params,
    with_entries,
)

Change = tuple[str, Sequence[Any], bool]


class Tournaments:
    driver: Driver

    if TYPE_CHECKING:

        async def _insert_table(self, body: Callable[[], Body[int]]) -> TableRecord | None: ...

    async def _tournaments(self, where: str, *args: Any) -> list[TournamentRecord]:
        rows = await self.driver.read(
            f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE {where} ORDER BY id", args
        )
        found = [tournament_from_row(row) for row in rows]
        if found:
            entries = await self.driver.read(ENTRIES, ([r.id for r in found],))
            with_entries(found, entries)
        return found

    async def create_tournament(
        self,
        chat_id: int,
        thread_id: int | None,
        creator_id: int,
        preset: str,
        options: dict[str, Any],
        settings: dict[str, Any],
    ) -> TournamentRecord | None:
        """A tournament open for registration, or None when the group has one
        registering or running already."""
        values = insert_tournament_params(
            chat_id, thread_id, creator_id, preset, options, settings, time.time()
        )

        def insert() -> Body[int]:
            return int((yield Step(INSERT_TOURNAMENT + " RETURNING id", values)).rows[0][0])

        try:
            tournament_id = await self.driver.transact(insert)
        except Duplicate:
            return None  # the group has an open tournament
        return await self.get_tournament(tournament_id)

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        found = await self._tournaments("id = $1", tournament_id)
        return found[0] if found else None

    async def open_tournament_in_chat(self, chat_id: int) -> TournamentRecord | None:
        """The group's tournament that registers or runs."""
        found = await self._tournaments(
            "chat_id = $1 AND status = ANY($2::text[])", chat_id, list(OPEN_TOURNAMENT)
        )
        return found[0] if found else None

    async def tournaments_with_status(self, *statuses: str) -> list[TournamentRecord]:
        return await self._tournaments("status = ANY($1::text[])", list(statuses))

    async def ended_untold(self) -> list[TournamentRecord]:
        """Tournaments that ended but whose last round's standings (and so
        their 🏆 line, told with them) were never told: the process died
        between saving the end and telling it (N9)."""
        return await self._tournaments(
            f"status = '{ENDED}' AND EXISTS (SELECT 1 FROM tournament_rounds r"
            " WHERE r.tournament_id = tournaments.id AND NOT r.told)"
        )

    async def _registration(self, tournament_id: int, *changes: Change) -> bool:
        """Bump the version (only while registering) and make `changes`; all
        or nothing."""
        bump: Change = (BUMP_REGISTERING, (tournament_id, time.time()), True)
        try:
            return await self.driver.transact(steps(bump, *changes))
        except Unchanged:
            return False

    async def enter_tournament(
        self,
        tournament_id: int,
        user_id: int,
        name: str,
        partner: int | None = None,
        places: int = 1 << 31,
    ) -> bool:
        """Register the person while registration is open; False if they are
        in already or it is closed. Bumps the version, so a start that read
        the entries before cannot commit without them. `partner`: a
        registered person without a partner yet, who becomes theirs (False,
        and nothing written, when that person is not free). `places`: False,
        and nothing written, when that many are registered already."""
        changes: list[Change] = [(INSERT_ENTRY, (tournament_id, user_id, name, places), True)]
        if partner is not None:
            pair = (tournament_id, user_id, partner)
            changes += [(TAKE_PARTNER, pair, True), (SET_PARTNER, pair, True)]
        return await self._registration(tournament_id, *changes)

    async def pair_entries(self, tournament_id: int, user_id: int, partner: int) -> bool:
        """Two registered people, both without a partner, become a team; False
        (and nothing written) when either has one, or registration is closed."""
        return await self._registration(
            tournament_id,
            (TAKE_PARTNER, (tournament_id, user_id, partner), True),
            (TAKE_PARTNER, (tournament_id, partner, user_id), True),
        )

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Take the person off while registration is open (their partner, if
        any, is free again); False if not there."""
        delete = "DELETE FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2"
        person = (tournament_id, user_id)
        return await self._registration(
            tournament_id, (delete, person, True), (FREE_PARTNER, person, False)
        )

    async def save_tournament(self, record: TournamentRecord) -> TournamentRecord:
        """Write status, settings, plan and message if nobody changed the
        tournament since it was read; bumps the version. Raises `Conflict`."""
        now = time.time()
        saved = await self.driver.execute(UPDATE_TOURNAMENT, update_tournament_params(record, now))
        if saved != 1:
            raise Conflict(f"tournament {record.id} changed since version {record.version}")
        record.version += 1
        record.updated_at = now
        return record

    async def add_round(self, tournament_id: int, number: int, round: dict[str, Any]) -> bool:
        """Store a round; False (and nothing written) if it exists already."""
        values = (tournament_id, number, json.dumps(round))
        return await self.driver.execute(INSERT_ROUND, values) == 1

    async def tournament_rounds(self, tournament_id: int) -> list[RoundRecord]:
        """Every round, in order, with its tables opened so far."""

        def read() -> Body[list[RoundRecord]]:
            # One state: no round's table can be linked between the two reads.
            rounds = yield Step(ROUNDS, (tournament_id,))
            tables = yield Step(ROUND_TABLES, (tournament_id,))
            return rounds_from_rows(rounds.rows, tables.rows)

        return await self.driver.transact(read, readonly=True)

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
        shuffle_secret: str | None = None,
    ) -> TableRecord | None:
        """A new lobby for a round's table and its link, in one transaction;
        None (and nothing written) if that table of the round exists.
        `shuffle_secret`: the one its duplicate round's tables of its size share."""
        now = time.time()
        values = insert_params(
            chat_id,
            chat_title,
            creator_id,
            preset,
            options,
            settings,
            False,
            now,
            thread_id,
            shuffle_secret,
        )

        def insert() -> Body[int]:
            created = yield Step(INSERT_TOURNAMENT_TABLE, (*values, link.tournament_id))
            table_id: int = created.rows[0][0]
            yield Step(INSERT_LINK, (link.tournament_id, link.round, link.position, table_id))
            return table_id

        return await self._insert_table(insert)

    async def finish_round(
        self, tournament_id: int, number: int, outcomes: list[dict[str, Any]]
    ) -> bool:
        """Record a round's results once: False if they were recorded before."""
        values = (tournament_id, number, json.dumps(outcomes))
        return await self.driver.execute(FINISH_ROUND, values) == 1

    async def set_round_told(self, tournament_id: int, number: int) -> None:
        await self.driver.execute(
            "UPDATE tournament_rounds SET told = TRUE WHERE tournament_id = $1 AND number = $2",
            (tournament_id, number),
        )
