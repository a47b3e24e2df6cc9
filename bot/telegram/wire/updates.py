"""The shape of an update as the bot reads it: a tap's message cut down to a
reference (`trim_updates`, `tapped_message`), which chat an update belongs
to, and PTB's update processor that keeps each chat's updates in order while
different chats run side by side.

A chat takes its turn before it takes one of the global slots, and keeps only
a few updates waiting: a flood in one group costs that group its overflow,
never another chat its answer (PTB's own processor takes the global slot
first, so 256 updates of one busy chat would hold every slot while they wait
for that chat's lock).

In a forum each topic is a lane of its own (`lane_of`: the chat and the
topic), with its own turn and backlog: a topic hosts a table of its own, and
a flood in one topic must not cost another topic's players their taps
(security review N15). Tables need no chat-wide order: the tables layer
locks what it shares (a table, a chat's new tables, a tournament), as it
must for several workers, which see one chat's updates side by side anyway.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable
from contextvars import ContextVar
from typing import Any

from telegram import CallbackQuery, Update
from telegram.constants import ChatType
from telegram.ext import BaseHandler, BaseUpdateProcessor, filters

from bot.locks import KeyedLocks

log = logging.getLogger(__name__)

# An update's lane: its chat, and its forum topic (None: General, a group
# that is no forum, a private chat).
Lane = tuple[int, int | None]

# A chat's overflow is answered one at a time (three hundred "slow down"
# answers at once would hold the HTTP client's connections that other chats'
# answers need), and at most this many wait; beyond them it is dropped
# unanswered (the client gives up on an old tap by itself).
OVERFLOW_ANSWERS = 50

# True while a tap beyond its lane's backlog goes through the application:
# only the `Overflowing` handler, in the first handler group, runs for it.
_OVERFLOWING: ContextVar[bool] = ContextVar("overflowing", default=False)

# PTB's own semaphore is given a bound it never reaches: the real bound on
# updates running at once is `slots`, taken inside the chat's turn.
_UNBOUNDED = 1 << 30


def trim_updates(answer: dict[str, Any]) -> dict[str, Any]:
    """getUpdates' answer with the message under each tapped button replaced
    by a reference to it, `message_ref`: [chat id, message id], all the bot
    reads of it (it knows its own messages). PTB keeps the unknown field in
    the query's `api_kwargs`; `tapped_message` reads either form.

    PTB builds an object for every button and formatting entity of that
    message (0.47 ms of Python for a hand of twelve buttons), and even a
    message cut down to its chat and id costs a `Message` of some eighty
    fields: a tap's update took 0.27 ms to build with one and 0.10 ms with the
    reference, a tenth and then a sixteenth of the bot's CPU per update under
    bench/load.py."""
    result = answer.get("result")
    if isinstance(result, list):
        for update in result:
            query = update.get("callback_query") if isinstance(update, dict) else None
            if not isinstance(query, dict):
                continue
            message = query.get("message")
            chat = message.get("chat") if isinstance(message, dict) else None
            if (
                isinstance(message, dict)
                and isinstance(chat, dict)
                and isinstance(chat.get("id"), int)
                and isinstance(message.get("message_id"), int)
            ):
                query["message_ref"] = [chat["id"], message["message_id"]]
                thread = message.get("message_thread_id")
                if message.get("is_topic_message") and isinstance(thread, int):
                    query["message_topic"] = thread  # its lane (`topic_of`)
                del query["message"]
    return answer


def tapped_message(query: CallbackQuery) -> tuple[int, int] | None:
    """(chat id, message id) of the message under a tapped button: from the
    message itself (webhook updates, PTB's own client) or from the reference
    `trim_updates` left in its place; None for a button of an inline message."""
    if query.message is not None:
        return query.message.chat.id, query.message.message_id
    ref = query.api_kwargs.get("message_ref")
    if isinstance(ref, list | tuple) and len(ref) == 2 and all(type(v) is int for v in ref):
        return ref[0], ref[1]
    return None


def chat_of(update: Update) -> int | None:
    """The chat an update belongs to, a tap's too (see `trim_updates`)."""
    if update.effective_chat is not None:
        return update.effective_chat.id
    origin = tapped_message(update.callback_query) if update.callback_query else None
    return origin[0] if origin else None


def topic_of(update: Update) -> int | None:
    """The forum topic an update belongs to, a tap's too (see
    `trim_updates`); None outside a forum's topics. (Telegram also numbers
    the reply threads of any supergroup: only a forum's topics count.)"""
    query = update.callback_query
    if query is not None:
        if query.message is not None:
            message: object = query.message
        else:
            topic = query.api_kwargs.get("message_topic")
            return topic if type(topic) is int else None
    else:
        message = update.effective_message
    if message is None or not getattr(message, "is_topic_message", False):
        return None
    thread = getattr(message, "message_thread_id", None)
    return thread if type(thread) is int else None


def lane_of(update: Update) -> Lane | None:
    """The lane an update waits and runs in: its chat and forum topic."""
    chat_id = chat_of(update)
    return None if chat_id is None else (chat_id, topic_of(update))


def droppable(update: Update) -> bool:
    """What a flood is made of: taps and typed messages. The bot's own
    membership, a group's migration and other service updates always get
    their turn (dropping one would leave a table in a chat it is gone from)."""
    if update.callback_query is not None:
        return True
    message = update.message or update.edited_message
    return message is not None and message.text is not None


def acted_on(update: Update) -> bool:
    """Whether a handler of the bot may run for the update: taps, the bot's
    own membership, anything in private, and in a group commands and service
    messages. Not plain talk in a group (the bot sees it when privacy mode is
    off or it is an admin), nor edits, reactions and other members' changes:
    those must not take the chat's turn or fill its backlog, or a lively
    conversation would push real taps into "slow down"."""
    if update.callback_query is not None or update.my_chat_member is not None:
        return True
    message = update.message
    if message is None:
        return False
    if message.chat.type == ChatType.PRIVATE:
        return True
    text = message.text or ""
    return text.startswith("/") or bool(filters.StatusUpdate.ALL.check_update(update))


class PerChatProcessor(BaseUpdateProcessor):
    """Updates run concurrently across lanes and in arrival order within one:
    a lane is a chat, or one topic of a forum (`lane_of`).

    `backlog`: how many updates of one lane (that a handler runs for,
    `acted_on`) may wait or run; more are overflow. A typed message beyond
    it is closed unrun; a tap goes through the application flagged as
    overflowing, so that only the `Overflowing` handler (the first handler
    group: "slow down") runs for it, which receives the application as any
    handler does. Those taps go one at a time per lane, at most
    `OVERFLOW_ANSWERS` of a lane waiting; more are closed unrun. `slots`:
    how many updates run at once in all.
    """

    def __init__(self, slots: int = 256, backlog: int = 8) -> None:
        super().__init__(_UNBOUNDED)
        self.slots = slots
        self.backlog = backlog
        self._running = asyncio.Semaphore(slots)
        self._chats = KeyedLocks()
        self._waiting: dict[Lane, int] = {}  # updates waiting or running, per lane
        self._answering: dict[Lane, int] = {}  # overflow answers waiting, per lane
        self._answer_turns = KeyedLocks()
        self.dropped = 0

    def pending(self, chat_id: int, topic: int | None = None) -> int:
        return self._waiting.get((chat_id, topic), 0)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        lane = lane_of(update) if isinstance(update, Update) else None
        if lane is None or not isinstance(update, Update) or not acted_on(update):
            # No handler runs for chatter: PTB only looks for one, outside the
            # chat's turn and backlog.
            async with self._running:
                await coroutine
            return
        if self._waiting.get(lane, 0) >= self.backlog and droppable(update):
            await self._overflow(lane, update, coroutine)
            return
        self._waiting[lane] = self._waiting.get(lane, 0) + 1
        try:
            async with self._chats(lane), self._running:
                await coroutine
        finally:
            left = self._waiting[lane] - 1
            if left:
                self._waiting[lane] = left
            else:
                del self._waiting[lane]

    async def _overflow(self, lane: Lane, update: Update, coroutine: Awaitable[Any]) -> None:
        self.dropped += 1
        if self.dropped == 1 or self.dropped % 100 == 0:
            log.info("a chat is flooding: %d update(s) dropped so far", self.dropped)
        answering = self._answering.get(lane, 0)
        if update.callback_query is None or answering >= OVERFLOW_ANSWERS:
            _close(coroutine)  # never run: nothing of it happens
            return
        self._answering[lane] = answering + 1
        try:
            async with self._answer_turns(lane):
                flag = _OVERFLOWING.set(True)
                try:
                    await coroutine
                finally:
                    _OVERFLOWING.reset(flag)
        except Exception:
            log.exception("answering an overflowing update failed")
        finally:
            _close(coroutine)  # cancelled while it waited for its turn
            left = self._answering[lane] - 1
            if left:
                self._answering[lane] = left
            else:
                del self._answering[lane]

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None


def _close(coroutine: Awaitable[Any]) -> None:
    """Close a coroutine that never started (no "never awaited" warning)."""
    if inspect.iscoroutine(coroutine) and inspect.getcoroutinestate(coroutine) == "CORO_CREATED":
        coroutine.close()


class Overflowing(BaseHandler[Update, Any, None]):
    """The handler for a tap beyond its lane's backlog (`PerChatProcessor`):
    registered in the first handler group, it alone runs for such a tap (its
    callback answers it and stops the update there, `ApplicationHandlerStop`),
    and for no other update. The answer is a handler, not a hook on the
    processor, because it needs the application's parts (the messenger, the
    default language), which exist only after the processor was built into
    the application; a handler is given them at call time."""

    def check_update(self, update: object) -> bool:
        return _OVERFLOWING.get()
