"""People, chats and messages of the fake Bot API server.

These objects are the test-side view of the fake: tests create users and groups through
:class:`~testing.fake_telegram.server.FakeTelegram`, act through :class:`FakeUser` and inspect
:class:`StoredMessage` and :class:`FakeCallback` objects (the requests it received are in
:mod:`~testing.fake_telegram.records`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypeVar, cast

from .html_parser import Entity

JSONDict = dict[str, Any]
J = TypeVar("J")
T = TypeVar("T")

# Seconds a wait of the fake gives the bot before the test fails. Only a
# failing test waits that long (a wait ends as soon as its condition holds);
# generous, because the suite runs on parallel workers of a busy machine,
# where 5 s, the old default, was now and then too short for a working bot.
WAIT_TIMEOUT = 30.0


class MessageContext(Protocol):
    """What a message needs from the fake to write itself as the Bot API does.

    A protocol rather than the fake's own class: the fake is built on these models, so
    naming it here would make the two modules import each other.
    """

    def bot_user_json(self) -> JSONDict: ...

    def chat_json(self, chat_id: int) -> JSONDict: ...

    def find_message(self, chat_id: int, message_id: int) -> StoredMessage | None: ...


class FakeHub(Protocol):
    """The whole fake as its people, chats and callbacks hold it, to act through it.

    :class:`~testing.fake_telegram.server.FakeTelegram` is the one implementation (mypy
    checks that in ``server``); a protocol for the reason :class:`MessageContext` is one.
    """

    def private_chat(self, user: FakeUser) -> FakeChat: ...

    def user_sends(
        self,
        user: FakeUser,
        chat: FakeChat | int,
        text: str,
        *,
        reply_to: StoredMessage | int | None = None,
        thread: int | None = None,
        as_chat: FakeChat | None = None,
    ) -> StoredMessage: ...

    def user_edits(self, user: FakeUser, message: StoredMessage, text: str) -> StoredMessage: ...

    def user_taps(
        self,
        user: FakeUser,
        message: StoredMessage,
        data_or_text: str,
        *,
        force: bool = False,
        outsider: bool = False,
    ) -> FakeCallback: ...

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = WAIT_TIMEOUT,
        *,
        message: str | None = None,
    ) -> T: ...

    def notify(self) -> None: ...

    def set_bot_blocked(self, user: FakeUser, blocked: bool, *, update: bool) -> int | None: ...


def copy_json(data: J) -> J:
    """A deep copy of JSON-shaped data, of the same type; ``copy.deepcopy`` costs several
    times more and the fake copies every update and keyboard it hands out (it shows under
    load)."""
    if isinstance(data, dict):
        return cast(J, {key: copy_json(value) for key, value in data.items()})
    if isinstance(data, list):
        return cast(J, [copy_json(value) for value in data])
    return data


class Button(NamedTuple):
    """An inline keyboard button as a ``(text, value)`` pair.

    ``value`` is the button's ``callback_data``, or its ``url`` for URL buttons, or ``None``
    for other kinds (web_app, switch_inline_query, ...); see
    :attr:`StoredMessage.reply_markup` for the raw buttons.
    """

    text: str
    value: str | None

    @staticmethod
    def from_json(button: JSONDict) -> Button:
        value = button.get("callback_data")
        if value is None:
            value = button.get("url")
        return Button(str(button.get("text", "")), None if value is None else str(value))


@dataclass(frozen=True)
class MessageVersion:
    """A former version of an edited message."""

    text: str
    html: str | None
    entities: tuple[Entity, ...]
    reply_markup: JSONDict | None
    replaced_at: float


@dataclass
class StoredMessage:
    """A message the fake knows about, sent by the bot or by a fake user."""

    chat_id: int
    message_id: int
    date: int
    sent_at: float
    sender: FakeUser | None  # None: sent by the bot
    text: str = ""
    html: str | None = None  # the text parameter exactly as the bot sent it
    parse_mode: str | None = None
    entities: tuple[Entity, ...] = ()
    reply_markup: JSONDict | None = None
    reply_to_message_id: int | None = None
    deleted: bool = False
    deleted_at: float | None = None
    edit_date: int | None = None
    history: list[MessageVersion] = field(default_factory=list)
    service: JSONDict = field(default_factory=dict)  # e.g. {"migrate_to_chat_id": ...}
    # A photo's image as uploaded (``text`` and ``entities`` are then its caption's).
    photo: bytes | None = field(default=None, repr=False)
    photo_size: tuple[int, int] = (0, 0)  # width, height
    # The forum topic it is in (the topic's message_thread_id); None: General, or a chat
    # that is not a forum.
    thread_id: int | None = None
    # Posted on behalf of a chat (Bot API ``sender_chat``): a channel, or the group
    # itself for an anonymous admin; ``sender`` is then the person who really posted.
    sender_chat: FakeChat | None = field(default=None, repr=False)

    @property
    def from_bot(self) -> bool:
        return self.sender is None

    @property
    def photo_file_id(self) -> str:
        """The file_id Telegram gives a sent photo (the fake's: chat and message)."""
        return f"photo_{self.chat_id}_{self.message_id}"

    @property
    def edits(self) -> int:
        """How many times the message was edited."""
        return len(self.history)

    @property
    def buttons(self) -> list[list[Button]]:
        """Inline keyboard rows as :class:`Button` ``(text, callback_data | url)`` tuples."""
        markup = self.reply_markup or {}
        rows = markup.get("inline_keyboard") or []
        return [[Button.from_json(b) for b in row] for row in rows]

    @property
    def button_texts(self) -> list[str]:
        return [b.text for row in self.buttons for b in row]

    @property
    def callback_data(self) -> list[str]:
        """Every callback_data value on the message, in reading order."""
        markup = self.reply_markup or {}
        return [
            str(b["callback_data"])
            for row in markup.get("inline_keyboard") or []
            for b in row
            if "callback_data" in b
        ]

    def find_button(self, data_or_text: str) -> JSONDict | None:
        """The raw button whose callback_data (preferred) or text equals ``data_or_text``."""
        markup = self.reply_markup or {}
        buttons = [b for row in markup.get("inline_keyboard") or [] for b in row]
        for button in buttons:
            if button.get("callback_data") == data_or_text:
                return dict(button)
        for button in buttons:
            if button.get("text") == data_or_text:
                return dict(button)
        return None

    def to_json(self, fake: MessageContext, *, with_reply: bool = True) -> JSONDict:
        """The Message object as the Bot API returns it."""
        data: JSONDict = {
            "message_id": self.message_id,
            "from": fake.bot_user_json() if self.sender is None else self.sender.to_json(),
            "chat": fake.chat_json(self.chat_id),
            "date": self.date,
        }
        if self.sender_chat is not None:
            # Telegram hides the person behind one service account for all such posts.
            data["sender_chat"] = self.sender_chat.to_json()
            data["from"] = (
                ANONYMOUS_ADMIN_JSON if self.sender_chat.id == self.chat_id else CHANNEL_BOT_JSON
            )
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        if self.thread_id is not None:
            data["message_thread_id"] = self.thread_id
            data["is_topic_message"] = True
        text_field, entities_field = "text", "entities"
        if self.photo is not None:
            text_field, entities_field = "caption", "caption_entities"
            width, height = self.photo_size
            data["photo"] = [
                {
                    "file_id": self.photo_file_id,
                    "file_unique_id": f"u{self.chat_id}_{self.message_id}",
                    "width": width,
                    "height": height,
                    "file_size": len(self.photo),
                }
            ]
        if self.text:
            data[text_field] = self.text
        if self.entities:
            data[entities_field] = [e.to_json() for e in self.entities]
        if self.reply_markup:
            data["reply_markup"] = copy_json(self.reply_markup)
        # A message in a topic that replies to nothing replies, for the Bot API, to the
        # topic's forum_topic_created message (Client::get_implicit_reply_to_message_id).
        reply_id = self.reply_to_message_id
        if reply_id is None and self.thread_id is not None and self.thread_id < self.message_id:
            reply_id = self.thread_id
        if with_reply and reply_id is not None:
            replied = fake.find_message(self.chat_id, reply_id)
            if replied is not None:
                data["reply_to_message"] = replied.to_json(fake, with_reply=False)
        data.update(copy_json(self.service))
        return data

    def __repr__(self) -> str:
        who = "bot" if self.sender is None else f"user {self.sender.id}"
        flags = " deleted" if self.deleted else ""
        flags += f" edits={self.edits}" if self.history else ""
        return (
            f"<StoredMessage chat={self.chat_id} id={self.message_id} from {who}{flags}: "
            f"{self.text!r} buttons={self.buttons}>"
        )


# The accounts Telegram puts in ``from`` of a message posted as a chat.
CHANNEL_BOT_JSON: JSONDict = {
    "id": 136817688,
    "is_bot": True,
    "first_name": "Channel",
    "username": "Channel_Bot",
}
ANONYMOUS_ADMIN_JSON: JSONDict = {
    "id": 1087968824,
    "is_bot": True,
    "first_name": "Group",
    "username": "GroupAnonymousBot",
}


@dataclass(eq=False)
class FakeChat:
    """A chat the bot can talk in: a group/supergroup or a user's private chat
    (or a channel, only as the chat a person posts as)."""

    fake: FakeHub = field(repr=False)
    id: int
    type: str  # "private" | "group" | "supergroup" | "channel"
    title: str | None = None
    user: FakeUser | None = field(default=None, repr=False)  # for private chats
    bot_status: str = "member"  # "member" | "administrator" | "left" | "kicked"
    migrated_to: int | None = None
    migrated_from: int | None = None
    creator_id: int | None = None
    admin_ids: set[int] = field(default_factory=set)
    member_ids: set[int] = field(default_factory=set)
    is_forum: bool = False
    topics: dict[int, ForumTopic] = field(default_factory=dict)  # by message_thread_id
    general_closed: bool = False

    @property
    def is_private(self) -> bool:
        return self.type == "private"

    @property
    def bot_is_member(self) -> bool:
        return self.bot_status in ("member", "administrator", "creator")

    def add_member(self, user: FakeUser) -> None:
        """Make ``user`` a member of this group (no update is queued)."""
        self.member_ids.add(user.id)

    def to_json(self) -> JSONDict:
        if self.user is not None:
            data: JSONDict = {"id": self.id, "type": "private", "first_name": self.user.first_name}
            if self.user.last_name:
                data["last_name"] = self.user.last_name
            if self.user.username:
                data["username"] = self.user.username
            return data
        data = {"id": self.id, "type": self.type, "title": self.title or ""}
        if self.is_forum:
            data["is_forum"] = True
        return data

    def is_admin(self, user: FakeUser) -> bool:
        return user.id == self.creator_id or user.id in self.admin_ids


@dataclass
class ForumTopic:
    """A topic of a forum supergroup.

    Its ``thread_id`` is the message_id of its ``forum_topic_created`` service message,
    as in Telegram. A deleted topic is kept (so that its id stays taken and its messages
    stay inspectable) with ``deleted`` set.
    """

    thread_id: int
    name: str
    icon_color: int
    closed: bool = False
    deleted: bool = False


@dataclass(frozen=True)
class CallbackAnswer:
    """What the bot passed to answerCallbackQuery."""

    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int
    answered_at: float


@dataclass(eq=False)
class FakeCallback:
    """A callback query created by :meth:`FakeUser.tap`."""

    fake: FakeHub = field(repr=False)
    id: str
    user: FakeUser = field(repr=False)
    chat_id: int
    message_id: int
    data: str
    created_at: float
    update_id: int
    answer: CallbackAnswer | None = None
    answer_attempts: int = 0

    @property
    def answered(self) -> bool:
        return self.answer is not None

    async def answer_received(self, timeout: float = WAIT_TIMEOUT) -> CallbackAnswer:
        """Wait until the bot answers this query; fail the test after ``timeout`` seconds."""
        await self.fake.wait_for(
            lambda: self.answer is not None,
            timeout=timeout,
            message=f"callback query {self.id} (data={self.data!r}) was never answered",
        )
        assert self.answer is not None
        return self.answer


@dataclass(eq=False)
class FakeUser:
    """A person using Telegram. Create with :meth:`FakeTelegram.user`."""

    fake: FakeHub = field(repr=False)
    id: int
    first_name: str
    username: str | None = None
    language_code: str | None = "ru"
    last_name: str | None = None
    started_bot: bool = False
    blocked_bot: bool = False
    # Whether the bot heard of the blocking (my_chat_member): then it hears of the
    # unblocking too, and of a /start that unblocks.
    block_announced: bool = False
    deactivated: bool = False

    def to_json(self) -> JSONDict:
        data: JSONDict = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.last_name:
            data["last_name"] = self.last_name
        if self.username:
            data["username"] = self.username
        if self.language_code:
            data["language_code"] = self.language_code
        return data

    @property
    def private_chat(self) -> FakeChat:
        """The private chat between this user and the bot (chat id == user id)."""
        return self.fake.private_chat(self)

    async def send(
        self,
        chat: FakeChat | int,
        text: str,
        *,
        reply_to: StoredMessage | int | None = None,
        thread: int | None = None,
        as_chat: FakeChat | None = None,
    ) -> StoredMessage:
        """Send ``text`` to ``chat`` and queue the ``message`` update for the bot.

        In a forum, ``thread`` is the topic's message_thread_id (None: General, or the
        topic of the message replied to). ``as_chat``: posted as that chat, a channel
        (``from`` is Channel_Bot) or the group itself (an anonymous admin, ``from`` is
        GroupAnonymousBot).
        """
        return self.fake.user_sends(
            self, chat, text, reply_to=reply_to, thread=thread, as_chat=as_chat
        )

    async def edit(self, message: StoredMessage, text: str) -> StoredMessage:
        """Edit one's own message into ``text`` and queue the ``edited_message`` update."""
        return self.fake.user_edits(self, message, text)

    async def send_private(
        self, text: str, *, reply_to: StoredMessage | int | None = None
    ) -> StoredMessage:
        """Send ``text`` to the bot in private (``/start`` marks the bot as started)."""
        return self.fake.user_sends(self, self.private_chat, text, reply_to=reply_to)

    async def tap(
        self,
        message: StoredMessage,
        data_or_text: str,
        *,
        force: bool = False,
        outsider: bool = False,
    ) -> FakeCallback:
        """Press an inline button on a bot message and queue the ``callback_query`` update.

        The button is looked up by callback_data first, then by its text. The test fails
        (AssertionError) when the message has no such callback button, unless ``force=True``
        (then ``data_or_text`` is used as forged callback_data). A tap in a group makes the
        user its member (only members see a private group), unless ``outsider=True``: a
        non-member tapping from a public group's preview.
        """
        return self.fake.user_taps(self, message, data_or_text, force=force, outsider=outsider)

    def block_bot(self, *, update: bool = True) -> int | None:
        """Block the bot: later sends to this user fail with 403 "bot was blocked by the user".

        The bot also gets what Telegram sends it then: a ``my_chat_member`` update of the
        private chat, from this user, the bot's status going from "member" to "kicked";
        its update_id is returned. ``update=False`` leaves the bot to find out from a 403
        alone (None is returned).
        """
        return self.fake.set_bot_blocked(self, True, update=update)

    def unblock_bot(self, *, update: bool | None = None) -> int | None:
        """Unblock the bot; the ``my_chat_member`` update ("kicked" -> "member") is queued
        when ``update`` says so, by default when the blocking queued one."""
        announce = self.block_announced if update is None else update
        return self.fake.set_bot_blocked(self, False, update=announce)

    def deactivate(self) -> None:
        """Delete this person's account: sends to them fail with 403 "user is deactivated"
        (Telegram sends the bot no update for it)."""
        self.deactivated = True
        self.fake.notify()
