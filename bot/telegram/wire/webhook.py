"""The webhook's own endpoint: Telegram's POSTs, judged before their body is read.

PTB's webhook server (tornado) reads and buffers a request's whole body,
up to 100 MB, before it looks at the path or the secret (security review
S1: a 60 MB POST without the secret grew the bot by 120 MB, ten in
parallel ran a small host out of memory). This handler runs in the bot's
aiohttp server (bot/web.py) as soon as the request's headers are in:

1. the secret header is compared with `hmac.compare_digest` (constant
   time, unlike PTB's `!=`); a missing or wrong one is answered 403;
2. a Content-Length over `MAX_BODY` is answered 413;
3. only then is the body read, and the server's `client_max_size` (the same
   `MAX_BODY`) stops a chunked body without a length at that size; a body
   not read in `BODY_SECONDS` is answered 408.

Every refusal closes the connection (`force_close`) instead of reading the
rest of the body to keep it alive; bot/web.py does the same for unknown paths.

A valid update is put on PTB's `update_queue`, as PTB's own handler does,
and answered 200 at once: the application's per-chat processor takes it
from there. So a tap is handled at most once (Telegram forgets it at the
200; a crash before it is handled loses it): docs/OPERATING.md, Delivery.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from aiohttp import web
from telegram import Bot, Update
from telegram.ext import ExtBot

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
# An update is a few kilobytes; Telegram's largest (a long message with
# entities) stays far below this.
MAX_BODY = 1_000_000
# Seconds to read a body whose headers carried the secret (Telegram sends it
# at once); the headers themselves have bot/web.py's IDLE_SECONDS.
BODY_SECONDS = 15.0


def refuse(status: HTTPStatus) -> web.Response:
    """An answer that closes the connection: the unread body stays unread."""
    response = web.Response(status=status, text=status.phrase)
    response.force_close()
    return response


def secret_matches(request: web.Request, secret: bytes) -> bool:
    given = request.headers.get(SECRET_HEADER, "").encode("utf-8", "replace")
    return hmac.compare_digest(given, secret)


class WebhookEndpoint:
    """POST handler for the webhook's path. `on_update` hears of each
    update put on the queue (the health check's "updates flowing")."""

    def __init__(
        self,
        bot: Bot,
        update_queue: Any,
        secret: str,
        on_update: Callable[[], None] | None = None,
    ) -> None:
        self.bot = bot
        self.update_queue = update_queue
        self.secret = secret.encode("utf-8")
        self.on_update = on_update
        self.refused = 0

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if not secret_matches(request, self.secret):
            self.refused += 1
            return refuse(HTTPStatus.FORBIDDEN)
        if request.content_length is not None and request.content_length > MAX_BODY:
            self.refused += 1
            return refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        try:
            async with asyncio.timeout(BODY_SECONDS):
                body = await request.read()  # capped at client_max_size = MAX_BODY
        except web.HTTPRequestEntityTooLarge:
            self.refused += 1
            return refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        except TimeoutError:  # a body trickled in: no one holds the connection (N6)
            self.refused += 1
            return refuse(HTTPStatus.REQUEST_TIMEOUT)
        try:
            data = json.loads(body)
            update = Update.de_json(data, self.bot)
        except Exception:
            # Telegram sent something this PTB cannot read: say so once, not
            # with the body (it may hold people's messages).
            log.warning("a webhook request was not a readable update (%d bytes)", len(body))
            return refuse(HTTPStatus.BAD_REQUEST)
        if isinstance(self.bot, ExtBot):
            self.bot.insert_callback_data(update)
        await self.update_queue.put(update)
        if self.on_update is not None:
            self.on_update()
        return web.Response(status=HTTPStatus.OK)
