"""The bot's own membership: added to a group (it says how to start),
removed from one, or the group moved; and a forum topic closed or reopened
under a table."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatMemberStatus, ChatType

from bot.telegram.handlers.common import is_group, person_of, thread_of
from bot.telegram.handlers.context import BotContext
from bot.telegram.wire import replies
from bot.view.i18n import t
from bot.view.screen import Screen

OUT = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
IN = (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.RESTRICTED)


async def on_my_chat_member(update: Update, context: BotContext) -> None:
    """Added to a group: say how to start. Removed from a group (or the group
    is gone): close its table. In a private chat: the person blocked the bot
    (their seats go to a computer at once) or started it again (their seats
    are offered back)."""
    change = update.my_chat_member
    if change is None:
        return
    old, new = change.old_chat_member.status, change.new_chat_member.status
    if change.chat.type == ChatType.PRIVATE:
        if new in OUT:
            await context.service.turns.unreachable(change.chat.id)
        elif new in IN:
            await context.service.remember(person_of(change.from_user), started=True)
            await context.service.turns.came_back(change.chat.id)
        return
    if new in OUT:
        # The tournament first: its next round must not open meanwhile.
        await context.service.tournaments.chat_gone(change.chat.id)
        await context.service.lifecycle.chat_gone(change.chat.id)
    elif new in IN and old in OUT and is_group(change.chat):
        lang = await context.service.chat_lang(change.chat.id)
        queue = replies.of(context.bot)
        if queue is not None:
            queue.put(change.chat.id, Screen(t(lang, "group.welcome")))


async def on_migrate(update: Update, context: BotContext) -> None:
    """A group became a supergroup: the table follows it to the new chat id."""
    message = update.effective_message
    if message is None or message.migrate_to_chat_id is None:
        return
    await context.service.lifecycle.chat_moved(message.chat.id, message.migrate_to_chat_id)


async def on_topic_closed(update: Update, context: BotContext) -> None:
    """A forum topic (or General) was closed: its table, if any, ends
    (`Lifecycle.topic_gone`), before any message to it is refused."""
    message = update.effective_message
    if message is not None:
        await context.service.lifecycle.topic_gone(message.chat.id, thread_of(message))


async def on_topic_reopened(update: Update, context: BotContext) -> None:
    """A closed topic was reopened: the bot may write there again (a table
    it ended stays ended; /new opens another)."""
    message = update.effective_message
    if message is not None:
        context.messenger.topics.reopen((message.chat.id, thread_of(message)))
