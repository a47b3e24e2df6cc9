"""Messenger's direct posts: the Bot API's parameters as JSON values, through
PTB's rate limiter, with PTB's errors."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from PIL import Image
from telegram.error import BadRequest
from telegram.ext import BaseRateLimiter, ExtBot
from telegram.request import BaseRequest, RequestData

from bot.tables import Outcome
from bot.telegram.wire.limits import counted
from bot.telegram.wire.messenger import Messenger
from bot.telegram.wire.payload import keyboard, markup
from bot.telegram.wire.topics import ClosedTopics
from bot.view.screen import Button, Screen
from testing.fake_telegram import FakeTelegram


class Canned(BaseRequest):
    """Answers every request with the next canned answer, keeping what was asked."""

    def __init__(self, *answers: dict[str, Any]) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, dict[str, Any]]] = []

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    @property
    def read_timeout(self) -> float | None:
        return 5.0

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        assert request_data is not None
        self.asked.append((url.rsplit("/", 1)[1], request_data.parameters))
        answer = self.answers.pop(0)
        return (200 if answer.get("ok") else answer["error_code"]), json.dumps(answer).encode()


class Recording(BaseRateLimiter[None]):
    def __init__(self) -> None:
        self.seen: list[tuple[str, Any]] = []

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Any]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: None,
    ) -> Any:
        self.seen.append((endpoint, data.get("chat_id")))
        return await callback(*args, **kwargs)


def sent(message_id: int, chat_id: int) -> dict[str, Any]:
    return {
        "ok": True,
        "result": {"message_id": message_id, "date": 1, "chat": {"id": chat_id, "type": "group"}},
    }


async def test_sends_go_through_the_rate_limiter_as_plain_json_values() -> None:
    request = Canned(sent(41, -5), {"ok": True, "result": True})
    limiter = Recording()
    bot = ExtBot("1:token", request=request, rate_limiter=limiter)
    out = Messenger(bot, retries=0)
    screen = Screen("<b>hi</b>", ((Button("A♠", data="s:1:2"),),))
    assert await out.send(-5, screen, silent=True) == (Outcome.OK, 41)
    assert await out.edit(-5, 41, Screen("bye")) is Outcome.OK
    assert limiter.seen == [("sendMessage", -5), ("editMessageText", -5)]
    (first, parameters), (second, edited) = request.asked
    assert first == "sendMessage" and second == "editMessageText"
    assert parameters == {
        "chat_id": -5,
        "text": "<b>hi</b>",
        "parse_mode": "HTML",
        "reply_markup": {"inline_keyboard": [[{"text": "A♠", "callback_data": "s:1:2"}]]},
        "disable_notification": True,
    }
    assert "reply_markup" not in edited, "no keyboard, no parameter"


async def test_a_tap_is_answered_with_the_bot_apis_own_fields() -> None:
    request = Canned(
        {"ok": True, "result": True},
        {"ok": False, "error_code": 400, "description": "Bad Request: query is too old"},
    )
    limiter = Recording()
    out = Messenger(ExtBot("1:token", request=request, rate_limiter=limiter), retries=0)
    await out.answer("77", "Not your turn", alert=True)
    with pytest.raises(BadRequest, match=r"(?i)query is too old"):
        await out.answer("78", None)
    assert limiter.seen == [("answerCallbackQuery", None)] * 2, "no chat: no chat's limit"
    assert request.asked == [
        (
            "answerCallbackQuery",
            {"callback_query_id": "77", "text": "Not your turn", "show_alert": True},
        ),
        ("answerCallbackQuery", {"callback_query_id": "78", "show_alert": False}),
    ]


async def test_telegrams_refusals_arrive_as_ptbs_errors() -> None:
    migrated = {
        "ok": False,
        "error_code": 400,
        "description": "Bad Request: group chat was upgraded to a supergroup chat",
        "parameters": {"migrate_to_chat_id": -1009},
    }
    request = Canned(
        {"ok": False, "error_code": 400, "description": "Bad Request: message is not modified"},
        {"ok": False, "error_code": 403, "description": "Forbidden: bot was blocked by the user"},
        migrated,
        sent(7, -1009),
    )
    moves: list[tuple[int, int]] = []

    async def on_migrate(old: int, new: int) -> None:
        moves.append((old, new))

    out = Messenger(ExtBot("1:token", request=request), retries=0, on_migrate=on_migrate)
    assert await out.edit(5, 1, Screen("x")) is Outcome.SAME
    assert await out.send(5, Screen("x")) == (Outcome.FORBIDDEN, None)
    assert await out.send(-5, Screen("x")) == (Outcome.OK, 7)
    assert moves == [(-5, -1009)]
    assert [p["chat_id"] for _, p in request.asked[-2:]] == [-5, -1009]


async def test_a_closed_or_deleted_topic_is_told_once_and_sent_no_more() -> None:
    refused = {"ok": False, "error_code": 400, "description": "Bad Request: TOPIC_CLOSED"}
    gone = {"ok": False, "error_code": 400, "description": "Bad Request: message thread not found"}
    request = Canned(sent(1, -5), refused, sent(2, -5), gone, sent(3, -5))
    told: list[tuple[int, int | None]] = []

    async def on_topic_gone(chat_id: int, thread: int | None) -> None:
        told.append((chat_id, thread))

    out = Messenger(ExtBot("1:token", request=request), retries=3, on_topic_gone=on_topic_gone)
    assert await out.send(-5, Screen("x"), thread=77) == (Outcome.OK, 1)
    assert request.asked[0][1]["message_thread_id"] == 77
    # Refused once, not retried; the next sends there are not even tried.
    assert await out.send(-5, Screen("x"), thread=77) == (Outcome.CLOSED, None)
    assert await out.send(-5, None, photo=b"png", thread=77) == (Outcome.CLOSED, None)
    assert await out.edit_or_send(-5, None, Screen("x"), thread=77) == (Outcome.CLOSED, None)
    assert len(request.asked) == 2
    await asyncio.sleep(0)
    assert told == [(-5, 77)] * 3, "whoever ends the topic's table hears of every try"
    # Other places are not touched; a reopened topic takes messages again.
    assert await out.send(-5, Screen("x"), thread=78) == (Outcome.OK, 2)
    assert await out.send(-5, Screen("x"), thread=79) == (Outcome.CLOSED, None)
    out.topics.reopen((-5, 77))
    assert await out.send(-5, Screen("x"), thread=77) == (Outcome.OK, 3)
    assert len(request.asked) == 5


def test_a_closed_topic_is_forgotten_after_a_while_a_deleted_one_never() -> None:
    now = [0.0]
    topics = ClosedTopics(remember=60, clock=lambda: now[0])
    topics.close((-5, 77))
    topics.close((-5, 78), deleted=True)
    topics.close((-5, 78))  # a deleted topic stays deleted
    assert topics.is_closed((-5, 77)) and topics.is_closed((-5, 78))
    assert not topics.is_closed((-5, None)) and not topics.is_closed((-6, 77))
    now[0] = 61.0
    assert not topics.is_closed((-5, 77)) and topics.is_closed((-5, 78))
    topics.reopen((-5, 78))
    assert not topics.is_closed((-5, 78))


def test_ptbs_keyboard_and_the_raw_one_hold_the_same_buttons() -> None:
    screen = Screen("x", ((Button("A♠", data="s:1"), Button("Open", url="https://t.me/b")),))
    built = markup(screen)
    assert built is not None
    assert built.to_dict() == keyboard(screen)
    assert markup(Screen("no buttons")) is None and keyboard(Screen("no buttons")) is None


async def test_a_photo_goes_with_its_caption_or_after_a_caption_too_long(
    fake_telegram: FakeTelegram,
) -> None:
    """sendPhoto through the rate limiter as an upload; a caption longer than
    Telegram's 1,024 characters (counted as shown, tags aside) is sent as a
    message first, and the photo follows it bare."""
    fake = fake_telegram
    group = fake.group(-100_500, "Клуб", supergroup=True)
    picture = io.BytesIO()
    Image.new("RGB", (6, 4), "white").save(picture, format="PNG")
    png = picture.getvalue()
    limiter = Recording()
    async with ExtBot(fake.token, base_url=fake.base_url, rate_limiter=limiter) as bot:
        out = Messenger(bot, retries=0)
        outcome, first = await out.send(group.id, Screen("<b>Аня</b>: 📊"), photo=png)
        assert outcome is Outcome.OK and first is not None
        shown = fake.find_message(group.id, first)
        assert shown is not None and shown.photo == png and shown.text == "Аня: 📊"
        # Exactly at the limit once the tags are gone: still a caption.
        outcome, at_limit = await out.send(group.id, Screen("<b>" + "я" * 1024 + "</b>"), photo=png)
        assert outcome is Outcome.OK and fake.messages(group)[-1].message_id == at_limit
        long = Screen("я" * 1025)
        outcome, text_id = await out.send(group.id, long, photo=png)
        assert outcome is Outcome.OK
        text, photo = fake.messages(group)[-2:]
        assert text.message_id == text_id and text.photo is None and text.text == long.text
        assert photo.photo == png and photo.text == ""
    assert [endpoint for endpoint, _ in limiter.seen if endpoint != "getMe"] == [
        "sendPhoto",
        "sendPhoto",
        "sendMessage",
        "sendPhoto",
    ]
    assert counted("sendPhoto")
