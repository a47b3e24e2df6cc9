"""The storage interface: exactly the operations the table service uses.

A backend implements `Store`; `CachedStore` (bot/storage/cached.py) wraps one
with write-through copies for a single process. The service never writes SQL
and never learns which backend it talks to.

What every backend promises:
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

from collections.abc import Callable, Hashable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from bot.storage.records import (
    ChipMoves,
    ChipRow,
    LeaderRow,
    MatchResult,
    RatingRecord,
    ResultRow,
    TableRecord,
    UserRecord,
)
from bot.storage.tournament_records import TournamentStore
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


class Store(TournamentStore, Protocol):
    async def close(self) -> None: ...

    # -- people and chats
    async def remember_user(
        self, user_id: int, name: str, username: str | None, language_code: str | None
    ) -> None: ...

    async def set_started(self, user_id: int, started: bool) -> None:
        """Whether the bot may write to the person in private."""

    async def set_user_lang(self, user_id: int, lang: str) -> None: ...

    async def get_user(self, user_id: int) -> UserRecord | None: ...

    async def get_chat_lang(self, chat_id: int) -> str | None: ...

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None: ...

    # -- tables
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

    async def get_table(self, table_id: int) -> TableRecord | None:
        """The table with its seats; the caller owns the record it gets."""

    async def open_table_in_chat(
        self, chat_id: int, thread_id: int | None = None
    ) -> TableRecord | None:
        """The open table (lobby or playing) of a chat's topic (None: of the
        chat itself, or a forum's General): each topic is a place of its own.
        A tournament's tables are not it (several share a place)."""

    async def open_tables_in_chat(self, chat_id: int) -> list[TableRecord]:
        """Every open table of a chat, in all its topics (the bot left it)."""

    async def tables_with_status(self, *statuses: str) -> list[TableRecord]: ...

    async def table_ids_with_status(self, *statuses: str) -> list[int]:
        """Just the ids, in order: cheap enough to ask every minute (the watchdog)."""

    async def open_tables_of(self, user_id: int) -> list[int]:
        """Open tables (lobby or playing) where the person sits or that they opened."""

    async def count_open_practice(self) -> int:
        """Practice tables open now, over the whole bot."""

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

    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> None: ...

    # -- message bookkeeping (no new version)
    async def set_message_ids(
        self,
        table_id: int,
        lobby_message_id: int | None = None,
        live_message_id: int | None = None,
    ) -> None: ...

    async def clear_live_message(self, table_id: int) -> None: ...

    async def set_hand_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None
    ) -> None:
        """Which message shows a seat's hand, and a digest of what it shows
        (a backend may keep the digest as unknown)."""

    async def set_turn_reminded(self, table_id: int) -> None: ...

    async def set_told_step(self, table_id: int, step: int) -> None:
        """Moves up to `step` have all been told (it never goes back)."""

    # -- the log and recovery
    async def action_log(self, table_id: int) -> list[tuple[int, int | None, Action]]:
        """(seq, user id, action) of every committed move, in order."""

    async def untold_tables(self) -> list[int]:
        """Running or finished tables with committed moves nobody was told
        about; read from an index of just those (S21), not from every table."""

    # -- chip balances (virtual chips)
    async def chip_balance(self, chat_id: int, user_id: int) -> int | None:
        """A person's chips in a group; None before their first stake there."""

    async def chip_balances(self, chat_id: int) -> dict[int, int]:
        """Every balance the group has: person -> chips."""

    async def table_chips(self, table_id: int) -> list[ChipRow]:
        """The table's ledger: stakes first, then payouts or refunds, by seat."""

    # -- results and ratings
    async def match_results(self, table_id: int) -> list[ResultRow]:
        """The finished match's rows, by seat (none while it runs)."""

    async def player_results(self, user_id: int, chat_id: int | None = None) -> list[ResultRow]:
        """A person's rows, oldest first: in one group, or (None) everywhere."""

    async def recent_results(self, chat_id: int, matches: int) -> list[ResultRow]:
        """The rows of the group's last `matches` finished matches, newest
        match first, by seat within a match."""

    async def player_ratings(self, player: str) -> list[RatingRecord]:
        """A player's rating in every game they were rated in."""

    async def leaderboard(
        self, game: str, chat_id: int | None, min_matches: int, limit: int
    ) -> list[LeaderRow]:
        """Players of a game with at least `min_matches` rated (not practice)
        matches, in one group or (None) everywhere: most wins first, then the
        higher rating."""

    # -- /notify
    async def toggle_notify(self, chat_id: int, user_id: int) -> bool:
        """Turn the person's notice of new tables in the group on, or off when
        it was on; whether it is on now."""

    async def notify_list(self, chat_id: int, limit: int) -> list[int]:
        """Who asked for the group's notices, the earliest `limit` of them."""

    # -- privacy
    async def forget_user(self, user_id: int, placeholder: str) -> None:
        """Erase what is stored about a person: their record (name, username,
        languages) goes, and their name in ended tables' seats and in
        tournaments' registrations becomes `placeholder`. Open tables are
        left alone (the service refuses while they sit at one)."""

    async def prune_action_logs(self, ended_before: float) -> int:
        """Delete the action logs of tables that ended (and were told in full)
        before this time; the number of log entries deleted."""

    async def prune_closed_lobbies(self, closed_before: float) -> int:
        """Delete the lobbies closed before this time that never started
        (`/new` then `/stop`, or nobody came), seats and all; how many."""
