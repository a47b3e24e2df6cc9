"""Sending and editing through PTB, with Telegram's everyday refusals turned
into plain outcomes: "message is not modified" is success, "message to edit
not found" means send a new one, 403 means the person is unreachable.

Lost connections, timeouts and 429s are retried with backoff, so nothing
drops out of the group's record of a game; an answer to a person (`patient`)
is retried until it is sent or the chat is gone. A group that became a
supergroup is followed to its new chat id.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import sys
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple, TypeVar

from telegram import Bot, InlineKeyboardMarkup, InputFile
from telegram.constants import ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.request import RequestData
from telegram.request._requestparameter import RequestParameter

from bot.tables.outbox import Outcome, Priority
from bot.telegram.wire.limits import Ask, SendLimits, Superseded, seconds
from bot.telegram.wire.topics import ClosedTopics, Place, refused_topic
from bot.view.screen import Screen

log = logging.getLogger(__name__)

if importlib.util.find_spec("sniffio") is None:
    # httpcore tries `import sniffio` for every lock, event and stream close of
    # every request. Without the package each failed import searches sys.path
    # afresh (about a tenth of the bot's CPU under load); recording the absence
    # once makes the import fail at once, and httpcore uses asyncio as before.
    sys.modules["sniffio"] = None  # type: ignore[assignment]

# Sends, edits and answers to taps are posted straight to the Bot API through the bot's own
# request object and PTB's rate limiter (see `Messenger._api`): the bot needs
# only a new message's id from an answer. PTB's typed methods, and even its
# `do_api_request`, build an object per parameter and per answer: 113 µs of
# Python per call against 22 µs this way (and turning every answer into
# PTB's `Message` had been about a seventh of the bot's CPU under load).
_SENT = (
    "sendMessage",
    "sendPhoto",
    "editMessageText",
    "editMessageReplyMarkup",
    "deleteMessage",
    "answerCallbackQuery",
)


def request_data(parameters: dict[str, Any]) -> RequestData:
    """Parameters that are already JSON values, as the Bot API takes them:
    no conversion by `RequestParameter.from_input`; a file (`InputFile`) is
    uploaded as multipart form data. (`RequestParameter` is not exported by
    PTB; pyproject.toml keeps PTB below 23, and the messenger's tests fail if
    its shape changes.)"""
    return RequestData(
        [
            RequestParameter(name, None, [value])
            if isinstance(value, InputFile)
            else RequestParameter(name, value, None)
            for name, value in parameters.items()
        ]
    )


def fits_caption(screen: Screen) -> bool:
    """Whether the screen's text may be a photo's caption (`CAPTION_LIMIT`)."""
    return screen.fits_caption()


T = TypeVar("T")
MAX_BACKOFF = 30.0  # seconds: the longest wait between two tries of a patient call
Migrated = Callable[[int, int], Awaitable[None]]
TopicGone = Callable[[int, int | None], Awaitable[None]]


def keyboard(screen: Screen) -> dict[str, Any] | None:
    """A screen's buttons as the Bot API's `reply_markup` JSON: what the raw
    API calls made here send (PTB's button objects would only be turned back
    into this)."""
    if not screen.buttons:
        return None
    rows = []
    for row in screen.buttons:
        buttons = []
        for b in row:
            button: dict[str, Any] = {"text": b.text}
            if b.data is not None:
                button["callback_data"] = b.data
            if b.url is not None:
                button["url"] = b.url
            buttons.append(button)
        rows.append(buttons)
    return {"inline_keyboard": rows}


def markup(screen: Screen) -> InlineKeyboardMarkup | None:
    """The same buttons as PTB's object, for replies made through PTB."""
    data = keyboard(screen)
    return None if data is None else InlineKeyboardMarkup.de_json(data, None)


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


class _Where(NamedTuple):
    """Where a new message goes and how: what `send` and `send_photo` share."""

    chat_id: int
    thread: int | None
    silent: bool
    reply_to: int | None
    patient: bool
    priority: Priority


def _quote(reply_to: int | None) -> dict[str, Any] | None:
    """The Bot API's reply_parameters for an answer to `reply_to`."""
    if reply_to is None:
        return None
    return {"message_id": reply_to, "allow_sending_without_reply": True}


class Messenger:
    def __init__(
        self,
        bot: Bot,
        retries: int = 5,
        backoff: float = 0.5,
        on_migrate: Migrated | None = None,
        on_topic_gone: TopicGone | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        """`on_topic_gone(chat_id, thread)`: a forum topic (None: General)
        refused a message as closed or deleted (bot/telegram/wire/topics.py).
        `sleep`: the pause before a retry (the scheduler's, bot/clock.py: a
        test's lets it pass at once)."""
        self.bot = bot
        self.sleep = sleep
        self.retries = retries
        self.backoff = backoff
        self.on_migrate = on_migrate
        self.on_topic_gone = on_topic_gone
        self.topics = ClosedTopics()
        self._told: set[asyncio.Task[None]] = set()

    def _topic_refused(self, place: Place, error: TelegramError | None = None) -> None:
        """A send to `place` was refused (`error`), or would be (None): it is
        remembered, and whoever wants to know is told in a task of its own (a
        send may run in a table's message lane, which ending the table must
        not wait for)."""
        if error is not None:
            self.topics.close(place, deleted=bool(refused_topic(str(error))))
        if self.on_topic_gone is None:
            return
        gone = self.on_topic_gone

        async def tell() -> None:
            try:
                await gone(*place)
            except Exception:
                log.exception("chat %s, topic %s: ending its table failed", *place)

        task = asyncio.get_running_loop().create_task(tell())
        self._told.add(task)
        task.add_done_callback(self._told.discard)

    async def _call(
        self, chat_id: int, request: Callable[[int], Awaitable[T]], patient: bool = False
    ) -> T:
        """Run `request(chat_id)`, retrying transient failures and following
        migrations; `patient` retries them for as long as it takes."""
        delay = self.backoff
        attempt = 0
        while True:
            try:
                return await request(chat_id)
            except ChatMigrated as error:
                new_id = error.new_chat_id
                log.info("chat %s moved to %s", chat_id, new_id)
                if self.on_migrate is not None:
                    await self.on_migrate(chat_id, new_id)
                chat_id = new_id
            except TelegramError as error:
                attempt += 1
                if not transient(error) or (attempt > self.retries and not patient):
                    raise
                wait = delay
                if isinstance(error, RetryAfter):
                    wait = max(delay, seconds(error.retry_after))
                log.info("retrying after %s (attempt %d): %s", wait, attempt, error)
                await self.sleep(wait)
                delay = min(delay * 2, MAX_BACKOFF)

    async def _api(self, method: str, ask: Ask | None = None, **parameters: Any) -> Any:
        """A Bot API call with the parameters PTB's typed method would send,
        through PTB's rate limiter when the bot has one (`ask`: its priority and
        what it replaces); the answer is Telegram's JSON result (see `_SENT`).
        Errors are PTB's, raised by its request object from Telegram's answer;
        `Superseded` when a newer request took this one's place."""
        assert method in _SENT
        parameters = {k: v for k, v in parameters.items() if v is not None}
        limiter = getattr(self.bot, "rate_limiter", None)
        if limiter is None:
            return await self._post(method, parameters)
        return await limiter.process_request(
            callback=self._post,
            args=(method, parameters),
            kwargs={},
            endpoint=method,
            data=parameters,
            rate_limit_args=ask,
        )

    async def _post(self, method: str, parameters: dict[str, Any]) -> Any:
        return await self.bot.request.post(
            f"{self.bot.base_url}/{method}", request_data=request_data(parameters)
        )

    async def _new_message(
        self, method: str, where: _Where, fields: dict[str, Any], what: str
    ) -> tuple[Outcome, int | None]:
        """Post a new message (`what`: for the log) and say how it went: its id,
        or Telegram's refusal as an `Outcome` (a closed topic remembered)."""
        chat_id, thread = where.chat_id, where.thread
        if self.topics.is_closed((chat_id, thread)):
            self._topic_refused((chat_id, thread))
            return Outcome.CLOSED, None
        quote = _quote(where.reply_to)

        async def request(target: int) -> Any:
            here = target == chat_id  # not the supergroup a group became (`_call`)
            return await self._api(
                method,
                Ask(where.priority),
                chat_id=target,
                message_thread_id=thread if here else None,
                disable_notification=where.silent,
                reply_parameters=quote if here else None,
                **fields,
            )

        try:
            message = await self._call(chat_id, request, where.patient)
        except TelegramError as error:
            outcome = classify(error)
            if outcome is Outcome.FAILED:
                log.warning("%s to %s failed: %s", what, chat_id, error)
            elif outcome is Outcome.CLOSED:
                self._topic_refused((chat_id, thread), error)
            return outcome, None
        return Outcome.OK, int(message["message_id"])

    async def send(
        self,
        chat_id: int,
        screen: Screen,
        *,
        silent: bool = False,
        reply_to: int | None = None,
        patient: bool = False,
        thread: int | None = None,
        priority: Priority = Priority.RECORD,
    ) -> tuple[Outcome, int | None]:
        """`reply_to`: the message this answers (quoted when it still exists);
        `patient`: retried until sent or the chat is gone (see `_call`);
        `thread`: the forum topic it goes to (see `Sender`)."""
        fields: dict[str, Any] = {"text": screen.text, "parse_mode": ParseMode.HTML}
        fields["reply_markup"] = keyboard(screen)
        where = _Where(chat_id, thread, silent, reply_to, patient, priority)
        return await self._new_message("sendMessage", where, fields, "send")

    async def send_photo(
        self,
        chat_id: int,
        photo: bytes,
        caption: Screen | None = None,
        *,
        silent: bool = False,
        reply_to: int | None = None,
        patient: bool = False,
        thread: int | None = None,
        priority: Priority = Priority.RECORD,
    ) -> tuple[Outcome, int | None]:
        """A PNG, uploaded, with `caption` under it. A caption longer than
        Telegram allows goes first as a message of its own (the outcome and id
        are then the message's), and the photo follows it bare."""
        if caption is not None and not fits_caption(caption):
            outcome, message_id = await self.send(
                chat_id,
                caption,
                silent=silent,
                reply_to=reply_to,
                patient=patient,
                thread=thread,
                priority=priority,
            )
            if outcome is Outcome.OK:
                await self.send_photo(
                    chat_id, photo, silent=True, patient=patient, thread=thread, priority=priority
                )
            return outcome, message_id
        fields: dict[str, Any] = {"photo": InputFile(photo, filename="chart.png")}
        if caption is not None:
            fields.update(caption=caption.text, parse_mode=ParseMode.HTML)
            fields["reply_markup"] = keyboard(caption)
        where = _Where(chat_id, thread, silent, reply_to, patient, priority)
        return await self._new_message("sendPhoto", where, fields, "photo")

    async def edit(
        self,
        chat_id: int,
        message_id: int,
        screen: Screen,
        *,
        priority: Priority = Priority.RECORD,
    ) -> Outcome:
        """A newer edit of the same message still waiting takes this one's
        place in the line (`Outcome.SUPERSEDED` here)."""

        async def request(target: int) -> object:
            return await self._api(
                "editMessageText",
                Ask(priority, replaces=("text", target, message_id)),
                chat_id=target,
                message_id=message_id,
                text=screen.text,
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard(screen),
            )

        try:
            await self._call(chat_id, request)
        except Superseded:
            return Outcome.SUPERSEDED
        except TelegramError as error:
            outcome = classify(error)
            if outcome is Outcome.FAILED:
                log.warning("edit of %s/%s failed: %s", chat_id, message_id, error)
            return outcome
        return Outcome.OK

    async def edit_or_send(
        self,
        chat_id: int,
        message_id: int | None,
        screen: Screen,
        *,
        thread: int | None = None,
        priority: Priority = Priority.RECORD,
    ) -> tuple[Outcome, int | None]:
        """Edit in place; if the message is gone, send it anew (to `thread`)."""
        if message_id is not None:
            outcome = await self.edit(chat_id, message_id, screen, priority=priority)
            if outcome in (Outcome.OK, Outcome.SAME, Outcome.SUPERSEDED):
                return outcome, message_id
            if outcome is Outcome.FORBIDDEN:
                return outcome, None
        return await self.send(chat_id, screen, silent=True, thread=thread, priority=priority)

    async def answer(
        self, query_id: str, text: str | None, *, alert: bool = False, url: str | None = None
    ) -> None:
        """Answer a button tap, once; raises PTB's error (the caller decides on retries)."""
        await self._api(
            "answerCallbackQuery",
            callback_query_id=query_id,
            text=text,
            show_alert=alert,
            url=url,
        )

    def withdraw(self, chat_id: int, message_id: int) -> None:
        limiter = getattr(self.bot, "rate_limiter", None)
        if isinstance(limiter, SendLimits):
            limiter.withdraw(("text", chat_id, message_id))

    async def delete(self, chat_id: int, message_id: int) -> Outcome:
        self.withdraw(chat_id, message_id)

        async def request(target: int) -> object:
            return await self._api("deleteMessage", chat_id=target, message_id=message_id)

        try:
            await self._call(chat_id, request)
        except TelegramError as error:
            return classify(error)
        return Outcome.OK

    async def strip_buttons(
        self, chat_id: int, message_id: int, *, priority: Priority = Priority.RECORD
    ) -> Outcome:
        async def request(target: int) -> object:
            return await self._api(
                "editMessageReplyMarkup",
                Ask(priority),
                chat_id=target,
                message_id=message_id,
                parse_mode=ParseMode.HTML,  # as PTB's defaults put it in
            )

        try:
            await self._call(chat_id, request)
        except TelegramError as error:
            return classify(error)
        return Outcome.OK

    async def create_topic(self, chat_id: int, name: str) -> int | None:
        """createForumTopic: a lost connection is tried once more, a refusal
        (not a forum, no right to manage topics) answers None."""
        for attempt in range(2):
            try:
                topic = await self._post("createForumTopic", {"chat_id": chat_id, "name": name})
            except TelegramError as error:
                if transient(error) and attempt == 0:
                    await self.sleep(self.backoff)
                    continue
                log.info("no topic opened in %s: %s", chat_id, error)
                return None
            thread = topic.get("message_thread_id") if isinstance(topic, dict) else None
            return thread if isinstance(thread, int) else None
        return None

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """getChatMember, outside the send budget (PTB's rate limiter would
        count a group's reads against its 20 messages a minute): a lost
        connection is tried once more, anything else answers False."""
        for attempt in range(2):
            try:
                member = await self._post("getChatMember", {"chat_id": chat_id, "user_id": user_id})
            except TelegramError as error:
                if transient(error) and attempt == 0:
                    await self.sleep(self.backoff)
                    continue
                log.info("membership of %s in %s unknown: %s", user_id, chat_id, error)
                return False
            status = member.get("status") if isinstance(member, dict) else None
            return status in ("creator", "administrator", "member") or (
                status == "restricted" and bool(member.get("is_member"))
            )
        return False

    async def admin_ids(self, chat_id: int) -> frozenset[int] | None:
        """getChatAdministrators, outside the send budget like `is_member`;
        None when Telegram cannot tell (bot/telegram/wire/rights.py caches it)."""
        for attempt in range(2):
            try:
                members = await self._post("getChatAdministrators", {"chat_id": chat_id})
            except TelegramError as error:
                if transient(error) and attempt == 0:
                    await self.sleep(self.backoff)
                    continue
                log.info("admins of %s unknown: %s", chat_id, error)
                return None
            return frozenset(
                int(m["user"]["id"]) for m in members if isinstance(m, dict) and "user" in m
            )
        return None
