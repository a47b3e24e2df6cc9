"""How the bot reaches the Bot API: PTB's own HTTPX client by default
(`HTTP_CLIENT=httpx`), or the lean client of bot/telegram/wire/lean.py for a
self-hosted Bot API server under heavy load (`HTTP_CLIENT=lean`; its
measured gain is in docs/PERFORMANCE.md). Both cut a tapped button's
message down to a reference before PTB parses an update (`trim_updates`).
"""

from __future__ import annotations

import asyncio
import urllib.request
from typing import Any

from telegram import CallbackQuery
from telegram.request import BaseRequest, HTTPXRequest

# Requests to the Bot API in flight at once (more wait their turn here). At
# 300 updates/s (about 1,000 requests/s) 16 were too few even against a local
# server: requests waited ~60 ms for a connection at the p95; real Telegram is
# tens of milliseconds away, so it needs more in flight, not fewer.
HTTP_CONNECTIONS = 64


class BoundedRequest(HTTPXRequest):
    """PTB's HTTPX request, with at most `connections` requests in flight.

    httpcore's pool checks every pooled connection (a system call each), and
    every waiting request against every connection, whenever a request starts
    or ends: with hundreds of requests in flight the bot spent its time there.
    Waiting on a semaphore first keeps the pool small and its queue empty.
    """

    def __init__(self, connections: int = HTTP_CONNECTIONS, **kwargs: Any) -> None:
        super().__init__(connection_pool_size=connections, **kwargs)
        self._connections = connections
        self._slots = asyncio.Semaphore(connections)

    async def initialize(self) -> None:
        self._slots = asyncio.Semaphore(self._connections)  # for the loop that runs the bot
        await super().initialize()

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        async with self._slots:
            return await super().do_request(*args, **kwargs)


def proxy_configured() -> bool:
    """httpx reads proxies from the environment; so must we, to leave them to it."""
    return any(key in ("http", "https", "all") for key in urllib.request.getproxies())


def trim_updates(answer: dict[str, Any]) -> dict[str, Any]:
    """getUpdates' answer with the message under each tapped button replaced
    by a reference to it, `message_ref`: [chat id, message id], all the bot
    reads of it (it knows its own messages). PTB keeps the unknown field in
    the query's `api_kwargs`; `tapped_message` reads either form.

    PTB builds an object for every button and formatting entity of that
    message (0.47 ms of Python for a hand of twelve buttons), and even a
    message cut down to its chat and id costs a `Message` of some eighty
    fields: a tap's update took 0.27 ms to build with one and 0.10 ms with the
    reference, a tenth and then a sixteenth of the bot's CPU per update under
    bench/load.py."""
    result = answer.get("result")
    if isinstance(result, list):
        for update in result:
            query = update.get("callback_query") if isinstance(update, dict) else None
            if not isinstance(query, dict):
                continue
            message = query.get("message")
            chat = message.get("chat") if isinstance(message, dict) else None
            if (
                isinstance(message, dict)
                and isinstance(chat, dict)
                and isinstance(chat.get("id"), int)
                and isinstance(message.get("message_id"), int)
            ):
                query["message_ref"] = [chat["id"], message["message_id"]]
                del query["message"]
    return answer


def tapped_message(query: CallbackQuery) -> tuple[int, int] | None:
    """(chat id, message id) of the message under a tapped button: from the
    message itself (webhook updates, PTB's own client) or from the reference
    `trim_updates` left in its place; None for a button of an inline message."""
    if query.message is not None:
        return query.message.chat.id, query.message.message_id
    ref = query.api_kwargs.get("message_ref")
    if isinstance(ref, list | tuple) and len(ref) == 2 and all(type(v) is int for v in ref):
        return ref[0], ref[1]
    return None


class BoundedUpdatesRequest(BoundedRequest):
    """httpx for getUpdates."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        return trim_updates(BaseRequest.parse_json_payload(payload))


def make_request(
    connections: int = HTTP_CONNECTIONS,
    lean: bool = False,
    updates: bool = False,
    **timeouts: Any,
) -> BaseRequest:
    """PTB's HTTPX client, or the lean one when asked (HTTP_CLIENT=lean) and
    no proxy is configured in the environment; `updates` for the one that polls."""
    if lean and not proxy_configured():
        from bot.telegram.wire.lean import TelegramRequest, UpdatesRequest

        lean_kind = UpdatesRequest if updates else TelegramRequest
        return lean_kind(connections, **timeouts)
    kind: type[BoundedRequest] = BoundedUpdatesRequest if updates else BoundedRequest
    return kind(connections, **timeouts)


__all__ = [
    "BoundedRequest",
    "make_request",
    "proxy_configured",
    "tapped_message",
    "trim_updates",
]
