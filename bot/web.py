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

Nor does anyone hold its connections (security review N6):

- a connection gets `IDLE_SECONDS` to send its request's headers, counted
  from its opening or its last answer; aiohttp's own default (3630 s) let a
  silent, half-sent or trickling request hold one for an hour. The timer is
  aiohttp's keep-alive timer, armed at `connection_made` and not moved by
  data that is no whole request, so trickling a byte a second does not help;
- at most `MAX_CONNECTIONS` are open at once: one more is closed as soon as
  it is accepted (Telegram opens at most 40, setWebhook's max_connections),
  so no one can use up the process's file descriptors, which its outgoing
  requests and database need too.

`/healthz` and `/metrics` are private by default (N7): a server that also
takes the webhook answers `/healthz` with a bare liveness line (no query, no
numbers) and has no `/metrics`; the full health and the metrics are served
by the private server (bot/app.py `start_web`: HEALTH_PORT).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web

from bot.metrics import CONTENT_TYPE, Metrics

log = logging.getLogger(__name__)

MAX_BODY = 1_000_000  # as bot/telegram/wire/webhook.py's: no update comes near it
# The database check must answer well within a load balancer's probe timeout.
DATABASE_TIMEOUT = 2.0
# Seconds a connection may take to send a request's headers (from its
# opening, or from its last answer: the keep-alive between Telegram's posts).
IDLE_SECONDS = 15.0
# Connections open at once, at most; Telegram itself opens up to 40.
MAX_CONNECTIONS = 256
# /metrics reads the open tables' count at most this often.
OPEN_TABLES_SECONDS = 5.0

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
    """The aiohttp application and its listening socket. `health`: "full"
    serves `/healthz` and `/metrics`; "bare" (a public port) only a
    `/healthz` that says the process serves, and no metrics."""

    def __init__(
        self,
        probes: Probes,
        health: Literal["full", "bare"] = "full",
        max_connections: int = MAX_CONNECTIONS,
        idle_seconds: float = IDLE_SECONDS,
    ) -> None:
        self.probes = probes
        self.max_connections = max_connections
        self.idle_seconds = idle_seconds
        self.turned_away = 0
        self._counted_at: float | None = None
        self.app = web.Application(client_max_size=MAX_BODY, middlewares=[close_unread])
        if health == "full":
            self.app.router.add_get("/healthz", self._healthz)
            self.app.router.add_get("/metrics", self._metrics)
        else:
            self.app.router.add_get("/healthz", self._alive)
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    def add_webhook(self, path: str, endpoint: Handler) -> None:
        self.app.router.add_post(path, endpoint)

    async def _alive(self, request: web.Request) -> web.Response:
        return web.Response(text='{"ok": true}', content_type="application/json")

    async def _healthz(self, request: web.Request) -> web.Response:
        status, body = await health(self.probes)
        return web.Response(status=status, text=json.dumps(body), content_type="application/json")

    async def _metrics(self, request: web.Request) -> web.Response:
        probes = self.probes
        now = time.monotonic()
        last = self._counted_at
        if probes.open_tables is not None and (last is None or now - last >= OPEN_TABLES_SECONDS):
            self._counted_at = now
            with contextlib.suppress(Exception):  # the health check reports a broken store
                count = await asyncio.wait_for(probes.open_tables(), DATABASE_TIMEOUT)
                probes.metrics.open_tables.set(count)
        response = web.Response(body=probes.metrics.text())
        response.headers["Content-Type"] = CONTENT_TYPE
        return response

    def _admit(self, open_connections: int, transport: asyncio.Transport) -> bool:
        """Whether a connection just accepted may stay: past `max_connections`
        it is closed at once (`_CappedServer`)."""
        if open_connections < self.max_connections:
            return True
        self.turned_away += 1
        if self.turned_away == 1 or self.turned_away % 1000 == 0:
            log.warning(
                "%d HTTP connection(s) turned away: %d are open, the most allowed",
                self.turned_away,
                self.max_connections,
            )
        transport.abort()
        return False

    async def start(self, listen: str, port: int) -> None:
        runner = _CappedRunner(
            self.app,
            self._admit,
            access_log=None,
            lingering_time=0,
            keepalive_timeout=self.idle_seconds,
        )
        await runner.setup()
        assert runner.server is not None
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

    def connections(self) -> int:
        """Connections open now."""
        runner = self._runner
        return len(runner.server.connections) if runner and runner.server else 0

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()


Admit = Callable[[int, asyncio.Transport], bool]


class _CappedServer(web.Server):
    """aiohttp's server, asking `admit` about each connection as it is
    accepted (the protocol calls `connection_made` for every new one)."""

    def __init__(self, admit: Admit, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._admit = admit

    def connection_made(self, handler: web.RequestHandler, transport: asyncio.Transport) -> None:
        if self._admit(len(self.connections), transport):
            super().connection_made(handler, transport)


class _CappedRunner(web.AppRunner):
    """An `AppRunner` whose server is a `_CappedServer`: `_make_server` is
    the runner's own way to make its server (the abstract method of
    aiohttp's `BaseRunner`); the application is started there as aiohttp
    starts it, and the server made with the same arguments."""

    def __init__(self, app: web.Application, admit: Admit, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self._admit = admit

    async def _make_server(self) -> web.Server:
        made = await super()._make_server()
        return _CappedServer(
            self._admit,
            made.request_handler,
            request_factory=made.request_factory,
            handler_cancellation=made.handler_cancellation,
            **made._kwargs,
        )
