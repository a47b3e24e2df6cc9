"""The test's side of the fake: people act, the test inspects, waits and injects faults.

:meth:`ControlMixin.user_sends` and :meth:`ControlMixin.user_taps` implement
:meth:`FakeUser.send` and :meth:`FakeUser.tap`; the inspection methods read the messages,
requests and callbacks the fake keeps; :meth:`ControlMixin.wait_for`,
:meth:`ControlMixin.wait_for_message` and :meth:`ControlMixin.wait_idle` wait on the fake's
change signal; :meth:`ControlMixin.inject` adds fault rules that the server applies, and
:meth:`ControlMixin.enforce_limits` Telegram's flood limits.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Literal, TypeVar

from .faults import FaultKind, FaultRule
from .html_parser import Entity, utf16_len
from .limits import FloodControl, TelegramLimits
from .models import WAIT_TIMEOUT, FakeCallback, FakeChat, FakeUser, StoredMessage
from .protocol import Handler
from .records import RequestRecord
from .state import FakeState, Signal
from .topics import user_thread

T = TypeVar("T")

# Seconds between two questions to the busy probes while one says busy.
PROBE_POLL = 0.005

# ``thread=`` of the inspection helpers: every topic of a forum, General included.
AnyThread = Literal["any"]

_COMMAND_RE = re.compile(r"(?<![\w/])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?")
_MENTION_RE = re.compile(r"(?<![\w@])@[A-Za-z0-9_]{5,32}")


class ControlMixin(FakeState):
    """What a test does with the fake, apart from creating people and chats."""

    # ------------------------------------------------------------------ user actions

    def user_sends(
        self,
        user: FakeUser,
        chat: FakeChat | int,
        text: str,
        *,
        reply_to: StoredMessage | int | None = None,
        thread: int | None = None,
        as_chat: FakeChat | None = None,
    ) -> StoredMessage:
        """Implementation of :meth:`FakeUser.send` (synchronous)."""
        target = chat if isinstance(chat, FakeChat) else self._chat_by_id(chat, user)
        if target.is_private:
            if target.user is not user:
                raise AssertionError(
                    f"user {user.id} cannot write in the private chat of user {target.id}"
                )
            if user.deactivated:
                raise AssertionError(f"user {user.id} deleted their account")
            if user.blocked_bot:
                if not text.startswith("/start"):
                    raise AssertionError(
                        f"user {user.id} blocked the bot; call unblock_bot() or send /start"
                    )
                # Telegram's "Restart bot" button: unblock, then /start.
                user.unblock_bot()
            # Telegram clients make the user press Start before anything else can be sent.
            user.started_bot = True
        else:
            if target.migrated_to is not None:
                raise AssertionError(
                    f"group {target.id} was upgraded to supergroup {target.migrated_to}; send there"
                )
            target.member_ids.add(user.id)
        reply_id = reply_to.message_id if isinstance(reply_to, StoredMessage) else reply_to
        replied = self.find_message(target.id, reply_id) if reply_id is not None else None
        if reply_id is not None and replied is None:
            raise AssertionError(f"no message {reply_id} in chat {target.id} to reply to")
        msg = self._new_message(
            target,
            user,
            text=text,
            entities=tuple(self._detect_entities(text)),
            reply_to_message_id=reply_id,
            thread_id=user_thread(target, user, thread, replied),
        )
        if as_chat is not None:
            if target.is_private:
                raise AssertionError("nobody posts as a chat in a private chat")
            if as_chat.id == target.id and not target.is_admin(user):
                raise AssertionError(f"only an admin of {target.id} can post anonymously")
            msg.sender_chat = as_chat
        if target.is_private or target.bot_is_member:
            self.queue_update({"message": msg.to_json(self)})
        else:
            self._notify()
        return msg

    def user_edits(self, user: FakeUser, message: StoredMessage, text: str) -> StoredMessage:
        """Implementation of :meth:`FakeUser.edit` (synchronous)."""
        stored = self.find_message(message.chat_id, message.message_id)
        if stored is None or stored.sender is not user:
            raise AssertionError(f"user {user.id} can edit only a message of their own")
        stored.text = text
        stored.entities = tuple(self._detect_entities(text))
        stored.edit_date = int(self.clock())
        target = self._chats[stored.chat_id]
        if target.is_private or target.bot_is_member:
            self.queue_update({"edited_message": stored.to_json(self)})
        else:
            self._notify()
        return stored

    def user_taps(
        self,
        user: FakeUser,
        message: StoredMessage,
        data_or_text: str,
        *,
        force: bool = False,
        outsider: bool = False,
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
        if not chat.is_private and not outsider:
            chat.member_ids.add(user.id)  # who sees a group's messages is in it
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
            self._as_fake_telegram(),
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

    # ------------------------------------------------------------------ inspection

    def messages(
        self,
        chat: FakeChat | FakeUser | int,
        *,
        include_deleted: bool = False,
        include_users: bool = False,
        thread: int | AnyThread | None = "any",
    ) -> list[StoredMessage]:
        """Messages in ``chat`` in order: by default the bot's live (not deleted) ones.

        In a forum ``thread`` picks one topic by its message_thread_id, or General with
        None; by default messages of every topic count.
        """
        chat_id = self._chat_id(chat)
        result = []
        for msg in self._messages.get(chat_id, {}).values():
            if msg.deleted and not include_deleted:
                continue
            if not msg.from_bot and not include_users:
                continue
            if thread != "any" and msg.thread_id != thread:
                continue
            result.append(msg)
        return result

    def last_message(
        self, chat: FakeChat | FakeUser | int, *, thread: int | AnyThread | None = "any"
    ) -> StoredMessage:
        """The bot's latest live message in ``chat`` (in ``thread``, as for
        :meth:`messages`); AssertionError if there is none."""
        msgs = self.messages(chat, thread=thread)
        if not msgs:
            where = "" if thread == "any" else f" thread {thread}"
            raise AssertionError(
                f"the bot has no live message in chat {self._chat_id(chat)}{where}\n"
                + self.describe_recent()
            )
        return msgs[-1]

    def calls(self, method: str) -> list[RequestRecord]:
        """Requests to ``method`` (case-insensitive), in arrival order."""
        return [r for r in self.requests if r.method.lower() == method.lower()]

    def unanswered_callbacks(self) -> list[FakeCallback]:
        return [cb for cb in self._callbacks.values() if cb.answer is None]

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
        timeout: float = WAIT_TIMEOUT,
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
            await Signal.wait(event, remaining)

    async def wait_for_message(
        self,
        chat: FakeChat | FakeUser | int,
        match: str | Callable[[StoredMessage], bool] | None = None,
        *,
        after: StoredMessage | int | None = None,
        thread: int | AnyThread | None = "any",
        timeout: float = WAIT_TIMEOUT,
    ) -> StoredMessage:
        """Wait for a live bot message in ``chat`` and return it (the newest that matches).

        Args:
            chat: the chat (or user, for the private chat, or chat id).
            match: a substring of the message's plain text, or a predicate; None = any.
            after: only messages with a greater message_id (a message or an id) count.
            thread: in a forum, only messages of this topic (None: General) count.
            timeout: seconds before the test fails with a dump of recent requests.
        """
        after_id = after.message_id if isinstance(after, StoredMessage) else (after or 0)

        def newest() -> StoredMessage | None:
            for msg in reversed(self.messages(chat, thread=thread)):
                if msg.message_id <= after_id:
                    break
                if match is None or (match in msg.text if isinstance(match, str) else match(msg)):
                    return msg
            return None

        return await self.wait_for(
            newest,
            timeout=timeout,
            message=f"a bot message in chat {self._chat_id(chat)} matching {match!r}"
            + ("" if thread == "any" else f" in thread {thread}"),
        )

    async def wait_idle(
        self,
        timeout: float = WAIT_TIMEOUT,
        *,
        quiet: float | None = None,
        busy: Callable[[], bool] | None = None,
    ) -> None:
        """Wait until the bot fetched and confirmed every queued update and went quiet.

        "Quiet" means no request other than an idle long poll was in flight or arrived, and
        no update was delivered or confirmed, for ``quiet`` seconds (default
        :attr:`quiet_period`). That period is measured with the event loop's clock
        (``loop.time()``) and waited for with a timed wait on the fake's change signal, so
        any activity restarts it at once; it is the one deliberate delay in the fake, needed
        because "the bot will not send anything more" cannot be observed directly.

        ``busy``: what the system under test says of itself (default:
        :attr:`busy_probe`), whether it is busy with something the fake cannot see
        (an update being handled, a job between two requests). A busy answer is
        activity too, and it is asked again every ``PROBE_POLL`` seconds while it
        says busy (nothing in the fake changes when a bot's own work ends); with it a
        short ``quiet`` suffices
        (tests/support/bot_harness.py).
        """
        signal = self._require_signal()
        quiet = self.quiet_period if quiet is None else quiet
        busy = self.busy_probe if busy is None else busy
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            event = signal.current
            now = loop.time()
            probed = busy is not None and busy()
            if probed:
                self._last_activity = max(self._last_activity, now)
            pending = bool(self._queue) or self._in_flight > 0 or probed
            quiet_until = self._last_activity + quiet
            if not pending and now >= quiet_until:
                return
            if now >= deadline:
                raise AssertionError(
                    f"the bot did not become idle within {timeout}s "
                    f"(pending updates: {len(self._queue)}, requests in flight: "
                    f"{self._in_flight}, busy by its own word: {probed})\n" + self.describe_recent()
                )
            if probed:
                wait = min(PROBE_POLL, deadline - now)
            else:
                wait = deadline - now if pending else min(quiet_until, deadline) - now
            await Signal.wait(event, wait)

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

    def enforce_limits(self, limits: TelegramLimits | None = None) -> FloodControl:
        """Enforce Telegram's flood limits from now on (default :class:`TelegramLimits`).

        Over a limit a counted request (a message sent, edited, copied or forwarded) gets
        429 "Too Many Requests: retry after N" and takes no effect; see
        :mod:`~testing.fake_telegram.limits`. Calling again starts with full buckets.
        :attr:`limit_stats` counts either way.
        """
        self.flood = FloodControl(limits if limits is not None else TelegramLimits())
        return self.flood

    def lift_limits(self) -> None:
        """Stop enforcing the flood limits (the default state of the fake)."""
        self.flood = None

    def clear_faults(self) -> None:
        for rule in self.faults:
            rule.cancel()
        self.faults.clear()

    # ------------------------------------------------------------------ long runs (bench/)

    def wrap_handlers(self, wrap: Callable[[str, Handler], Handler]) -> None:
        """Put ``wrap(method name, handler)`` around every Bot API method's handler.

        A wrapper sees a request after the flood limits admitted it (a 429 never reaches
        it) and its answer, so a benchmark can time the bot's requests without polling.
        """
        self._methods = {
            key: (name, wrap(name, handler)) for key, (name, handler) in self._methods.items()
        }

    def prune(
        self,
        keep_group: int | None,
        keep_private: int | None,
        callbacks_older_than: float | None = None,
    ) -> None:
        """Forget what a long run no longer needs, so that the fake's memory stays flat.

        Keeps the newest ``keep_group`` messages of each group or channel and the newest
        ``keep_private`` of each private chat (None: all of them); forgets answered
        callback queries, and unanswered ones created over ``callbacks_older_than`` seconds
        ago by :attr:`clock`; clears :attr:`errors_returned`.
        """
        for chat_id, messages in self._messages.items():
            keep = keep_group if chat_id < 0 else keep_private
            if keep is not None:
                for message_id in list(messages)[: max(len(messages) - keep, 0)]:
                    del messages[message_id]
        now = self.clock()
        for query_id, callback in list(self._callbacks.items()):
            old = (
                callbacks_older_than is not None
                and now - callback.created_at > callbacks_older_than
            )
            if callback.answer is not None or old:
                del self._callbacks[query_id]
        self.errors_returned.clear()
