"""Which HTTP client the bot talks to the Bot API through: PTB's HTTPX client
by default (`HTTP_CLIENT=httpx`, bot/telegram/wire/transport.py), or the lean
one (`HTTP_CLIENT=lean`, bot/telegram/wire/lean.py) for a self-hosted Bot API
server under heavy load; its measured gain is in docs/PERFORMANCE.md. The
choice lives here, above both clients, so that neither has to know the other.
"""

from __future__ import annotations

import urllib.request
from typing import Any

from telegram.request import BaseRequest

from bot.telegram.wire.lean import TelegramRequest, UpdatesRequest
from bot.telegram.wire.transport import HTTP_CONNECTIONS, BoundedRequest, BoundedUpdatesRequest


def proxy_configured() -> bool:
    """httpx reads proxies from the environment; so must we, to leave them to it."""
    return any(key in ("http", "https", "all") for key in urllib.request.getproxies())


def make_request(
    connections: int = HTTP_CONNECTIONS,
    lean: bool = False,
    updates: bool = False,
    **timeouts: Any,
) -> BaseRequest:
    """PTB's HTTPX client, or the lean one when asked (HTTP_CLIENT=lean) and
    no proxy is configured in the environment; `updates` for the one that polls."""
    if lean and not proxy_configured():
        lean_kind = UpdatesRequest if updates else TelegramRequest
        return lean_kind(connections, **timeouts)
    kind: type[BoundedRequest] = BoundedUpdatesRequest if updates else BoundedRequest
    return kind(connections, **timeouts)
