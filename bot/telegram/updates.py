"""Which chat an update belongs to, and PTB's update processor that keeps
each chat's updates in order while different chats run side by side."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from bot.locks import KeyedLocks
from bot.telegram.transport import tapped_message


def chat_of(update: Update) -> int | None:
    """The chat an update belongs to, a tap's too (see `trim_updates`)."""
    if update.effective_chat is not None:
        return update.effective_chat.id
    origin = tapped_message(update.callback_query) if update.callback_query else None
    return origin[0] if origin else None


class PerChatProcessor(BaseUpdateProcessor):
    """Updates run concurrently across chats and in arrival order within one chat."""

    def __init__(self, max_concurrent_updates: int = 256) -> None:
        super().__init__(max_concurrent_updates)
        self._chats = KeyedLocks()

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat_id = chat_of(update) if isinstance(update, Update) else None
        if chat_id is None:
            await coroutine
            return
        async with self._chats(chat_id):
            await coroutine

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None
