"""Answers to people's commands, sent from a queue per chat.

A handler that awaited its answer held the chat's turn while the answer
waited for the group's budget of 20 messages a minute (three seconds each
once a flood had used it up), so a busy group queued for minutes. Handlers
now put the answer here and return at once. Each chat keeps only its newest
few answers (a flood of /help needs one answer, not three hundred), and an
answer is retried until it is sent or the chat is gone: a 429 or a lost
connection never drops a join confirmation.

An answer quotes the command it answers; in a forum topic it names the topic
too (Telegram sends a reply whose quote is gone nowhere else than General).
Each topic of a forum has its own queue, so a flood of commands in one topic
never pushes out another topic's answer (security review N15).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.tables.outbox import Outcome
from bot.view.screen import Screen

log = logging.getLogger(__name__)

# (chat, screen, the message quoted, a photo, the forum topic)
Send = Callable[[int, Screen, "int | None", "bytes | None", "int | None"], Awaitable[Outcome]]


@dataclass(frozen=True)
class Answer:
    screen: Screen
    reply_to: int | None
    photo: bytes | None = None  # a PNG, the screen its caption
    thread: int | None = None  # the forum topic of the command answered


class Replies:
    def __init__(self, send: Send, backlog: int = 3) -> None:
        self._send = send
        self.backlog = max(1, backlog)
        # per chat and forum topic (None: General, or no forum)
        self._queues: dict[tuple[int, int | None], deque[Answer]] = {}
        self._workers: dict[tuple[int, int | None], asyncio.Task[None]] = {}
        self.dropped = 0

    def put(
        self,
        chat_id: int,
        screen: Screen,
        reply_to: int | None = None,
        photo: bytes | None = None,
        thread: int | None = None,
    ) -> None:
        """Queue an answer; beyond the backlog the oldest waiting one is dropped."""
        lane = (chat_id, thread)
        queue = self._queues.setdefault(lane, deque())
        if len(queue) >= self.backlog:
            queue.popleft()
            self.dropped += 1
        queue.append(Answer(screen, reply_to, photo, thread))
        if lane not in self._workers:
            task = asyncio.get_running_loop().create_task(self._work(lane))
            self._workers[lane] = task

    def waiting(self) -> int:
        return sum(map(len, self._queues.values()))  # answers queued, for /healthz

    @property
    def busy(self) -> bool:
        """Answers are queued or being sent."""
        return bool(self._workers)

    async def _work(self, lane: tuple[int, int | None]) -> None:
        chat_id = lane[0]
        try:
            queue = self._queues[lane]
            while queue:
                answer = queue.popleft()
                try:
                    outcome = await self._send(
                        chat_id, answer.screen, answer.reply_to, answer.photo, answer.thread
                    )
                except Exception:
                    log.exception("an answer to chat %s could not be sent", chat_id)
                    continue
                if outcome is Outcome.FORBIDDEN:
                    queue.clear()  # blocked, or the bot is out of the group
        finally:
            self._queues.pop(lane, None)
            self._workers.pop(lane, None)

    async def drain(self, timeout: float) -> int:
        """Send what is queued, for at most `timeout` seconds (shutdown);
        returns how many answers were given up."""
        workers = list(self._workers.values())
        if not workers:
            return 0
        _done, pending = await asyncio.wait(workers, timeout=timeout)
        lost = sum(len(q) for q in self._queues.values()) + len(pending)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        if lost:
            log.warning("shutting down: %d answer(s) could not be sent in time", lost)
        return lost


# The queue of each running application, found from the bot a message came
# with (handlers answer with just the message; see bot/telegram/handlers/common.py).
_BY_BOT: dict[int, Replies] = {}


def register(bot: object, replies: Replies) -> None:
    _BY_BOT[id(bot)] = replies


def unregister(bot: object) -> None:
    _BY_BOT.pop(id(bot), None)


def of(bot: object) -> Replies | None:
    return _BY_BOT.get(id(bot))
