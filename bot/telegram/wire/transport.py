"""The bot's default HTTP client: PTB's own HTTPX client, bounded so that a
flood of requests never spends the bot's time in httpcore's pool, and, for
getUpdates, cutting a tapped button's message down to a reference before PTB
parses it (`trim_updates` in bot/telegram/wire/updates.py). The opt-in lean
client (bot/telegram/wire/lean.py) builds on these; bot/telegram/wire/clients.py
picks one of the two.
"""

from __future__ import annotations

import asyncio
from typing import Any

from telegram.request import BaseRequest, HTTPXRequest

from bot.telegram.wire.updates import trim_updates

# Requests to the Bot API in flight at once (more wait their turn here). At
# 300 updates/s (about 1,000 requests/s) 16 were too few even against a local
# server: requests waited ~60 ms for a connection at the p95; real Telegram is
# tens of milliseconds away, so it needs more in flight, not fewer.
HTTP_CONNECTIONS = 64

# Answers to taps have connections of their own besides those: the person
# waits on a spinner until the answer arrives, and Telegram takes it at once,
# so it must never wait for a connection behind sends that Telegram is slow
# to take (a stalling network, a slow chat: issue 57).
ANSWER_CONNECTIONS = 8


def is_answer(url: str) -> bool:
    """Whether a Bot API request (its URL ends with the method) answers a tap."""
    return url.endswith("/answerCallbackQuery")


class Slots:
    """Requests in flight: at most `connections`, answers to taps apart."""

    def __init__(self, connections: int) -> None:
        self.connections = connections
        self.others = asyncio.Semaphore(connections)
        self.answers = asyncio.Semaphore(ANSWER_CONNECTIONS)

    def of(self, url: str) -> asyncio.Semaphore:
        return self.answers if is_answer(url) else self.others


class BoundedRequest(HTTPXRequest):
    """PTB's HTTPX request, with at most `connections` requests in flight
    (and `ANSWER_CONNECTIONS` answers to taps).

    httpcore's pool checks every pooled connection (a system call each), and
    every waiting request against every connection, whenever a request starts
    or ends: with hundreds of requests in flight the bot spent its time there.
    Waiting on a semaphore first keeps the pool small and its queue empty.
    """

    def __init__(self, connections: int = HTTP_CONNECTIONS, **kwargs: Any) -> None:
        super().__init__(connection_pool_size=connections + ANSWER_CONNECTIONS, **kwargs)
        self._slots = Slots(connections)

    async def initialize(self) -> None:
        self._slots = Slots(self._slots.connections)  # for the loop that runs the bot
        await super().initialize()

    async def do_request(self, url: str, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        async with self._slots.of(url):
            return await super().do_request(url, *args, **kwargs)


class BoundedUpdatesRequest(BoundedRequest):
    """httpx for getUpdates."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        return trim_updates(BaseRequest.parse_json_payload(payload))


__all__ = [
    "ANSWER_CONNECTIONS",
    "HTTP_CONNECTIONS",
    "BoundedRequest",
    "BoundedUpdatesRequest",
    "Slots",
    "is_answer",
]
