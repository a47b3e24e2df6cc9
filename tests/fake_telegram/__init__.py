"""An offline fake of the Telegram Bot API for testing the bot through PTB's real client.

See :class:`FakeTelegram` (``server.py``) for the server and the test-side API, and
``fixtures.py`` for the ``fake_telegram`` pytest fixture.
"""

from .faults import FaultRule
from .html_parser import Entity, HtmlParseError, parse_html, utf16_len
from .models import (
    Button,
    CallbackAnswer,
    ErrorRecord,
    FakeCallback,
    FakeChat,
    FakeUser,
    MessageVersion,
    RequestRecord,
    StoredMessage,
)
from .server import DEFAULT_BOT_USERNAME, DEFAULT_TOKEN, ApiError, FakeTelegram

__all__ = [
    "DEFAULT_BOT_USERNAME",
    "DEFAULT_TOKEN",
    "ApiError",
    "Button",
    "CallbackAnswer",
    "Entity",
    "ErrorRecord",
    "FakeCallback",
    "FakeChat",
    "FakeTelegram",
    "FakeUser",
    "FaultRule",
    "HtmlParseError",
    "MessageVersion",
    "RequestRecord",
    "StoredMessage",
    "parse_html",
    "utf16_len",
]
