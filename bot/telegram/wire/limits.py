"""Telegram's flood limits, kept on our side, and the order messages leave in.

Telegram takes about 30 messages a second from a bot (edits included), about
one a second into one private chat (a short burst passes) and 20 a minute into
one group. A message over a limit is refused with a 429 and a pause. Nobody
sees what waits, so the order in which waiting messages go out is what
players feel:

- **Per chat.** Every chat has a budget of its own (a token bucket), so a
  chat's messages never wait behind another chat's limit: a group that used
  up its minute, or a hand edited twice in a second, holds back only itself.
- **By priority.** When the bot's 30 a second are the bottleneck, the message
  a person must act on (`NOW`: their turn, an answer to their command) goes
  before the group's record (`RECORD`: the live message, summaries), and
  both before what only informs (`LATER`: the other hands' view of a trick).
  Inside one chat the same order holds, so a player's turn overtakes a stale
  edit of their own hand.
- **Coalescing.** A request may name what it `replaces` (an edit of one
  message): a newer request with the same key takes the older one's place in
  the line, and the older is refused with `Superseded` before it is sent.
  `withdraw(key)` drops a waiting request the caller no longer wants.

PTB's `AIORateLimiter` pauses the whole bot on a 429 and counts lookups (a
group's admins, a member) against the group's minute; here only requests that
put or change a message count (`counted`), and a 429 pauses only its chat.
Retries are the messenger's (bot/telegram/wire/messenger.py), which knows which
calls must get through.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
from collections.abc import Callable, Coroutine, Hashable
from dataclasses import dataclass, field
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

from bot.tables.outbox import Priority

log = logging.getLogger(__name__)

Result = Any
_KEEP_IDLE = 1024  # idle chat budgets beyond this many are forgotten (a full one is as new)


@dataclass(frozen=True)
class Ask:
    """How a request wants to be sent (PTB's `rate_limit_args`)."""

    priority: Priority = Priority.RECORD
    replaces: Hashable | None = None


class Superseded(Exception):
    """A newer request for the same thing took this one's place, or the caller
    withdrew it, before it was sent: nothing went to Telegram."""


def counted(endpoint: str) -> bool:
    """Requests that Telegram's message limits apply to."""
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


@dataclass
class Bucket:
    """`rate` tokens a second, at most `capacity` saved up; a request takes one."""

    rate: float
    capacity: float
    tokens: float
    stamp: float
    paused_until: float = 0.0

    def refill(self, now: float) -> None:
        if now > self.stamp:
            self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now

    def ready_at(self, now: float) -> float:
        """When a token is there (and no pause holds): `now` or later."""
        self.refill(now)
        at = now if self.tokens >= 1 else now + (1 - self.tokens) / self.rate
        return max(at, self.paused_until)

    def take(self, now: float) -> None:
        self.refill(now)
        self.tokens -= 1

    def full(self, now: float) -> bool:
        self.refill(now)
        return self.tokens >= self.capacity and self.paused_until <= now


@dataclass(order=True)
class _Waiting:
    priority: int
    seq: int
    chat: int | None = field(compare=False)
    key: Hashable | None = field(compare=False)
    future: asyncio.Future[None] = field(compare=False)


class SendLimits(BaseRateLimiter[Ask]):
    def __init__(
        self,
        overall_per_second: float = 30,
        group_per_minute: float = 20,
        private_per_second: float = 1,
        private_burst: float = 3,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.overall_per_second = overall_per_second
        self.group_per_minute = group_per_minute
        self.private_per_second = private_per_second
        self.private_burst = private_burst
        self._clock = clock
        self._overall: Bucket | None = None
        self._chats: dict[int, Bucket] = {}
        self._lines: dict[int | None, list[_Waiting]] = {}  # waiting requests per chat
        self._keyed: dict[Hashable, _Waiting] = {}
        self._seq = itertools.count()
        self._wake: asyncio.Event | None = None
        self._pump: asyncio.Task[None] | None = None
        self.granted: dict[Priority, int] = dict.fromkeys(Priority, 0)
        self.superseded = 0

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
            self._pump = None

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    # -- budgets ----------------------------------------------------------------------

    def _bucket(self, chat_id: int | None, now: float) -> Bucket | None:
        """The chat's own budget; None for a chat without one (or no chat)."""
        if chat_id is None:
            return None
        bucket = self._chats.get(chat_id)
        if bucket is None:
            if chat_id < 0:
                if not self.group_per_minute:
                    return None
                rate, capacity = self.group_per_minute / 60, self.group_per_minute
            else:
                if not self.private_per_second:
                    return None
                rate, capacity = self.private_per_second, max(1.0, self.private_burst)
            if len(self._chats) > _KEEP_IDLE:
                for key in [
                    k for k, b in self._chats.items() if b.full(now) and k not in self._lines
                ]:
                    del self._chats[key]
            bucket = self._chats[chat_id] = Bucket(rate, capacity, capacity, now)
        return bucket

    def _bot(self, now: float) -> Bucket | None:
        if not self.overall_per_second:
            return None
        if self._overall is None:
            # Half a second's worth saved up at most: requests reach Telegram
            # a little bunched (a slow answer, then several at once), and a
            # budget that spends its whole second at once meets a 429 there.
            rate = self.overall_per_second
            capacity = max(1.0, rate / 2)
            self._overall = Bucket(rate, capacity, capacity, now)
        return self._overall

    def has_room(self, chat_id: int) -> bool:
        """A message to this chat would go out now, as far as its own budget goes."""
        now = self._now()
        bucket = self._bucket(chat_id, now)
        return bucket is None or bucket.ready_at(now) <= now

    def pause(self, chat_id: int | None, seconds: float) -> None:
        """Telegram asked this chat (None: the whole bot) to wait."""
        now = self._now()
        bucket = self._bucket(chat_id, now) if chat_id is not None else self._bot(now)
        if bucket is not None:
            bucket.paused_until = max(bucket.paused_until, now + seconds)
            bucket.tokens = min(bucket.tokens, 0.0)
        self._poke()

    # -- the line ---------------------------------------------------------------------

    def withdraw(self, key: Hashable) -> bool:
        """Drop the waiting request that `replaces` this key; True if one waited."""
        waiting = self._keyed.pop(key, None)
        if waiting is None or waiting.future.done():
            return False
        waiting.future.set_exception(Superseded())
        self.superseded += 1
        self._poke()
        return True

    def recheck(self) -> None:
        """Look at the line again now (a test that moved the clock)."""
        self._poke()

    def waiting(self) -> int:
        """Requests waiting for their turn (for metrics and tests)."""
        return sum(1 for line in self._lines.values() for w in line if not w.future.done())

    async def _turn(self, chat_id: int | None, ask: Ask) -> None:
        loop = asyncio.get_running_loop()
        priority, seq = int(ask.priority), next(self._seq)
        if ask.replaces is not None:
            older = self._keyed.get(ask.replaces)
            if older is not None and not older.future.done():
                # The newest content goes out where the oldest stood in the line.
                priority, seq = min(priority, older.priority), older.seq
                older.future.set_exception(Superseded())
                self.superseded += 1
        waiting = _Waiting(priority, seq, chat_id, ask.replaces, loop.create_future())
        if ask.replaces is not None:
            self._keyed[ask.replaces] = waiting
        heapq.heappush(self._lines.setdefault(chat_id, []), waiting)
        self._poke()
        try:
            await waiting.future
        finally:
            if ask.replaces is not None and self._keyed.get(ask.replaces) is waiting:
                del self._keyed[ask.replaces]
            if not waiting.future.done():
                waiting.future.cancel()  # the caller gave up: its place is let go

    def _poke(self) -> None:
        if self._wake is None:
            self._wake = asyncio.Event()
        self._wake.set()
        if self._pump is None or self._pump.done():
            self._pump = asyncio.get_running_loop().create_task(self._run())

    def _head(self, chat_id: int | None) -> _Waiting | None:
        line = self._lines.get(chat_id)
        while line and line[0].future.done():
            heapq.heappop(line)
        if not line:
            self._lines.pop(chat_id, None)
            return None
        return line[0]

    def _grant(self) -> float | None:
        """Let the best ready request go; the time to look again when none is ready
        (None: nothing waits)."""
        now = self._now()
        best: _Waiting | None = None
        wake: float | None = None
        for chat_id in list(self._lines):
            head = self._head(chat_id)
            if head is None:
                continue
            bucket = self._bucket(chat_id, now)
            ready = now if bucket is None else bucket.ready_at(now)
            if ready > now:
                wake = ready if wake is None else min(wake, ready)
            elif best is None or head < best:
                best = head
        if best is None:
            return wake
        overall = self._bot(now)
        if overall is not None:
            ready = overall.ready_at(now)
            if ready > now:
                return ready if wake is None else min(wake, ready)
            overall.take(now)
        bucket = self._bucket(best.chat, now)
        if bucket is not None:
            bucket.take(now)
        heapq.heappop(self._lines[best.chat])
        best.future.set_result(None)
        self.granted[Priority(best.priority)] += 1
        return now

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            self._wake.clear()
            at = self._grant()
            if at is None:
                if not self._lines:
                    return
                await self._wake.wait()
                continue
            delay = at - self._now()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), delay)
            else:
                await asyncio.sleep(0)  # let the granted request start

    # -- PTB's hook -------------------------------------------------------------------

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Result]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Ask | None,
    ) -> Result:
        if not counted(endpoint):
            return await callback(*args, **kwargs)
        chat_id = _chat(data)
        await self._turn(chat_id, rate_limit_args or Ask())
        try:
            return await callback(*args, **kwargs)
        except RetryAfter as error:
            wait = seconds(error.retry_after)
            log.info("Telegram asked chat %s to wait %.0f s", chat_id, wait)
            self.pause(chat_id, wait)
            raise
