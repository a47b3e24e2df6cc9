"""What every handler uses: who is asking, in which chat and language, whether
they are an admin, and how to answer. The service and the messenger come
with the handler's context (bot/telegram/handlers/context.py)."""

from __future__ import annotations

import logging

from telegram import CallbackQuery, Chat, Message, Update, User
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError

from bot.seats import display_name
from bot.tables import Person, Reply, Rights
from bot.telegram.handlers.context import BotContext
from bot.telegram.wire import replies
from bot.telegram.wire.payload import markup
from bot.telegram.wire.refusals import transient
from bot.telegram.wire.updates import chat_of
from bot.view.i18n import plain
from bot.view.screen import Button, Screen

log = logging.getLogger(__name__)


def person_of(user: User) -> Person:
    return Person(
        user_id=user.id,
        # A name of nothing but invisible characters becomes the username,
        # or the last digits of the person's id.
        name=display_name(
            user.first_name,
            user.last_name,
            fallback=f"@{user.username}" if user.username else f"#{user.id % 10_000:04d}",
        ),
        username=user.username,
        language_code=user.language_code,
    )


def is_group(chat: Chat | None) -> bool:
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


def thread_of(message: Message) -> int | None:
    """The forum topic a message was sent in; None in General, in a group
    that is no forum and in private. (Telegram also numbers the reply
    threads of any supergroup: only a forum's topics are places.)"""
    return message.message_thread_id if message.is_topic_message else None


def replied_user(message: Message) -> User | None:
    """Whom the message answers. In a forum topic a message that answers
    nobody still carries the topic's opening as its `reply_to_message`:
    that is no answer to its author."""
    replied = message.reply_to_message
    if replied is None or replied.forum_topic_created is not None:
        return None
    return replied.from_user


# The account Telegram sends an anonymous admin's messages from (with the group
# itself as `sender_chat`); it is in no admin list, yet only admins post as it.
ANONYMOUS_ADMIN = 1087968824


async def is_admin(context: BotContext, chat_id: int, user_id: int) -> bool:
    """An admin or the owner of the group, from its cached admin list (an
    anonymous admin is one by definition)."""
    if user_id == ANONYMOUS_ADMIN:
        return True
    return await context.admin_lists.is_admin(chat_id, user_id)


def admin_check(context: BotContext, chat: Chat | int | None, user_id: int) -> Rights:
    """Whether the person is an admin of the group, as a question the service
    asks only when an action needs it (never for the table's creator); in a
    private chat nobody is."""
    if chat is None or (isinstance(chat, Chat) and not is_group(chat)):
        return False
    chat_id = chat if isinstance(chat, int) else chat.id
    return lambda: is_admin(context, chat_id, user_id)


async def reply(message: Message, answer: Reply | str) -> None:
    """Answer a message: queued per chat (bot/telegram/wire/replies.py) and sent
    after the handler has returned, so the chat's turn never waits for the
    group's message budget. In a group the answer quotes the command, in the
    command's forum topic."""
    if isinstance(answer, str):
        answer = Reply(answer)
    if answer.screen is not None:
        screen = answer.screen
    elif answer.text:
        link = ((Button("➡️", url=answer.url),),) if answer.url else ()
        screen = Screen(answer.text, link)
    else:
        return
    queue = replies.of(message.get_bot())
    if queue is None:  # an application without its queue (some tests)
        keyboard = markup(screen)
        await message.reply_text(screen.text, parse_mode=ParseMode.HTML, reply_markup=keyboard)
        if answer.photo is not None:
            await message.reply_photo(answer.photo)
        return
    quote = message.message_id if is_group(message.chat) else None
    queue.put(message.chat_id, screen, quote, answer.photo, thread_of(message))


async def message_lang(update: Update, context: BotContext) -> str:
    """The language to answer in: the group's in a group, the person's in private."""
    chat, chat_id = update.effective_chat, chat_of(update)
    svc = context.service
    if is_group(chat) or (chat is None and chat_id is not None and chat_id < 0):
        assert chat_id is not None
        return await svc.chat_lang(chat_id)
    user = update.effective_user
    return await svc.user_lang(user.id, user.language_code) if user else svc.default_language


def args_of(context: BotContext) -> list[str]:
    return list(context.args or [])


async def safe_answer(
    context: BotContext,
    query: CallbackQuery,
    text: str,
    alert: bool = False,
    url: str | None = None,
) -> None:
    """Answer a button tap, retrying a lost connection a few times (the client
    spins until it is answered); a query too old to answer is an everyday event."""
    out = context.messenger
    for attempt in range(4):
        try:
            await out.answer(query.id, plain(text)[:200] or None, alert=alert, url=url)
            return
        except TelegramError as error:
            if not transient(error) or attempt == 3:
                log.info("could not answer a callback query: %s", error)
                return
            await out.sleep(0.2 * 2**attempt)  # the scheduler's pause (bot/clock.py)
