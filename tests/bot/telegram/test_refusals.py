"""Telegram's everyday refusals read as outcomes (bot/telegram/wire/refusals.py)."""

from __future__ import annotations

import pytest
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.tables.outbox import Outcome
from bot.telegram.wire.refusals import classify, transient


@pytest.mark.parametrize(
    ("error", "outcome"),
    [
        (BadRequest("Message is not modified: specified new message content"), Outcome.SAME),
        (BadRequest("Message to edit not found"), Outcome.GONE),
        (BadRequest("Message can't be edited"), Outcome.GONE),
        (BadRequest("Message to delete not found"), Outcome.GONE),
        # A hand older than 48 hours: kept, its buttons stripped (Hands.remove), not logged.
        (BadRequest("Message can't be deleted"), Outcome.GONE),
        (BadRequest("Chat not found"), Outcome.FORBIDDEN),
        (Forbidden("Forbidden: bot was blocked by the user"), Outcome.FORBIDDEN),
        (BadRequest("Bad Request: TOPIC_CLOSED"), Outcome.CLOSED),
        (BadRequest("Bad Request: can't parse entities"), Outcome.FAILED),
        (NetworkError("connection reset"), Outcome.FAILED),
    ],
)
def test_a_refusal_reads_as_its_outcome(error: Exception, outcome: Outcome) -> None:
    assert isinstance(error, BadRequest | Forbidden | NetworkError)
    assert classify(error) is outcome


def test_only_what_may_not_have_reached_telegram_is_tried_again() -> None:
    assert transient(NetworkError("connection reset"))
    assert transient(TimedOut())
    assert transient(RetryAfter(3))
    assert not transient(BadRequest("Message to edit not found"))
    assert not transient(Forbidden("Forbidden: bot was blocked by the user"))
