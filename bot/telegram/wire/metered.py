"""The wire's counting points for /metrics and /healthz, as subclasses.

Every update passes the update processor and every Bot API call passes the
rate limiter, so these two are where updates and calls are counted; as
subclasses they leave the processor's and limiter's own rules untouched.
They report to a `Meter` (bot/metrics.py's `Metrics` is one), so the wire
knows nothing of Prometheus.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from telegram import Update
from telegram.error import (
    BadRequest,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)

from bot.logs import log_context
from bot.telegram.wire.limits import Ask, Result, SendLimits, Superseded
from bot.telegram.wire.updates import PerChatProcessor, chat_of


class Meter(Protocol):
    def update_received(self, kind: str) -> None: ...

    def update_done(self, seconds: float) -> None: ...

    def api_call(self, method: str, outcome: str) -> None: ...


def kind_of(update: object) -> str:
    """The update's kind: the name of its one filled field (message, callback_query, ...)."""
    if isinstance(update, Update):
        for name in Update.ALL_TYPES:
            if getattr(update, name, None) is not None:
                return name
    return "other"


def outcome_of(error: BaseException) -> str:
    """A failed call's outcome label; "withdrawn": dropped by the limiter
    before it was sent (a newer edit of the same message was queued)."""
    # The most specific first: TimedOut is a NetworkError, RetryAfter a TelegramError.
    for kind, name in (
        (Superseded, "withdrawn"),
        (RetryAfter, "retry_after"),
        (Forbidden, "forbidden"),
        (BadRequest, "bad_request"),
        (TimedOut, "timed_out"),
        (NetworkError, "network"),
        (TelegramError, "error"),
    ):
        if isinstance(error, kind):
            return name
    return "error"


class MeteredProcessor(PerChatProcessor):
    """The per-chat processor, counting each update and timing it from its
    arrival (the chat's earlier updates included: what the person waits)."""

    def __init__(self, meter: Meter | None = None, slots: int = 256, backlog: int = 8) -> None:
        super().__init__(slots, backlog)
        self.meter = meter

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        meter = self.meter
        if meter is None:
            await super().do_process_update(update, coroutine)
            return
        meter.update_received(kind_of(update))
        chat = chat_of(update) if isinstance(update, Update) else None
        if chat is not None:  # for the JSON log lines of its handlers (bot/logs.py)
            log_context.set({"chat": chat})
        started = time.perf_counter()
        try:
            await super().do_process_update(update, coroutine)
        finally:
            meter.update_done(time.perf_counter() - started)


class MeteredLimits(SendLimits):
    """The rate limiter, counting each Bot API call by method and outcome."""

    def __init__(
        self,
        meter: Meter | None = None,
        overall_per_second: float = 30,
        group_per_minute: float = 20,
        private_per_second: float = 1,
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(overall_per_second, group_per_minute, private_per_second, clock=clock)
        self.meter = meter

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Result]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Ask | None,
    ) -> Result:
        meter = self.meter
        if meter is None:
            return await super().process_request(
                callback, args, kwargs, endpoint, data, rate_limit_args
            )
        try:
            result = await super().process_request(
                callback, args, kwargs, endpoint, data, rate_limit_args
            )
        except Exception as error:
            meter.api_call(endpoint, outcome_of(error))
            raise
        meter.api_call(endpoint, "ok")
        return result
