"""Telegram's everyday refusals as plain outcomes: "message is not
modified" is success, "message to edit not found" means send a new one, 403
means the person is unreachable; and which failures are worth another try."""

from __future__ import annotations

from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError

from bot.tables.outbox import Outcome
from bot.telegram.wire.topics import refused_topic


def classify(error: TelegramError) -> Outcome:
    text = str(error).lower()
    if isinstance(error, Forbidden):
        return Outcome.FORBIDDEN
    if isinstance(error, BadRequest):
        if "not modified" in text:
            return Outcome.SAME
        if (
            "message to edit not found" in text
            or "message can't be edited" in text
            or "message to delete not found" in text
            or "message can't be deleted" in text
            or "message_id_invalid" in text
        ):
            return Outcome.GONE
        if "chat not found" in text:
            return Outcome.FORBIDDEN
        if refused_topic(text) is not None:
            return Outcome.CLOSED
    return Outcome.FAILED


def transient(error: TelegramError) -> bool:
    """Worth another try: the request may not have reached Telegram at all."""
    if isinstance(error, BadRequest):
        return False
    return isinstance(error, NetworkError | RetryAfter)
