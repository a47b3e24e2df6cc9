"""Sending and editing through PTB, with Telegram's everyday refusals turned
into plain outcomes: "message is not modified" is success, "message to edit
not found" means send a new one, 403 means the person is unreachable."""

from __future__ import annotations

import logging
from enum import Enum

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.render import Screen

log = logging.getLogger(__name__)


class Outcome(Enum):
    OK = "ok"
    SAME = "same"  # nothing to change: Telegram said "not modified"
    GONE = "gone"  # the message is deleted or too old to edit
    FORBIDDEN = "forbidden"  # blocked, never started, or removed from the chat
    FAILED = "failed"  # anything else; logged


def markup(screen: Screen) -> InlineKeyboardMarkup | None:
    if not screen.buttons:
        return None
    return InlineKeyboardMarkup(
        [
            [InlineKeyboardButton(b.text, callback_data=b.data, url=b.url) for b in row]
            for row in screen.buttons
        ]
    )


def _classify(error: TelegramError) -> Outcome:
    text = str(error).lower()
    if isinstance(error, Forbidden):
        return Outcome.FORBIDDEN
    if isinstance(error, BadRequest):
        if "not modified" in text:
            return Outcome.SAME
        if (
            "message to edit not found" in text
            or "message can't be edited" in text
            or "message to delete not found" in text
            or "message_id_invalid" in text
        ):
            return Outcome.GONE
        if "chat not found" in text:
            return Outcome.FORBIDDEN
    return Outcome.FAILED


class Messenger:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def send(
        self, chat_id: int, screen: Screen, *, silent: bool = False
    ) -> tuple[Outcome, int | None]:
        try:
            message = await self.bot.send_message(
                chat_id,
                screen.text,
                parse_mode=ParseMode.HTML,
                reply_markup=markup(screen),
                disable_notification=silent,
                link_preview_options=None,
            )
        except TelegramError as error:
            outcome = _classify(error)
            if outcome is Outcome.FAILED:
                log.warning("send to %s failed: %s", chat_id, error)
            return outcome, None
        return Outcome.OK, message.message_id

    async def edit(self, chat_id: int, message_id: int, screen: Screen) -> Outcome:
        try:
            await self.bot.edit_message_text(
                screen.text,
                chat_id=chat_id,
                message_id=message_id,
                parse_mode=ParseMode.HTML,
                reply_markup=markup(screen),
            )
        except TelegramError as error:
            outcome = _classify(error)
            if outcome is Outcome.FAILED:
                log.warning("edit of %s/%s failed: %s", chat_id, message_id, error)
            return outcome
        return Outcome.OK

    async def edit_or_send(
        self, chat_id: int, message_id: int | None, screen: Screen
    ) -> tuple[Outcome, int | None]:
        """Edit in place; if the message is gone, send it anew."""
        if message_id is not None:
            outcome = await self.edit(chat_id, message_id, screen)
            if outcome in (Outcome.OK, Outcome.SAME):
                return outcome, message_id
            if outcome is Outcome.FORBIDDEN:
                return outcome, None
        return await self.send(chat_id, screen, silent=True)

    async def strip_buttons(self, chat_id: int, message_id: int) -> Outcome:
        try:
            await self.bot.edit_message_reply_markup(chat_id=chat_id, message_id=message_id)
        except TelegramError as error:
            return _classify(error)
        return Outcome.OK
