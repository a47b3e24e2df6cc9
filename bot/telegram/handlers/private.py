"""The private chat: /start (with a join link's payload), /play practice
matches, /forget, and any other message."""

from __future__ import annotations

from telegram import Update

from bot.tables import Reply
from bot.telegram.handlers.common import args_of, is_group, message_lang, person_of, reply
from bot.telegram.handlers.context import BotContext
from bot.view import callbacks, names, rules_help
from bot.view.i18n import t


async def cmd_start_private(update: Update, context: BotContext) -> None:
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    svc = context.service
    person = person_of(user)
    await svc.remember(person, started=True)
    await svc.turns.came_back(user.id)  # seats a computer kept while the bot could not write
    lang = await svc.user_lang(user.id, user.language_code)
    args = args_of(context)
    payload = args[0] if args else ""
    if payload.startswith("j"):
        answer = await svc.lobby.join_by_link(payload, person, lang)
        await reply(message, answer.text or t(lang, "join.done"))
        return
    replayed = callbacks.parse_replay_link(payload)
    if replayed is not None:
        await reply(message, await svc.history_room.replay(replayed, 0, person, lang))
        return
    await reply(message, t(lang, "welcome", name=person.name))


async def cmd_play(update: Update, context: BotContext) -> None:
    """/play in private: practice against computer players."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    svc = context.service
    lang = await message_lang(update, context)
    if is_group(chat):
        presets = rules_help.presets_list(lang)
        await reply(
            message, t(lang, "practice.usage", presets=presets, levels=names.levels_list(lang))
        )
        return
    person = person_of(user)
    await svc.remember(person, started=True)
    answer = await svc.lifecycle.practice(person, args_of(context), message.message_id)
    if answer.alert or answer.url or (answer.text and answer.text != t(lang, "start.done_toast")):
        await reply(message, Reply(answer.text))


async def cmd_forget(update: Update, context: BotContext) -> None:
    """/forget: asks first (buttons), in private only: it is about the person."""
    message, chat = update.effective_message, update.effective_chat
    if message is None:
        return
    lang = await message_lang(update, context)
    if is_group(chat):
        await reply(message, t(lang, "forget.in_private"))
        return
    await reply(message, context.service.privacy.forget_prompt(lang))


async def on_private_text(update: Update, context: BotContext) -> None:
    """Any other private message: note the chat is open, and point to /help."""
    message, user = update.effective_message, update.effective_user
    if message is None or user is None:
        return
    svc = context.service
    await svc.remember(person_of(user), started=True)
    lang = await svc.user_lang(user.id, user.language_code)
    await reply(message, t(lang, "private.unknown"))
