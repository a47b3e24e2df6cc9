"""Commands that belong in a group: opening, joining, starting and stopping a
table, computer seats and /kick. In private each explains where it belongs."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import Chat, Message, Update, User

from bot.seats import visible
from bot.storage.records import TableRecord
from bot.tables import Reply
from bot.telegram.handlers.common import (
    admin_check,
    args_of,
    is_group,
    message_lang,
    person_of,
    replied_user,
    reply,
    thread_of,
)
from bot.telegram.handlers.context import BotContext
from bot.view.i18n import t
from bot.view.screen import Button, Screen


async def group_only(update: Update, context: BotContext) -> bool:
    """True in a group; in private, explain that the command belongs in a group."""
    if is_group(update.effective_chat):
        return True
    assert update.effective_message is not None
    lang = await message_lang(update, context)
    await reply(update.effective_message, t(lang, "only_group"))
    return False


@dataclass(frozen=True, slots=True)
class GroupTable:
    message: Message
    user: User
    chat: Chat
    table: TableRecord
    lang: str


async def group_table(update: Update, context: BotContext) -> GroupTable | None:
    """The open table of the group (of the forum topic the command came in)
    for a command about it; otherwise the sender is told (wrong chat, or no
    table here) and None comes back."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return None
    svc = context.service
    await svc.remember(person_of(user))
    lang = await svc.chat_lang(chat.id)
    table = await svc.table_in_chat(chat.id, thread_of(message))
    if table is None:
        await reply(message, t(lang, "no_table"))
        return None
    return GroupTable(message, user, chat, table, lang)


async def refuse_channel(update: Update, context: BotContext) -> None:
    """A command posted as a channel: Telegram sends every such post as the
    same account (Channel_Bot), so whoever sent it cannot be told from
    anybody else who posts as a channel; they are asked to post as themselves."""
    if update.effective_message is not None:
        lang = await message_lang(update, context)
        await reply(update.effective_message, t(lang, "sender.as_channel"))


async def refuse_anonymous(update: Update, context: BotContext) -> None:
    """A command that seats or registers the sender, from an anonymous admin
    (who posts as the group): asked to post as themselves (N13)."""
    if update.effective_message is not None:
        lang = await message_lang(update, context)
        await reply(update.effective_message, t(lang, "sender.anonymous_admin"))


async def cmd_new(update: Update, context: BotContext) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return
    svc = context.service
    await svc.remember(person_of(user))
    title = visible(chat.title or "")  # shown to those who join: no bidi overrides
    answer = await svc.lobby.new_table(
        chat.id, title, person_of(user), args_of(context), thread=thread_of(message)
    )
    if answer.text or answer.screen:
        await reply(message, answer)


async def cmd_tournament(update: Update, context: BotContext) -> None:
    """/tournament [game] [option=value ...]: registration opens in the group."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return
    svc = context.service
    await svc.remember(person_of(user))
    title = visible(chat.title or "")
    answer = await svc.tournaments.open(
        chat.id,
        title,
        person_of(user),
        args_of(context),
        thread=thread_of(message),
        forum=bool(chat.is_forum),
    )
    if answer.text or answer.screen:
        await reply(message, answer)


async def _need_start(message: Message, lang: str, person_name: str, url: str) -> None:
    await reply(
        message,
        Reply(
            screen=Screen(
                t(lang, "join.need_start_group", name=person_name),
                ((Button(t(lang, "button.open_private"), url=url),),),
            )
        ),
    )


async def cmd_join(update: Update, context: BotContext) -> None:
    """/join: a seat at the topic's table, or the group's tournament
    (bot/tables/here.py decides which)."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return
    svc = context.service
    person = person_of(user)
    await svc.remember(person)
    # In reply to someone's message: in kozel, that person's partner.
    mate = replied_user(message)
    partner = None if mate is None or mate.is_bot else person_of(mate)
    answer = await svc.here.join(chat.id, thread_of(message), person, partner)
    if answer.url:
        await _need_start(message, await svc.chat_lang(chat.id), person.name, answer.url)
    else:
        await reply(message, answer)


async def cmd_leave(update: Update, context: BotContext) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return
    svc = context.service
    await svc.remember(person_of(user))
    await reply(message, await svc.here.leave(chat.id, thread_of(message), person_of(user)))


async def cmd_start_group(update: Update, context: BotContext) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return
    svc = context.service
    await svc.remember(person_of(user))
    admin = admin_check(context, chat, user.id)
    answer = await svc.here.start(chat.id, thread_of(message), person_of(user), admin)
    if answer.alert:  # success shows in the group: the lobby, the tournament's first round
        await reply(message, Reply(answer.text))


async def cmd_stop(update: Update, context: BotContext) -> None:
    """In a group: close its table (or its tournament). In private: end one's practice game."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    admin = admin_check(context, chat, user.id)
    thread, group = thread_of(message), is_group(chat)
    await reply(
        message, await context.service.here.stop(chat.id, thread, person_of(user), admin, group)
    )


async def cmd_addbot(update: Update, context: BotContext) -> None:
    found = await group_table(update, context)
    if found is None:
        return
    message, user, chat, table = found.message, found.user, found.chat, found.table
    args = args_of(context)
    admin = admin_check(context, chat, user.id)
    svc = context.service
    answer = await svc.lobby.add_computer(
        table.id, person_of(user), admin, args[0] if args else None
    )
    await reply(message, Reply(answer.text))


async def cmd_kick(update: Update, context: BotContext) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not await group_only(update, context):
        return
    svc = context.service
    lang = await svc.chat_lang(chat.id)
    target = replied_user(message)
    if target is None or target.is_bot:
        await reply(message, t(lang, "kick.usage"))
        return
    admin = admin_check(context, chat, user.id)
    answer = await svc.lifecycle.replace_with_computer(
        chat.id, target.id, person_of(user), admin, thread_of(message)
    )
    if answer.text:
        await reply(message, answer)
