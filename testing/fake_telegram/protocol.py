"""The Bot API's conventions as the fake models them.

The default bot, the update types a bot may ask for, error responses (:class:`ApiError`,
:func:`bad_request`, :func:`forbidden`) and typed access to a request's parameters
(:class:`Params`), shared by every group of Bot API methods.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .models import JSONDict
from .records import RequestRecord

DEFAULT_TOKEN = "7000000001:AAF-fake-telegram-token-for-tests-x"
DEFAULT_BOT_USERNAME = "burkozel_test_bot"

ALL_UPDATE_TYPES = frozenset(
    {
        "message",
        "edited_message",
        "channel_post",
        "edited_channel_post",
        "business_connection",
        "business_message",
        "edited_business_message",
        "deleted_business_messages",
        "message_reaction",
        "message_reaction_count",
        "inline_query",
        "chosen_inline_result",
        "callback_query",
        "shipping_query",
        "pre_checkout_query",
        "purchased_paid_media",
        "poll",
        "poll_answer",
        "my_chat_member",
        "chat_member",
        "chat_join_request",
        "chat_boost",
        "removed_chat_boost",
    }
)
# Telegram's default when allowed_updates was never set.
DEFAULT_ALLOWED_UPDATES = ALL_UPDATE_TYPES - {
    "chat_member",
    "message_reaction",
    "message_reaction_count",
}


class ApiError(Exception):
    """A Bot API error response: ``{"ok": false, "error_code": ..., "description": ...}``."""

    def __init__(self, code: int, description: str, parameters: JSONDict | None = None) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = parameters


def bad_request(message: str, parameters: JSONDict | None = None) -> ApiError:
    return ApiError(400, f"Bad Request: {message}", parameters)


def forbidden(message: str) -> ApiError:
    return ApiError(403, f"Forbidden: {message}")


class Params:
    """Typed access to request parameters (form strings or JSON values)."""

    def __init__(self, data: JSONDict) -> None:
        self.data = data

    def has(self, name: str) -> bool:
        return self.data.get(name) not in (None, "")

    def get_str(self, name: str) -> str | None:
        value = self.data.get(name)
        if value is None:
            return None
        return value if isinstance(value, str) else json.dumps(value)

    def get_int(self, name: str, *, error: str | None = None) -> int | None:
        value = self.data.get(name)
        if value is None or value == "":
            return None
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            try:
                return int(float(str(value)))
            except ValueError:
                raise bad_request(error or f"invalid {name} specified") from None

    def get_float(self, name: str) -> float | None:
        value = self.data.get(name)
        if value is None or value == "":
            return None
        try:
            return float(value)
        except (TypeError, ValueError):
            raise bad_request(f"invalid {name} specified") from None

    def get_bool(self, name: str) -> bool:
        value = self.data.get(name)
        if isinstance(value, bool):
            return value
        if value is None:
            return False
        return str(value).strip().lower() in ("true", "1", "yes")

    def get_json(self, name: str) -> Any:
        value = self.data.get(name)
        if isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                raise bad_request(f"can't parse {name} JSON object") from None
        return value


Handler = Callable[[Params, RequestRecord, web.Request], Awaitable[Any]]
