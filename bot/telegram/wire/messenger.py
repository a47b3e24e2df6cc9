"""Sending and editing through PTB, with Telegram's everyday refusals turned
into plain outcomes (bot/telegram/wire/refusals.py).

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

from telegram import Bot, InputFile
from telegram.constants import ParseMode
from telegram.error import ChatMigrated, RetryAfter, TelegramError

from bot.tables.outbox import Outcome, Priority
from bot.telegram.wire.limits import Ask, SendLimits, Superseded, seconds
from bot.telegram.wire.payload import keyboard, request_data
from bot.telegram.wire.refusals import classify, transient
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


T = TypeVar("T")
MAX_BACKOFF = 30.0  # seconds: the longest wait between two tries of a patient call
Migrated = Callable[[int, int], Awaitable[None]]
TopicGone = Callable[[int, int | None], Awaitable[None]]


class _Where(NamedTuple):
    """Where a new message goes and how: what a message and a photo share."""

    chat_id: int
    thread: int | None
    silent: bool
    reply_to: int | None
    patient: bool
    priority: Priority

    def options(self) -> dict[str, Any]:
        """The keyword arguments of `Messenger.send` that say this."""
        return {
            "silent": self.silent,
            "reply_to": self.reply_to,
            "patient": self.patient,
            "thread": self.thread,
            "priority": self.priority,
        }


def _buttons(screen: Screen) -> dict[str, Any]:
    """A screen's `reply_markup` field, for a message or a photo's caption."""
    return {"reply_markup": keyboard(screen)}


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
        screen: Screen | None,
        *,
        photo: bytes | None = None,
        silent: bool = False,
        reply_to: int | None = None,
        patient: bool = False,
        thread: int | None = None,
        priority: Priority = Priority.RECORD,
    ) -> tuple[Outcome, int | None]:
        """A message, or with `photo` a PNG uploaded with `screen` as its
        caption (None: a bare photo). A caption longer than Telegram allows
        goes first as a message of its own (the outcome and id are then the
        message's), and the photo follows it bare, silently. `reply_to`: the
        message this answers (quoted when it still exists); `patient`: retried
        until sent or the chat is gone (see `_call`); `thread`: the forum topic
        it goes to (see `Sender`)."""
        where = _Where(chat_id, thread, silent, reply_to, patient, priority)
        fields: dict[str, Any]
        if photo is None:
            assert screen is not None, "a message without a photo needs a screen"
            fields = {"text": screen.text, "parse_mode": ParseMode.HTML} | _buttons(screen)
            return await self._new_message("sendMessage", where, fields, "send")
        if screen is not None and not screen.fits_caption():
            outcome, message_id = await self.send(chat_id, screen, **where.options())
            if outcome is Outcome.OK:
                bare = where._replace(silent=True, reply_to=None)
                await self.send(chat_id, None, photo=photo, **bare.options())
            return outcome, message_id
        fields = {"photo": InputFile(photo, filename="chart.png")}
        if screen is not None:
            fields |= {"caption": screen.text, "parse_mode": ParseMode.HTML} | _buttons(screen)
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

        return await self._outcome(chat_id, request, f"edit of {chat_id}/{message_id}")

    async def _outcome(
        self, chat_id: int, request: Callable[[int], Awaitable[object]], what: str
    ) -> Outcome:
        """A change to a message already sent, as an outcome (`what`: for the log)."""
        try:
            await self._call(chat_id, request)
        except Superseded:
            return Outcome.SUPERSEDED
        except TelegramError as error:
            outcome = classify(error)
            if outcome is Outcome.FAILED:
                log.warning("%s failed: %s", what, error)
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

        return await self._outcome(chat_id, request, f"delete of {chat_id}/{message_id}")

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

        return await self._outcome(chat_id, request, f"buttons of {chat_id}/{message_id}")

    async def _read(self, method: str, parameters: dict[str, Any], what: str) -> Any:
        """A request outside the send budget (PTB's rate limiter would count a
        group's reads against its 20 messages a minute): a lost connection is
        tried once more; anything else is logged (`what`: for the log) and
        answers None."""
        for attempt in range(2):
            try:
                return await self._post(method, parameters)
            except TelegramError as error:
                if transient(error) and attempt == 0:
                    await self.sleep(self.backoff)
                    continue
                log.info("%s: %s", what, error)
                return None
        return None

    async def create_topic(self, chat_id: int, name: str) -> int | None:
        """createForumTopic: a refusal (not a forum, no right to manage
        topics) answers None."""
        parameters = {"chat_id": chat_id, "name": name}
        topic = await self._read("createForumTopic", parameters, f"no topic opened in {chat_id}")
        thread = topic.get("message_thread_id") if isinstance(topic, dict) else None
        return thread if isinstance(thread, int) else None

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """getChatMember: False when Telegram cannot tell."""
        parameters = {"chat_id": chat_id, "user_id": user_id}
        what = f"membership of {user_id} in {chat_id} unknown"
        member = await self._read("getChatMember", parameters, what)
        status = member.get("status") if isinstance(member, dict) else None
        return status in ("creator", "administrator", "member") or (
            status == "restricted" and bool(member.get("is_member"))
        )

    async def admin_ids(self, chat_id: int) -> frozenset[int] | None:
        """getChatAdministrators: None when Telegram cannot tell
        (bot/telegram/wire/rights.py caches it)."""
        what = f"admins of {chat_id} unknown"
        members = await self._read("getChatAdministrators", {"chat_id": chat_id}, what)
        if not isinstance(members, list):
            return None
        return frozenset(
            int(m["user"]["id"]) for m in members if isinstance(m, dict) and "user" in m
        )
