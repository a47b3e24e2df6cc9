"""What a database must do for the one store (bot/storage/store.py): read,
write one statement, and run a transaction, all in PostgreSQL's words.

Every operation of the store is written once, as SQL in PostgreSQL's
dialect (`$n` placeholders, `= ANY($n::type[])` for a list) plus a row
mapper (a read) or a transaction body (a write). A backend is a `Driver`:
SQLite's (bot/storage/sqlite.py) renders each statement once into its own
dialect (`render_sqlite`) and keeps its group commit; PostgreSQL's
(bot/storage/postgres.py) keeps its queue of jobs, locks and leases.

A transaction body is a generator: it yields each `Step` and is sent back
what the step did (`Done`), so a write that decides by what it found
(chips: a ledger row already there; a toggle) is written once and driven by
either backend: SQLite's on its database thread in one trip, PostgreSQL's
over its connection. What it returns is the transaction's result; what it
raises undoes the whole transaction and reaches the caller.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from bot.storage.records import StorageError

T = TypeVar("T")
Row = Sequence[Any]


@dataclass(frozen=True, slots=True)
class Step:
    """One statement of a transaction; `many`: `args` is a list of argument rows."""

    sql: str
    args: Sequence[Any] = ()
    many: bool = False


@dataclass(frozen=True, slots=True)
class Done:
    """What a step did: the rows it changed (-1 for `many`) and the rows it returned."""

    count: int
    rows: list[Row]


Body = Generator[Step, Done, T]


class Duplicate(StorageError):
    """A unique constraint refused a write (each driver turns its own error into this)."""


class Unchanged(StorageError):
    """Raised by a body to undo its transaction whole (a step that had to change a row did not)."""


class Driver(Protocol):
    async def read(self, sql: str, args: Sequence[Any] = (), aside: bool = False) -> list[Row]:
        """The rows of one query. `aside`: a long read that may run on a
        connection of its own, so that no write waits for it (SQLite's /top)."""

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """One statement, committed in order with the writes around it; the rows it changed."""

    async def transact(self, body: Callable[[], Body[T]], readonly: bool = False) -> T:
        """Run `body()` as one transaction, all or nothing; its result. `readonly`:
        it only reads, and sees one state of the database throughout."""

    async def close(self) -> None: ...


def steps(*changes: tuple[str, Sequence[Any], bool]) -> Callable[[], Body[bool]]:
    """A body of (statement, arguments, must change one row) steps: True, or
    `Unchanged` (nothing stays) when a step that must change a row did not."""

    def body() -> Body[bool]:
        for sql, args, one in changes:
            done = yield Step(sql, args)
            if one and done.count != 1:
                raise Unchanged(sql)
        return True

    return body


_ANY = re.compile(r"=\s*ANY\(\$(\d+)(?:::[a-z]+\[\])?\)")
_CAST = re.compile(r"::[a-z]+(?:\[\])?")
_MARK = re.compile(r"\$(\d+)")


@lru_cache(maxsize=512)
def render_sqlite(sql: str) -> tuple[str, bool]:
    """A statement in SQLite's words, and whether it takes a list (bound as
    JSON): `$n` becomes `?n`, `= ANY($n::type[])` becomes an `IN` over
    `json_each(?n)`, and casts go."""
    text, lists = _ANY.subn(r"IN (SELECT value FROM json_each(?\1))", sql)
    text = _CAST.sub("", text)
    return _MARK.sub(r"?\1", text), lists > 0
