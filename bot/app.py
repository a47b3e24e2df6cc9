"""Wiring: the PTB application, its handlers, and start-up/shut-down."""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any
from urllib.parse import urlsplit

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
)
from telegram.constants import ParseMode
from telegram.error import InvalidToken, TelegramError
from telegram.ext import Application, ApplicationBuilder, Defaults

from bot.clock import AsyncioScheduler, Scheduler
from bot.metrics import Metrics
from bot.settings import Settings
from bot.storage import Store, open_store, sharing
from bot.storage.records import LOBBY, PLAYING
from bot.tables import Limits, Outcome, TableService, Thinking, Timing
from bot.tables.events import TableEvents
from bot.tables.outbox import Priority
from bot.telegram.handlers.context import CONTEXT_TYPES
from bot.telegram.handlers.routes import GROUP_COMMANDS, PRIVATE_COMMANDS, add_handlers
from bot.telegram.wire import replies
from bot.telegram.wire.clients import make_request
from bot.telegram.wire.messenger import Messenger
from bot.telegram.wire.metered import MeteredLimits, MeteredProcessor
from bot.telegram.wire.replies import Replies
from bot.telegram.wire.webhook import WebhookEndpoint
from bot.view.i18n import LANGUAGES, t
from bot.view.screen import Screen
from bot.web import Probes, WebServer

log = logging.getLogger(__name__)

SHUTDOWN_GRACE = 5.0  # seconds given to queued answers when the bot stops


def build_application(
    settings: Settings, store: Store | None = None, scheduler: Scheduler | None = None
) -> Application:  # type: ignore[type-arg]
    # PTB 22.2 deprecates durations in whole seconds (RetryAfter.retry_after
    # among them): its next major version gives a timedelta. The bot reads
    # either (`bot.telegram.wire.limits.seconds`); opting in runs it as it will run
    # then, without a deprecation warning at every 429. An operator's own
    # setting stands.
    os.environ.setdefault("PTB_TIMEDELTA", "1")
    metrics = Metrics()
    processor = MeteredProcessor(metrics, backlog=settings.chat_backlog)
    limiter = MeteredLimits(
        metrics,
        settings.rate_limit_overall,
        settings.rate_limit_group,
        settings.rate_limit_private,
        # A test's scheduler runs the wire's pauses on its own time (bot/clock.py).
        clock=None if scheduler is None else scheduler.monotonic,
    )
    builder = (
        ApplicationBuilder()
        .token(settings.bot_token.get_secret_value())
        .base_url(settings.bot_api_url)
        .base_file_url(settings.bot_api_url.replace("/bot", "/file/bot"))
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .context_types(CONTEXT_TYPES)
        .request(
            make_request(
                lean=settings.http_client == "lean",
                read_timeout=settings.request_timeout,
                write_timeout=settings.request_timeout,
                connect_timeout=settings.request_timeout,
            )
        )
        .get_updates_request(make_request(1, lean=settings.http_client == "lean", updates=True))
        .rate_limiter(limiter)
        .concurrent_updates(processor)
        .post_init(_post_init)
        .post_stop(_post_stop)
        .post_shutdown(_post_shutdown)
    )
    application = builder.build()
    application.bot_data["settings"] = settings
    application.bot_data["metrics"] = metrics
    if store is not None:
        application.bot_data["store"] = store
    if scheduler is not None:
        application.bot_data["scheduler"] = scheduler
    add_handlers(application)
    return application


# The updates the bot handles, and no others: Telegram leaves reactions,
# chat_member and the like out unless asked, and each would take a turn in its
# chat's lane (security review S11). Edits are not handled: editing an old
# message into a command must not run it.
ALLOWED_UPDATES = ("message", "callback_query", "my_chat_member")


def webhook_options(settings: Settings) -> dict[str, Any]:
    """setWebhook's arguments: Telegram must send the secret with every
    update (bot/telegram/wire/webhook.py refuses a request without it)."""
    assert settings.bot_webhook_url is not None and settings.bot_webhook_secret is not None
    return {
        "url": settings.bot_webhook_url,
        "secret_token": settings.bot_webhook_secret.get_secret_value(),
        "allowed_updates": list(ALLOWED_UPDATES),
    }


def webhook_path(settings: Settings) -> str:
    """The server's path for the webhook: the public URL's."""
    assert settings.bot_webhook_url is not None
    return "/" + urlsplit(settings.bot_webhook_url).path.strip("/")


async def start_web(app: Application) -> WebServer | None:  # type: ignore[type-arg]
    """The bot's HTTP servers, started: in webhook mode one on the webhook's
    port, with the webhook's endpoint; and, on HEALTH_LISTEN:HEALTH_PORT when
    that is set, a private one for `/healthz` and `/metrics` (N7: the
    webhook's port is public on a Procfile deploy, so it answers only a bare
    `/healthz` there, unless HEALTH_PORT names that same port). Call after
    `post_init`; `register_webhook` follows it. The first server, or None.

    Updates go on PTB's `update_queue`, which `app.start()` drains into the
    application's per-chat processor, as with PTB's own webhook server."""
    settings: Settings = app.bot_data["settings"]
    probes: Probes = app.bot_data["probes"]
    servers: list[tuple[WebServer, str, int]] = []
    health_port = settings.health_port
    if settings.bot_webhook_url and settings.bot_webhook_secret is not None:
        port = settings.bot_webhook_port
        server = WebServer(probes, "full" if health_port == port else "bare")
        endpoint = WebhookEndpoint(
            app.bot, app.update_queue, settings.bot_webhook_secret.get_secret_value()
        )
        server.add_webhook(webhook_path(settings), endpoint.handle)
        servers.append((server, settings.bot_webhook_listen, port))
        if health_port == port:
            health_port = None
    if health_port is not None:
        servers.append((WebServer(probes), settings.health_listen, health_port))
    for key, (server, listen, port) in zip(("web", "health_web"), servers, strict=False):
        await server.start(listen, port)
        app.bot_data[key] = server
    return servers[0][0] if servers else None


async def register_webhook(app: Application) -> None:  # type: ignore[type-arg]
    """Tell Telegram where to post updates (a network error is raised: the
    caller retries)."""
    settings: Settings = app.bot_data["settings"]
    await app.bot.set_webhook(**webhook_options(settings))


async def stop_web(app: Application) -> None:  # type: ignore[type-arg]
    for key in ("web", "health_web"):
        server: WebServer | None = app.bot_data.pop(key, None)
        if server is not None:
            await server.stop()


def _watch(app: Application, store: Store, service: TableService) -> Probes:  # type: ignore[type-arg]
    """What /healthz and /metrics read, built once the store and the service
    are (the commits and the computers' decisions are timed by the store and
    `Thinking`, given the histograms' `observe` when they are built)."""
    metrics: Metrics = app.bot_data["metrics"]
    answers: Replies = app.bot_data["replies"]
    outbox = service.tables.outbox
    limiter = app.bot.rate_limiter

    def outbox_jobs() -> int:
        return len(outbox.tasks)

    def limiter_waiting() -> int:
        return limiter.waiting() if isinstance(limiter, MeteredLimits) else 0

    async def open_tables() -> int:
        return len(await store.table_ids_with_status(LOBBY, PLAYING))

    depths = {"outbox": outbox_jobs, "rate_limiter": limiter_waiting, "replies": answers.waiting}
    metrics.depths(outbox_jobs, limiter_waiting, answers.waiting)
    return Probes(metrics, store.count_open_practice, open_tables, depths)


async def _post_init(app: Application) -> None:  # type: ignore[type-arg]
    settings: Settings = app.bot_data["settings"]
    metrics: Metrics = app.bot_data["metrics"]
    store: Store | None = app.bot_data.get("store")
    if store is None:
        store = await open_store(
            settings.database(),
            on_commit=metrics.commit_seconds.observe,
            cache=settings.use_cache(),
            durable=settings.database_sync == "full",
            locks=settings.database_locks,
        )
        app.bot_data["store"] = store
        app.bot_data["own_store"] = True
    # Known since initialize() asked getMe: no second request that could fail.
    username = app.bot.username
    scheduler: Scheduler = app.bot_data.get("scheduler") or AsyncioScheduler()
    app.bot_data["scheduler"] = scheduler
    timing = Timing(
        turn_seconds=settings.turn_timeout,
        computer_delay=settings.computer_delay,
        forced_delay=settings.forced_delay,
        afk_turns=settings.afk_turns,
        lobby_seconds=settings.lobby_timeout,
        standin_level=settings.standin_level,
        action_log_days=settings.action_log_days,
        closed_lobby_days=settings.closed_lobby_days,
    )
    # What the service publishes; the messenger, built first, publishes on it too.
    events = TableEvents()
    messenger = Messenger(
        app.bot,
        settings.send_retries,
        settings.send_backoff,
        on_migrate=events.chat_moved,
        on_topic_gone=events.topic_gone,
        sleep=scheduler.sleep,
    )
    app.bot_data["messenger"] = messenger
    limits = Limits(
        settings.max_tables_per_person,
        settings.max_practice_tables,
        settings.top_min_matches,
        settings.start_chips,
        settings.season,
    )
    thinking = Thinking(settings.computer_workers, metrics.decision_seconds.observe)
    service = TableService(
        store,
        messenger,
        username,
        settings.default_language,
        scheduler,
        timing,
        limits,
        thinking,
        sharing(store),
        events,
    )

    async def send_reply(
        chat_id: int,
        screen: Screen,
        reply_to: int | None,
        photo: bytes | None,
        thread: int | None,
    ) -> Outcome:
        outcome, _ = await messenger.send(
            chat_id,
            screen,
            photo=photo,
            reply_to=reply_to,
            patient=True,
            thread=thread,
            priority=Priority.NOW,
        )
        return outcome

    answers = Replies(send_reply, settings.reply_backlog)
    app.bot_data["replies"] = answers
    replies.register(app.bot, answers)
    app.bot_data["service"] = service
    app.bot_data["probes"] = _watch(app, store, service)
    try:
        await _register_commands(app, settings.default_language)
    except InvalidToken:
        raise
    except TelegramError as error:
        # The menus are a convenience: the bot works without them, and they
        # are registered again at the next start.
        log.warning("command menus not registered (%s); they are at the next start", error)
    redrawn = await service.redraw_all()
    await service.privacy.keep_pruning()
    service.turns.start_watchdog()
    log.info("started as @%s; %d running table(s) redrawn", username, redrawn)


async def _register_commands(app: Application, default: str) -> None:  # type: ignore[type-arg]
    """The command menus, description and short description, in every
    language (the default language's as the fallback for all others)."""
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
        await app.bot.set_my_description(t(lang, "profile.description"), language_code=code)
        await app.bot.set_my_short_description(
            t(lang, "profile.short_description"), language_code=code
        )


async def _post_stop(app: Application) -> None:  # type: ignore[type-arg]
    """After the last update: stop the timers, send what is queued, for at
    most `SHUTDOWN_GRACE` seconds (a 429 must not hold a stopping bot; a move
    left untold is told by the catch-up at the next start)."""
    scheduler = app.bot_data.get("scheduler")
    if isinstance(scheduler, AsyncioScheduler):
        scheduler.cancel_all()
        await scheduler.settle()
    answers: Replies | None = app.bot_data.get("replies")
    service: TableService | None = app.bot_data.get("service")
    await asyncio.gather(
        answers.drain(SHUTDOWN_GRACE) if answers is not None else asyncio.sleep(0),
        service.drain(SHUTDOWN_GRACE) if service is not None else asyncio.sleep(0),
    )
    if service is not None:
        service.close()


async def _post_shutdown(app: Application) -> None:  # type: ignore[type-arg]
    replies.unregister(app.bot)
    store: Store | None = app.bot_data.get("store")
    if store is not None and app.bot_data.get("own_store"):
        await store.close()
