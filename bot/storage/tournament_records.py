"""What the store holds of tournaments (issue 60): the tournament, who
registered, its rounds and which table plays which place of a round. Plain
data; the rounds' contents are the JSON of bot/tournaments/model.py, which
the store keeps without reading."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.storage.records import TableLink as TableLink  # its home is the table's record

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
