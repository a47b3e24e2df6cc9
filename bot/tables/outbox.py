"""Message jobs: what the service hands over to be told after a commit.

Jobs of one table run one at a time in the order they were queued, so the
group reads the game in order; the rate limiter may hold them back while the
callback answer and other tables go ahead. The service talks to Telegram
only through a `Sender` (bot/telegram/wire/messenger.py is the real one), so
nothing here imports Telegram.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from enum import Enum, IntEnum
from typing import Any, Protocol

from bot.locks import KeyedLocks, SharedLocks
from bot.view.screen import Screen

log = logging.getLogger(__name__)


class NotYet(Exception):
    """A job cannot run yet (with several workers: an earlier move of its
    table is still being told at another): the lane is let go and the job
    runs again after a pause."""


# Pauses before a job that was not yet due runs again: doubling, at most this.
NOT_YET_FIRST = 0.01
NOT_YET_MAX = 0.5


class Priority(IntEnum):
    """Which waiting message goes first when Telegram's limits hold messages
    back (bot/telegram/wire/limits.py): what a person must act on, then the
    group's record, then what only informs."""

    NOW = 0  # a person must act on it: their turn, an answer to their command
    RECORD = 1  # the group's record of the game: the live message, news, summaries
    LATER = 2  # only informs (the other hands' view of a trick); may be overtaken


class Outcome(Enum):
    OK = "ok"
    SAME = "same"  # nothing to change: Telegram said "not modified"
    GONE = "gone"  # the message is deleted, or too old to edit or delete
    FORBIDDEN = "forbidden"  # blocked, never started, or removed from the chat
    CLOSED = "closed"  # the forum topic sent to is closed or deleted
    FAILED = "failed"  # anything else; logged
    SUPERSEDED = "superseded"  # a newer edit of the message took its place: nothing was sent


class Sender(Protocol):
    """Sends and edits, with Telegram's everyday refusals as plain outcomes.

    `priority` orders what Telegram's limits hold back (`Priority`). An edit
    of a message may be overtaken by a newer edit of the same message before
    it is sent (`Outcome.SUPERSEDED`: the newer one shows). `thread`: the
    forum topic a new message goes to (a table's `thread_id`; None: the chat
    itself, or a forum's General). A message once sent is named by its id
    alone, so edits and deletes need no topic."""

    async def send(
        self,
        chat_id: int,
        screen: Screen | None,
        *,
        photo: bytes | None = None,
        silent: bool = False,
        thread: int | None = None,
        priority: Priority = ...,
    ) -> tuple[Outcome, int | None]:
        """A message; with `photo`, a PNG with the screen as its caption
        (None: bare; a caption too long for one goes first as a message of
        its own)."""

    async def edit(
        self, chat_id: int, message_id: int, screen: Screen, *, priority: Priority = ...
    ) -> Outcome: ...

    async def edit_or_send(
        self,
        chat_id: int,
        message_id: int | None,
        screen: Screen,
        *,
        thread: int | None = None,
        priority: Priority = ...,
    ) -> tuple[Outcome, int | None]:
        """Edit in place; if the message is gone, send it anew."""

    async def strip_buttons(
        self, chat_id: int, message_id: int, *, priority: Priority = ...
    ) -> Outcome: ...

    async def delete(self, chat_id: int, message_id: int) -> Outcome:
        """Remove one of the bot's own messages (a hand superseded by a fresh one);
        an edit of it still waiting is dropped."""

    def withdraw(self, chat_id: int, message_id: int) -> None:
        """An edit of this message still waiting for Telegram's limits is no
        longer wanted (a newer job will draw the message)."""

    async def create_topic(self, chat_id: int, name: str) -> int | None:
        """A new forum topic of the group (a tournament's table plays in one);
        its message_thread_id, or None when the group has no topics or the
        bot may not open one."""

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Whether the person is in the group now (a member, an admin, its
        owner, or restricted but still in it); False when Telegram cannot
        tell, so a doubt never seats a stranger."""


async def at_once(*jobs: Coroutine[Any, Any, None]) -> None:
    """Run jobs for different chats side by side: a move's group message and
    hands wait for the slowest request instead of for all of them in a row.
    A failure stops the others, and the message job fails as a whole (its
    move stays untold, to be caught up after a restart). Jobs start in the
    order given: each runs up to its first wait before the next begins."""
    if len(jobs) == 1:
        await jobs[0]
        return
    async with asyncio.TaskGroup() as group:
        for job in jobs:
            group.create_task(job)


async def done(job: Coroutine[Any, Any, Any]) -> None:
    """`job` as a job for `at_once`, whatever it returns."""
    await job


GROUP = "group"  # the table's group: its order is the game's record
HANDS = "hands"  # the players' private chats: no order to keep with the group


def hand_lane(seat: int) -> str:
    """The lane of one player's hand message: each hand has its own, so a
    player's turn never waits behind another player's chat."""
    return f"{HANDS}:{seat}"


class Outbox:
    """The per-table queues of message jobs, one per lane.

    A table's group messages wait for the group's budget of 20 a minute; a
    private hand must not wait behind them, so hands have a lane of their own
    (jobs of one lane run in order, the two lanes side by side). A job of a
    `kind` is skipped when a newer job of the same kind is queued behind it in
    its lane: the newer one draws from the same newest state (a flood of taps
    on the lobby's buttons costs the group one edit, not one per tap).

    With `shared` lanes (several workers on one database) a lane's jobs run
    one at a time across the workers too: each holds the lane by a lease
    (bot/storage/postgres_leases.py), which keeps no connection while the job
    waits on Telegram, so a table's lock never queues behind its messages.
    """

    def __init__(self, shared: SharedLocks | None = None) -> None:
        self._locks = KeyedLocks(shared)
        self.tasks: set[asyncio.Task[None]] = set()
        self._queued: dict[tuple[int, str, str], int] = {}  # waiting or running, by kind
        self._tickets: dict[tuple[int, str, str], int] = {}  # the newest ticket of a kind
        self._counter = 0

    def later(
        self,
        table_id: int,
        job: Callable[[], Awaitable[None]],
        lane: str = GROUP,
        kind: str = "",
        coalesce: bool = False,
    ) -> None:
        """Tell Telegram about a committed change without making the tapper wait."""
        key = (table_id, lane, kind)
        self._queued[key] = self._queued.get(key, 0) + 1
        self._counter += 1
        ticket = self._tickets[key] = self._counter

        async def run() -> None:
            pause = NOT_YET_FIRST
            try:
                while True:
                    try:
                        async with self.lane(table_id, lane):
                            if coalesce and self._tickets.get(key) != ticket:
                                return  # a newer job of this kind is queued: it tells the same
                            await job()
                        return
                    except NotYet:
                        await asyncio.sleep(pause)
                        pause = min(pause * 2, NOT_YET_MAX)
            except Exception:
                log.exception(
                    "table %s: telling the players failed", table_id, extra={"table": table_id}
                )
            finally:
                left = self._queued[key] - 1
                if left:
                    self._queued[key] = left
                else:
                    del self._queued[key]
                    self._tickets.pop(key, None)

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    @asynccontextmanager
    async def lane(self, table_id: int, lane: str = GROUP) -> AsyncIterator[None]:
        """Hold a table's lane: what runs inside runs between its jobs."""
        async with self._locks((table_id, lane)):
            yield

    def superseded(self, table_id: int, lane: str = GROUP, kind: str = "") -> bool:
        """A newer job of this table, lane and kind is queued behind the running one."""
        return self._queued.get((table_id, lane, kind), 0) > 1

    async def drain(self, timeout: float | None = None) -> bool:
        """Wait until every queued job has run (graceful shutdown, tests); after
        `timeout` seconds the rest is cancelled (a move left untold is told by
        the catch-up at the next start). True when everything ran."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while self.tasks:
            left = None if deadline is None else deadline - loop.time()
            if left is not None and left <= 0:
                tasks = list(self.tasks)
                log.warning("stopping: %d message job(s) left for the catch-up", len(tasks))
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                return False
            await asyncio.wait(list(self.tasks), timeout=left)
        return True
