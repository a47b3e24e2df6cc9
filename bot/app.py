"""Wiring: the PTB application, its handlers, and start-up/shut-down."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any
from urllib.parse import urlsplit

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    Update,
)
from telegram.constants import ParseMode
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    BaseUpdateProcessor,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    Defaults,
    MessageHandler,
    filters,
)

from bot import handlers
from bot.clock import AsyncioScheduler
from bot.handlers import chat_of
from bot.i18n import t
from bot.locks import KeyedLocks
from bot.messenger import Messenger
from bot.service import TableService, Timing
from bot.settings import LANGUAGES, Settings
from bot.storage import Database
from bot.transport import make_request

log = logging.getLogger(__name__)

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
)
PRIVATE_COMMANDS = ("start", "play", "stop", "rules", "help", "lang")


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


def build_application(
    settings: Settings, db: Database | None = None, scheduler: object | None = None
) -> Application:  # type: ignore[type-arg]
    builder = (
        ApplicationBuilder()
        .token(settings.bot_token.get_secret_value())
        .base_url(settings.bot_api_url)
        .base_file_url(settings.bot_api_url.replace("/bot", "/file/bot"))
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .request(
            make_request(
                lean=settings.http_client == "lean",
                read_timeout=settings.request_timeout,
                write_timeout=settings.request_timeout,
                connect_timeout=settings.request_timeout,
            )
        )
        .get_updates_request(make_request(1, lean=settings.http_client == "lean", updates=True))
        .rate_limiter(
            AIORateLimiter(
                overall_max_rate=settings.rate_limit_overall,
                group_max_rate=settings.rate_limit_group,
                max_retries=5,
            )
        )
        .concurrent_updates(PerChatProcessor())
        .post_init(_post_init)
        .post_stop(_post_stop)
        .post_shutdown(_post_shutdown)
    )
    application = builder.build()
    application.bot_data["settings"] = settings
    if db is not None:
        application.bot_data["db"] = db
    if scheduler is not None:
        application.bot_data["scheduler"] = scheduler
    _add_handlers(application)
    return application


def webhook_options(settings: Settings) -> dict[str, Any]:
    """Arguments for PTB's webhook server: the path comes from the public URL,
    and Telegram must send the secret with every request (PTB checks it and
    answers 403 otherwise)."""
    assert settings.bot_webhook_url is not None and settings.bot_webhook_secret is not None
    path = urlsplit(settings.bot_webhook_url).path.strip("/")
    return {
        "listen": settings.bot_webhook_listen,
        "port": settings.bot_webhook_port,
        "url_path": path,
        "webhook_url": settings.bot_webhook_url,
        "secret_token": settings.bot_webhook_secret.get_secret_value(),
        "allowed_updates": Update.ALL_TYPES,
    }


def _add_handlers(app: Application) -> None:  # type: ignore[type-arg]
    group = filters.ChatType.GROUPS
    private = filters.ChatType.PRIVATE
    app.add_handler(CommandHandler("new", handlers.cmd_new))
    app.add_handler(CommandHandler("join", handlers.cmd_join))
    app.add_handler(CommandHandler("leave", handlers.cmd_leave))
    app.add_handler(CommandHandler("start", handlers.cmd_start_group, filters=group))
    app.add_handler(CommandHandler("start", handlers.cmd_start_private, filters=private))
    app.add_handler(CommandHandler("stop", handlers.cmd_stop))
    app.add_handler(CommandHandler("rules", handlers.cmd_rules))
    app.add_handler(CommandHandler("help", handlers.cmd_help))
    app.add_handler(CommandHandler("lang", handlers.cmd_lang))
    app.add_handler(CommandHandler("addbot", handlers.cmd_addbot))
    app.add_handler(CommandHandler("kick", handlers.cmd_kick))
    app.add_handler(CommandHandler("play", handlers.cmd_play))
    app.add_handler(ChatMemberHandler(handlers.on_my_chat_member, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, handlers.on_migrate))
    app.add_handler(CallbackQueryHandler(handlers.on_callback))
    app.add_handler(MessageHandler(private & ~filters.COMMAND, handlers.on_private_text))
    app.add_handler(MessageHandler(private & filters.COMMAND, handlers.on_private_text))
    app.add_error_handler(handlers.on_error)


async def _post_init(app: Application) -> None:  # type: ignore[type-arg]
    settings: Settings = app.bot_data["settings"]
    db: Database | None = app.bot_data.get("db")
    if db is None:
        db = await Database.open(settings.database_path)
        app.bot_data["db"] = db
        app.bot_data["own_db"] = True
    me = await app.bot.get_me()
    scheduler = app.bot_data.get("scheduler") or AsyncioScheduler()
    app.bot_data["scheduler"] = scheduler
    timing = Timing(
        turn_seconds=settings.turn_timeout,
        computer_delay=settings.computer_delay,
        afk_turns=settings.afk_turns,
        lobby_seconds=settings.lobby_timeout,
        standin_level=settings.standin_level,
    )
    messenger = Messenger(app.bot, settings.send_retries, settings.send_backoff)
    service = TableService(
        db, messenger, me.username or "", settings.default_language, scheduler, timing
    )
    messenger.on_migrate = service.chat_moved
    app.bot_data["service"] = service
    await _register_commands(app, settings.default_language)
    redrawn = await service.redraw_all()
    log.info("started as @%s; %d running table(s) redrawn", me.username, redrawn)


async def _register_commands(app: Application, default: str) -> None:  # type: ignore[type-arg]
    for lang in LANGUAGES:
        code = None if lang == default else lang
        for scope, names in (
            (BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
            (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
        ):
            scoped = "group" if isinstance(scope, BotCommandScopeAllGroupChats) else "private"
            commands = [BotCommand(name, t(lang, f"command.{scoped}.{name}")) for name in names]
            await app.bot.set_my_commands(commands, scope=scope, language_code=code)
        await app.bot.set_my_commands(
            [BotCommand(name, t(lang, f"command.group.{name}")) for name in GROUP_COMMANDS],
            language_code=code,
        )


async def _post_stop(app: Application) -> None:  # type: ignore[type-arg]
    """After the last update: stop the timers, send what is queued."""
    scheduler = app.bot_data.get("scheduler")
    if isinstance(scheduler, AsyncioScheduler):
        scheduler.cancel_all()
    service: TableService | None = app.bot_data.get("service")
    if service is not None:
        await service.drain()


async def _post_shutdown(app: Application) -> None:  # type: ignore[type-arg]
    db: Database | None = app.bot_data.get("db")
    if db is not None and app.bot_data.get("own_db"):
        await db.close()
