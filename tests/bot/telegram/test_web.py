"""The bot's own HTTP server (bot/web.py): a large body is refused before it
is read (security review S1), and /healthz and /metrics answer in webhook
mode, in polling mode, and with a broken store.

Bytes the server read are counted at aiohttp's protocol (`data_received`)
for the bot's port only: what the kernel buffered but the server never
took does not count, as it never reaches the process's memory.
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web_protocol
from bot_harness import WAIT, make_settings
from prometheus_client.parser import text_string_to_metric_families

from bot import web
from bot.app import build_application, register_webhook, start_web, stop_web
from testing.fake_telegram import FakeTelegram

SECRET = "s3cret_Token-1-long-enough-for-N16-ok"
MB = 1_000_000
HUGE = 50 * MB
CHUNK = 64 * 1024


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def two_free_ports() -> tuple[int, int]:
    """Two different ports (two probes in a row may be given the same one)."""
    with socket.socket() as one, socket.socket() as two:
        one.bind(("127.0.0.1", 0))
        two.bind(("127.0.0.1", 0))
        return int(one.getsockname()[1]), int(two.getsockname()[1])


def help_update(update_id: int, user_id: int) -> dict[str, Any]:
    return {
        "update_id": update_id,
        "message": {
            "message_id": update_id,
            "date": int(time.time()),
            "chat": {"id": user_id, "type": "private", "first_name": "Ann"},
            "from": {"id": user_id, "is_bot": False, "first_name": "Ann", "language_code": "en"},
            "text": "/help",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    }


@pytest.fixture
def bytes_read(monkeypatch: pytest.MonkeyPatch) -> dict[int, int]:
    """Bytes each local port's aiohttp server read from its sockets."""
    counts: dict[int, int] = {}
    original = web_protocol.RequestHandler.data_received

    def counting(self: web_protocol.RequestHandler, data: bytes) -> None:
        transport = self.transport
        if transport is not None:
            port = transport.get_extra_info("sockname")[1]
            counts[port] = counts.get(port, 0) + len(data)
        original(self, data)

    monkeypatch.setattr(web_protocol.RequestHandler, "data_received", counting)
    return counts


async def running(fake: FakeTelegram, tmp_path: Path, **settings: Any) -> Any:
    app = build_application(make_settings(fake, tmp_path / "bot.db", **settings))
    await app.initialize()
    assert app.post_init is not None
    await app.post_init(app)
    await start_web(app)
    if settings.get("bot_webhook_url"):
        await register_webhook(app)
    else:
        assert app.updater is not None
        await app.updater.start_polling()
    await app.start()
    return app


async def finished(app: Any) -> None:
    if app.updater.running:
        await app.updater.stop()
    await stop_web(app)
    await app.stop()
    await app.post_stop(app)
    await app.shutdown()
    await app.post_shutdown(app)


@pytest_asyncio.fixture
async def webhook_app(fake_telegram: FakeTelegram, tmp_path: Path) -> AsyncIterator[Any]:
    hook_port, health_port = two_free_ports()
    app = await running(
        fake_telegram,
        tmp_path,
        bot_webhook_url="https://bot.example.org/tg/hook",
        bot_webhook_secret=SECRET,
        bot_webhook_listen="127.0.0.1",
        bot_webhook_port=hook_port,
        health_port=health_port,
    )
    try:
        yield app
    finally:
        await finished(app)


async def stream_post(
    port: int, path: str, headers: dict[str, str], chunked: bool = False
) -> tuple[int | None, int]:
    """POST a 50 MB body in 64 KiB chunks until the server answers or
    closes; its status (None: closed without one) and the bytes sent."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {HUGE}"
    lines = [f"POST {path} HTTP/1.1", "Host: bot", "Content-Type: application/json", length]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    answer = asyncio.ensure_future(reader.readline())
    block = b"[" * CHUNK
    if chunked:
        block = f"{CHUNK:x}\r\n".encode() + block + b"\r\n"
    sent = 0
    try:
        while sent < HUGE and not answer.done():
            writer.write(block)
            await asyncio.wait_for(writer.drain(), 2)
            sent += CHUNK
    except (ConnectionError, TimeoutError):
        pass
    try:
        line = await asyncio.wait_for(answer, WAIT)
    except (ConnectionError, TimeoutError):
        line = b""
    writer.close()
    status = int(line.split()[1]) if line.startswith(b"HTTP/") else None
    return status, sent


@pytest.mark.parametrize(
    ("path", "headers", "chunked", "expected"),
    [
        ("/tg/hook", {}, False, 403),
        ("/tg/hook", {"X-Telegram-Bot-Api-Secret-Token": "wrong"}, False, 403),
        ("/elsewhere", {}, False, 404),
        ("/healthz", {}, False, 405),
        ("/tg/hook", {"X-Telegram-Bot-Api-Secret-Token": SECRET}, False, 413),
        ("/tg/hook", {"X-Telegram-Bot-Api-Secret-Token": SECRET}, True, 413),
    ],
    ids=["no-secret", "wrong-secret", "other-path", "get-only-path", "too-long", "chunked"],
)
async def test_a_50_mb_post_is_refused_having_read_at_most_2_mb(
    webhook_app: Any,
    bytes_read: dict[int, int],
    path: str,
    headers: dict[str, str],
    chunked: bool,
    expected: int,
) -> None:
    port = webhook_app.bot_data["settings"].bot_webhook_port
    status, sent = await stream_post(port, path, headers, chunked)
    assert status == expected
    assert bytes_read[port] <= 2 * MB, (bytes_read[port], sent)
    print(f"{path} {expected}: server read {bytes_read[port]} bytes, client sent {sent}")


def families(text: str) -> dict[str, Any]:
    return {family.name: family for family in text_string_to_metric_families(text)}


def value(family: Any, name: str, **labels: str) -> float:
    for sample in family.samples:
        if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
            return float(sample.value)
    raise AssertionError(f"no sample {name} {labels}")


async def get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


async def test_health_and_metrics_on_the_health_port_in_webhook_mode_after_a_few_updates(
    fake_telegram: FakeTelegram, webhook_app: Any
) -> None:
    fake = fake_telegram
    port = webhook_app.bot_data["settings"].bot_webhook_port
    base = f"http://127.0.0.1:{port}"
    ann = fake.user(4242, "Ann", language_code="en")
    ann.started_bot = True
    good = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
    async with aiohttp.ClientSession() as session:
        for number in (1, 2, 3):
            update = help_update(number, ann.id)
            async with session.post(f"{base}/tg/hook", json=update, headers=good) as response:
                assert response.status == 200
    await fake.wait_for_message(fake.private_chat(ann), "How to start", timeout=WAIT)
    await webhook_app.bot_data["replies"].drain(WAIT)
    base = f"http://127.0.0.1:{webhook_app.bot_data['settings'].health_port}"
    status, text = await get(f"{base}/healthz")
    body = json.loads(text)
    assert status == 200 and body["ok"] and body["database"]["ok"]
    assert 0 <= body["updates"]["since_received"] < 30
    assert set(body["queues"]) == {"outbox", "rate_limiter", "replies"}
    status, text = await get(f"{base}/metrics")
    assert status == 200
    found = families(text)
    assert value(found["bot_updates"], "bot_updates_total", kind="message") == 3
    assert value(found["bot_update_seconds"], "bot_update_seconds_count") == 3
    assert value(found["bot_api_calls"], "bot_api_calls_total", method="sendMessage", outcome="ok")
    for name in (
        "bot_api_retry_after",
        "bot_computer_decision_seconds",
        "bot_commit_seconds",
        "bot_open_tables",
        "bot_outbox_jobs",
        "bot_rate_limiter_waiting",
        "bot_replies_waiting",
    ):
        assert name in found, name
    assert value(found["bot_open_tables"], "bot_open_tables") == 0


async def test_a_table_shows_in_the_metrics_and_a_closed_store_fails_health(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    port = free_port()
    app = await running(fake_telegram, tmp_path, health_port=port)
    base = f"http://127.0.0.1:{port}"
    try:
        fake = fake_telegram
        ann = fake.user(4242, "Ann", language_code="en")
        group = fake.group(-100777, "Club", supergroup=True, members=[ann])
        fake.user_sends(ann, group, "/new")
        await fake.wait_for(lambda: bool(fake.messages(group)), timeout=WAIT)
        status, text = await get(f"{base}/metrics")
        found = families(text)
        assert value(found["bot_open_tables"], "bot_open_tables") == 1
        assert value(found["bot_updates"], "bot_updates_total", kind="message") >= 1
        status, _ = await get(f"{base}/healthz")
        assert status == 200
        await app.bot_data["store"].close()
        status, text = await get(f"{base}/healthz")
        assert status == 503 and json.loads(text)["database"]["ok"] is False
    finally:
        await finished(app)


async def test_polling_without_health_port_serves_nothing(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    app = await running(fake_telegram, tmp_path)
    try:
        assert "web" not in app.bot_data
    finally:
        await finished(app)


async def test_the_public_webhook_port_answers_no_metrics_and_a_bare_health_line(
    webhook_app: Any,
) -> None:
    """N7: on a Procfile deploy the webhook's port is public; it serves the
    webhook, a `/healthz` that queries nothing and tells nothing, and no
    `/metrics` (those are on HEALTH_PORT, private)."""
    probes = webhook_app.bot_data["probes"]
    queries: list[str] = []
    database, open_tables = probes.database, probes.open_tables

    async def counted_database() -> object:
        queries.append("database")
        return await database()

    async def counted_open_tables() -> int:
        queries.append("open_tables")
        return int(await open_tables())

    probes.database, probes.open_tables = counted_database, counted_open_tables
    settings = webhook_app.bot_data["settings"]
    public = f"http://127.0.0.1:{settings.bot_webhook_port}"
    for _ in range(3):
        status, text = await get(f"{public}/metrics")
        assert status == 404 and "bot_" not in text
        status, text = await get(f"{public}/healthz")
        assert status == 200 and json.loads(text) == {"ok": True}
    assert queries == []
    private = f"http://127.0.0.1:{settings.health_port}"
    status, text = await get(f"{private}/healthz")
    assert status == 200 and "database" in json.loads(text)
    status, text = await get(f"{private}/metrics")
    assert status == 200 and "bot_open_tables" in families(text)
    assert queries == ["database", "open_tables"]


async def test_health_port_equal_to_the_webhook_port_serves_everything_there(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """Where the webhook's port is private (a proxy on the host passes only
    the webhook's path), HEALTH_PORT set to it serves health and metrics
    beside the webhook, on one port."""
    port = free_port()
    app = await running(
        fake_telegram,
        tmp_path,
        bot_webhook_url="https://bot.example.org/tg/hook",
        bot_webhook_secret=SECRET,
        bot_webhook_listen="127.0.0.1",
        bot_webhook_port=port,
        health_port=port,
    )
    try:
        assert "health_web" not in app.bot_data
        status, text = await get(f"http://127.0.0.1:{port}/healthz")
        assert status == 200 and json.loads(text)["database"]["ok"]
        status, text = await get(f"http://127.0.0.1:{port}/metrics")
        assert status == 200 and "bot_updates" in families(text)
    finally:
        await finished(app)


async def test_metrics_read_the_open_tables_at_most_every_few_seconds(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N7: a scrape costs the store's single connection one query at most
    every OPEN_TABLES_SECONDS, however often it comes (an hour here, so that
    no slow machine lets the time pass between two scrapes)."""
    monkeypatch.setattr(web, "OPEN_TABLES_SECONDS", 3600.0)
    port = free_port()
    app = await running(fake_telegram, tmp_path, health_port=port)
    try:
        probes = app.bot_data["probes"]
        counted: list[int] = []
        open_tables = probes.open_tables

        async def counting() -> int:
            counted.append(1)
            return int(await open_tables())

        probes.open_tables = counting
        for _ in range(20):
            status, _ = await get(f"http://127.0.0.1:{port}/metrics")
            assert status == 200
        assert len(counted) == 1
    finally:
        await finished(app)
