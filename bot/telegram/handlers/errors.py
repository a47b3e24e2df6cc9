"""The last resort: an update whose handler failed still gets an answer."""

from __future__ import annotations

import logging

from telegram import Update

from bot.telegram.handlers.common import message_lang, reply, safe_answer
from bot.telegram.handlers.context import BotContext
from bot.view.i18n import t

log = logging.getLogger(__name__)


async def on_error(update: object, context: BotContext) -> None:
    log.error("error while handling an update", exc_info=context.error)
    if not isinstance(update, Update):
        return
    try:
        lang = await message_lang(update, context)
        text = t(lang, "error.generic")
        if update.callback_query is not None:
            await safe_answer(context, update.callback_query, text, alert=True)
        elif update.effective_message is not None:
            await reply(update.effective_message, text)
    except Exception:
        log.debug("could not tell the user about the error", exc_info=True)
