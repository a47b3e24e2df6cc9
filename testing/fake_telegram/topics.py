"""Forum supergroups and their topics: what a test does to them, and where a message lands.

A forum (:meth:`TopicsMixin.forum`; ``is_forum: true`` in its chat) has General and the
topics people open (:meth:`TopicsMixin.open_topic`). What the fake does, as the Bot API
server does it (tdlib/telegram-bot-api, ``Client.cpp``: ``check_message_topic``,
``get_forum_topic_id``, ``get_implicit_reply_to_message_id``, ``is_topic_message``):

- A topic's id, its ``message_thread_id``, is the message_id of its
  ``forum_topic_created`` service message. A message in a topic carries
  ``message_thread_id`` and ``is_topic_message: true``; one in General carries neither.
  A message in a topic that replies to nothing has the topic's creation message as its
  ``reply_to_message``.
- The bot names a topic with ``message_thread_id``; without it a reply goes to the topic
  of the message replied to, anything else to General. General's own id (1) and a topic
  that does not exist or was deleted are refused with 400 "Bad Request: message thread
  not found", as is any thread in a private chat (it has no topics); in a group that is
  not a forum the parameter is ignored.
- Sending to a closed topic, or to General while it is closed, is refused with 400
  "Bad Request: TOPIC_CLOSED" (MTProto's error, which the Bot API passes on), unless the
  bot is an administrator: Telegram lets admins with can_manage_topics post in closed
  topics, and the fake's admins have every right.
- Closing and reopening a topic post ``forum_topic_closed`` / ``forum_topic_reopened``
  service messages in it, which reach the bot as ``message`` updates; a deleted topic
  takes its messages with it and sends no update (the Bot API has no service message
  for it).

Assumed, not found in a source: editing a message in a closed topic is allowed
(TOPIC_CLOSED is listed for sending); closing General posts ``forum_topic_closed`` in
General; with both ``message_thread_id`` and a reply to another topic's message the
message goes to the named topic and keeps the reply (the server sends it as a reply
across topics).
"""

from __future__ import annotations

from collections.abc import Iterable

from aiohttp import web

from .models import FakeChat, FakeUser, ForumTopic, JSONDict, StoredMessage
from .protocol import Params, bad_request
from .records import RequestRecord
from .state import FakeState

# The colours Telegram allows for a topic's icon (createForumTopic's icon_color).
TOPIC_ICON_COLORS = (0x6FB9F0, 0xFFD67E, 0xCB86DB, 0x8EEE98, 0xFF93B2, 0xFB6F5F)
GENERAL_THREAD_ID = 1


def requested_thread(chat: FakeChat, message_thread_id: int | None) -> int | None:
    """The topic a bot's request names, checked as Telegram checks it before sending."""
    if message_thread_id is None or message_thread_id <= 0:  # the server reads <0 as absent
        return None
    if not chat.is_forum:
        if chat.is_private:
            raise bad_request("message thread not found")
        return None
    topic = chat.topics.get(message_thread_id)
    if message_thread_id == GENERAL_THREAD_ID or topic is None or topic.deleted:
        raise bad_request("message thread not found")
    return message_thread_id


def landing_thread(
    chat: FakeChat, requested: int | None, replied: StoredMessage | None
) -> int | None:
    """The topic a bot's new message lands in (None: General), or TOPIC_CLOSED."""
    if not chat.is_forum:
        return None
    thread = requested if requested is not None else (replied.thread_id if replied else None)
    if is_closed(chat, thread) and chat.bot_status != "administrator":
        raise bad_request("TOPIC_CLOSED")
    return thread


def is_closed(chat: FakeChat, thread: int | None) -> bool:
    if thread is None:
        return chat.general_closed
    topic = chat.topics.get(thread)
    return topic is not None and topic.closed


def user_thread(
    chat: FakeChat, user: FakeUser, thread: int | None, replied: StoredMessage | None
) -> int | None:
    """The topic a person's message lands in; AssertionError for what their Telegram
    app would not let them do (a topic that is not there, a closed one unless admin)."""
    if thread is not None:
        if not chat.is_forum:
            raise AssertionError(f"chat {chat.id} is not a forum: no thread {thread} there")
        topic = chat.topics.get(thread)
        if topic is None or topic.deleted:
            raise AssertionError(f"no topic {thread} in forum {chat.id}")
        if replied is not None and replied.thread_id != thread:
            raise AssertionError(f"message {replied.message_id} is not in topic {thread}")
    elif replied is not None:
        thread = replied.thread_id
    if chat.is_forum and is_closed(chat, thread) and not chat.is_admin(user):
        where = "General" if thread is None else f"topic {thread}"
        raise AssertionError(f"{where} of forum {chat.id} is closed to user {user.id}")
    return thread


class TopicsMixin(FakeState):
    """The test's side of forums: creating one, opening, closing and deleting topics."""

    def forum(
        self,
        chat_id: int,
        title: str,
        *,
        creator: FakeUser | None = None,
        members: Iterable[FakeUser] = (),
    ) -> FakeChat:
        """Create a forum supergroup with the bot as a member (or make one a forum).

        Message 1 is left out, standing for the chat's creation: so no topic gets id 1,
        which is General's.
        """
        chat = self.group(chat_id, title, supergroup=True, creator=creator, members=members)
        if chat.type != "supergroup":
            raise ValueError(f"chat {chat_id} is a basic group; only supergroups are forums")
        chat.is_forum = True
        self._next_message_id[chat.id] = max(self._next_message_id.get(chat.id, 1), 2)
        self._notify()
        return chat

    def open_topic(
        self,
        forum: FakeChat,
        name: str,
        *,
        by: FakeUser | None = None,
        icon_color: int = TOPIC_ICON_COLORS[0],
    ) -> int:
        """Open a topic; queues its ``forum_topic_created`` message and returns its
        message_thread_id."""
        self._require_forum(forum)
        created = {"name": name, "icon_color": icon_color}
        msg = self._service(forum, by, {"forum_topic_created": created}, thread=None)
        msg.thread_id = msg.message_id
        forum.topics[msg.message_id] = ForumTopic(msg.message_id, name, icon_color)
        self._deliver(forum, msg)
        return msg.message_id

    def close_topic(
        self, forum: FakeChat, thread: int, *, by: FakeUser | None = None
    ) -> StoredMessage:
        """Close a topic: queues ``forum_topic_closed`` in it; sends there get TOPIC_CLOSED."""
        topic = self._topic(forum, thread)
        if topic.closed:
            raise AssertionError(f"topic {thread} of forum {forum.id} is already closed")
        topic.closed = True
        return self._deliver(forum, self._service(forum, by, {"forum_topic_closed": {}}, thread))

    def reopen_topic(
        self, forum: FakeChat, thread: int, *, by: FakeUser | None = None
    ) -> StoredMessage:
        """Reopen a closed topic: queues ``forum_topic_reopened`` in it."""
        topic = self._topic(forum, thread)
        if not topic.closed:
            raise AssertionError(f"topic {thread} of forum {forum.id} is not closed")
        topic.closed = False
        return self._deliver(forum, self._service(forum, by, {"forum_topic_reopened": {}}, thread))

    def delete_topic(self, forum: FakeChat, thread: int) -> None:
        """Delete a topic and every message in it; the bot is not told (as in Telegram)."""
        topic = self._topic(forum, thread)
        topic.deleted = True
        now = self.clock()
        for msg in self._messages.get(forum.id, {}).values():
            if msg.thread_id == thread and not msg.deleted:
                msg.deleted, msg.deleted_at = True, now
        self._notify()

    def close_general(self, forum: FakeChat, *, by: FakeUser | None = None) -> StoredMessage:
        """Close General: queues ``forum_topic_closed`` there (no message_thread_id)."""
        self._require_forum(forum)
        if forum.general_closed:
            raise AssertionError(f"General of forum {forum.id} is already closed")
        forum.general_closed = True
        return self._deliver(forum, self._service(forum, by, {"forum_topic_closed": {}}, None))

    def reopen_general(self, forum: FakeChat, *, by: FakeUser | None = None) -> StoredMessage:
        """Reopen General: queues ``forum_topic_reopened`` there."""
        self._require_forum(forum)
        if not forum.general_closed:
            raise AssertionError(f"General of forum {forum.id} is not closed")
        forum.general_closed = False
        return self._deliver(forum, self._service(forum, by, {"forum_topic_reopened": {}}, None))

    def topic(self, forum: FakeChat, thread: int) -> ForumTopic:
        """The topic with this message_thread_id (deleted ones too); KeyError if none."""
        return forum.topics[thread]

    # ------------------------------------------------------------------ internals

    async def _create_forum_topic(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        """createForumTopic: the bot opens a topic, in a forum where it is an
        administrator (the fake's admins have can_manage_topics). Its
        ``forum_topic_created`` message is the bot's own: no update for it."""
        chat = self._resolve_chat(p)
        if not chat.is_forum:
            raise bad_request("the chat is not a forum")
        if chat.bot_status != "administrator":
            raise bad_request("not enough rights to create a topic")
        name = p.get_str("name") or ""
        if not name:
            raise bad_request("TOPIC_TITLE_EMPTY")
        if len(name) > 128:
            raise bad_request("TOPIC_TITLE_TOO_LONG")
        icon_color = p.get_int("icon_color") or TOPIC_ICON_COLORS[0]
        if icon_color not in TOPIC_ICON_COLORS:
            raise bad_request("TOPIC_ICON_COLOR_INVALID")
        created = {"name": name, "icon_color": icon_color}
        msg = self._new_message(chat, None, service={"forum_topic_created": created})
        msg.thread_id = msg.message_id
        chat.topics[msg.message_id] = ForumTopic(msg.message_id, name, icon_color)
        self._notify()
        return {"message_thread_id": msg.message_id, **created}

    def _require_forum(self, chat: FakeChat) -> None:
        if not chat.is_forum:
            raise AssertionError(f"chat {chat.id} is not a forum; create it with fake.forum()")

    def _topic(self, forum: FakeChat, thread: int) -> ForumTopic:
        self._require_forum(forum)
        topic = forum.topics.get(thread)
        if topic is None or topic.deleted:
            raise AssertionError(f"no topic {thread} in forum {forum.id}")
        return topic

    def _service(
        self, forum: FakeChat, by: FakeUser | None, service: JSONDict, thread: int | None
    ) -> StoredMessage:
        actor = by or self._group_actor(forum)
        return self._new_message(forum, actor, service=service, thread_id=thread)

    def _deliver(self, forum: FakeChat, msg: StoredMessage) -> StoredMessage:
        # Service messages reach a bot in the group whatever its privacy mode.
        if forum.bot_is_member:
            self.queue_update({"message": msg.to_json(self)})
        else:
            self._notify()
        return msg
