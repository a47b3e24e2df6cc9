"""LOG_LEVEL=DEBUG logs which Bot API calls and updates went by, never what
people wrote or tapped (security review N17): PTB's own debug lines carry
whole getUpdates answers and updates, and bot/logs.py withholds them."""

from __future__ import annotations

import io
import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from bot_harness import WAIT, BotRunner

from bot.logs import WITHHELD, secrets_of, setup_logging
from testing.fake_telegram import FakeTelegram

PRIVATE_TEXT = "my-private-words-about-aces-42"
CARD_TAP = "s:123456:7:TS"


@pytest.fixture
def debug_log(monkeypatch: pytest.MonkeyPatch) -> Iterator[io.StringIO]:
    """The log at LOG_LEVEL=DEBUG, set up as `python -m bot` does, into a buffer."""
    out = io.StringIO()
    monkeypatch.setattr(sys, "stderr", out)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    quiet = {name: logging.getLogger(name).level for name in ("httpx", "httpcore")}
    setup_logging("DEBUG", secrets_of("123:secret-token"))
    try:
        yield out
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        logging.captureWarnings(False)
        for name, old in quiet.items():
            logging.getLogger(name).setLevel(old)


async def test_debug_logs_show_calls_but_no_private_text_or_callback_data(
    fake_telegram: FakeTelegram, tmp_path: Path, debug_log: io.StringIO
) -> None:
    fake = fake_telegram
    ann = fake.user(4242, "Zelphine", language_code="en")
    ann.started_bot = True
    chat = fake.private_chat(ann)
    async with BotRunner(fake, tmp_path / "bot.db") as runner:
        fake.user_sends(ann, chat, "/help")
        answer = await fake.wait_for_message(chat, "How to start", timeout=WAIT)
        fake.user_sends(ann, chat, PRIVATE_TEXT)
        fake.user_taps(ann, answer, CARD_TAP, force=True)
        await runner.idle()
    text = debug_log.getvalue()
    assert PRIVATE_TEXT not in text
    assert CARD_TAP not in text
    assert "Zelphine" not in text  # nor a name, in a statement's parameters
    assert "getUpdates" in text and WITHHELD in text  # the calls are still there
