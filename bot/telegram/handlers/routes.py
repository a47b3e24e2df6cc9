"""Which handler takes which update: the one table of the bot's commands."""

from __future__ import annotations

from typing import Any

from telegram.ext import Application, ChatMemberHandler, CommandHandler, MessageHandler, filters

from bot.telegram.handlers import general, group, members, private
from bot.telegram.handlers.buttons import button_handlers, slow_down
from bot.telegram.handlers.errors import on_error
from bot.telegram.wire.updates import Overflowing

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
    "season",
    "history",
    "notify",
    "tournament",
    "verify",
)
PRIVATE_COMMANDS = (
    "start",
    "play",
    "stop",
    "rules",
    "help",
    "lang",
    "stats",
    "top",
    "forget",
    "verify",
)
# Commands that act for the sender, or on them. Telegram hides everybody who posts
# as a channel behind one account (Channel_Bot): such posts are refused these.
NEEDS_IDENTITY = tuple(
    c for c in GROUP_COMMANDS if c not in ("rules", "help", "top", "season", "history", "verify")
)
# Commands that seat, register or subscribe the sender. An anonymous admin
# posts as the group, from one account (GroupAnonymousBot) shared by every
# anonymous admin of every group: seated as it, they shared one cap of open
# tables bot-wide (N13). They are refused these, with a hint; what needs
# only an admin's rights (/start, /stop, /kick, /lang, /tournament) they may.
FOR_THE_SENDER = ("new", "join", "leave", "notify")


def add_handlers(app: Application) -> None:  # type: ignore[type-arg]
    """Commands and private text are taken from new messages only: PTB's
    CommandHandler also runs on an edited message, and editing an old message
    into `/new` or `/stop` must not act (nor may an edit be answered twice)."""
    new = filters.UpdateType.MESSAGE
    in_group = filters.ChatType.GROUPS & new
    in_private = filters.ChatType.PRIVATE & new

    def command(name: str, callback: Any) -> CommandHandler[Any, None]:
        return CommandHandler(name, callback, filters=new)

    # Before every other group: a tap beyond its chat's backlog is answered
    # "slow down" and goes no further (bot/telegram/wire/updates.py).
    app.add_handler(Overflowing(slow_down), group=-1)
    as_channel = new & filters.ChatType.GROUPS & filters.SenderChat.CHANNEL
    app.add_handler(CommandHandler(NEEDS_IDENTITY, group.refuse_channel, filters=as_channel))
    anonymous = new & filters.ChatType.GROUPS & filters.SenderChat.SUPER_GROUP
    app.add_handler(CommandHandler(FOR_THE_SENDER, group.refuse_anonymous, filters=anonymous))
    app.add_handler(command("new", group.cmd_new))
    app.add_handler(command("tournament", group.cmd_tournament))
    app.add_handler(command("join", group.cmd_join))
    app.add_handler(command("leave", group.cmd_leave))
    app.add_handler(CommandHandler("start", group.cmd_start_group, filters=in_group))
    app.add_handler(CommandHandler("start", private.cmd_start_private, filters=in_private))
    app.add_handler(command("stop", group.cmd_stop))
    app.add_handler(command("rules", general.cmd_rules))
    app.add_handler(command("help", general.cmd_help))
    app.add_handler(command("lang", general.cmd_lang))
    app.add_handler(command("stats", general.cmd_stats))
    app.add_handler(command("top", general.cmd_top))
    app.add_handler(command("season", general.cmd_season))
    app.add_handler(command("history", general.cmd_history))
    app.add_handler(command("notify", general.cmd_notify))
    app.add_handler(command("verify", general.cmd_verify))
    app.add_handler(command("addbot", group.cmd_addbot))
    app.add_handler(command("kick", group.cmd_kick))
    app.add_handler(command("play", private.cmd_play))
    app.add_handler(command("forget", private.cmd_forget))
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
