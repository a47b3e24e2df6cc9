"""The PostgreSQL driver, through asyncpg: for deployments whose disk does
not last (a `Procfile` host) or that already run PostgreSQL.

The store's statements are PostgreSQL's own; what this keeps is the order
and the sharing:
- work is handed to the connection in call order: one connection, and a
  queue of jobs that one task runs in order (a job is queued before the
  method's first suspension, and runs even if its caller is cancelled, as
  aiosqlite's thread does). asyncpg refuses a second operation on a
  connection while one is under way, and a pool would let a later write
  overtake an earlier one, which the cache layer must never see;
- in READ COMMITTED, a concurrent writer's UPDATE makes a save wait and
  then re-check the version, so two processes cannot both commit a move on
  the same version; the tables' locks and the message lanes' leases that
  hold across workers have connections of their own
  (bot/storage/postgres_locks.py, postgres_leases.py).

A lost connection (the server restarted) is opened again for the next job;
the job that found it lost fails, as any failed write does. A job that fails
other than by the server's refusal (a PostgresError) drops the connection
too: asyncpg may be left mid-operation and refuse everything after. A
transaction body's own refusal (`Unchanged`, `ShortOfChips`) is not the
connection's trouble: it is rolled back and handed to the caller.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar, cast

import asyncpg

from bot.storage.driver import Body, Done, Duplicate, Row, Step
from bot.storage.postgres_leases import PostgresLeases
from bot.storage.postgres_locks import PostgresLocks
from bot.storage.postgres_setup import connect, migrate, probe_write, where
from bot.storage.records import StorageError
from bot.storage.store import LOCK_CONNECTIONS, Store
from bot.storage.url import DatabaseUrl

T = TypeVar("T")
# Workers sharing the database take a game's ratings in turn, until commit.
RATINGS_LOCK = "SELECT pg_advisory_xact_lock(hashtext('ratings:' || $1))"
Job = Callable[[Any], Awaitable[Any]]  # work on an asyncpg.Connection


async def open_backend(
    url: DatabaseUrl,
    durable: bool = True,
    locks: int = LOCK_CONNECTIONS,
    on_commit: Callable[[float], None] | None = None,
) -> PostgresStore:
    """The backend `postgresql://...` names (see bot/storage/url.py);
    `locks`: connections for tables' locks, at most (DATABASE_LOCKS)."""
    driver = await PostgresDriver.open(url, durable=durable, locks=locks)
    return PostgresStore(driver, on_commit=on_commit)


def _count(status: str) -> int:
    """Rows a statement changed, from PostgreSQL's status ("UPDATE 1", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _returns(sql: str) -> bool:
    head = sql.lstrip()[:6].upper()
    return head == "SELECT" or "RETURNING" in sql


async def _run(connection: Any, step: Step) -> Done:
    if step.many:
        if step.args:
            await connection.executemany(step.sql, step.args)
        return Done(-1, [])
    if _returns(step.sql):
        rows = await connection.fetch(step.sql, *step.args)
        return Done(len(rows), list(rows))
    return Done(_count(await connection.execute(step.sql, *step.args)), [])


class _Refused:
    """A body's own exception, carried out of the job so the runner keeps the connection."""

    __slots__ = ("error",)

    def __init__(self, error: Exception) -> None:
        self.error = error


class PostgresDriver:
    """One asyncpg connection and the task that runs its jobs in order; the
    locks and leases that hold across workers have connections of their own."""

    def __init__(
        self, url: DatabaseUrl, connection: Any, durable: bool, locks: int = LOCK_CONNECTIONS
    ) -> None:
        self.url = url
        self.durable = durable
        self._connection = connection
        self._jobs: asyncio.Queue[tuple[Job, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._worker = asyncio.create_task(self._run_jobs(), name="postgres-store")
        self._closed = False
        # Several workers may share the database: tables' locks and message
        # lanes' leases that hold across them.
        self.locks = PostgresLocks(url, durable, held=locks)
        self.leases = PostgresLeases(url)

    @classmethod
    async def open(
        cls, url: DatabaseUrl, durable: bool = True, locks: int = LOCK_CONNECTIONS
    ) -> PostgresDriver:
        connection = await connect(url, durable)
        try:
            await migrate(connection, where(url))
            await probe_write(connection)
        except StorageError:  # a schema newer than the code
            await connection.close()
            raise
        except (asyncpg.PostgresError, OSError) as error:
            await connection.close()
            raise StorageError(
                f"cannot use PostgreSQL database {where(url)} ({error}): the user needs"
                " rights to create tables in it (the migrations) and to write"
            ) from None
        return cls(url, connection, durable, locks)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._jobs.put_nowait(None)
        await self._worker
        await self._connection.close()
        await self.locks.close()
        await self.leases.close()

    def _submit(self, work: Job) -> asyncio.Future[Any]:
        """Queue `work`, now: call order is the order the database sees."""
        if self._closed:
            raise StorageError("the PostgreSQL store is closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._jobs.put_nowait((work, future))
        return future

    async def _run_jobs(self) -> None:
        while (job := await self._jobs.get()) is not None:
            work, future = job
            try:
                if self._connection.is_closed():
                    self._connection = await connect(self.url, self.durable)
                result = await work(self._connection)
            except Exception as error:
                if not isinstance(error, asyncpg.PostgresError | StorageError):
                    # Not the server's answer but the client's trouble (a
                    # connection lost mid-operation leaves asyncpg's protocol
                    # in a state it cannot leave): start afresh next time.
                    self._connection.terminate()
                if not future.done():
                    future.set_exception(error)
            else:
                if not future.done():
                    future.set_result(result)

    async def read(self, sql: str, args: Sequence[Any] = (), aside: bool = False) -> list[Row]:
        return cast(list[Row], await self._submit(lambda c: c.fetch(sql, *args)))

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        return _count(await self._submit(lambda c: c.execute(sql, *args)))

    async def transact(self, body: Callable[[], Body[T]], readonly: bool = False) -> T:
        options = {"isolation": "repeatable_read", "readonly": True} if readonly else {}

        async def job(connection: Any) -> Any:
            steps = body()
            transaction = connection.transaction(**options)
            await transaction.start()
            done: Done | None = None
            try:
                while True:
                    try:
                        step = steps.send(done) if done is not None else next(steps)
                    except StopIteration as stop:
                        await transaction.commit()
                        return stop.value
                    except Exception as error:  # the body refused: undo, and say so
                        await transaction.rollback()
                        return _Refused(error)
                    done = await _run(connection, step)
            except BaseException:
                with contextlib.suppress(Exception):  # a lost connection rolls back itself
                    await transaction.rollback()
                raise

        try:
            result = await self._submit(job)
        except asyncpg.UniqueViolationError as error:
            raise Duplicate(str(error)) from error
        if isinstance(result, _Refused):
            raise result.error
        return cast(T, result)


class PostgresStore(Store):
    """The store on a PostgreSQL database, with the locks and leases its workers share."""

    driver: PostgresDriver

    def __init__(
        self,
        driver: PostgresDriver,
        ratings_lock: str | None = RATINGS_LOCK,
        on_commit: Callable[[float], None] | None = None,
    ) -> None:
        super().__init__(driver, ratings_lock, on_commit)

    @classmethod
    async def open(
        cls, url: DatabaseUrl, durable: bool = True, locks: int = LOCK_CONNECTIONS
    ) -> PostgresStore:
        return cls(await PostgresDriver.open(url, durable=durable, locks=locks))
