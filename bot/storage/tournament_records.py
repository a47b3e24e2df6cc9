"""What the store holds of tournaments (issue 60): the tournament, who
registered, its rounds and which table plays which place of a round. Plain
data; the rounds' contents are the JSON of bot/tournaments/model.py, which
the store keeps without reading."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.storage.records import TableRecord

REGISTERING = "registering"
RUNNING = "running"
ENDED = "finished"
STOPPED = "stopped"
OPEN_TOURNAMENT = (REGISTERING, RUNNING)


@dataclass(frozen=True, slots=True)
class Entry:
    user_id: int
    name: str
    partner: int | None = None  # kozel: who they registered with


@dataclass(slots=True)
class TournamentRecord:
    id: int
    chat_id: int
    thread_id: int | None
    creator_id: int
    preset: str
    options: dict[str, Any]  # the game's, for every table
    settings: dict[str, Any]  # the tournament's own (formats.Settings)
    status: str
    plan: dict[str, Any] | None  # fixed when it starts (formats.Plan)
    message_id: int | None
    version: int
    created_at: float
    updated_at: float
    entries: list[Entry] = field(default_factory=list)  # in the order they registered

    def entry_of(self, user_id: int) -> Entry | None:
        return next((e for e in self.entries if e.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class RoundRecord:
    number: int
    round: dict[str, Any]  # model.Round
    outcomes: list[dict[str, Any]] | None  # model.Outcome per table, once all ended
    told: bool  # its standings were posted
    tables: dict[int, int]  # the table's place in the round -> its table id


@dataclass(frozen=True, slots=True)
class TableLink:
    """Which round, and which of its tables, an ordinary table plays."""

    tournament_id: int
    round: int
    position: int


class TournamentStore(Protocol):
    """The `Store`'s tournament half (bot/storage/store.py)."""

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

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None: ...

    async def open_tournament_in_chat(self, chat_id: int) -> TournamentRecord | None:
        """The group's tournament that registers or runs."""

    async def tournaments_with_status(self, *statuses: str) -> list[TournamentRecord]: ...

    async def enter_tournament(
        self, tournament_id: int, user_id: int, name: str, partner: int | None = None
    ) -> bool:
        """Register the person while registration is open; False if they are
        in already or it is closed. Bumps the version, so a start that read
        the entries before cannot commit without them. `partner`: a
        registered person without a partner yet, who becomes theirs (False,
        and nothing written, when that person is not free)."""

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Take the person off while registration is open (their partner, if
        any, is free again); False if not there."""

    async def save_tournament(self, record: TournamentRecord) -> TournamentRecord:
        """Write status, settings, plan and message if nobody changed the
        tournament since it was read; bumps the version. Raises `Conflict`."""

    async def add_round(self, tournament_id: int, number: int, round: dict[str, Any]) -> bool:
        """Store a round; False (and nothing written) if it exists already."""

    async def tournament_rounds(self, tournament_id: int) -> list[RoundRecord]:
        """Every round, in order, with its tables opened so far."""

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
        """A new lobby for a round's table and its link, in one transaction;
        None (and nothing written) if that table of the round exists."""

    async def finish_round(
        self, tournament_id: int, number: int, outcomes: list[dict[str, Any]]
    ) -> bool:
        """Record a round's results once: False if they were recorded before."""

    async def set_round_told(self, tournament_id: int, number: int) -> None: ...

    async def tournament_of_table(self, table_id: int) -> TableLink | None: ...
