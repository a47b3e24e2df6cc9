"""`python -m bot`: start the bot (long polling, or a webhook server when
BOT_WEBHOOK_URL is set)."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys

from telegram import Update

from bot.app import build_application, webhook_options
from bot.logs import setup_logging
from bot.settings import load_settings
from bot.storage import DatabaseUrl, StorageError, open_store


async def _preflight(url: DatabaseUrl) -> None:
    """Open the database once before polling, so a broken one stops us with one line."""
    store = await open_store(url, cache=False)
    await store.close()


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


def main() -> int:
    settings = load_settings()
    setup_logging(settings.log_level, secrets=[settings.bot_token.get_secret_value()])
    try:
        asyncio.run(_preflight(settings.database()))
    except StorageError as error:
        print(f"Database problem: {error}", file=sys.stderr)
        return 2
    application = build_application(settings)
    log = logging.getLogger("bot")
    tune_gc()
    if settings.bot_webhook_url:
        log.info(
            "serving a webhook on %s:%s", settings.bot_webhook_listen, settings.bot_webhook_port
        )
        application.run_webhook(**webhook_options(settings))
    else:
        log.info("polling for updates")
        application.run_polling(allowed_updates=Update.ALL_TYPES)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
