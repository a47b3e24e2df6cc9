"""The bot's own small HTTP server: the webhook, `/healthz` and `/metrics`.

One aiohttp application: in webhook mode it listens on the webhook's port
(BOT_WEBHOOK_LISTEN:BOT_WEBHOOK_PORT) and also takes Telegram's POSTs; when
polling it serves only health and metrics, on HEALTH_LISTEN:HEALTH_PORT.

aiohttp instead of PTB's tornado server: its handlers run as soon as a
request's headers are in, so the webhook's secret and size are judged before
any of the body is read (bot/telegram/wire/webhook.py, security review S1),
and it already runs the fake Bot API in the tests.

No request makes the server read a body it does not want:

- `client_max_size` caps any body that is read at `MAX_BODY`;
- every answer to a request whose body is left unread (a refusal, an unknown
  path, a wrong method) closes the connection, and `lingering_time=0` stops
  aiohttp from reading and discarding the rest to keep it alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.metrics import CONTENT_TYPE, Metrics

log = logging.getLogger(__name__)

MAX_BODY = 1_000_000  # as bot/telegram/wire/webhook.py's: no update comes near it
# The database check must answer well within a load balancer's probe timeout.
DATABASE_TIMEOUT = 2.0

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class Probes:
    """What the health check and the metrics read, each a plain callable
    (the wiring, bot/app.py, fills them in as the service starts)."""

    metrics: Metrics
    database: Callable[[], Awaitable[object]] | None = None
    open_tables: Callable[[], Awaitable[int]] | None = None
    depths: dict[str, Callable[[], int]] = field(default_factory=dict)


@web.middleware
async def close_unread(request: web.Request, handler: Handler) -> web.StreamResponse:
    """An answer given with the body unread closes the connection, so that
    nothing of a body nobody wants is ever read (unknown paths included)."""
    try:
        response = await handler(request)
    except web.HTTPException as refusal:
        response = web.Response(status=refusal.status, text=refusal.reason)
    if request.body_exists and not request.content.is_eof():
        response.force_close()
    return response


async def database_state(probes: Probes) -> dict[str, Any]:
    if probes.database is None:
        return {"ok": False, "error": "not started"}
    started = time.perf_counter()
    try:
        await asyncio.wait_for(probes.database(), DATABASE_TIMEOUT)
    except TimeoutError:
        return {"ok": False, "error": f"no answer in {DATABASE_TIMEOUT:g} s"}
    except Exception as error:  # any failure is "not reachable"; the type says which
        return {"ok": False, "error": type(error).__name__}
    return {"ok": True, "seconds": round(time.perf_counter() - started, 4)}


async def health(probes: Probes) -> tuple[int, dict[str, Any]]:
    """`/healthz`'s status and body: 503 when the database does not answer."""
    database = await database_state(probes)
    metrics = probes.metrics
    body = {
        "ok": database["ok"],
        "database": database,
        "updates": {
            "since_received": metrics.since(metrics.last_update),
            "since_handled": metrics.since(metrics.last_done),
        },
        "queues": {name: read() for name, read in probes.depths.items()},
    }
    return (200 if database["ok"] else 503), body


class WebServer:
    """The aiohttp application and its listening socket."""

    def __init__(self, probes: Probes) -> None:
        self.probes = probes
        self.app = web.Application(client_max_size=MAX_BODY, middlewares=[close_unread])
        self.app.router.add_get("/healthz", self._healthz)
        self.app.router.add_get("/metrics", self._metrics)
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    def add_webhook(self, path: str, endpoint: Handler) -> None:
        self.app.router.add_post(path, endpoint)

    async def _healthz(self, request: web.Request) -> web.Response:
        status, body = await health(self.probes)
        return web.Response(status=status, text=json.dumps(body), content_type="application/json")

    async def _metrics(self, request: web.Request) -> web.Response:
        probes = self.probes
        if probes.open_tables is not None:
            with contextlib.suppress(Exception):  # the health check reports a broken store
                count = await asyncio.wait_for(probes.open_tables(), DATABASE_TIMEOUT)
                probes.metrics.open_tables.set(count)
        response = web.Response(body=probes.metrics.text())
        response.headers["Content-Type"] = CONTENT_TYPE
        return response

    async def start(self, listen: str, port: int) -> None:
        runner = web.AppRunner(self.app, access_log=None, lingering_time=0)
        await runner.setup()
        site = web.TCPSite(runner, listen, port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        sockets = runner.addresses
        self.port = int(sockets[0][1]) if sockets else port
        log.info("serving HTTP on %s:%s", listen, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
