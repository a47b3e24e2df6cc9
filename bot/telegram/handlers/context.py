"""The context every handler gets: PTB's `CallbackContext` with the bot's own
parts as typed properties, the way PTB's contexttypesbot example does it.

Handlers used to dig the table service and the messenger out of `bot_data`
through helper functions that cast them, and a reader following a tap lost
the thread at that cast. Now `context.service` is a `TableService` in every
handler's signature, and this module is the one place that knows where the
parts live. bot/app.py hands `CONTEXT_TYPES` to PTB's builder, so every
handler and the error handler get a `BotContext`. The parts themselves stay
in `bot_data`, where the start-up (`_post_init` in bot/app.py) puts them
before PTB hands over any update, and where tests and benches look them up.
"""

from __future__ import annotations

from typing import Any

from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot

from bot.tables import TableService
from bot.telegram.wire.messenger import Messenger
from bot.telegram.wire.rights import AdminLists


def service_of(application: Application) -> TableService:  # type: ignore[type-arg]
    """The application's table service, for a callback that gets the
    application rather than a context (the flood's "slow down" answer)."""
    service: TableService = application.bot_data["service"]
    return service


class BotContext(CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], dict[Any, Any]]):
    """What a handler is given: PTB's context plus the table service, the
    messenger and the admin lists' cache."""

    @property
    def service(self) -> TableService:
        return service_of(self.application)

    @property
    def messenger(self) -> Messenger:
        messenger: Messenger = self.application.bot_data["messenger"]
        return messenger

    @property
    def admin_lists(self) -> AdminLists:
        """The application's cache of admin lists, made on first use; a test
        may put its own in `bot_data["admins"]`, with a clock it moves."""
        lists: AdminLists | None = self.application.bot_data.get("admins")
        if lists is None:
            lists = AdminLists(self.messenger.admin_ids)
            self.application.bot_data["admins"] = lists
        return lists


CONTEXT_TYPES = ContextTypes(context=BotContext)
