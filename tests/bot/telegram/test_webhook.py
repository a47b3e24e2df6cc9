"""Webhook mode: updates posted to PTB's webhook server are handled only when
they carry the secret; the webhook is registered with Telegram on start."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from bot_harness import WAIT, make_settings

from bot.app import build_application, register_webhook, start_web, stop_web
from bot.settings import Settings
from testing.fake_telegram import FakeTelegram

SECRET = "s3cret_Token-1-long-enough-for-N16-ok"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest_asyncio.fixture
async def webhook(
    fake_telegram: FakeTelegram,
    tmp_path: Path,
) -> AsyncIterator[tuple[Settings, str]]:
    port = free_port()
    settings = make_settings(
        fake_telegram,
        tmp_path / "bot.db",
        bot_webhook_url="https://bot.example.org/tg/hook",
        bot_webhook_secret=SECRET,
        bot_webhook_listen="127.0.0.1",
        bot_webhook_port=port,
    )
    app = build_application(settings)
    await app.initialize()
    assert app.post_init is not None
    await app.post_init(app)
    await start_web(app)
    await register_webhook(app)
    await app.start()
    try:
        yield settings, f"http://127.0.0.1:{port}/tg/hook"
    finally:
        await stop_web(app)
        await app.stop()
        assert app.post_stop is not None
        await app.post_stop(app)
        await app.shutdown()
        assert app.post_shutdown is not None
        await app.post_shutdown(app)


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


async def test_webhook_takes_updates_with_the_secret_only(
    fake_telegram: FakeTelegram,
    webhook: tuple[Settings, str],
) -> None:
    fake = fake_telegram
    _, url = webhook
    registered = fake.calls("setWebhook")
    assert registered and registered[-1].params["url"] == "https://bot.example.org/tg/hook"
    assert registered[-1].params["secret_token"] == SECRET
    allowed = registered[-1].params["allowed_updates"]
    if isinstance(allowed, str):
        allowed = json.loads(allowed)
    assert allowed == ["message", "callback_query", "my_chat_member"]
    ann = fake.user(4242, "Ann", language_code="en")
    ann.started_bot = True
    fake.private_chat(ann)
    async with aiohttp.ClientSession() as session:
        for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
            async with session.post(url, json=help_update(1, ann.id), headers=headers) as response:
                assert response.status == 403
        await fake.wait_idle(timeout=WAIT)
        assert not fake.messages(fake.private_chat(ann))
        good = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
        async with session.post(url, json=help_update(2, ann.id), headers=good) as response:
            assert response.status == 200
    reply = await fake.wait_for_message(fake.private_chat(ann), "How to start", timeout=WAIT)
    assert "/new" in reply.text


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"BOT_WEBHOOK_URL": "http://plain.example.org/hook"}, "BOT_WEBHOOK_URL"),
        ({"BOT_WEBHOOK_URL": "https://ok.example.org/hook"}, "BOT_WEBHOOK_SECRET"),
        (
            {"BOT_WEBHOOK_URL": "https://ok.example.org/hook", "BOT_WEBHOOK_SECRET": "sp ace"},
            "BOT_WEBHOOK_SECRET",
        ),
    ],
)
def test_bad_webhook_settings_name_the_setting(
    env: dict[str, str],
    named: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.settings import load_settings

    monkeypatch.setenv("BOT_TOKEN", "123456:ABCDEFGHIJKLMNOP")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(SystemExit) as stop:
        load_settings(_env_file=None)
    assert stop.value.code == 2
    line = capsys.readouterr().err.strip()
    assert named in line and "\n" not in line
