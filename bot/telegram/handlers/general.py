"""Commands for groups and private chats alike: /help, /rules, /lang."""

from __future__ import annotations

from telegram import Update

from bot.telegram.handlers.common import (
    args_of,
    is_admin,
    is_group,
    message_lang,
    person_of,
    replied_user,
    reply,
    thread_of,
)
from bot.telegram.handlers.context import BotContext
from bot.view import names, rules_help
from bot.view.i18n import LANGUAGES, short, supported, t
from engine import RuleSet
from engine.rules import Preset


async def cmd_help(update: Update, context: BotContext) -> None:
    if update.effective_message is None:
        return
    lang = await message_lang(update, context)
    if [word.lower() for word in args_of(context)[:1]] == ["tournament"]:
        await reply(update.effective_message, rules_help.tournament_help(lang))
        return
    start = context.service.tables.limits.start_chips
    await reply(update.effective_message, rules_help.help_text(lang, start))


async def cmd_rules(update: Update, context: BotContext) -> None:
    """`/rules [game]`: the game named (in any language); with no name, the
    rules of the group's open table, or burkozel's."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    lang = await message_lang(update, context)
    args = args_of(context)
    rules = None
    if not args and is_group(chat):
        rules = await context.service.rules_for_chat(chat.id, thread_of(message))
    at_table = rules is not None
    if rules is None:
        name = args[0] if args else Preset.BURKOZEL.value
        preset = names.preset_named(name)
        if preset is None:
            await reply(
                message,
                t(
                    lang,
                    "new.bad_preset",
                    preset=short(name),
                    presets=rules_help.presets_list(lang),
                ),
            )
            return
        rules = RuleSet.create(preset.value)
    await reply(message, rules_help.rules_text(lang, rules, at_table=at_table))


async def cmd_lang(update: Update, context: BotContext) -> None:
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    svc = context.service
    args = args_of(context)
    wanted = supported(args[0]) if args else None
    lang = await message_lang(update, context)
    if wanted is None:
        await reply(message, t(lang, "lang.usage", langs=", ".join(LANGUAGES)))
        return
    if is_group(chat):
        # The group's language outlives any table: its admins choose it (the
        # creator of a table, whom anybody can become with /new, may not).
        if not await is_admin(context, chat.id, user.id):
            await reply(message, t(lang, "lang.not_allowed"))
            return
        await svc.set_chat_lang(chat.id, chat.title or "", wanted)
    else:
        await svc.set_user_lang(person_of(user), wanted)
    await reply(message, t(wanted, "lang.done"))


async def cmd_stats(update: Update, context: BotContext) -> None:
    """`/stats`: the sender's record; as a reply in a group, the replied-to
    person's. In a group its matches there, in private every group's."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    lang = await message_lang(update, context)
    target = user
    replied = replied_user(message)
    if is_group(chat) and replied is not None and not replied.is_bot:
        target = replied
    chat_id = chat.id if is_group(chat) else None
    await reply(message, await context.service.stats.stats(person_of(target), chat_id, lang))


async def cmd_top(update: Update, context: BotContext) -> None:
    """`/top`: each game's leaderboard, the group's this season (`/top all`:
    of all time; in private, the bot's)."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    lang = await message_lang(update, context)
    chat_id = chat.id if is_group(chat) else None
    all_time = [word.lower() for word in args_of(context)[:1]] == ["all"]
    await reply(message, await context.service.stats.top(chat_id, lang, all_time))


async def cmd_season(update: Update, context: BotContext) -> None:
    """`/season` in a group: its season so far; an admin's `/season month|
    quarter|none` or `/season chips on|off` chooses the group's seasons."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None:
        return
    lang = await message_lang(update, context)
    seasons = context.service.seasons
    if not is_group(chat):
        await reply(message, t(lang, "season.group_only"))
        return
    words = args_of(context)
    if not words:
        await reply(message, await seasons.season(chat.id, lang))
        return
    if not await is_admin(context, chat.id, user.id):
        await reply(message, t(lang, "season.not_allowed"))
        return
    await reply(message, await seasons.choose(chat.id, chat.title or "", words, lang))


async def cmd_history(update: Update, context: BotContext) -> None:
    """`/history` in a group: its last matches, each with a link to its
    replay in private."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None or not is_group(chat):
        return
    lang = await message_lang(update, context)
    await reply(message, await context.service.history_room.history(chat.id, lang))


async def cmd_verify(update: Update, context: BotContext) -> None:
    """`/verify <secret> <public>`, in a group or in private: a match's shuffle
    checked against what its group was shown (bot/tables/verifying.py)."""
    message = update.effective_message
    if message is None:
        return
    lang = await message_lang(update, context)
    await reply(message, await context.service.verifier.verify(args_of(context), lang))


async def cmd_notify(update: Update, context: BotContext) -> None:
    """`/notify` in a group: turn the sender's notices of new tables on or off."""
    message, user, chat = update.effective_message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not is_group(chat):
        return
    lang = await message_lang(update, context)
    svc = context.service
    person = person_of(user)
    await svc.remember(person)
    await reply(message, await svc.lobby.toggle_notify(chat.id, person, lang))
