"""The bot application inside this process, with bench/bot_process.py's face
(`python -m bench.load --in-process`, bench/computer_lag.py, tests/bench/).

The same application `python -m bot` runs (handlers, service, store, timers
on the event loop), built from the same settings, long polling the fake Bot
API, but without a process of its own: it starts in a fraction of a second,
which is what a test of the crowd and the measures wants. Its CPU and memory
are then this whole process's, the crowd's and the fake's included, so its
figures are not the bot's: measure the bot with the subprocess.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from telegram.ext import Application

from bot.app import ALLOWED_UPDATES, build_application
from bot.settings import Settings
from testing.fake_telegram import FakeTelegram

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class BotInProcess:
    def __init__(
        self,
        fake: FakeTelegram,
        workdir: Path,
        env: dict[str, str] | None = None,
        name: str = "bot",
        **settings: Any,
    ) -> None:
        self.fake = fake
        self.workdir = workdir
        self.db_path = workdir / "bot.db"
        self.log_path = workdir / f"{name}.log"
        self.extra_env = env or {}
        # What bench/bot_process.py sets in the bot's environment, as settings.
        fields: dict[str, Any] = {
            "bot_token": fake.token,
            "bot_api_url": fake.base_url,
            "database_path": self.db_path,
            "computer_delay": 0.0,
            "rate_limit_overall": 1_000_000,
            "rate_limit_group": 1_000_000,
            "rate_limit_private": 1_000_000,
        }
        fields |= {key.lower(): value for key, value in self.extra_env.items()}
        if "database_url" in fields:
            del fields["database_path"]
        known = Settings.model_fields
        self.settings = Settings(
            _env_file=None,  # type: ignore[call-arg]
            **{k: v for k, v in (fields | settings).items() if k in known},
        )
        self.app: Application | None = None  # type: ignore[type-arg]
        self.handler: logging.Handler | None = None

    async def start(self) -> None:
        self.handler = logging.FileHandler(self.log_path)
        self.handler.setLevel(logging.WARNING)
        self.handler.setFormatter(logging.Formatter(LOG_FORMAT))
        logging.getLogger().addHandler(self.handler)
        app = self.app = build_application(self.settings)
        await app.initialize()
        assert app.post_init is not None and app.updater is not None
        await app.post_init(app)
        await app.updater.start_polling(
            poll_interval=0.0, timeout=1, allowed_updates=list(ALLOWED_UPDATES)
        )
        await app.start()

    async def stop(self) -> int:
        """0 when the application wound down cleanly (its errors are in the log)."""
        app = self.app
        assert app is not None and self.handler is not None
        code = 0
        try:
            if app.updater is not None and app.updater.running:
                await app.updater.stop()
            if app.running:
                await app.stop()
            if app.post_stop is not None:
                await app.post_stop(app)
            await app.shutdown()
            if app.post_shutdown is not None:
                await app.post_shutdown(app)
        except Exception:
            logging.getLogger(__name__).exception("the bot did not wind down")
            code = 1
        finally:
            logging.getLogger().removeHandler(self.handler)
            self.handler.close()
        return code

    async def instrument(self, on: bool) -> None:
        """No profiler in process."""

    def instructions(self) -> int | None:
        return None

    @property
    def pid(self) -> int:
        return os.getpid()

    def cpu_seconds(self) -> float:
        return time.process_time()

    def memory_kb(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for line in Path("/proc/self/status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                out[name] = int(value.split()[0])
        return out


async def computers_at_play(prefix: str, workers: int, delay: float) -> BotInProcess:
    """The bot started against a fresh fake Bot API, for the benches of
    computer players (bench/computer_lag.py, bench/hint_latency.py): a
    person's turn waits an hour, so only the bench and the computers move.
    The caller stops the bot, then its `fake`."""
    fake = FakeTelegram(callback_max_age=900.0)
    await fake.start()
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    bot = BotInProcess(
        fake, folder, computer_workers=workers, computer_delay=delay, turn_timeout=3600
    )
    await bot.start()
    return bot
