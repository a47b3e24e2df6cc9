"""The state every part of the fake shares: :class:`FakeState`.

:class:`~testing.fake_telegram.server.FakeTelegram` is put together from mixins, one per
concern (``server``, ``updates``, ``messages``, ``chats``, ``topics``, ``bot_profile``,
``control``);
each of them is a :class:`FakeState`, which holds the users, chats, messages, queued
updates and records, the change signal waiters wait on, and the few building blocks more
than one concern needs (creating people and chats, resolving a request's ``chat_id``,
storing a new message, queueing an update).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import cast

from aiohttp import web

from .faults import FaultRule
from .html_parser import Entity
from .limits import FloodControl, LimitStats, TelegramLimits
from .models import (
    FakeCallback,
    FakeChat,
    FakeHub,
    FakeUser,
    JSONDict,
    StoredMessage,
    copy_json,
)
from .protocol import (
    DEFAULT_ALLOWED_UPDATES,
    DEFAULT_BOT_USERNAME,
    DEFAULT_TOKEN,
    Handler,
    Params,
    bad_request,
    forbidden,
)
from .records import ErrorRecord, RequestRecord


class Signal:
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
class QueuedUpdate:
    """An update waiting for the bot, until a getUpdates offset confirms it."""

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
class Poll:
    """A getUpdates request in progress (a newer one terminates it)."""

    terminated: bool = False


class FakeState:
    """The fake's state and shared building blocks (see the module's docstring)."""

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
        limits: TelegramLimits | None = None,
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
            limits: Telegram's flood limits to enforce (default: none, every request
                goes through); see :meth:`ControlMixin.enforce_limits`.
        """
        self.token = token
        self.bot_username = bot_username
        self.bot_first_name = bot_first_name
        self.bot_id = int(token.split(":", 1)[0]) if token.split(":", 1)[0].isdigit() else 1
        self.strict_ampersand = strict_ampersand
        self.callback_max_age = callback_max_age
        self.quiet_period = quiet_period
        # What the bot under test says of itself (busy with an update, a job
        # between two requests): asked by every `wait_idle` that brings no
        # probe of its own, so a helper's wait never ends on a quiet period
        # alone while the bot is still working on a slow machine.
        self.busy_probe: Callable[[], bool] | None = None
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
        # Seconds to hold a request (by method and parameters) before it takes
        # effect: a slow network, so that several bot workers' requests overlap.
        self.latency: Callable[[str, JSONDict], float] | None = None
        self.allowed_updates: frozenset[str] = DEFAULT_ALLOWED_UPDATES
        # Telegram's flood limits when enforced, and what they counted either way.
        self.flood: FloodControl | None = FloodControl(limits) if limits is not None else None
        self.limit_stats = LimitStats()

        # Internal state.
        self._users: dict[int, FakeUser] = {}
        self._chats: dict[int, FakeChat] = {}
        self._messages: dict[int, dict[int, StoredMessage]] = {}
        self._next_message_id: dict[int, int] = {}
        self._callbacks: dict[str, FakeCallback] = {}
        self._queue: list[QueuedUpdate] = []
        self._next_update_id = 100_000_001
        self._next_callback_seq = 1
        self._active_poll: Poll | None = None
        self._in_flight = 0
        self._last_activity = 0.0
        self._closing = False
        self._signal: Signal | None = None
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._system_user: FakeUser | None = None
        self._methods: dict[str, tuple[str, Handler]] = {}
        self._register_methods()

    def _register_methods(self) -> None:
        """Fill ``self._methods``: done by ``FakeTelegram``, which has every method."""
        raise NotImplementedError

    def _as_fake_telegram(self) -> FakeHub:
        # Every FakeState is a FakeTelegram: the mixins only split its code. The people,
        # chats and callbacks it creates keep a reference to the whole fake, typed as the
        # protocol it meets so that this module need not import the server.
        return cast(FakeHub, self)

    # ------------------------------------------------------------------ change signal

    def _require_signal(self) -> Signal:
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
        user = FakeUser(
            self._as_fake_telegram(), id, first_name, username, language_code, last_name
        )
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
        kind = "supergroup" if supergroup else "group"
        chat = FakeChat(self._as_fake_telegram(), chat_id, kind, title=title)
        if creator is not None:
            chat.creator_id = creator.id
            chat.member_ids.add(creator.id)
        chat.member_ids.update(m.id for m in members)
        self._chats[chat_id] = chat
        self._messages.setdefault(chat_id, {})
        return chat

    def channel(self, chat_id: int, title: str) -> FakeChat:
        """A channel, for people to post as (``FakeUser.send(..., as_chat=...)``);
        the bot is no member of it."""
        if chat_id in self._chats:
            return self._chats[chat_id]
        chat = FakeChat(self._as_fake_telegram(), chat_id, "channel", title=title)
        chat.bot_status = "left"
        self._chats[chat_id] = chat
        self._messages.setdefault(chat_id, {})
        return chat

    def private_chat(self, user: FakeUser) -> FakeChat:
        """The private chat of ``user`` with the bot."""
        chat = self._chats.get(user.id)
        if chat is None:
            chat = FakeChat(self._as_fake_telegram(), user.id, "private", user=user)
            self._chats[user.id] = chat
            self._messages.setdefault(user.id, {})
        return chat

    def chat(self, chat_id: int) -> FakeChat:
        """The chat with this id (KeyError if unknown)."""
        return self._chats[chat_id]

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
        """Who a change of ``group`` made without naming anyone comes from: its creator or
        first admin, else Telegram's anonymous admin."""
        for uid in [group.creator_id, *sorted(group.admin_ids)]:
            if uid is not None and uid in self._users:
                return self._users[uid]
        if self._system_user is None:
            self._system_user = FakeUser(
                self._as_fake_telegram(), 1_087_968_824, "Group", "GroupAnonymousBot"
            )
            self._system_user.language_code = None
        return self._system_user

    def find_message(self, chat_id: int, message_id: int) -> StoredMessage | None:
        """Any stored message (bot's or user's, deleted too) or None."""
        return self._messages.get(chat_id, {}).get(message_id)

    # ------------------------------------------------------------------ building blocks

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
        thread_id: int | None = None,
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
            thread_id=thread_id,
        )
        self._messages.setdefault(chat.id, {})[message_id] = msg
        return msg

    def queue_update(self, update: JSONDict) -> int:
        """Queue a raw update (``update_id`` is assigned unless present); returns the id."""
        payload = dict(update)
        update_id = payload.pop("update_id", None)
        if update_id is None:
            update_id = self._next_update_id
        self._next_update_id = max(self._next_update_id, int(update_id) + 1)
        entry = QueuedUpdate(int(update_id), copy_json(payload))
        self._queue.append(entry)
        if self.keep_history:
            self.updates_queued.append(entry.to_json())
        self._touch()
        self._notify()
        return entry.update_id

    def _resolve_chat(self, p: Params, *, for_sending: bool = True) -> FakeChat:
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
            if for_sending and user.deactivated:
                raise forbidden("user is deactivated")
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
