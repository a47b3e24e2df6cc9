"""`CachedStore`'s tournaments: read and written through (a tournament
changes a few times an evening), but a round's new table joins the copies
as `create_table`'s does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.storage.records import TableRecord
from bot.storage.tournament_records import RoundRecord, TableLink, TournamentRecord

if TYPE_CHECKING:
    from bot.storage.store import Store


class CachedTournaments:
    """Needs the cache's `inner`, `_quiet` and `_keep`."""

    if TYPE_CHECKING:
        inner: Store

        async def _quiet(self) -> None: ...

        def _keep(self, copy: TableRecord) -> None: ...

    async def create_tournament(
        self,
        chat_id: int,
        thread_id: int | None,
        creator_id: int,
        preset: str,
        options: dict[str, Any],
        settings: dict[str, Any],
    ) -> TournamentRecord | None:
        return await self.inner.create_tournament(
            chat_id, thread_id, creator_id, preset, options, settings
        )

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        return await self.inner.get_tournament(tournament_id)

    async def open_tournament_in_chat(self, chat_id: int) -> TournamentRecord | None:
        return await self.inner.open_tournament_in_chat(chat_id)

    async def tournaments_with_status(self, *statuses: str) -> list[TournamentRecord]:
        return await self.inner.tournaments_with_status(*statuses)

    async def enter_tournament(
        self, tournament_id: int, user_id: int, name: str, partner: int | None = None
    ) -> bool:
        return await self.inner.enter_tournament(tournament_id, user_id, name, partner)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        return await self.inner.leave_tournament(tournament_id, user_id)

    async def save_tournament(self, record: TournamentRecord) -> TournamentRecord:
        return await self.inner.save_tournament(record)

    async def add_round(self, tournament_id: int, number: int, round: dict[str, Any]) -> bool:
        return await self.inner.add_round(tournament_id, number, round)

    async def tournament_rounds(self, tournament_id: int) -> list[RoundRecord]:
        return await self.inner.tournament_rounds(tournament_id)

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
        await self._quiet()  # as create_table: no write may miss the new copy
        created = await self.inner.create_tournament_table(
            link, chat_id, chat_title, creator_id, preset, options, settings, thread_id
        )
        if created is not None:
            self._keep(created.copy())
        return created

    async def finish_round(
        self, tournament_id: int, number: int, outcomes: list[dict[str, Any]]
    ) -> bool:
        return await self.inner.finish_round(tournament_id, number, outcomes)

    async def set_round_told(self, tournament_id: int, number: int) -> None:
        await self.inner.set_round_told(tournament_id, number)

    async def tournament_of_table(self, table_id: int) -> TableLink | None:
        return await self.inner.tournament_of_table(table_id)
