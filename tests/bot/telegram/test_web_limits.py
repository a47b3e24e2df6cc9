"""The HTTP server holds no connection for long and no more than it may
(security review N6): silent, half-sent and trickling requests are closed
after the idle time, and connections past the cap are closed as they come.

Real sockets on loopback; every wait is bounded, so a server that keeps a
connection open fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from bot.metrics import Metrics
from bot.telegram.wire import webhook
from bot.telegram.wire.webhook import BODY_SECONDS, SECRET_HEADER, WebhookEndpoint
from bot.web import IDLE_SECONDS, MAX_CONNECTIONS, Probes, WebServer

IDLE = 0.5  # the tests' idle time: short, so the tests are
BOUND = 10.0  # generous: past it a connection counts as held open


async def server_with(**options: float) -> WebServer:
    server = WebServer(Probes(Metrics()), **options)  # type: ignore[arg-type]
    await server.start("127.0.0.1", 0)
    return server


@pytest_asyncio.fixture
async def idle_server() -> AsyncIterator[WebServer]:
    server = await server_with(idle_seconds=IDLE)
    try:
        yield server
    finally:
        await server.stop()


async def closed_after(reader: asyncio.StreamReader) -> float:
    """Seconds until the server closes the connection (reads return nothing)."""
    started = time.monotonic()
    while True:
        try:
            data = await asyncio.wait_for(reader.read(1024), BOUND)
        except ConnectionError:
            break
        if not data:
            break
    return time.monotonic() - started


async def test_the_production_idle_time_and_cap_are_small() -> None:
    server = await server_with()
    try:
        _, writer = await asyncio.open_connection("127.0.0.1", server.port)
        for _ in range(100):
            if server.connections():
                break
            await asyncio.sleep(0.01)
        assert server._runner is not None and server._runner.server is not None
        (handler,) = server._runner.server.connections
        assert handler.keepalive_timeout == IDLE_SECONDS <= 30  # aiohttp's own: 3630
        assert MAX_CONNECTIONS <= 1024  # below the usual soft limit of descriptors
        writer.close()
    finally:
        await server.stop()


async def test_silent_half_sent_and_trickling_requests_are_closed_after_the_idle_time(
    idle_server: WebServer,
) -> None:
    port = idle_server.port
    silent = await asyncio.open_connection("127.0.0.1", port)
    half = await asyncio.open_connection("127.0.0.1", port)
    half[1].write(b"POST /tg/hook HTTP/1.1\r\nHost: x\r\nX-A: ")
    trickle = await asyncio.open_connection("127.0.0.1", port)
    trickle[1].write(b"POST /tg/hook HTTP/1.1\r\n")

    async def keep_trickling() -> None:
        with_byte = 0
        while not trickle[0].at_eof():
            trickle[1].write(b"X-B%d: y\r\n" % with_byte)
            with_byte += 1
            try:
                await trickle[1].drain()
            except ConnectionError:
                return
            await asyncio.sleep(IDLE / 10)

    trickling = asyncio.ensure_future(keep_trickling())
    try:
        waits = await asyncio.gather(*(closed_after(r) for r, _ in (silent, half, trickle)))
    finally:
        trickling.cancel()
        for _, writer in (silent, half, trickle):
            writer.close()
    # Closed at the idle time, not held: a wait of BOUND means still open.
    assert all(IDLE * 0.8 <= wait < BOUND - 1 for wait in waits), waits
    assert idle_server.connections() == 0


async def test_a_connection_kept_alive_between_requests_is_closed_when_idle(
    idle_server: WebServer,
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", idle_server.port)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert (await asyncio.wait_for(reader.readline(), BOUND)).startswith(b"HTTP/1.1 503")
    wait = await closed_after(reader)
    writer.close()
    assert wait < BOUND - 1, wait


async def test_connections_past_the_cap_are_closed_at_once_and_the_rest_served() -> None:
    cap = 5
    server = await server_with(max_connections=cap, idle_seconds=BOUND * 2)
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        for _ in range(cap):
            held.append(await asyncio.open_connection("127.0.0.1", server.port))
        for _ in range(100):
            if server.connections() == cap:
                break
            await asyncio.sleep(0.01)
        assert server.connections() == cap
        extra = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(cap)]
        waits = await asyncio.gather(*(closed_after(r) for r, _ in extra))
        assert all(wait < 2 for wait in waits), waits
        for _, writer in extra:
            writer.close()
        assert server.turned_away == cap and server.connections() == cap
        # The ones held were not touched, and once one goes a newcomer is served.
        assert not any(reader.at_eof() for reader, _ in held)
        held.pop()[1].close()
        for _ in range(100):
            if server.connections() < cap:
                break
            await asyncio.sleep(0.01)
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{server.port}/healthz") as response,
        ):
            assert response.status == 503  # served: no database in this test
    finally:
        for _, writer in held:
            writer.close()
        await server.stop()


async def test_a_body_that_trickles_in_after_the_secret_is_answered_408(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only Telegram has the secret, but even so a body never holds the
    connection past BODY_SECONDS."""
    assert BODY_SECONDS <= 30
    monkeypatch.setattr(webhook, "BODY_SECONDS", IDLE)
    secret = "S" * 32
    server = WebServer(Probes(Metrics()), idle_seconds=BOUND * 2)
    endpoint = WebhookEndpoint(None, asyncio.Queue(), secret)  # type: ignore[arg-type]
    server.add_webhook("/tg/hook", endpoint.handle)
    await server.start("127.0.0.1", 0)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        head = f"POST /tg/hook HTTP/1.1\r\nHost: x\r\n{SECRET_HEADER}: {secret}\r\n"
        writer.write((head + "Content-Length: 1000\r\n\r\n{").encode())
        line = await asyncio.wait_for(reader.readline(), BOUND)
        assert line.startswith(b"HTTP/1.1 408"), line
        assert await closed_after(reader) < BOUND - 1
        writer.close()
    finally:
        await server.stop()


def test_the_bot_raises_its_soft_limit_of_open_files_to_the_hard_one() -> None:
    """N6: besides the server's own cap, the process gets every descriptor
    it may have (a child process, so the tests' own limit stays)."""
    code = (
        "import resource\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (64, hard))\n"
        "from bot.__main__ import raise_file_limit\n"
        "raise_file_limit()\n"
        "print(*resource.getrlimit(resource.RLIMIT_NOFILE))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=Path(__file__).resolve().parents[3],
    )
    soft, hard = map(int, done.stdout.split())
    assert soft == hard, done.stdout
