"""Bot workers for the tests of several workers on one PostgreSQL database
(tests/bot/storage/test_workers*_postgres.py): each `Worker` is a bot
application in webhook mode, as `python -m bot` runs it, in the test's event
loop with its own store, locks, service and `ManualScheduler`; the fake Bot
API posts the updates to their webhook servers (`WebhookDealer`).
"""

from __future__ import annotations

import asyncio
import socket
from dataclasses import dataclass, field
from typing import Any

from bot_harness import WAIT, make_settings
from databases import PostgresDatabase
from manual_clock import ManualScheduler

from bot.app import build_application, register_webhook, start_web, stop_web
from bot.tables import TableService
from testing.fake_telegram import FakeTelegram

SECRET = "workers-Secret_1-32-characters-long"
TURN = 90  # seconds a person has for a move (the default)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Worker:
    """One bot process, as `python -m bot` runs it in webhook mode."""

    fake: FakeTelegram
    db: PostgresDatabase
    name: str
    clock: ManualScheduler = field(default_factory=ManualScheduler)
    port: int = field(default_factory=free_port)
    settings: dict[str, Any] = field(default_factory=dict)  # more of them
    app: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/tg/hook"

    @property
    def service(self) -> TableService:
        service: TableService = self.app.bot_data["service"]
        return service

    async def start(self) -> None:
        settings = make_settings(
            self.fake,
            self.db,
            computer_delay=0.0,
            turn_timeout=TURN,
            bot_webhook_url="https://bot.example.org/tg/hook",
            bot_webhook_secret=SECRET,
            bot_webhook_listen="127.0.0.1",
            bot_webhook_port=self.port,
            **self.settings,
        )
        self.app = build_application(settings, scheduler=self.clock)
        await self.app.initialize()
        await self.app.post_init(self.app)
        await start_web(self.app)
        await register_webhook(self.app)
        await self.app.start()

    async def stop(self) -> None:
        app, self.app = self.app, None
        if app is None:
            return
        await stop_web(app)
        await app.stop()
        await app.post_stop(app)
        await app.shutdown()
        await app.post_shutdown(app)

    async def kill(self) -> None:
        """As SIGKILL: its database sessions end at once (the server releases
        its locks; its lanes' leases lapse), its queued messages and timers are
        lost, nothing is flushed."""
        app, self.app = self.app, None
        store = app.bot_data["store"].driver
        store._connection.terminate()
        store.locks.terminate()
        store.leases.terminate()
        store._worker.cancel()
        for task in list(app.bot_data["service"].tables.outbox.tasks):
            task.cancel()
        app.bot_data["service"].close()
        await stop_web(app)
        await app.stop()
        await app.shutdown()


async def idle(fake: FakeTelegram, workers: list[Worker]) -> None:
    """Every worker's queued messages sent and the fake quiet."""
    for _ in range(100):
        for worker in workers:
            await worker.service.drain()
            await worker.app.bot_data["replies"].drain(WAIT)
        await fake.wait_idle(timeout=WAIT)
        if not any(w.service.busy or w.app.bot_data["replies"].busy for w in workers):
            return
    raise AssertionError("the workers never went idle")


async def advance(fake: FakeTelegram, workers: list[Worker], seconds: float) -> None:
    """Move every worker's clock on together, side by side (each runs the
    timers it armed, so a deadline armed at both fires at both at once)."""
    step = 10.0
    left = seconds
    while left > 0:
        await asyncio.gather(*(w.clock.advance(min(step, left)) for w in workers))
        left -= step
        await idle(fake, workers)
