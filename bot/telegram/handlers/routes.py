"""Which handler takes which update: the one table of the bot's commands."""

from __future__ import annotations

from telegram.ext import Application, ChatMemberHandler, CommandHandler, MessageHandler, filters

from bot.telegram.handlers import general, group, members, private
from bot.telegram.handlers.buttons import button_handlers
from bot.telegram.handlers.errors import on_error

# The commands each kind of chat lists in Telegram's menu (texts: command.* in the locales).
GROUP_COMMANDS = (
    "new",
    "join",
    "leave",
    "start",
    "stop",
    "addbot",
    "kick",
    "rules",
    "help",
    "lang",
    "stats",
    "top",
    "history",
    "notify",
)
PRIVATE_COMMANDS = ("start", "play", "stop", "rules", "help", "lang", "stats", "top", "forget")


def add_handlers(app: Application) -> None:  # type: ignore[type-arg]
    in_group = filters.ChatType.GROUPS
    in_private = filters.ChatType.PRIVATE
    app.add_handler(CommandHandler("new", group.cmd_new))
    app.add_handler(CommandHandler("join", group.cmd_join))
    app.add_handler(CommandHandler("leave", group.cmd_leave))
    app.add_handler(CommandHandler("start", group.cmd_start_group, filters=in_group))
    app.add_handler(CommandHandler("start", private.cmd_start_private, filters=in_private))
    app.add_handler(CommandHandler("stop", group.cmd_stop))
    app.add_handler(CommandHandler("rules", general.cmd_rules))
    app.add_handler(CommandHandler("help", general.cmd_help))
    app.add_handler(CommandHandler("lang", general.cmd_lang))
    app.add_handler(CommandHandler("stats", general.cmd_stats))
    app.add_handler(CommandHandler("top", general.cmd_top))
    app.add_handler(CommandHandler("history", general.cmd_history))
    app.add_handler(CommandHandler("notify", general.cmd_notify))
    app.add_handler(CommandHandler("addbot", group.cmd_addbot))
    app.add_handler(CommandHandler("kick", group.cmd_kick))
    app.add_handler(CommandHandler("play", private.cmd_play))
    app.add_handler(CommandHandler("forget", private.cmd_forget))
    app.add_handler(ChatMemberHandler(members.on_my_chat_member, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, members.on_migrate))
    app.add_handler(
        MessageHandler(filters.StatusUpdate.FORUM_TOPIC_CLOSED, members.on_topic_closed)
    )
    app.add_handler(
        MessageHandler(filters.StatusUpdate.FORUM_TOPIC_REOPENED, members.on_topic_reopened)
    )
    for handler in button_handlers():
        app.add_handler(handler)
    app.add_handler(MessageHandler(in_private & ~filters.COMMAND, private.on_private_text))
    app.add_handler(MessageHandler(in_private & filters.COMMAND, private.on_private_text))
    app.add_error_handler(on_error)
