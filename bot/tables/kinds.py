"""What a kind of table does. A table is ordinary (a group's), a practice
game (in one person's private chat, against computers), a rematch's lobby
(the same people, each confirming with one tap) or a tournament's round
table (seated by its round, its result counted). The rooms ask the table's
kind, picked once by `kind_of`, instead of testing flags and settings keys:
a new kind of table is a new class here, not an `if` in every room.

A table's own settings (its turn time, the rematch link, who has not
confirmed, a duplicate round's seed) are a typed `TableSettings`, stored as
today's JSON keys in `TableRecord.settings`. Its tournament link is a
column of its own, `TableRecord.tournament` (the store's `tournament_tables`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bot.storage import TableRecord
from bot.storage.records import TableLink
from bot.tables.audience import GROUP_TABLE, ONE_CHAT, Audience

# The JSON keys, as stored since the first tables (do not rename).
_TURN_TIME = "turn_time"
_REMATCH_OF = "rematch_of"
_WAITING = "waiting"
_DEAL_SEED = "deal_seed"
# The tournament link's old copy (the migration 202612070713 removes it; the
# link is `TableRecord.tournament`): read as nothing, never written back.
_FORMER = ("tournament",)
_KNOWN = (_TURN_TIME, _REMATCH_OF, _WAITING, _DEAL_SEED, *_FORMER)


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table's own settings beside its game's rules."""

    turn_time: int | None = None  # seconds a person has for a move (None: the bot's)
    rematch_of: int | None = None  # the finished table a rematch's lobby replays
    waiting: tuple[int, ...] = ()  # people seated for them who have not confirmed yet
    deal_seed: int | None = None  # a duplicate round's seed, shared by its tables of a size
    other: tuple[tuple[str, Any], ...] = ()  # keys this version does not know, kept

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSettings:
        seed = data.get(_DEAL_SEED)
        turn = data.get(_TURN_TIME)
        rematch = data.get(_REMATCH_OF)
        return cls(
            turn_time=None if turn is None else int(turn),
            rematch_of=None if rematch is None else int(rematch),
            waiting=tuple(int(user_id) for user_id in data.get(_WAITING, ())),
            deal_seed=None if seed is None else int(seed),
            other=tuple((k, v) for k, v in data.items() if k not in _KNOWN),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.turn_time is not None:
            data[_TURN_TIME] = self.turn_time
        if self.rematch_of is not None:
            data[_REMATCH_OF] = self.rematch_of
        if self.waiting:
            data[_WAITING] = list(self.waiting)
        if self.deal_seed is not None:
            data[_DEAL_SEED] = self.deal_seed
        data.update(self.other)
        return data

    def but(self, **changes: Any) -> TableSettings:
        return dataclasses.replace(self, **changes)


def settings_of(table: TableRecord) -> TableSettings:
    return TableSettings.from_json(table.settings)


def set_settings(table: TableRecord, settings: TableSettings) -> None:
    """Written with the table's next save."""
    table.settings = settings.to_json()


def waiting(table: TableRecord) -> tuple[int, ...]:
    """People seated by a rematch or a round who have not yet tapped to play."""
    return settings_of(table).waiting


def confirmed(table: TableRecord, keep: Sequence[int]) -> None:
    """Only these people are still waited for."""
    set_settings(table, settings_of(table).but(waiting=tuple(keep)))


class LobbyEnd(Enum):
    """What the lobby's time running out does: closes it (nobody started
    it, after the bot's lobby time), or starts it with the computer playing
    for whoever did not confirm (after the table's turn time)."""

    CLOSE = "close"
    NO_SHOW = "no_show"


class TableKind:
    """An ordinary table in a group: anybody in the group sits while it
    waits, its creator starts it, it plays for chips and ratings, closes
    (stakes back) when its people are all gone, and offers a rematch.

    What follows a table's end is the kind's too: a rematch offered
    (`offers_rematch`), or its tournament's next step (`link`: the runner
    hears every end on `TableEvents.ended` and moves the linked one on)."""

    name = "ordinary"
    # Who hears it: its group, each person's hand in private (or, practice,
    # its one person, the table shown in the hand's own chat).
    audience: Audience = GROUP_TABLE
    # Its people all away for a whole deal, or every seat passed to a
    # computer: the table closes, the stakes go back.
    closes_when_all_away = True
    fixed_seats = False  # only those the bot seated sit (a round's table)
    confirms = False  # the lobby starts once everybody seated confirmed
    members_only = True  # a seat is for a member of the table's group
    rated = True  # results move ratings (and chips, when it has a stake)
    # 💡 on a person's hand: the hard player's move and why (bot/tables/hints.py).
    # Only where nothing is at stake: a hint at a rated table would be cheating.
    hints = False
    lobby_end = LobbyEnd.CLOSE

    @property
    def offers_rematch(self) -> bool:
        return self.audience.rematch

    def max_players(self, table: TableRecord, counts: Sequence[int]) -> int:
        return len(table.seats) if self.fixed_seats else max(counts)

    def deal_seed(self, table: TableRecord) -> int | None:
        """The seed its deals must come from; None: a fresh secret one."""
        return None

    def link(self, table: TableRecord) -> TableLink | None:
        """The tournament round it plays (its end moves the tournament on)."""
        return None


class Practice(TableKind):
    """/play in private: one person against computers, shown in their chat;
    nothing rated, no chips, no rematch button (/play again)."""

    name = "practice"
    audience = ONE_CHAT
    members_only = False
    rated = False
    hints = True


class Rematch(TableKind):
    """A rematch's lobby: the finished table's people in their seats, each
    confirming with a tap; once started it plays as an ordinary table."""

    name = "rematch"
    confirms = True


class TournamentRound(TableKind):
    """A tournament round's table: seated by the round, started when its
    players confirm (or, after the turn time, with the computer playing for
    whoever did not), played out whoever is away (its result counts), dealt
    from the round's seed with duplicate deals; its end moves the
    tournament on (bot/tables/tournament/runner.py listens)."""

    name = "tournament"
    closes_when_all_away = False
    audience = Audience(rematch=False)
    fixed_seats = True
    confirms = True
    lobby_end = LobbyEnd.NO_SHOW

    def deal_seed(self, table: TableRecord) -> int | None:
        return settings_of(table).deal_seed

    def link(self, table: TableRecord) -> TableLink | None:
        return table.tournament


class DuplicateRound(TournamentRound):
    """A duplicate round's table: every table of the round of its size is
    dealt the same cards, and they play at once in the same group. So the
    group is not shown its play (security review N5: a slower table read its
    opponents' hands off the faster one's live trick lines), only its start
    and its end; each person sees the play in their own hand, and the
    replay waits until the round is over (bot/tables/history.py)."""

    name = "duplicate"
    audience = Audience(rematch=False, group_play=False)


ORDINARY, PRACTICE, REMATCH, TOURNAMENT_ROUND, DUPLICATE_ROUND = (
    TableKind(),
    Practice(),
    Rematch(),
    TournamentRound(),
    DuplicateRound(),
)


def kind_of(table: TableRecord) -> TableKind:
    """Asked many times a move (every audience and end question): it reads
    the link and the keys that decide, as `TableSettings.from_json` reads
    them, without building the whole settings."""
    if table.practice:
        return PRACTICE
    if table.tournament is not None:
        return TOURNAMENT_ROUND if table.settings.get(_DEAL_SEED) is None else DUPLICATE_ROUND
    if table.settings.get(_REMATCH_OF) is not None:
        return REMATCH
    return ORDINARY


def audience_of(table: TableRecord) -> Audience:
    """Who hears the table's telling (its kind's audience)."""
    return kind_of(table).audience
