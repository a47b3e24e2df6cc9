"""LOG_FORMAT=json: one JSON object a line, with the table and chat a line is
about, and never the token or the webhook secret (bot/logs.py)."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import sys
from collections.abc import Iterator

import pytest

from bot.logs import log_context, secrets_of, setup_logging

TOKEN = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ"
WEBHOOK_SECRET = "hook_Secret-42"


@pytest.fixture
def json_lines(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """The log's output, with LOG_FORMAT=json set up as `python -m bot` does."""
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", out)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    setup_logging("INFO", secrets_of(TOKEN, WEBHOOK_SECRET), form="json")
    try:
        yield out
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        logging.captureWarnings(False)


def lines(out: io.StringIO) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_line_is_one_json_object_without_secrets(json_lines: io.StringIO) -> None:
    log = logging.getLogger("bot.sample")
    log.warning("calling https://api.telegram.org/bot%s/getMe with %s", TOKEN, WEBHOOK_SECRET)
    try:
        raise RuntimeError(f"token {TOKEN} secret {WEBHOOK_SECRET}")
    except RuntimeError:
        log.exception("failed")
    text = json_lines.getvalue()
    assert TOKEN.partition(":")[2] not in text and WEBHOOK_SECRET not in text
    first, second = lines(json_lines)
    assert first["level"] == "WARNING" and first["logger"] == "bot.sample"
    assert first["message"] == "calling https://api.telegram.org/bot<secret>/getMe with <secret>"
    assert str(first["time"]).endswith("+00:00")
    assert "RuntimeError: token <secret> secret <secret>" in str(second["exception"])
    assert "table" not in first and "chat" not in first


def test_a_line_carries_its_table_and_chat(json_lines: io.StringIO) -> None:
    log = logging.getLogger("bot.tables.outbox")
    log.error("table %s: telling the players failed", 7, extra={"table": 7})

    async def handling() -> None:
        log_context.set({"chat": -1001})
        log.error("a handler failed")
        await asyncio.get_running_loop().create_task(job())

    async def job() -> None:  # a task started by the handler keeps the chat
        log.error("a job", extra={"table": 9})

    asyncio.run(handling())
    log.error("after the update")
    found = lines(json_lines)
    assert found[0]["table"] == 7 and "chat" not in found[0]
    assert found[1]["chat"] == -1001
    assert found[2]["chat"] == -1001 and found[2]["table"] == 9
    assert "chat" not in found[3]


def test_the_default_stays_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.settings import load_settings

    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    assert load_settings(_env_file=None).log_format == "text"
    monkeypatch.setenv("LOG_FORMAT", "JSON")
    assert load_settings(_env_file=None).log_format == "json"
