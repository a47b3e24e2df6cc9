"""Telegram update handlers: parse, authorize, call the service, answer.

Every callback query is answered, whatever happens; every command gets a
reply, in the chat's language, even when it is used in the wrong place.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import cast

from telegram import (
    CallbackQuery,
    Chat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
    User,
)
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot import callbacks, render
from bot.i18n import plain, supported, t
from bot.messenger import markup, transient
from bot.service import Person, Reply, TableService, display_name
from bot.settings import LANGUAGES
from bot.storage import TableRecord
from bot.transport import tapped_message
from engine.rules import Preset

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE


def service(context: Context) -> TableService:
    return cast(TableService, context.application.bot_data["service"])


def person_of(user: User) -> Person:
    return Person(
        user_id=user.id,
        name=display_name(user.first_name, user.last_name),
        username=user.username,
        language_code=user.language_code,
    )


def chat_of(update: Update) -> int | None:
    """The chat an update belongs to, a tap's too (see `trim_updates`)."""
    if update.effective_chat is not None:
        return update.effective_chat.id
    origin = tapped_message(update.callback_query) if update.callback_query else None
    return origin[0] if origin else None


def is_group(chat: Chat | None) -> bool:
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


async def is_admin(context: Context, chat_id: int, user_id: int) -> bool:
    try:
        member = await context.bot.get_chat_member(chat_id, user_id)
    except TelegramError:
        return False
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


async def reply(message: Message, answer: Reply | str) -> None:
    if isinstance(answer, str):
        answer = Reply(answer)
    if answer.screen is not None:
        await message.reply_text(
            answer.screen.text, parse_mode=ParseMode.HTML, reply_markup=markup(answer.screen)
        )
    elif answer.text:
        keyboard = None
        if answer.url:
            keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("➡️", url=answer.url)]])
        await message.reply_text(answer.text, parse_mode=ParseMode.HTML, reply_markup=keyboard)


async def _message_lang(update: Update, context: Context) -> str:
    chat, chat_id = update.effective_chat, chat_of(update)
    svc = service(context)
    if is_group(chat) or (chat is None and chat_id is not None and chat_id < 0):
        assert chat_id is not None
        return await svc.chat_lang(chat_id)
    user = update.effective_user
    return await svc.user_lang(user.id, user.language_code) if user else svc.default_language


def _args(context: Context) -> list[str]:
    return list(context.args or [])


# -- group commands -------------------------------------------------------------------


async def group_only(update: Update, context: Context) -> bool:
    """True in a group; in private, explain that the command belongs in a group."""
    if is_group(update.effective_chat):
        return True
    assert update.effective_message is not None
    lang = await _message_lang(update, context)
    await reply(update.effective_message, t(lang, "only_group"))
    return False


@dataclass(frozen=True, slots=True)
class GroupTable:
    message: Message
    user: User
    chat: Chat
    table: TableRecord
    lang: str


async def group_table(update: Update, context: Context) -> GroupTable | None:
    """The group's open table for a command about it; otherwise the sender is
    told (wrong chat, or no table here) and None comes back."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return None
    svc = service(context)
    await svc.remember(person_of(user))
    lang = await svc.chat_lang(chat.id)
    table = await svc.table_in_chat(chat.id)
    if table is None:
        await reply(message, t(lang, "no_table"))
        return None
    return GroupTable(message, user, chat, table, lang)


async def cmd_new(update: Update, context: Context) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return
    svc = service(context)
    await svc.remember(person_of(user))
    answer = await svc.new_table(chat.id, chat.title or "", person_of(user), _args(context))
    if answer.text or answer.screen:
        await reply(message, answer)


async def cmd_join(update: Update, context: Context) -> None:
    found = await group_table(update, context)
    if found is None:
        return
    person, lang = person_of(found.user), found.lang
    answer = await service(context).join(found.table.id, person)
    if answer.url:
        await reply(
            found.message,
            Reply(
                screen=render.Screen(
                    t(lang, "join.need_start_group", name=person.name),
                    ((render.Button(t(lang, "button.open_private"), url=answer.url),),),
                )
            ),
        )
    else:
        await reply(found.message, answer)


async def cmd_leave(update: Update, context: Context) -> None:
    found = await group_table(update, context)
    if found is not None:
        answer = await service(context).leave(found.table.id, person_of(found.user))
        await reply(found.message, answer)


async def on_my_chat_member(update: Update, context: Context) -> None:
    """The bot was removed from a group (or the group is gone): close its table."""
    change = update.my_chat_member
    if change is None:
        return
    status = change.new_chat_member.status
    if status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED):
        await service(context).chat_gone(change.chat.id)


async def on_migrate(update: Update, context: Context) -> None:
    """A group became a supergroup: the table follows it to the new chat id."""
    message = update.effective_message
    if message is None or message.migrate_to_chat_id is None:
        return
    await service(context).chat_moved(message.chat.id, message.migrate_to_chat_id)


async def cmd_start_group(update: Update, context: Context) -> None:
    found = await group_table(update, context)
    if found is None:
        return
    admin = await is_admin(context, found.chat.id, found.user.id)
    answer = await service(context).start(found.table.id, person_of(found.user), admin)
    if answer.alert:  # success shows on the lobby message itself
        await reply(found.message, Reply(answer.text))


async def cmd_stop(update: Update, context: Context) -> None:
    """In a group: close its table. In private: end one's practice game."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    admin = is_group(chat) and await is_admin(context, chat.id, user.id)
    await reply(message, await service(context).stop(chat.id, person_of(user), admin))


async def cmd_lang(update: Update, context: Context) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    svc = service(context)
    args = _args(context)
    wanted = supported(args[0]) if args else None
    lang = await _message_lang(update, context)
    if wanted is None:
        await reply(message, t(lang, "lang.usage", langs=", ".join(LANGUAGES)))
        return
    if is_group(chat):
        if not await is_admin(context, chat.id, user.id):
            table = await svc.table_in_chat(chat.id)
            if table is None or table.creator_id != user.id:
                await reply(message, t(lang, "lang.not_allowed"))
                return
        await svc.set_chat_lang(chat.id, chat.title or "", wanted)
    else:
        await svc.set_user_lang(person_of(user), wanted)
    await reply(message, t(wanted, "lang.done"))


async def cmd_addbot(update: Update, context: Context) -> None:
    found = await group_table(update, context)
    if found is None:
        return
    message, user, chat, table = found.message, found.user, found.chat, found.table
    svc = service(context)
    args = _args(context)
    admin = await is_admin(context, chat.id, user.id)
    answer = await svc.add_computer(table.id, person_of(user), admin, args[0] if args else None)
    await reply(message, Reply(answer.text))


async def cmd_kick(update: Update, context: Context) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return
    svc = service(context)
    lang = await svc.chat_lang(chat.id)
    target = message.reply_to_message.from_user if message.reply_to_message else None
    if target is None or target.is_bot:
        await reply(message, t(lang, "kick.usage"))
        return
    admin = await is_admin(context, chat.id, user.id)
    answer = await svc.replace_with_computer(chat.id, target.id, person_of(user), admin)
    if answer.text:
        await reply(message, answer)


async def cmd_play(update: Update, context: Context) -> None:
    """/play in private: practice against computer players."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    svc = service(context)
    lang = await _message_lang(update, context)
    if is_group(chat):
        await reply(
            message,
            t(
                lang,
                "practice.usage",
                presets=render.presets_list(lang),
                levels=", ".join(svc.levels()),
            ),
        )
        return
    person = person_of(user)
    await svc.remember(person)
    await svc.db.set_started(user.id, True)
    answer = await svc.practice(person, _args(context))
    if answer.alert or answer.url or (answer.text and answer.text != t(lang, "start.done_toast")):
        await reply(message, Reply(answer.text))


# -- commands for both groups and private chats ------------------------------------------


async def cmd_help(update: Update, context: Context) -> None:
    if update.effective_message is None:
        return
    lang = await _message_lang(update, context)
    await reply(update.effective_message, render.help_text(lang))


async def cmd_rules(update: Update, context: Context) -> None:
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    lang = await _message_lang(update, context)
    svc = service(context)
    rules = await svc.rules_for_chat(chat.id) if is_group(chat) else None
    args = _args(context)
    if rules is None:
        from engine import RulesError, RuleSet

        name = args[0].lower() if args else Preset.BURKOZEL.value
        try:
            rules = RuleSet.create(name)
        except RulesError:
            await reply(
                message, t(lang, "new.bad_preset", preset=name, presets=render.presets_list(lang))
            )
            return
    await reply(message, render.rules_text(lang, rules))


# -- private chat -------------------------------------------------------------------------


async def cmd_start_private(update: Update, context: Context) -> None:
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    svc = service(context)
    person = person_of(user)
    await svc.remember(person)
    await svc.db.set_started(user.id, True)
    lang = await svc.user_lang(user.id, user.language_code)
    args = _args(context)
    payload = args[0] if args else ""
    if payload.startswith("j"):
        try:
            table_id = int(payload[1:], 16)
        except ValueError:
            table_id = -1
        answer = await svc.join(table_id, person, chat_lang=lang)
        await reply(message, answer.text or t(lang, "join.done"))
        return
    await reply(message, t(lang, "welcome", name=person.name))


async def on_private_text(update: Update, context: Context) -> None:
    """Any other private message: note the chat is open, and point to /help."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    svc = service(context)
    await svc.remember(person_of(user))
    await svc.db.set_started(user.id, True)
    lang = await svc.user_lang(user.id, user.language_code)
    await reply(message, t(lang, "private.unknown"))


# -- buttons ------------------------------------------------------------------------------


async def on_callback(update: Update, context: Context) -> None:
    query = update.callback_query
    if query is None:
        return
    answered = False
    try:
        result = await _dispatch(query, context)
        answered = True
        await safe_answer(context, query, result.text, alert=result.alert, url=result.url)
    finally:
        if not answered:
            lang = await service(context).user_lang(query.from_user.id)
            await safe_answer(context, query, t(lang, "error.generic"), alert=True)


async def safe_answer(
    context: Context,
    query: CallbackQuery,
    text: str,
    alert: bool = False,
    url: str | None = None,
) -> None:
    """Answer a button tap, retrying a lost connection a few times (the client
    spins until it is answered); a query too old to answer is an everyday event."""
    out = service(context).out
    for attempt in range(4):
        try:
            await out.answer(query.id, plain(text)[:200] or None, alert=alert, url=url)
            return
        except TelegramError as error:
            if not transient(error) or attempt == 3:
                log.info("could not answer a callback query: %s", error)
                return
            await asyncio.sleep(0.2 * 2**attempt)


async def _dispatch(query: CallbackQuery, context: Context) -> Reply:
    svc = service(context)
    person = person_of(query.from_user)
    lang = await svc.user_lang(person.user_id, person.language_code)
    try:
        payload = callbacks.parse(query.data)
    except callbacks.BadPayload:
        return Reply(t(lang, "tap.unknown"), alert=True)
    await svc.remember(person)
    if isinstance(payload, callbacks.Select):
        origin = tapped_message(query)
        return await svc.select(payload, person, origin[1] if origin else None)
    if isinstance(payload, callbacks.Play):
        return await svc.play(payload, person)
    if isinstance(payload, callbacks.TakeBack):
        return await svc.take_back(payload.table, person)
    origin = tapped_message(query)
    table = await svc.db.get_table(payload.table)
    if table is None or origin is None or origin[0] != table.chat_id:
        return Reply(t(lang, "table.gone"), alert=True)
    if isinstance(payload, callbacks.SetOption):
        admin = await is_admin(context, table.chat_id, person.user_id)
        return await svc.set_option(payload, person, admin)
    assert isinstance(payload, callbacks.Lobby)
    op = payload.op
    if op == "j":
        return await svc.join(table.id, person)
    if op == "x":
        return await svc.leave(table.id, person)
    admin = await is_admin(context, table.chat_id, person.user_id)
    if op == "q":
        answer = await svc.replace_with_computer(table.chat_id, person.user_id, person, admin)
        return Reply(answer.text)
    if op == "a":
        return await svc.add_computer(table.id, person, admin)
    if op == "r":
        return await svc.remove_computer(table.id, person, admin)
    if op == "s":
        return await svc.start(table.id, person, admin, version=payload.version)
    if op == "o":
        return await svc.show_settings(table.id, person, admin, show=True)
    return await svc.show_settings(table.id, person, admin, show=False)


# -- errors --------------------------------------------------------------------------------


async def on_error(update: object, context: Context) -> None:
    log.error("error while handling an update", exc_info=context.error)
    if not isinstance(update, Update):
        return
    try:
        lang = await _message_lang(update, context)
        text = t(lang, "error.generic")
        if update.callback_query is not None:
            await safe_answer(context, update.callback_query, text, alert=True)
        elif update.effective_message is not None:
            await update.effective_message.reply_text(text)
    except Exception:
        log.debug("could not tell the user about the error", exc_info=True)
