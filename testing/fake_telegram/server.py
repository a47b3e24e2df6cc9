"""``FakeTelegram``: an offline Telegram Bot API server for tests.

The server is an ``aiohttp.web`` application bound to 127.0.0.1 on a random free port. It
runs in the test's own event loop and speaks real HTTP, so the bot under test uses PTB's
real HTTPX client unchanged::

    async with FakeTelegram() as fake:
        app = ApplicationBuilder().token(fake.token).base_url(fake.base_url).build()
        alice = fake.user(1001, "Alice")
        await alice.send_private("/start")
        ...
        await fake.wait_idle()
        assert fake.last_message(alice).text == "..."

Everything the fake does is driven by HTTP requests and test-side calls in the same event
loop, so no locks are needed; waiting is done with asyncio events, never by polling with
sleeps. The only timed wait is the quiet period of :meth:`FakeTelegram.wait_idle`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import time
import traceback
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web
from telegram import Bot
from telegram.ext import ApplicationBuilder

from .faults import FaultKind, FaultRule
from .html_parser import Entity, HtmlParseError, parse_html, strip_text, utf16_len
from .models import (
    CallbackAnswer,
    ErrorRecord,
    FakeCallback,
    FakeChat,
    FakeUser,
    JSONDict,
    MessageVersion,
    RequestRecord,
    StoredMessage,
    copy_json,
)

if TYPE_CHECKING:
    from telegram.ext._applicationbuilder import InitApplicationBuilder

T = TypeVar("T")

DEFAULT_TOKEN = "7000000001:AAF-fake-telegram-token-for-tests-x"
DEFAULT_BOT_USERNAME = "burkozel_test_bot"

MAX_TEXT_LENGTH = 4096
MAX_CALLBACK_DATA_BYTES = 64
MAX_INLINE_BUTTONS = 100
MAX_CALLBACK_ANSWER_TEXT = 200

NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
QUERY_INVALID = "query is too old and response timeout expired or query ID is invalid"
CONFLICT_TERMINATED = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)
CONFLICT_WEBHOOK = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)

# Parameters that PTB sends as JSON-encoded strings inside form data.
JSON_PARAMS = frozenset(
    {
        "reply_markup",
        "commands",
        "scope",
        "allowed_updates",
        "entities",
        "caption_entities",
        "link_preview_options",
        "reply_parameters",
        "media",
        "results",
    }
)

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

CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)

# Fields of InlineKeyboardButton of which exactly one must be used.
BUTTON_ACTIONS = (
    "callback_data",
    "url",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)

_COMMAND_RE = re.compile(r"(?<![\w/])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?")
_MENTION_RE = re.compile(r"(?<![\w@])@[A-Za-z0-9_]{5,32}")
_BOT_COMMAND_NAME_RE = re.compile(r"[a-z0-9_]{1,32}")


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


class _Signal:
    """A re-armable broadcast: :meth:`fire` wakes every waiter of the current generation.

    Unlike ``asyncio.Condition`` it can be fired from synchronous code, which lets plain
    test-side helpers such as :meth:`FakeUser.block_bot` wake waiters too.
    """

    def __init__(self) -> None:
        self._event = asyncio.Event()

    @property
    def current(self) -> asyncio.Event:
        return self._event

    def fire(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    @staticmethod
    async def wait(event: asyncio.Event, timeout: float | None) -> None:
        """Wait until ``event`` is set or ``timeout`` seconds pass (no error on timeout)."""
        if timeout is not None and timeout <= 0:
            return
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await event.wait()


@dataclass
class _QueuedUpdate:
    update_id: int
    payload: JSONDict
    replay: bool = False  # delivered once even if below the confirmed offset
    delivered: bool = False

    @property
    def kind(self) -> str:
        return next((k for k in self.payload if k != "update_id"), "")

    def to_json(self) -> JSONDict:
        return {"update_id": self.update_id, **copy_json(self.payload)}


@dataclass
class _Poll:
    terminated: bool = False


class _Params:
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


Handler = Callable[[_Params, RequestRecord, web.Request], Awaitable[Any]]


class FakeTelegram:
    """A fake Telegram Bot API server plus the people and chats that use it.

    Construct, then ``await start()`` (or ``async with``) inside the running event loop;
    point PTB at :attr:`base_url` / :attr:`base_file_url`.
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        bot_username: str = DEFAULT_BOT_USERNAME,
        *,
        bot_first_name: str = "Burkozel Test Bot",
        strict_ampersand: bool = True,
        callback_max_age: float = 15.0,
        quiet_period: float = 0.1,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """Create the fake (not yet listening).

        Args:
            token: the bot token PTB must use; other tokens get 401 Unauthorized.
            bot_username: the bot's username (without ``@``), used for ``/cmd@name``.
            bot_first_name: the bot's display name returned by getMe.
            strict_ampersand: reject a bare ``&`` in HTML text (Telegram keeps it).
            callback_max_age: seconds after which answerCallbackQuery fails as "too old",
                measured with :attr:`clock`.
            quiet_period: default quiet period of :meth:`wait_idle`, in seconds.
            clock: wall clock for message dates and callback ages; replace it
                (``fake.clock = lambda: 1e9``) to control time.
        """
        self.token = token
        self.bot_username = bot_username
        self.bot_first_name = bot_first_name
        self.bot_id = int(token.split(":", 1)[0]) if token.split(":", 1)[0].isdigit() else 1
        self.strict_ampersand = strict_ampersand
        self.callback_max_age = callback_max_age
        self.quiet_period = quiet_period
        self.clock: Callable[[], float] = clock

        # Inspection state (public).
        self.requests: list[RequestRecord] = []
        # A load test turns this off (requests, queued updates and message
        # versions are then not kept): thousands of records a second, kept
        # until someone clears them, made the collector pause the fake for
        # up to 160 ms, a pause charged to the bot's latency.
        self.keep_history = True
        self.errors_returned: list[ErrorRecord] = []
        self.unknown_methods: list[str] = []
        self.internal_errors: list[str] = []
        self.updates_queued: list[JSONDict] = []  # every update ever queued, in order
        self.faults: list[FaultRule] = []
        self.bot_commands: dict[tuple[str, str], list[JSONDict]] = {}
        self.descriptions: dict[str, str] = {}
        self.short_descriptions: dict[str, str] = {}
        self.names: dict[str, str] = {}
        self.webhook_url = ""
        self.allowed_updates: frozenset[str] = DEFAULT_ALLOWED_UPDATES

        # Internal state.
        self._users: dict[int, FakeUser] = {}
        self._chats: dict[int, FakeChat] = {}
        self._messages: dict[int, dict[int, StoredMessage]] = {}
        self._next_message_id: dict[int, int] = {}
        self._callbacks: dict[str, FakeCallback] = {}
        self._queue: list[_QueuedUpdate] = []
        self._next_update_id = 100_000_001
        self._next_callback_seq = 1
        self._active_poll: _Poll | None = None
        self._in_flight = 0
        self._last_activity = 0.0
        self._closing = False
        self._signal: _Signal | None = None
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._system_user: FakeUser | None = None
        self._methods: dict[str, tuple[str, Handler]] = {}
        self._register_methods()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeTelegram:
        """Start listening on 127.0.0.1 (random free port) in the running event loop."""
        if self._runner is not None:
            return self
        self._signal = _Signal()
        self._closing = False
        self._last_activity = asyncio.get_running_loop().time()
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        runner = web.AppRunner(
            app,
            handle_signals=False,
            access_log=None,
            handler_cancellation=True,
            shutdown_timeout=1.0,
        )
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        site = web.SockSite(runner, sock)
        await site.start()
        self._port = int(sock.getsockname()[1])
        self._runner = runner
        return self

    async def stop(self) -> None:
        """Release held long polls and timeout faults, then close the server."""
        if self._runner is None:
            return
        self._closing = True
        self._notify()
        runner, self._runner = self._runner, None
        await runner.cleanup()

    async def __aenter__(self) -> FakeTelegram:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeTelegram is not started")
        return self._port

    @property
    def base_url(self) -> str:
        """Pass to ``ApplicationBuilder().base_url(...)`` / ``Bot(base_url=...)``."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    def make_bot(self, **kwargs: Any) -> Bot:
        """A ``telegram.Bot`` wired to this fake (use it with ``async with``)."""
        return Bot(self.token, base_url=self.base_url, base_file_url=self.base_file_url, **kwargs)

    def application_builder(self) -> InitApplicationBuilder:
        """``ApplicationBuilder`` with token, base_url and base_file_url set for this fake."""
        return (
            ApplicationBuilder()
            .token(self.token)
            .base_url(self.base_url)
            .base_file_url(self.base_file_url)
        )

    # ------------------------------------------------------------------ people & chats

    def user(
        self,
        id: int,
        first_name: str,
        username: str | None = None,
        language_code: str | None = "ru",
        *,
        last_name: str | None = None,
    ) -> FakeUser:
        """Create (or return the existing) user with this id."""
        existing = self._users.get(id)
        if existing is not None:
            return existing
        if id <= 0:
            raise ValueError("user ids are positive")
        user = FakeUser(self, id, first_name, username, language_code, last_name)
        self._users[id] = user
        return user

    def group(
        self,
        chat_id: int,
        title: str,
        supergroup: bool = False,
        *,
        creator: FakeUser | None = None,
        members: Iterable[FakeUser] = (),
    ) -> FakeChat:
        """Create a group (negative id) with the bot as a member."""
        if chat_id >= 0:
            raise ValueError("group chat ids are negative (supergroups look like -100...)")
        if chat_id in self._chats:
            return self._chats[chat_id]
        chat = FakeChat(self, chat_id, "supergroup" if supergroup else "group", title=title)
        if creator is not None:
            chat.creator_id = creator.id
            chat.member_ids.add(creator.id)
        chat.member_ids.update(m.id for m in members)
        self._chats[chat_id] = chat
        self._messages.setdefault(chat_id, {})
        return chat

    def private_chat(self, user: FakeUser) -> FakeChat:
        """The private chat of ``user`` with the bot."""
        chat = self._chats.get(user.id)
        if chat is None:
            chat = FakeChat(self, user.id, "private", user=user)
            self._chats[user.id] = chat
            self._messages.setdefault(user.id, {})
        return chat

    def make_admin(self, group: FakeChat, user: FakeUser, *, creator: bool = False) -> None:
        """Make ``user`` an administrator (or the creator) of ``group``."""
        group.member_ids.add(user.id)
        if creator:
            group.creator_id = user.id
        else:
            group.admin_ids.add(user.id)
        self._notify()

    def set_bot_admin(self, group: FakeChat, admin: bool = True) -> None:
        """Promote (or demote) the bot in ``group``; admins may delete others' messages."""
        if group.bot_is_member:
            group.bot_status = "administrator" if admin else "member"
        self._notify()

    def remove_bot_from(self, group: FakeChat, by: FakeUser | None = None) -> int:
        """Kick the bot from ``group``: queues ``my_chat_member``; later sends get 403."""
        old = self._bot_member_json(group)
        group.bot_status = "kicked"
        new = {"status": "kicked", "user": self.bot_user_json(), "until_date": 0}
        return self._queue_my_chat_member(group, by, old, new)

    def add_bot_to(self, group: FakeChat, by: FakeUser | None = None) -> int:
        """Add the bot (back) to ``group``: queues ``my_chat_member``."""
        old = self._bot_member_json(group)
        group.bot_status = "member"
        new = {"status": "member", "user": self.bot_user_json()}
        return self._queue_my_chat_member(group, by, old, new)

    def migrate(self, group: FakeChat, new_chat_id: int, by: FakeUser | None = None) -> FakeChat:
        """Upgrade a basic group to a supergroup with id ``new_chat_id``.

        Queues the ``migrate_to_chat_id`` service message in the old chat and the
        ``migrate_from_chat_id`` one in the new chat. Later bot calls on the old id fail
        with 400 "group chat was upgraded to a supergroup chat" (PTB: ChatMigrated).
        """
        if group.type != "group":
            raise ValueError("only basic groups can be migrated")
        if new_chat_id in self._chats:
            raise ValueError(f"chat {new_chat_id} already exists")
        actor = by or self._group_actor(group)
        new = self.group(new_chat_id, group.title or "", supergroup=True)
        new.creator_id = group.creator_id
        new.admin_ids = set(group.admin_ids)
        new.member_ids = set(group.member_ids)
        new.bot_status = group.bot_status
        new.migrated_from = group.id
        old_msg = self._new_message(group, actor, service={"migrate_to_chat_id": new_chat_id})
        group.migrated_to = new_chat_id
        new_msg = self._new_message(new, actor, service={"migrate_from_chat_id": group.id})
        self.queue_update({"message": old_msg.to_json(self)})
        self.queue_update({"message": new_msg.to_json(self)})
        return new

    def chat(self, chat_id: int) -> FakeChat:
        """The chat with this id (KeyError if unknown)."""
        return self._chats[chat_id]

    # ------------------------------------------------------------------ updates

    def queue_update(self, update: JSONDict) -> int:
        """Queue a raw update (``update_id`` is assigned unless present); returns the id."""
        payload = dict(update)
        update_id = payload.pop("update_id", None)
        if update_id is None:
            update_id = self._next_update_id
        self._next_update_id = max(self._next_update_id, int(update_id) + 1)
        entry = _QueuedUpdate(int(update_id), copy_json(payload))
        self._queue.append(entry)
        if self.keep_history:
            self.updates_queued.append(entry.to_json())
        self._touch()
        self._notify()
        return entry.update_id

    def duplicate_last_update(self, *, same_id: bool = True) -> int:
        """Deliver the most recently queued update again (a crash replay).

        With ``same_id=True`` the copy keeps its update_id and is delivered once even if the
        bot already confirmed it (as after a crash that lost the offset); otherwise it gets
        a fresh update_id.
        """
        if not self.updates_queued:
            raise AssertionError("no update was kept (none queued yet, or keep_history is off)")
        last = copy_json(self.updates_queued[-1])
        if not same_id:
            last.pop("update_id")
            return self.queue_update(last)
        update_id = int(last.pop("update_id"))
        entry = _QueuedUpdate(update_id, last, replay=True)
        self._queue.append(entry)
        self.updates_queued.append(entry.to_json())
        self._touch()
        self._notify()
        return update_id

    @property
    def pending_updates(self) -> int:
        """Updates queued but not yet confirmed by the bot."""
        return len(self._queue)

    # ------------------------------------------------------------------ inspection

    def messages(
        self,
        chat: FakeChat | FakeUser | int,
        *,
        include_deleted: bool = False,
        include_users: bool = False,
    ) -> list[StoredMessage]:
        """Messages in ``chat`` in order: by default the bot's live (not deleted) ones."""
        chat_id = self._chat_id(chat)
        result = []
        for msg in self._messages.get(chat_id, {}).values():
            if msg.deleted and not include_deleted:
                continue
            if not msg.from_bot and not include_users:
                continue
            result.append(msg)
        return result

    def last_message(self, chat: FakeChat | FakeUser | int) -> StoredMessage:
        """The bot's latest live message in ``chat``; AssertionError if there is none."""
        msgs = self.messages(chat)
        if not msgs:
            raise AssertionError(
                f"the bot has no live message in chat {self._chat_id(chat)}\n"
                + self.describe_recent()
            )
        return msgs[-1]

    def find_message(self, chat_id: int, message_id: int) -> StoredMessage | None:
        """Any stored message (bot's or user's, deleted too) or None."""
        return self._messages.get(chat_id, {}).get(message_id)

    def calls(self, method: str) -> list[RequestRecord]:
        """Requests to ``method`` (case-insensitive), in arrival order."""
        return [r for r in self.requests if r.method.lower() == method.lower()]

    def unanswered_callbacks(self) -> list[FakeCallback]:
        return [cb for cb in self._callbacks.values() if cb.answer is None]

    def commands(
        self, scope: str | JSONDict = "default", language_code: str = ""
    ) -> list[JSONDict]:
        """Commands registered with setMyCommands for this scope and language ("" = none)."""
        scope_obj = {"type": scope} if isinstance(scope, str) else scope
        return copy_json(self.bot_commands.get((_scope_key(scope_obj), language_code), []))

    def describe_recent(self, count: int = 20) -> str:
        """A readable dump of recent requests and the fake's state, for failure messages."""
        lines = [f"last {min(count, len(self.requests))} of {len(self.requests)} requests:"]
        lines += [f"  {r!r}" for r in self.requests[-count:]]
        lines.append(f"pending updates: {[u.to_json() for u in self._queue][:5]}")
        if self.internal_errors:
            lines.append(f"INTERNAL ERRORS IN THE FAKE: {self.internal_errors}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ waiting

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,
        *,
        message: str | None = None,
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value (``None`` never is).

        The predicate is re-checked whenever the fake's state changes (each request it
        receives and answers, each queued update, each test-side action). On timeout an
        AssertionError with a dump of recent requests is raised.
        """
        signal = self._require_signal()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            event = signal.current
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                what = message or f"condition {getattr(predicate, '__name__', predicate)!r}"
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {what}\n" + self.describe_recent()
                )
            await _Signal.wait(event, remaining)

    async def wait_for_message(
        self,
        chat: FakeChat | FakeUser | int,
        match: str | Callable[[StoredMessage], bool] | None = None,
        *,
        after: StoredMessage | int | None = None,
        timeout: float = 5.0,
    ) -> StoredMessage:
        """Wait for a live bot message in ``chat`` and return it (the newest that matches).

        Args:
            chat: the chat (or user, for the private chat, or chat id).
            match: a substring of the message's plain text, or a predicate; None = any.
            after: only messages with a greater message_id (a message or an id) count.
            timeout: seconds before the test fails with a dump of recent requests.
        """
        after_id = after.message_id if isinstance(after, StoredMessage) else (after or 0)

        def newest() -> StoredMessage | None:
            for msg in reversed(self.messages(chat)):
                if msg.message_id <= after_id:
                    break
                if match is None or (match in msg.text if isinstance(match, str) else match(msg)):
                    return msg
            return None

        return await self.wait_for(
            newest,
            timeout=timeout,
            message=f"a bot message in chat {self._chat_id(chat)} matching {match!r}",
        )

    async def wait_idle(self, timeout: float = 5.0, *, quiet: float | None = None) -> None:
        """Wait until the bot fetched and confirmed every queued update and went quiet.

        "Quiet" means no request other than an idle long poll was in flight or arrived, and
        no update was delivered or confirmed, for ``quiet`` seconds (default
        :attr:`quiet_period`). That period is measured with the event loop's clock
        (``loop.time()``) and waited for with a timed wait on the fake's change signal, so
        any activity restarts it at once; it is the one deliberate delay in the fake, needed
        because "the bot will not send anything more" cannot be observed directly.
        """
        signal = self._require_signal()
        quiet = self.quiet_period if quiet is None else quiet
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            event = signal.current
            busy = bool(self._queue) or self._in_flight > 0
            now = loop.time()
            quiet_until = self._last_activity + quiet
            if not busy and now >= quiet_until:
                return
            if now >= deadline:
                raise AssertionError(
                    f"the bot did not become idle within {timeout}s "
                    f"(pending updates: {len(self._queue)}, requests in flight: "
                    f"{self._in_flight})\n" + self.describe_recent()
                )
            wait = deadline - now if busy else min(quiet_until, deadline) - now
            await _Signal.wait(event, wait)

    # ------------------------------------------------------------------ faults

    def inject(
        self,
        method: str | None = None,
        error: FaultKind = "429",
        *,
        times: int | None = None,
        rate: float | None = None,
        retry_after: int = 1,
        delay: float = 30.0,
        seed: int = 0,
        apply_effect: bool = False,
    ) -> FaultRule:
        """Make matching requests fail instead of taking effect.

        Args:
            method: Bot API method name (case-insensitive); None = every method except
                getUpdates (name getUpdates explicitly to break polling).
            error: ``"429"`` (Too Many Requests with parameters.retry_after), ``"500"``,
                ``"502"``, ``"timeout"`` (hold the response for ``delay`` seconds, meant to be
                longer than the client's read timeout) or ``"network"`` (drop the connection
                without a response).
            times: fail the next N matching requests (default 1 when rate is not given).
            rate: fail each matching request with this probability (seeded, reproducible).
            retry_after: seconds reported by a 429.
            delay: how long a "timeout" fault holds the request.
            seed: seed of the rule's random generator for ``rate``.
            apply_effect: apply the request's effect before failing (default: not applied),
                e.g. a message that was sent although the client saw a timeout.
        """
        rule = FaultRule(
            method=method,
            error=error,
            times=times,
            rate=rate,
            retry_after=retry_after,
            delay=delay,
            apply_effect=apply_effect,
            seed=seed,
        )
        self.faults.append(rule)
        return rule

    def clear_faults(self) -> None:
        for rule in self.faults:
            rule.cancel()
        self.faults.clear()

    # ------------------------------------------------------------------ user actions

    def user_sends(
        self,
        user: FakeUser,
        chat: FakeChat | int,
        text: str,
        *,
        reply_to: StoredMessage | int | None = None,
    ) -> StoredMessage:
        """Implementation of :meth:`FakeUser.send` (synchronous)."""
        target = chat if isinstance(chat, FakeChat) else self._chat_by_id(chat, user)
        if target.is_private:
            if target.user is not user:
                raise AssertionError(
                    f"user {user.id} cannot write in the private chat of user {target.id}"
                )
            if user.blocked_bot:
                raise AssertionError(f"user {user.id} blocked the bot; call unblock_bot() first")
            # Telegram clients make the user press Start before anything else can be sent.
            user.started_bot = True
        else:
            if target.migrated_to is not None:
                raise AssertionError(
                    f"group {target.id} was upgraded to supergroup {target.migrated_to}; send there"
                )
            target.member_ids.add(user.id)
        reply_id = reply_to.message_id if isinstance(reply_to, StoredMessage) else reply_to
        if reply_id is not None and self.find_message(target.id, reply_id) is None:
            raise AssertionError(f"no message {reply_id} in chat {target.id} to reply to")
        msg = self._new_message(
            target,
            user,
            text=text,
            entities=tuple(self._detect_entities(text)),
            reply_to_message_id=reply_id,
        )
        if target.is_private or target.bot_is_member:
            self.queue_update({"message": msg.to_json(self)})
        else:
            self._notify()
        return msg

    def user_taps(
        self, user: FakeUser, message: StoredMessage, data_or_text: str, *, force: bool = False
    ) -> FakeCallback:
        """Implementation of :meth:`FakeUser.tap` (synchronous)."""
        stored = self.find_message(message.chat_id, message.message_id)
        if stored is None:
            raise AssertionError(f"unknown message {message.chat_id}/{message.message_id}")
        if not force:
            if stored.deleted:
                raise AssertionError(f"message {stored.message_id} was deleted: {stored!r}")
            if not stored.from_bot:
                raise AssertionError("only buttons on the bot's messages can be tapped")
        button = stored.find_button(data_or_text)
        if button is not None and "callback_data" in button:
            data = str(button["callback_data"])
        elif force:
            data = data_or_text
        else:
            raise AssertionError(
                f"message {stored.message_id} in chat {stored.chat_id} has no callback button "
                f"{data_or_text!r}; its buttons: {stored.buttons}"
            )
        chat = self._chats[stored.chat_id]
        if not chat.is_private and not chat.bot_is_member:
            raise AssertionError(f"the bot is not in chat {chat.id} any more")
        query_id = str(4_611_686_018_427_387_904 + self._next_callback_seq * 7919)
        self._next_callback_seq += 1
        payload = {
            "id": query_id,
            "from": user.to_json(),
            "message": stored.to_json(self),
            "chat_instance": str(-(abs(chat.id) * 7_777 + 424_242)),
            "data": data,
        }
        now = self.clock()
        update_id = self.queue_update({"callback_query": payload})
        callback = FakeCallback(
            self,
            query_id,
            user,
            stored.chat_id,
            stored.message_id,
            data,
            created_at=now,
            update_id=update_id,
        )
        self._callbacks[query_id] = callback
        return callback

    # ------------------------------------------------------------------ JSON helpers

    def bot_user_json(self) -> JSONDict:
        return {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": self.bot_first_name,
            "username": self.bot_username,
        }

    def chat_json(self, chat_id: int) -> JSONDict:
        chat = self._chats.get(chat_id)
        if chat is None:
            return {"id": chat_id, "type": "private", "first_name": "?"}
        return chat.to_json()

    def _member_json(self, chat: FakeChat, user: FakeUser) -> JSONDict:
        user_json = user.to_json()
        if chat.is_private:
            return {"status": "member", "user": user_json}
        if chat.creator_id == user.id:
            return {"status": "creator", "user": user_json, "is_anonymous": False}
        if user.id in chat.admin_ids:
            return _admin_json(user_json)
        if user.id in chat.member_ids:
            return {"status": "member", "user": user_json}
        return {"status": "left", "user": user_json}

    def _bot_member_json(self, chat: FakeChat) -> JSONDict:
        bot = self.bot_user_json()
        if chat.bot_status == "administrator":
            return _admin_json(bot)
        if chat.bot_status == "kicked":
            return {"status": "kicked", "user": bot, "until_date": 0}
        return {"status": chat.bot_status, "user": bot}

    # ------------------------------------------------------------------ internals

    def _require_signal(self) -> _Signal:
        if self._signal is None:
            raise RuntimeError("FakeTelegram is not started")
        return self._signal

    def notify(self) -> None:
        """Wake :meth:`wait_for` / :meth:`wait_idle` waiters after changing state by hand."""
        if self._signal is not None:
            self._signal.fire()

    _notify = notify

    def _touch(self) -> None:
        with contextlib.suppress(RuntimeError):
            self._last_activity = asyncio.get_running_loop().time()

    def _chat_id(self, chat: FakeChat | FakeUser | int) -> int:
        if isinstance(chat, FakeChat | FakeUser):
            return chat.id
        return int(chat)

    def _chat_by_id(self, chat_id: int, user: FakeUser) -> FakeChat:
        if chat_id == user.id:
            return self.private_chat(user)
        chat = self._chats.get(chat_id)
        if chat is None:
            raise AssertionError(f"unknown chat {chat_id}; create it with fake.group(...)")
        return chat

    def _group_actor(self, group: FakeChat) -> FakeUser:
        for uid in [group.creator_id, *sorted(group.admin_ids)]:
            if uid is not None and uid in self._users:
                return self._users[uid]
        if self._system_user is None:
            self._system_user = FakeUser(self, 1_087_968_824, "Group", "GroupAnonymousBot")
            self._system_user.language_code = None
        return self._system_user

    def _queue_my_chat_member(
        self, group: FakeChat, by: FakeUser | None, old: JSONDict, new: JSONDict
    ) -> int:
        actor = by or self._group_actor(group)
        return self.queue_update(
            {
                "my_chat_member": {
                    "chat": group.to_json(),
                    "from": actor.to_json(),
                    "date": int(self.clock()),
                    "old_chat_member": old,
                    "new_chat_member": new,
                }
            }
        )

    def _new_message(
        self,
        chat: FakeChat,
        sender: FakeUser | None,
        *,
        text: str = "",
        html: str | None = None,
        parse_mode: str | None = None,
        entities: tuple[Entity, ...] = (),
        reply_markup: JSONDict | None = None,
        reply_to_message_id: int | None = None,
        service: JSONDict | None = None,
    ) -> StoredMessage:
        message_id = self._next_message_id.get(chat.id, 1)
        self._next_message_id[chat.id] = message_id + 1
        now = self.clock()
        msg = StoredMessage(
            chat_id=chat.id,
            message_id=message_id,
            date=int(now),
            sent_at=now,
            sender=sender,
            text=text,
            html=html,
            parse_mode=parse_mode,
            entities=entities,
            reply_markup=reply_markup,
            reply_to_message_id=reply_to_message_id,
            service=service or {},
        )
        self._messages.setdefault(chat.id, {})[message_id] = msg
        return msg

    def _detect_entities(self, text: str) -> list[Entity]:
        entities: list[Entity] = []
        for match in _COMMAND_RE.finditer(text):
            entities.append(
                Entity("bot_command", utf16_len(text[: match.start()]), utf16_len(match.group()))
            )
        for match in _MENTION_RE.finditer(text):
            entities.append(
                Entity("mention", utf16_len(text[: match.start()]), utf16_len(match.group()))
            )
        entities.sort(key=lambda e: e.offset)
        return entities

    # ------------------------------------------------------------------ HTTP layer

    async def _read_params(self, request: web.Request) -> JSONDict:
        params: JSONDict = dict(request.query)
        if request.can_read_body:
            ctype = request.content_type
            if ctype == "application/json":
                body = await request.json()
                if isinstance(body, dict):
                    params.update(body)
            else:
                form = await request.post()
                for key, value in form.items():
                    if isinstance(value, web.FileField):
                        params[key] = f"<file {value.filename}>"
                    else:
                        params[key] = value
        for name in JSON_PARAMS:
            encoded = params.get(name)
            if isinstance(encoded, str):
                with contextlib.suppress(ValueError):
                    params[name] = json.loads(encoded)
        return params

    def _respond(
        self,
        record: RequestRecord,
        request: web.Request,
        status: int,
        body: JSONDict,
        *,
        injected: bool = False,
    ) -> web.Response:
        record.status = status
        if body.get("ok"):
            record.outcome = "ok"
            record.result = body.get("result")
        else:
            record.outcome = str(body.get("description"))
            transport = request.transport
            if transport is not None and not transport.is_closing():
                self.errors_returned.append(
                    ErrorRecord(
                        method=record.method,
                        params=record.params,
                        error_code=int(body.get("error_code", status)),
                        description=str(body.get("description")),
                        parameters=body.get("parameters"),
                        injected=injected,
                    )
                )
        return web.json_response(body, status=status, dumps=_compact_json)

    def _error_body(self, error: ApiError) -> JSONDict:
        body: JSONDict = {"ok": False, "error_code": error.code, "description": error.description}
        if error.parameters:
            body["parameters"] = error.parameters
        return body

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        loop = asyncio.get_running_loop()
        match = re.fullmatch(r"/bot([^/]*)/([^/]+)", request.path)
        raw_method = match.group(2) if match else request.path
        entry = self._methods.get(raw_method.lower()) if match else None
        method = entry[0] if entry else raw_method
        try:
            params = await self._read_params(request)
        except Exception:  # malformed body: answer like Telegram, keep going
            params = {}
        record = RequestRecord(method=method, params=params, received_at=loop.time())
        if self.keep_history:
            self.requests.append(record)
        counted = method != "getUpdates"
        if counted:
            self._in_flight += 1
            self._touch()
        self._notify()
        try:
            if match is None:
                return self._respond(
                    record,
                    request,
                    404,
                    {"ok": False, "error_code": 404, "description": "Not Found"},
                )
            if match.group(1) != self.token:
                return self._respond(
                    record,
                    request,
                    401,
                    {"ok": False, "error_code": 401, "description": "Unauthorized"},
                )
            rule = next((r for r in self.faults if r.fire(method)), None)
            if rule is not None:
                return await self._apply_fault(rule, entry, params, record, request)
            if entry is None:
                self.unknown_methods.append(raw_method)
                return self._respond(
                    record,
                    request,
                    404,
                    {"ok": False, "error_code": 404, "description": "Not Found"},
                )
            try:
                result = await entry[1](_Params(params), record, request)
            except ApiError as error:
                return self._respond(record, request, error.code, self._error_body(error))
            return self._respond(record, request, 200, {"ok": True, "result": result})
        except asyncio.CancelledError:
            if record.outcome == "pending":
                record.outcome = "cancelled: client went away"
            raise
        except Exception:
            self.internal_errors.append(traceback.format_exc())
            return self._respond(
                record,
                request,
                500,
                {"ok": False, "error_code": 500, "description": "Internal Server Error (fake bug)"},
            )
        finally:
            if counted:
                self._in_flight -= 1
                self._touch()
            self._notify()

    async def _apply_fault(
        self,
        rule: FaultRule,
        entry: tuple[str, Handler] | None,
        params: JSONDict,
        record: RequestRecord,
        request: web.Request,
    ) -> web.StreamResponse:
        record.injected = rule.error
        if rule.apply_effect and entry is not None:
            with contextlib.suppress(ApiError):
                await entry[1](_Params(params), record, request)
        if rule.error == "429":
            error = ApiError(
                429,
                f"Too Many Requests: retry after {rule.retry_after}",
                {"retry_after": rule.retry_after},
            )
            return self._respond(record, request, 429, self._error_body(error), injected=True)
        if rule.error in ("500", "502"):
            code = int(rule.error)
            text = "Internal Server Error" if code == 500 else "Bad Gateway"
            body: JSONDict = {"ok": False, "error_code": code, "description": text}
            return self._respond(record, request, code, body, injected=True)
        if rule.error == "network":
            record.outcome = "fault:network"
            transport = request.transport
            if transport is not None:
                transport.abort()
            raise asyncio.CancelledError
        # "timeout": hold the request; the client is expected to give up first.
        record.outcome = "fault:timeout"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + rule.delay
        signal = self._require_signal()
        while not self._closing and loop.time() < deadline:
            await _Signal.wait(signal.current, deadline - loop.time())
        body = {"ok": False, "error_code": 504, "description": "Gateway Timeout"}
        return self._respond(record, request, 504, body, injected=True)

    # ------------------------------------------------------------------ Bot API methods

    def _register_methods(self) -> None:
        handlers: dict[str, Handler] = {
            "getMe": self._get_me,
            "logOut": self._true,
            "close": self._true,
            "deleteWebhook": self._delete_webhook,
            "setWebhook": self._set_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "getUpdates": self._get_updates,
            "setMyCommands": self._set_my_commands,
            "getMyCommands": self._get_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "setMyDescription": self._set_my_description,
            "getMyDescription": self._get_my_description,
            "setMyShortDescription": self._set_my_short_description,
            "getMyShortDescription": self._get_my_short_description,
            "setMyName": self._set_my_name,
            "getMyName": self._get_my_name,
            "getChat": self._get_chat,
            "getChatMember": self._get_chat_member,
            "getChatAdministrators": self._get_chat_administrators,
            "getChatMemberCount": self._get_chat_member_count,
            "sendChatAction": self._send_chat_action,
            "leaveChat": self._leave_chat,
            "sendMessage": self._send_message,
            "editMessageText": self._edit_message_text,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "answerCallbackQuery": self._answer_callback_query,
        }
        self._methods = {name.lower(): (name, fn) for name, fn in handlers.items()}

    async def _true(self, p: _Params, record: RequestRecord, request: web.Request) -> bool:
        return True

    async def _get_me(self, p: _Params, record: RequestRecord, request: web.Request) -> JSONDict:
        return {
            **self.bot_user_json(),
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    async def _delete_webhook(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> bool:
        self.webhook_url = ""
        if p.get_bool("drop_pending_updates"):
            self._queue.clear()
            self._touch()
        return True

    async def _set_webhook(self, p: _Params, record: RequestRecord, request: web.Request) -> bool:
        url = p.get_str("url") or ""
        if url and not url.startswith("https://"):
            raise bad_request("bad webhook: HTTPS url must be provided for webhook")
        self.webhook_url = url
        if p.get_bool("drop_pending_updates"):
            self._queue.clear()
        return True

    async def _get_webhook_info(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        return {
            "url": self.webhook_url,
            "has_custom_certificate": False,
            "pending_update_count": len(self._queue),
        }

    async def _get_updates(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> list[JSONDict]:
        if self.webhook_url:
            raise ApiError(409, CONFLICT_WEBHOOK)
        offset = p.get_int("offset")
        limit = p.get_int("limit") or 100
        limit = max(1, min(100, limit))
        timeout = max(0.0, p.get_float("timeout") or 0.0)
        allowed = p.get_json("allowed_updates")
        if isinstance(allowed, list):
            self.allowed_updates = (
                frozenset(str(a) for a in allowed) if allowed else DEFAULT_ALLOWED_UPDATES
            )
        # A newer getUpdates terminates the one still waiting, like Telegram does.
        if self._active_poll is not None:
            self._active_poll.terminated = True
            self._notify()
        poll = _Poll()
        self._active_poll = poll
        signal = self._require_signal()
        loop = asyncio.get_running_loop()
        try:
            if offset is not None:
                self._confirm(offset)
                if offset < 0:
                    offset = None
            deadline = loop.time() + timeout
            while True:
                event = signal.current
                if poll.terminated:
                    raise ApiError(409, CONFLICT_TERMINATED)
                batch = self._deliverable(offset, limit)
                if batch or self._closing:
                    break
                remaining = deadline - loop.time()
                if remaining <= 0:
                    break
                await _Signal.wait(event, remaining)
            for entry in batch:
                entry.delivered = True
            if batch:
                self._touch()
            # Serialised at once and never kept: no copy needed (it shows under load).
            return [{"update_id": entry.update_id, **entry.payload} for entry in batch]
        finally:
            if self._active_poll is poll:
                self._active_poll = None

    def _confirm(self, offset: int) -> None:
        before = len(self._queue)
        if offset < 0:
            self._queue = self._queue[offset:]
        else:
            self._queue = [
                e for e in self._queue if e.update_id >= offset or (e.replay and not e.delivered)
            ]
        if len(self._queue) != before:
            self._touch()
            self._notify()

    def _deliverable(self, offset: int | None, limit: int) -> list[_QueuedUpdate]:
        # Updates of types the bot did not ask for are dropped, as Telegram does.
        kept = [e for e in self._queue if e.kind in self.allowed_updates]
        if len(kept) != len(self._queue):
            self._queue = kept
            self._touch()
        ready = [
            e
            for e in self._queue
            if offset is None or e.update_id >= offset or (e.replay and not e.delivered)
        ]
        return ready[:limit]

    # --- commands & descriptions

    async def _set_my_commands(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> bool:
        commands = p.get_json("commands")
        if not isinstance(commands, list):
            raise bad_request('field "commands" must be an Array')
        if len(commands) > 100:
            raise bad_request("too many commands specified")
        stored: list[JSONDict] = []
        for command in commands:
            if not isinstance(command, dict):
                raise bad_request("can't parse BotCommand: BotCommand should be an Object")
            name = command.get("command")
            description = command.get("description")
            if not isinstance(name, str) or not _BOT_COMMAND_NAME_RE.fullmatch(name):
                raise bad_request("BOT_COMMAND_INVALID")
            if not isinstance(description, str) or not 1 <= len(description.strip()) <= 256:
                raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
            stored.append({"command": name, "description": description})
        self.bot_commands[self._commands_key(p)] = stored
        return True

    async def _get_my_commands(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> list[JSONDict]:
        return copy_json(self.bot_commands.get(self._commands_key(p), []))

    async def _delete_my_commands(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> bool:
        self.bot_commands.pop(self._commands_key(p), None)
        return True

    def _commands_key(self, p: _Params) -> tuple[str, str]:
        scope = p.get_json("scope") or {"type": "default"}
        if not isinstance(scope, dict) or not isinstance(scope.get("type"), str):
            raise bad_request("can't parse BotCommandScope JSON object")
        return _scope_key(scope), self._language_code(p)

    def _language_code(self, p: _Params) -> str:
        lang = p.get_str("language_code") or ""
        if lang and not (len(lang) == 2 and lang.isalpha() and lang.isascii()):
            raise bad_request("invalid language code specified")
        return lang

    async def _set_my_description(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> bool:
        return self._set_text(self.descriptions, p, "description", 512)

    async def _get_my_description(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        return {"description": self.descriptions.get(self._language_code(p), "")}

    async def _set_my_short_description(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> bool:
        return self._set_text(self.short_descriptions, p, "short_description", 120)

    async def _get_my_short_description(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        return {"short_description": self.short_descriptions.get(self._language_code(p), "")}

    async def _set_my_name(self, p: _Params, record: RequestRecord, request: web.Request) -> bool:
        return self._set_text(self.names, p, "name", 64)

    async def _get_my_name(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        return {"name": self.names.get(self._language_code(p), self.bot_first_name)}

    def _set_text(self, store: dict[str, str], p: _Params, field: str, limit: int) -> bool:
        lang = self._language_code(p)
        value = p.get_str(field) or ""
        if len(value) > limit:
            raise bad_request(f"{field} is too long")
        if value:
            store[lang] = value
        else:
            store.pop(lang, None)
        return True

    # --- chats

    def _resolve_chat(self, p: _Params, *, for_sending: bool = True) -> FakeChat:
        """The chat named by ``chat_id``, after Telegram's access checks."""
        raw = p.get_str("chat_id")
        if raw is None or raw == "":
            raise bad_request("chat_id is empty")
        try:
            chat_id = int(raw)
        except ValueError:
            raise bad_request("chat not found") from None
        chat = self._chats.get(chat_id)
        if chat is None and chat_id in self._users:
            chat = self.private_chat(self._users[chat_id])
        if chat is None:
            raise bad_request("chat not found")
        if chat.is_private:
            user = chat.user
            assert user is not None
            if for_sending and user.blocked_bot:
                raise forbidden("bot was blocked by the user")
            if for_sending and not user.started_bot:
                raise forbidden("bot can't initiate conversation with a user")
            return chat
        if chat.migrated_to is not None:
            raise bad_request(
                "group chat was upgraded to a supergroup chat",
                {"migrate_to_chat_id": chat.migrated_to},
            )
        kind = "supergroup" if chat.type == "supergroup" else "group"
        if chat.bot_status == "kicked":
            raise forbidden(f"bot was kicked from the {kind} chat")
        if chat.bot_status == "left":
            raise forbidden(f"bot is not a member of the {kind} chat")
        return chat

    async def _get_chat(self, p: _Params, record: RequestRecord, request: web.Request) -> JSONDict:
        chat = self._resolve_chat(p, for_sending=False)
        return {
            **chat.to_json(),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }

    async def _get_chat_member(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        chat = self._resolve_chat(p, for_sending=False)
        user_id = p.get_int("user_id", error="user not found")
        if user_id is None:
            raise bad_request("user_id is empty")
        if user_id == self.bot_id:
            return self._bot_member_json(chat)
        user = self._users.get(user_id)
        if user is None:
            raise bad_request("user not found")
        return self._member_json(chat, user)

    async def _get_chat_administrators(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> list[JSONDict]:
        chat = self._resolve_chat(p, for_sending=False)
        if chat.is_private:
            raise bad_request("there are no administrators in the private chat")
        result = []
        ids = ([chat.creator_id] if chat.creator_id is not None else []) + sorted(chat.admin_ids)
        for uid in ids:
            user = self._users.get(uid)
            if user is not None:
                result.append(self._member_json(chat, user))
        if chat.bot_status == "administrator":
            result.append(self._bot_member_json(chat))
        return result

    async def _get_chat_member_count(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> int:
        chat = self._resolve_chat(p, for_sending=False)
        if chat.is_private:
            return 2
        return len(chat.member_ids) + (1 if chat.bot_is_member else 0)

    async def _send_chat_action(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> bool:
        self._resolve_chat(p)
        action = p.get_str("action")
        if not action:
            raise bad_request("action is empty")
        if action not in CHAT_ACTIONS:
            raise bad_request("wrong parameter action in request")
        return True

    async def _leave_chat(self, p: _Params, record: RequestRecord, request: web.Request) -> bool:
        chat = self._resolve_chat(p, for_sending=False)
        if chat.is_private:
            raise bad_request("chat member status can't be changed in private chats")
        old = self._bot_member_json(chat)
        chat.bot_status = "left"
        self.queue_update(
            {
                "my_chat_member": {
                    "chat": chat.to_json(),
                    "from": self.bot_user_json(),
                    "date": int(self.clock()),
                    "old_chat_member": old,
                    "new_chat_member": {"status": "left", "user": self.bot_user_json()},
                }
            }
        )
        return True

    # --- messages

    def _parse_text(
        self, p: _Params, *, too_long: str = "message is too long"
    ) -> tuple[str, tuple[Entity, ...], str, str | None]:
        raw = p.get_str("text")
        if raw is None or raw == "":
            raise bad_request("message text is empty")
        parse_mode = p.get_str("parse_mode") or None
        entities: list[Entity]
        if parse_mode is not None:
            mode = parse_mode.lower()
            if mode == "html":
                try:
                    plain, entities = parse_html(raw, strict_ampersand=self.strict_ampersand)
                except HtmlParseError as error:
                    raise bad_request(f"can't parse entities: {error}") from None
            elif mode in ("markdown", "markdownv2"):
                # Not modelled: the text is kept as sent, without entities.
                plain, entities = raw, []
            else:
                raise bad_request("unsupported parse_mode")
        else:
            plain = raw
            raw_entities = p.get_json("entities") or []
            if not isinstance(raw_entities, list):
                raise bad_request("can't parse entities JSON object")
            entities = [Entity.from_json(e) for e in raw_entities if isinstance(e, dict)]
        plain, entities = strip_text(plain, entities)
        if not plain:
            raise bad_request("message text is empty")
        if utf16_len(plain) > MAX_TEXT_LENGTH:
            raise bad_request(too_long)
        return plain, tuple(entities), raw, parse_mode

    def _parse_markup(self, p: _Params, *, inline_only: bool = False) -> JSONDict | None:
        markup = p.get_json("reply_markup")
        if markup is None or markup == "":
            return None
        if not isinstance(markup, dict):
            raise bad_request("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" not in markup:
            if inline_only:
                raise bad_request("inline keyboard expected")
            if any(k in markup for k in ("keyboard", "remove_keyboard", "force_reply")):
                return copy_json(markup)
            raise bad_request("can't parse reply keyboard markup JSON object")
        rows = markup["inline_keyboard"]
        array_error = (
            'field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays'
        )
        if not isinstance(rows, list):
            raise bad_request(array_error)
        count = 0
        for row in rows:
            if not isinstance(row, list):
                raise bad_request(array_error)
            for button in row:
                count += 1
                _check_button(button)
        if count > MAX_INLINE_BUTTONS:
            raise bad_request("reply markup is too long")
        return copy_json(markup)

    def _reply_target(self, p: _Params, chat: FakeChat) -> int | None:
        reply = p.get_json("reply_parameters")
        reply_id: int | None = None
        allow_missing = p.get_bool("allow_sending_without_reply")
        if isinstance(reply, dict) and reply.get("message_id") is not None:
            reply_id = int(reply["message_id"])
            allow_missing = allow_missing or bool(reply.get("allow_sending_without_reply"))
        elif p.has("reply_to_message_id"):
            reply_id = p.get_int("reply_to_message_id")
        if reply_id is None:
            return None
        target = self.find_message(chat.id, reply_id)
        if target is None or target.deleted:
            if allow_missing:
                return None
            raise bad_request("message to be replied not found")
        return reply_id

    async def _send_message(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        chat = self._resolve_chat(p)
        text, entities, html, parse_mode = self._parse_text(p)
        markup = self._parse_markup(p)
        reply_id = self._reply_target(p, chat)
        msg = self._new_message(
            chat,
            None,
            text=text,
            html=html,
            parse_mode=parse_mode,
            entities=entities,
            reply_markup=markup,
            reply_to_message_id=reply_id,
        )
        return msg.to_json(self)

    def _message_to_edit(self, p: _Params) -> StoredMessage:
        if p.has("inline_message_id"):
            raise bad_request("message to edit not found")
        chat = self._resolve_chat(p)
        message_id = p.get_int("message_id", error="message to edit not found")
        if message_id is None:
            raise bad_request("message identifier is not specified")
        msg = self.find_message(chat.id, message_id)
        if msg is None or msg.deleted:
            raise bad_request("message to edit not found")
        if not msg.from_bot:
            raise bad_request("message can't be edited")
        return msg

    def _apply_edit(
        self,
        msg: StoredMessage,
        *,
        text: str,
        entities: tuple[Entity, ...],
        html: str | None,
        parse_mode: str | None,
        markup: JSONDict | None,
    ) -> JSONDict:
        same_text = msg.text == text and tuple(msg.entities) == tuple(entities)
        if same_text and _normal_markup(msg.reply_markup) == _normal_markup(markup):
            raise bad_request(NOT_MODIFIED)
        now = self.clock()
        if self.keep_history:
            msg.history.append(
                MessageVersion(msg.text, msg.html, tuple(msg.entities), msg.reply_markup, now)
            )
        msg.text, msg.entities, msg.html, msg.parse_mode = text, entities, html, parse_mode
        msg.reply_markup = markup
        msg.edit_date = int(now)
        return msg.to_json(self)

    async def _edit_message_text(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        msg = self._message_to_edit(p)
        text, entities, html, parse_mode = self._parse_text(p, too_long="MESSAGE_TOO_LONG")
        # Without reply_markup Telegram removes the inline keyboard.
        markup = self._parse_markup(p, inline_only=True)
        return self._apply_edit(
            msg, text=text, entities=entities, html=html, parse_mode=parse_mode, markup=markup
        )

    async def _edit_message_reply_markup(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        msg = self._message_to_edit(p)
        markup = self._parse_markup(p, inline_only=True)
        return self._apply_edit(
            msg,
            text=msg.text,
            entities=msg.entities,
            html=msg.html,
            parse_mode=msg.parse_mode,
            markup=markup,
        )

    async def _delete_message(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> bool:
        chat = self._resolve_chat(p)
        message_id = p.get_int("message_id", error="message to delete not found")
        if message_id is None:
            raise bad_request("message identifier is not specified")
        msg = self.find_message(chat.id, message_id)
        if msg is None or msg.deleted or msg.service:
            raise bad_request("message to delete not found")
        if not msg.from_bot and not chat.is_private and chat.bot_status != "administrator":
            raise bad_request("message can't be deleted")
        msg.deleted = True
        msg.deleted_at = self.clock()
        return True

    async def _answer_callback_query(
        self, p: _Params, record: RequestRecord, request: web.Request
    ) -> bool:
        query_id = p.get_str("callback_query_id")
        callback = self._callbacks.get(query_id or "")
        if callback is None:
            raise bad_request(QUERY_INVALID)
        callback.answer_attempts += 1
        now = self.clock()
        if callback.answer is not None or now - callback.created_at > self.callback_max_age:
            raise bad_request(QUERY_INVALID)
        text = p.get_str("text")
        if text is not None and len(text) > MAX_CALLBACK_ANSWER_TEXT:
            raise bad_request("MESSAGE_TOO_LONG")
        callback.answer = CallbackAnswer(
            text=text or None,
            show_alert=p.get_bool("show_alert"),
            url=p.get_str("url") or None,
            cache_time=p.get_int("cache_time") or 0,
            answered_at=now,
        )
        return True


def _compact_json(data: Any) -> str:
    """Serialise like Telegram: compact, non-ASCII kept as UTF-8."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _scope_key(scope: JSONDict) -> str:
    return json.dumps(scope, sort_keys=True, separators=(",", ":"))


def _admin_json(user: JSONDict) -> JSONDict:
    return {
        "status": "administrator",
        "user": user,
        "can_be_edited": False,
        "is_anonymous": False,
        "can_manage_chat": True,
        "can_delete_messages": True,
        "can_manage_video_chats": True,
        "can_restrict_members": True,
        "can_promote_members": False,
        "can_change_info": True,
        "can_invite_users": True,
        "can_post_stories": False,
        "can_edit_stories": False,
        "can_delete_stories": False,
        "can_pin_messages": True,
    }


def _normal_markup(markup: JSONDict | None) -> JSONDict | None:
    if not markup or markup.get("inline_keyboard") == []:
        return None
    return markup


def _check_button(button: Any) -> None:
    prefix = "can't parse inline keyboard button: "
    if not isinstance(button, dict):
        raise bad_request(prefix + "InlineKeyboardButton should be an Object")
    if "text" not in button:
        raise bad_request(prefix + 'Can\'t find field "text"')
    text = button["text"]
    if not isinstance(text, str):
        raise bad_request(prefix + 'Field "text" must be of type String')
    # An empty callback_data/url counts as absent, as in Telegram.
    actions = [k for k in BUTTON_ACTIONS if button.get(k) not in (None, "", False)]
    if not actions:
        raise bad_request(prefix + "Text buttons are unallowed in the inline keyboard")
    if len(actions) > 1:
        raise bad_request(
            prefix + f"exactly one of the optional fields must be used, got {actions}"
        )
    if not text.strip():
        raise bad_request("BUTTON_TEXT_INVALID")
    if "callback_data" in actions:
        data = button["callback_data"]
        if not isinstance(data, str):
            raise bad_request(prefix + 'Field "callback_data" must be of type String')
        if len(data.encode("utf-8")) > MAX_CALLBACK_DATA_BYTES:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in actions:
        url = button["url"]
        if not isinstance(url, str):
            raise bad_request(prefix + 'Field "url" must be of type String')
        if not re.match(r"^(https?|tg)://\S+$|^[\w.-]+\.[a-z]{2,}(/\S*)?$", url, re.IGNORECASE):
            raise bad_request("BUTTON_URL_INVALID")
