"""Storage: the `Store` interface, its records, and the backends.

`open_store(url, cache=...)` is the one place that chooses a backend; the
service only ever sees a `Store`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from bot.storage.cached import CachedStore
from bot.storage.records import (
    CLOSED,
    COMPUTER,
    FINISHED,
    HUMAN,
    LOBBY,
    OPEN_STATUSES,
    PAYOUT,
    PLAYING,
    REFUND,
    STAKE,
    ChipEntry,
    ChipMoves,
    ChipRow,
    Conflict,
    LeaderRow,
    MatchResult,
    RatingRecord,
    ResultRow,
    SeasonWrite,
    Seat,
    SeatResult,
    ShortOfChips,
    StorageError,
    TableRecord,
    UserRecord,
    computer_key,
    person_key,
)
from bot.storage.seasons import ChatSeason, SeasonLine
from bot.storage.store import LOCK_CONNECTIONS, Shared, SharedLocks, Store
from bot.storage.url import BACKENDS, DatabaseUrl, parse_database_url


async def open_store(
    url: DatabaseUrl,
    cache: bool = True,
    durable: bool = True,
    locks: int = LOCK_CONNECTIONS,
    on_commit: Callable[[float], None] | None = None,
) -> Store:
    """The backend `url` names, opened and migrated; with `cache`, behind
    write-through copies (right for one process that alone writes the database).
    `durable`: a commit is on the disk before it returns, so it survives a
    power loss too, not only a crash of the bot (see DATABASE_SYNC). `locks`:
    connections a PostgreSQL store keeps for tables' locks, at most
    (DATABASE_LOCKS). `on_commit`: told each table save's seconds."""
    backend = importlib.import_module(BACKENDS[url.scheme])
    store: Store = await backend.open_backend(
        url, durable=durable, locks=locks, on_commit=on_commit
    )
    return CachedStore(store) if cache else store


def sharing(store: Store) -> Shared | None:
    """The locks and leases that hold across processes when the store can be
    shared by several workers (PostgreSQL); None for SQLite, which is one
    process's."""
    locks: SharedLocks | None = getattr(store.driver, "locks", None)
    lanes: SharedLocks | None = getattr(store.driver, "leases", None)
    if locks is None or lanes is None:
        return None
    return Shared(locks, lanes)


__all__ = [
    "CLOSED",
    "COMPUTER",
    "FINISHED",
    "HUMAN",
    "LOBBY",
    "LOCK_CONNECTIONS",
    "OPEN_STATUSES",
    "PAYOUT",
    "PLAYING",
    "REFUND",
    "STAKE",
    "CachedStore",
    "ChatSeason",
    "ChipEntry",
    "ChipMoves",
    "ChipRow",
    "Conflict",
    "DatabaseUrl",
    "LeaderRow",
    "MatchResult",
    "RatingRecord",
    "ResultRow",
    "SeasonLine",
    "SeasonWrite",
    "Seat",
    "SeatResult",
    "Shared",
    "SharedLocks",
    "ShortOfChips",
    "StorageError",
    "Store",
    "TableRecord",
    "UserRecord",
    "computer_key",
    "open_store",
    "parse_database_url",
    "person_key",
    "sharing",
]
