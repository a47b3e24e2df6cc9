"""The bot's own membership: removed from a group, or the group moved."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatMemberStatus

from bot.telegram.common import Context, service


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
