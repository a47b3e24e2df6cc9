"""An offline fake of the Telegram Bot API for testing the bot through PTB's real client.

Typical use::

    from testing.fake_telegram import FakeTelegram  # the fixture is registered in a conftest

    async def test_ping(fake_telegram: FakeTelegram) -> None:
        app = fake_telegram.application_builder().build()  # token + base_url set
        ...  # add handlers
        async with app:
            await app.start()
            await app.updater.start_polling()
            alice = fake_telegram.user(1001, "Alice")
            table = fake_telegram.group(-100123, "Table", supergroup=True)
            await alice.send(table, "/ping")
            reply = await fake_telegram.wait_for_message(table, "pong")
            answer = await (await alice.tap(reply, "again")).answer_received()
            await fake_telegram.wait_idle()
            await app.updater.stop()
            await app.stop()
        assert not fake_telegram.errors_returned

Delivery under Telegram's limits, for a bot that must cope with them (each only when a
test asks for it, so the defaults stay as they were):

- flood limits: ``FakeTelegram(limits=TelegramLimits())`` or ``fake.enforce_limits()``
  refuses a message sent or edited over the bot's 30 a second, a private chat's one a
  second or a group's 20 a minute with 429 ``retry after N`` (injectable clock);
  ``fake.limit_stats`` counts requests by method and 429s by chat;
- forums: ``fake.forum(...)``, ``open_topic`` (returns the ``message_thread_id``),
  ``close_topic`` / ``reopen_topic`` / ``delete_topic``, ``close_general`` /
  ``reopen_general``; ``user.send(chat, text, thread=...)``; the bot's
  ``message_thread_id``, TOPIC_CLOSED and "message thread not found"; ``thread=`` on
  ``messages``, ``last_message`` and ``wait_for_message``;
- people out of reach: ``user.block_bot()`` (403, and ``my_chat_member`` "kicked";
  ``unblock_bot()`` or a /start brings "member"), ``user.deactivate()`` (403 "user is
  deactivated").

Modules: ``server`` (:class:`FakeTelegram`: the HTTP server, routing, fault injection and
flood limits, put together from the mixins below), ``state`` (the state they share,
people and chats), ``updates`` (getUpdates, webhook settings, answerCallbackQuery),
``messages`` (send, edit, delete), ``chats`` (chat members and admins, blocking the bot),
``topics`` (forums: topics, where a message lands), ``bot_profile`` (getMe, commands,
descriptions), ``control`` (the test-side API: people sending and tapping, inspection,
waiting, faults, limits), ``limits`` (Telegram's flood limits as token buckets),
``protocol`` (API errors, request parameters), ``models`` (users, chats, topics, stored
messages), ``records`` (requests received, errors answered), ``html_parser`` (Telegram's
HTML parse mode), ``faults`` (fault injection rules), ``fixtures`` (pytest fixtures).
"""

from .faults import FaultRule
from .html_parser import Entity, HtmlParseError, parse_html, utf16_len
from .limits import LimitStats, TelegramLimits
from .models import (
    Button,
    CallbackAnswer,
    FakeCallback,
    FakeChat,
    FakeUser,
    ForumTopic,
    MessageVersion,
    StoredMessage,
)
from .protocol import DEFAULT_BOT_USERNAME, DEFAULT_TOKEN, ApiError
from .records import ErrorRecord, RequestRecord
from .server import FakeTelegram

__all__ = [
    "DEFAULT_BOT_USERNAME",
    "DEFAULT_TOKEN",
    "ApiError",
    "Button",
    "CallbackAnswer",
    "Entity",
    "ErrorRecord",
    "FakeCallback",
    "FakeChat",
    "FakeTelegram",
    "FakeUser",
    "FaultRule",
    "ForumTopic",
    "HtmlParseError",
    "LimitStats",
    "MessageVersion",
    "RequestRecord",
    "StoredMessage",
    "TelegramLimits",
    "parse_html",
    "utf16_len",
]
