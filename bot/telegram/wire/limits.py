"""Telegram's flood limits, kept on our side: about 30 messages a second per
bot and 20 a minute per group.

PTB's `AIORateLimiter` (built on the same `aiolimiter`) does two things a bot
in public groups cannot afford, so this limiter replaces it:

- it counts every request that names a group, so looking up a group's admins
  or a member waits behind that group's queued messages (a minute's worth in a
  busy group), and that wait sits inside the chat's turn;
- a 429 for one chat pauses every request of the bot, so one flooded group
  delays every private answer.

Here only requests that put a message into a chat or change one count
(`counted`), and a 429 pauses only the chat it was for. Retries are the
messenger's (bot/telegram/wire/messenger.py), which knows which calls must be
retried until they get through.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

log = logging.getLogger(__name__)

Result = Any
_KEEP_GROUPS = 512  # idle group limiters beyond this many are forgotten


def counted(endpoint: str) -> bool:
    """Requests that Telegram's per-chat message limits apply to."""
    name = endpoint.lower()
    return name.startswith(("send", "edit", "copy", "forward")) and name != "sendchataction"


def _chat(data: dict[str, Any] | None) -> int | None:
    value = (data or {}).get("chat_id")
    with contextlib.suppress(TypeError, ValueError):
        return int(value)  # type: ignore[arg-type]
    return None


def seconds(value: object) -> float:
    """RetryAfter.retry_after is an int or a timedelta, depending on PTB's settings."""
    total = getattr(value, "total_seconds", None)
    return float(total()) if callable(total) else float(value)  # type: ignore[arg-type]


class SendLimits(BaseRateLimiter[None]):
    def __init__(self, overall_per_second: float = 30, group_per_minute: float = 20) -> None:
        self.overall_per_second = overall_per_second
        self.group_per_minute = group_per_minute
        self._overall = AsyncLimiter(overall_per_second, 1) if overall_per_second else None
        self._groups: dict[int, AsyncLimiter] = {}
        self._paused: dict[int | None, float] = {}  # chat (None: the whole bot) → until

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    def _group(self, chat_id: int) -> AsyncLimiter:
        limiter = self._groups.get(chat_id)
        if limiter is None:
            if len(self._groups) > _KEEP_GROUPS:
                full = self.group_per_minute
                for key in [k for k, v in self._groups.items() if v.has_capacity(full)]:
                    del self._groups[key]
            limiter = self._groups[chat_id] = AsyncLimiter(self.group_per_minute, 60)
        return limiter

    def has_room(self, chat_id: int) -> bool:
        """A message to this chat would go out without waiting for its group budget."""
        if chat_id >= 0 or not self.group_per_minute:
            return True
        limiter = self._groups.get(chat_id)
        return limiter is None or limiter.has_capacity()

    async def _wait_pause(self, chat_id: int | None) -> None:
        loop = asyncio.get_running_loop()
        while True:
            until = max(self._paused.get(chat_id, 0.0), self._paused.get(None, 0.0))
            delay = until - loop.time()
            if delay <= 0:
                return
            await asyncio.sleep(delay)

    def pause(self, chat_id: int | None, seconds: float) -> None:
        """Telegram asked this chat (None: the whole bot) to wait."""
        until = asyncio.get_running_loop().time() + seconds
        self._paused[chat_id] = max(self._paused.get(chat_id, 0.0), until)
        for key in [k for k, v in self._paused.items() if v < until - 3600]:
            del self._paused[key]

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Result]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: None,
    ) -> Result:
        if not counted(endpoint):
            return await callback(*args, **kwargs)
        chat_id = _chat(data)
        await self._wait_pause(chat_id)
        group = (
            self._group(chat_id)
            if chat_id is not None and chat_id < 0 and self.group_per_minute
            else None
        )
        async with group or contextlib.nullcontext(), self._overall or contextlib.nullcontext():
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as error:
                wait = seconds(error.retry_after)
                log.info("Telegram asked chat %s to wait %.0f s", chat_id, wait)
                self.pause(chat_id, wait)
                raise
