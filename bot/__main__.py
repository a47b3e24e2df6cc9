"""`python -m bot`: start the bot (long polling, or a webhook server when
BOT_WEBHOOK_URL is set), and stop it.

What an operator meets, start-up included (issue 13, item 7):

- a bad setting, or a database that cannot be opened or written: one line
  naming the setting and the cause, exit status 2, before any network;
- a token the Bot API rejects: one line naming BOT_TOKEN, exit status 2;
- the Bot API unreachable: one line per failed attempt, retried with
  doubling pauses (up to `MAX_PAUSE`), at start and while polling;
- SIGTERM or SIGINT at any moment: a clean stop with exit status 0, within
  `STOP_DEADLINE` seconds of stopping work;
- never a traceback for any of these, and never a secret (bot/logs.py).

PTB's `run_polling` does none of the first three the same way (its start-up
gives up at the first network error with a traceback that prints the token)
and installs its signal handlers only once its loop runs, so `_serve` runs
the same steps itself: open the store, `initialize` (getMe), `post_init`,
start the updater, `start`; and on the way out `updater.stop`, `stop`,
`post_stop`, `shutdown`, `post_shutdown`, each only when its start happened.
"""

from __future__ import annotations

import signal
from types import FrameType

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def _stop_at_once(signum: int, frame: FrameType | None) -> None:
    """A stop signal while no event loop runs: nothing is open that needs
    closing, so leave quietly with status 0."""
    raise SystemExit(0)


if __name__ == "__main__":
    # Before the imports below: PTB and its dependencies take a good part of a
    # second to import, and a SIGTERM then must not end the process with -15.
    for _signal in STOP_SIGNALS:
        signal.signal(_signal, _stop_at_once)

import asyncio  # noqa: E402
import contextlib  # noqa: E402
import gc  # noqa: E402
import logging  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
from collections.abc import Awaitable  # noqa: E402
from typing import IO, Any  # noqa: E402

from telegram.error import InvalidToken, NetworkError, RetryAfter, TelegramError  # noqa: E402
from telegram.ext import Application  # noqa: E402

from bot.app import (  # noqa: E402
    ALLOWED_UPDATES,
    build_application,
    register_webhook,
    start_web,
    stop_web,
)
from bot.logs import secrets_of, setup_logging  # noqa: E402
from bot.settings import Settings, load_settings  # noqa: E402
from bot.storage import StorageError, Store, open_store  # noqa: E402
from bot.storage.sqlite_setup import sole_process  # noqa: E402

log = logging.getLogger("bot")

# Pauses between attempts to reach the Bot API at start: 1, 2, 4, ... 60 s.
FIRST_PAUSE = 1.0
MAX_PAUSE = 60.0
# Seconds the way out may take (waiting updates, queued messages) before the
# rest is left: a supervisor's SIGKILL usually follows SIGTERM after 10 s.
STOP_DEADLINE = 6.0
DEFAULT_API = "https://api.telegram.org/bot"

# The collector's thresholds while the bot runs (Python's are 700, 10, 10).
GC_THRESHOLDS = (2000, 20, 50)


def tune_gc() -> None:
    """Put what start-up made (modules, PTB's application, the settings) out of
    the collector's sight, and collect young objects less often.

    Under bench/load.py the collector took about 5% of the bot's CPU, and each
    full collection walked the whole heap, mostly objects that live as long as
    the process: pauses of up to 70 ms, straight into the latency of whatever
    update was waiting. Frozen and with these thresholds it took a third of
    that CPU and made no full collection in a minute of load. Cyclic garbage
    is still collected, only later."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def raise_file_limit() -> int:
    """Raise the soft limit of open files to the hard one; the soft limit now.

    Every connection the HTTP server holds is a descriptor, and so is each of
    the bot's own: Telegram, the database, files. The server caps its own
    (bot/web.py, N6); a soft limit left at a low default (1024 under
    systemd, less in some containers) would still leave the bot little room."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft == resource.RLIM_INFINITY or soft >= hard:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (OSError, ValueError):
        return soft
    return hard


class Stopped(Exception):
    """A stop signal came while a start-up step was under way."""


async def _until_stopped(step: Awaitable[Any], stop: asyncio.Event) -> Any:
    """`step`'s result, unless a stop signal comes first: then the step is
    cancelled and `Stopped` raised (the step's own error is raised as is)."""
    task = asyncio.ensure_future(step)
    waiter = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        waiter.cancel()
    if task.done():
        return task.result()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await task
    raise Stopped


async def _pause(seconds: float, stop: asyncio.Event) -> None:
    """Sleep, or raise `Stopped` as soon as a stop signal comes."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
        raise Stopped


async def _open_store(settings: Settings) -> Store:
    """The store, opened and migrated once before any network: a database
    that cannot be used or written stops the bot here with one line.

    SQLite's single-process lock comes first (`sole_process`): a second bot
    is refused before it migrates the file under the running one (S12).

    Not raced against a stop signal: it takes milliseconds (at most SQLite's
    5 s busy timeout), and a half-opened connection would be left behind."""
    database = settings.database()
    if database.path is not None:
        handle = sole_process(database.path)
        if handle is not None:
            _SOLE.append(handle)
    return await open_store(
        database,
        cache=settings.use_cache(),
        durable=settings.database_sync == "full",
        locks=settings.database_locks,
    )


# The open file whose lock marks this process as the SQLite database's only
# bot, held for the process's life.
_SOLE: list[IO[bytes]] = []


async def _connect(app: Application, settings: Settings, stop: asyncio.Event) -> None:  # type: ignore[type-arg]
    """`app.initialize()` (PTB's getMe), retried with doubling pauses while
    the Bot API cannot be reached; one line per failed attempt."""
    pause = FIRST_PAUSE
    attempt = 0
    while True:
        attempt += 1
        try:
            await _until_stopped(app.initialize(), stop)
            return
        except RetryAfter as error:
            wait = pause
            reason = str(error)
        except NetworkError as error:
            wait = pause
            reason = str(error) or type(error).__name__
        log.warning(
            "cannot reach the Bot API at %s (%s); attempt %d failed, retrying in %g s",
            settings.bot_api_url,
            reason,
            attempt,
            wait,
        )
        await _pause(wait, stop)
        pause = min(pause * 2, MAX_PAUSE)


def _polling_failed(error: TelegramError) -> None:
    """PTB's polling loop calls this on each failed getUpdates, then pauses
    (1 s, growing to 30 s): one line, not its default traceback."""
    log.warning("getUpdates failed (%s); polling again after a pause", error)


async def _register_webhook(app: Application, stop: asyncio.Event) -> None:  # type: ignore[type-arg]
    """setWebhook, retried with doubling pauses while the Bot API cannot be
    reached (as PTB's `bootstrap_retries=-1` did); one line per failure."""
    pause = FIRST_PAUSE
    while True:
        try:
            await _until_stopped(register_webhook(app), stop)
            return
        except (NetworkError, RetryAfter) as error:
            log.warning("setWebhook failed (%s); retrying in %g s", error, pause)
        await _pause(pause, stop)
        pause = min(pause * 2, MAX_PAUSE)


async def _start_updates(app: Application, settings: Settings, stop: asyncio.Event) -> None:  # type: ignore[type-arg]
    """The HTTP server first (webhook, health, metrics: bot/web.py), then
    setWebhook, or long polling through PTB's updater."""
    await start_web(app)
    if settings.bot_webhook_url:
        log.info(
            "serving a webhook on %s:%s", settings.bot_webhook_listen, settings.bot_webhook_port
        )
        await _register_webhook(app, stop)
    else:
        assert app.updater is not None
        log.info("polling for updates")
        await app.updater.start_polling(
            allowed_updates=list(ALLOWED_UPDATES),
            bootstrap_retries=-1,
            error_callback=_polling_failed,
        )


async def _wind_down(app: Application) -> None:  # type: ignore[type-arg]
    """PTB's way out, each step only when its start happened."""
    if app.updater is not None and app.updater.running:
        await app.updater.stop()
    await stop_web(app)
    if app.running:
        await app.stop()
    # post_init may have built the service (timers, queued messages) before
    # the stop signal came, even though the application never started.
    if app.post_stop is not None and "service" in app.bot_data:
        await app.post_stop(app)
    await app.shutdown()
    if app.post_shutdown is not None:
        await app.post_shutdown(app)


def _token_rejected(settings: Settings) -> str:
    where = "" if settings.bot_api_url == DEFAULT_API else " (and check BOT_API_URL)"
    return (
        f"The Bot API at {settings.bot_api_url} rejected BOT_TOKEN: set BOT_TOKEN to the"
        f" token @BotFather gives for this bot (/mybots, API Token){where}."
    )


async def _serve(settings: Settings) -> int:
    """The bot's whole life in one event loop; the process's exit status."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stop.set)
    try:
        store = await _open_store(settings)
    except StorageError as error:
        if stop.is_set():  # told to stop while it waited, say, for a lock
            return 0
        print(f"Database problem ({settings.database_setting()}): {error}", file=sys.stderr)
        return 2
    try:
        if stop.is_set():
            return 0
        app = build_application(settings, store=store)
        tune_gc()
        try:
            await _connect(app, settings, stop)
            if app.post_init is not None:
                await _until_stopped(app.post_init(app), stop)
            await _until_stopped(_start_updates(app, settings, stop), stop)
            await app.start()
            await stop.wait()
        except Stopped:
            pass
        except InvalidToken:
            print(_token_rejected(settings), file=sys.stderr)
            return 2
        except StorageError as error:
            print(f"Database problem ({settings.database_setting()}): {error}", file=sys.stderr)
            return 2
        except OSError as error:  # the HTTP server's port: taken, or not ours to bind
            print(f"Could not listen for HTTP: {error}", file=sys.stderr)
            return 2
        except TelegramError as error:  # none expected: one line, not a traceback
            print(f"Could not start: the Bot API answered {error}", file=sys.stderr)
            return 1
        finally:
            try:
                await asyncio.wait_for(_wind_down(app), STOP_DEADLINE)
            except TimeoutError:
                log.warning("stopping took over %g s; left the rest undone", STOP_DEADLINE)
        log.info("stopped")
        return 0
    finally:
        await store.close()


def main() -> int:
    if len(sys.argv) > 1:  # migrate, copy-store: bot/commands.py
        from bot.commands import run

        return run(sys.argv[1:])
    settings = load_settings()
    raise_file_limit()
    webhook_secret = settings.bot_webhook_secret
    setup_logging(
        settings.log_level,
        secrets=secrets_of(
            settings.bot_token.get_secret_value(),
            webhook_secret.get_secret_value() if webhook_secret else None,
        ),
        form=settings.log_format,
    )
    try:
        return asyncio.run(_serve(settings))
    finally:
        # The loop's handlers went with it; the interpreter's last steps
        # must not end with -15 either.
        for sig in STOP_SIGNALS:
            signal.signal(sig, _stop_at_once)


if __name__ == "__main__":
    raise SystemExit(main())
