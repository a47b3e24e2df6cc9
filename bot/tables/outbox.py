"""Message jobs: what the service hands over to be told after a commit.

Jobs of one table run one at a time in the order they were queued, so the
group reads the game in order; the rate limiter may hold them back while the
callback answer and other tables go ahead. The service talks to Telegram
only through a `Sender` (bot/telegram/messenger.py is the real one), so
nothing here imports Telegram.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from enum import Enum
from typing import Any, Protocol

from bot.locks import KeyedLocks
from bot.view.screen import Screen

log = logging.getLogger(__name__)


class Outcome(Enum):
    OK = "ok"
    SAME = "same"  # nothing to change: Telegram said "not modified"
    GONE = "gone"  # the message is deleted or too old to edit
    FORBIDDEN = "forbidden"  # blocked, never started, or removed from the chat
    FAILED = "failed"  # anything else; logged


class Sender(Protocol):
    """Sends and edits, with Telegram's everyday refusals as plain outcomes."""

    async def send(
        self, chat_id: int, screen: Screen, *, silent: bool = False
    ) -> tuple[Outcome, int | None]: ...

    async def edit(self, chat_id: int, message_id: int, screen: Screen) -> Outcome: ...

    async def edit_or_send(
        self, chat_id: int, message_id: int | None, screen: Screen
    ) -> tuple[Outcome, int | None]:
        """Edit in place; if the message is gone, send it anew."""

    async def strip_buttons(self, chat_id: int, message_id: int) -> Outcome: ...

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


class Outbox:
    """The per-table queues of message jobs."""

    def __init__(self) -> None:
        self._locks = KeyedLocks()
        self.tasks: set[asyncio.Task[None]] = set()
        self._queued: dict[int, int] = {}  # jobs waiting or running, per table

    def later(self, table_id: int, job: Callable[[], Awaitable[None]]) -> None:
        """Tell Telegram about a committed change without making the tapper wait."""
        self._queued[table_id] = self._queued.get(table_id, 0) + 1

        async def run() -> None:
            try:
                async with self._locks(table_id):
                    await job()
            except Exception:
                log.exception("table %s: telling the players failed", table_id)
            finally:
                left = self._queued[table_id] - 1
                if left:
                    self._queued[table_id] = left
                else:
                    del self._queued[table_id]

        task = asyncio.get_running_loop().create_task(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def superseded(self, table_id: int) -> bool:
        """A newer job of this table is queued behind the running one."""
        return self._queued.get(table_id, 0) > 1

    async def drain(self) -> None:
        """Wait until every queued job has run (graceful shutdown, tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)
