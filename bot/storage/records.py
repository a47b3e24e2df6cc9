"""What the store holds, as the service reads and writes it: tables with their
seats, people, and the errors a store raises. Plain data, no I/O."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import MatchState, RuleSet

HUMAN = "human"
COMPUTER = "computer"

LOBBY = "lobby"
PLAYING = "playing"
FINISHED = "finished"
CLOSED = "closed"
OPEN_STATUSES = (LOBBY, PLAYING)

SeatRow = tuple[Any, ...]


class StorageError(RuntimeError):
    """The database cannot be used: the message says what to do about it."""


class Conflict(RuntimeError):
    """Someone else changed the table first (the version check failed)."""


@dataclass(slots=True)
class Seat:
    seat: int
    user_id: int  # negative for computer seats (unique within the table)
    name: str
    hand_message_id: int | None = None
    hand_digest: str | None = None
    kind: str = HUMAN
    level: str | None = None  # a computer seat's level
    auto: bool = False  # a person's seat that the computer plays for now
    missed: int = 0  # the person's turns in a row that the timer played

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    @property
    def played_by_computer(self) -> bool:
        return self.kind == COMPUTER or self.auto

    def row(self) -> SeatRow:
        """What saving a table writes of a seat (message bookkeeping is apart)."""
        return (self.seat, self.user_id, self.name, self.kind, self.level, self.auto, self.missed)


@functools.lru_cache(maxsize=1024)
def _rules(preset: str, options: tuple[tuple[str, Any], ...]) -> RuleSet:
    """Validated rules are immutable: tables with the same options share them
    (validation ran for every screen the bot drew, several per tap)."""
    return RuleSet.create(preset, dict(options))


@dataclass(frozen=True, slots=True)
class TableLink:
    """Which tournament round, and which of its tables, a table plays
    (stored in `tournament_tables`, read with the table)."""

    tournament_id: int
    round: int
    position: int


@dataclass(slots=True)
class TableRecord:
    id: int
    chat_id: int
    chat_title: str
    status: str
    creator_id: int
    preset: str
    options: dict[str, Any]
    seed: int | None
    state: MatchState | None
    version: int
    lobby_message_id: int | None
    live_message_id: int | None
    turn_deadline: float | None
    created_at: float
    updated_at: float
    seats: list[Seat] = field(default_factory=list)
    turn_reminded: bool = False
    practice: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    told_step: int = 0  # moves whose messages have all gone out
    # The seats as the store holds them at `version` (None: not known). Any
    # change of seats bumps the version, so a save that passes the version
    # check and finds them unchanged need not write them.
    stored_seats: tuple[SeatRow, ...] | None = None
    # The secret half of the table's join link (bot/tables/core.py
    # `join_link`): set when the table is created, never changed.
    join_token: str | None = None
    # The forum topic the table lives in (its message_thread_id), where every
    # group message of the table goes; None: a plain group, a forum's General,
    # or a private chat. Set when the table is created, never changed.
    thread_id: int | None = None
    # The tournament round it plays (its row of `tournament_tables`); None:
    # no tournament's. Set when the table is created, never changed.
    tournament: TableLink | None = None
    # The checkable shuffle's secret (docs/RULES.md 9): drawn when the table
    # is created, never changed; its match deals from it once started
    # (`state.shuffle`). None: a table opened before the checkable shuffle,
    # dealt from `seed` as it always was.
    shuffle_secret: str | None = None

    @property
    def rules(self) -> RuleSet:
        """The rules the match is played by once it started (a table stored
        before a default changed keeps the rules it was dealt with), else
        the lobby's preset and options."""
        if self.state is not None:
            return self.state.rules
        try:
            return _rules(self.preset, tuple(sorted(self.options.items())))
        except TypeError:  # an unhashable option value: validate it the long way
            return RuleSet.create(self.preset, self.options)

    def seat_of(self, user_id: int) -> Seat | None:
        return next((seat for seat in self.seats if seat.user_id == user_id), None)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in sorted(self.seats, key=lambda s: s.seat))

    def seat_rows(self) -> tuple[SeatRow, ...]:
        return tuple(s.row() for s in self.seats)

    def copy(self) -> TableRecord:
        """A private copy: callers change records freely, a kept one never moves."""
        return TableRecord(
            self.id,
            self.chat_id,
            self.chat_title,
            self.status,
            self.creator_id,
            self.preset,
            dict(self.options),
            self.seed,
            self.state,  # immutable
            self.version,
            self.lobby_message_id,
            self.live_message_id,
            self.turn_deadline,
            self.created_at,
            self.updated_at,
            [_copy_seat(s) for s in self.seats],
            self.turn_reminded,
            self.practice,
            dict(self.settings),
            self.told_step,
            self.stored_seats,
            self.join_token,
            self.thread_id,
            self.tournament,  # immutable
            self.shuffle_secret,
        )


def _copy_seat(s: Seat) -> Seat:
    return Seat(
        s.seat,
        s.user_id,
        s.name,
        s.hand_message_id,
        s.hand_digest,
        s.kind,
        s.level,
        s.auto,
        s.missed,
    )


@dataclass(slots=True)
class UserRecord:
    user_id: int
    name: str
    username: str | None
    language_code: str | None
    lang: str | None
    started: bool

    def copy(self) -> UserRecord:
        return UserRecord(
            self.user_id, self.name, self.username, self.language_code, self.lang, self.started
        )


# -- a finished match's results --------------------------------------------------------

Skill = tuple[float, float]  # a rating as the rating library keeps it: (mu, sigma)
# New ratings from the current ones (players not yet rated are absent):
# player -> (before, after). The store calls it inside the transaction that
# writes the match's last move, so two matches ending at once never rate from
# the same old numbers.
Rater = Callable[[Mapping[str, Skill]], Mapping[str, tuple[Skill, Skill]]]


def person_key(user_id: int) -> str:
    """Whose rating a seat moves: a person by their Telegram id..."""
    return f"u:{user_id}"


def computer_key(level: str) -> str:
    """...a computer by its level, so that "hard" has a strength of its own."""
    return f"cpu:{level}"


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    player: str  # person_key or computer_key
    user_id: int | None  # a person's; None for a computer
    level: str | None  # a computer's
    name: str
    side: int
    place: int
    penalties: int
    deals: int
    deals_won: int
    trick_points: int
    combinations: int
    claims_right: int
    claims_wrong: int


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What `save_table` writes beside a match's last move."""

    game: str  # the preset
    options: dict[str, Any]
    chat_id: int
    practice: bool
    seats: tuple[SeatResult, ...]
    rate: Rater | None = None  # None: the match moves no rating
    season: SeasonWrite | None = None  # a group match's season part (issue 68)


@dataclass(frozen=True, slots=True)
class SeasonWrite:
    """What a group match adds to its group's season, written with its
    results (bot/storage/season_sql.py): the month's board, how each
    person's part ended, and the achievements it earned."""

    month: str  # 'YYYY-MM' (UTC) of the match's end, the board it counts on
    at: float  # the match's end by the bot's clock
    outcomes: tuple[tuple[int, str], ...] = ()  # (user id, outcome)
    achievements: tuple[tuple[int, str], ...] = ()  # (user id, achievement id)


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat of a finished match as stored."""

    table_id: int
    chat_id: int
    game: str
    practice: bool
    finished_at: float
    result: SeatResult
    before: Skill | None = None  # the seat's rating before the match (None: unrated)
    after: Skill | None = None


@dataclass(frozen=True, slots=True)
class RatingRecord:
    game: str
    player: str
    mu: float
    sigma: float
    matches: int


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One line of a leaderboard: a player's rated matches in a game."""

    player: str
    user_id: int | None
    level: str | None
    name: str  # as they were called in their latest match
    matches: int
    wins: int
    mu: float | None  # None: never rated (results from before ratings)


# -- chip balances (virtual chips, never money) ----------------------------------------

STAKE = "stake"  # taken from a person's balance when the match starts (amount < 0)
PAYOUT = "payout"  # their part of the bank when the match ends (amount >= 0)
REFUND = "refund"  # their stake back when the match is abandoned (amount >= 0)


@dataclass(frozen=True, slots=True)
class ChipEntry:
    """One change of one person's balance, caused by one table."""

    table_id: int
    user_id: int
    kind: str  # STAKE, PAYOUT or REFUND: a person has at most one of each per table
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class ChipMoves:
    """What `save_table` writes to the balances beside a table's change.

    An entry already in the ledger (same table, person and kind) is skipped,
    so writing the same moves again changes nothing. If any balance would go
    below zero, nothing of the save is written and `ShortOfChips` names who."""

    chat_id: int
    start: int  # the balance of a person the group has not seen play yet
    entries: tuple[ChipEntry, ...]


@dataclass(frozen=True, slots=True)
class ChipRow:
    """A ledger row as stored: the change and the balance just after it."""

    table_id: int
    user_id: int
    kind: str
    chat_id: int
    seat: int
    amount: int
    balance: int


def chip_order(entries: tuple[ChipEntry, ...]) -> list[ChipEntry]:
    """The order a store writes changes in: by person, so two saves that move
    the same balances lock them in the same order (no deadlock between
    PostgreSQL workers), and a person's stake before anything paid to them
    in the same save (a payout never covers the stake it comes from)."""
    return sorted(entries, key=lambda entry: (entry.user_id, entry.kind != STAKE))


class ShortOfChips(RuntimeError):
    """A save's stakes are more than some balances hold: nothing was written."""

    def __init__(self, users: tuple[int, ...]) -> None:
        super().__init__(f"short of chips: {users}")
        self.users = users
