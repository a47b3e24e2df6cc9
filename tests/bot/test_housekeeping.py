"""Housekeeping never stops the bot (issue 65, item 1; security review N1):
a prune that fails at start-up is logged, the bot starts and answers, and
the prune is tried again later on the service's clock."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
from bot_harness import WAIT, make_settings
from manual_clock import ManualScheduler

from bot.app import build_application
from bot.storage import open_store
from bot.storage.url import DatabaseUrl
from bot.tables.privacy import DAY, PRUNE_RETRY
from testing.fake_telegram import FakeTelegram


async def test_a_failing_prune_is_logged_and_retried_and_the_bot_starts(
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    clock: ManualScheduler,
    caplog: pytest.LogCaptureFixture,
) -> None:
    fake = fake_telegram
    store = await open_store(DatabaseUrl.sqlite(tmp_path / "bot.db"))
    calls: list[float] = []
    pruned = store.prune_closed_lobbies

    async def failing_twice(closed_before: float) -> int:
        calls.append(clock.now())
        if len(calls) <= 2:  # as N1's foreign key made it fail, every time
            raise sqlite3.IntegrityError("FOREIGN KEY constraint failed")
        return await pruned(closed_before)

    store.prune_closed_lobbies = failing_twice  # type: ignore[method-assign]
    settings = make_settings(fake, tmp_path / "bot.db")
    app = build_application(settings, store=store, scheduler=clock)
    caplog.set_level(logging.INFO)
    await app.initialize()
    try:
        assert app.post_init is not None
        await app.post_init(app)  # raised the IntegrityError before the fix
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0.0, timeout=1)
        await app.start()
        assert len(calls) == 1
        assert any(
            r.levelno == logging.ERROR and "pruning failed" in r.getMessage()
            for r in caplog.records
        )
        assert "started as @" in caplog.text  # the start went on past the prune

        ann = fake.user(4242, "Ann", language_code="en")
        ann.started_bot = True
        fake.user_sends(ann, fake.private_chat(ann), "/help")
        await fake.wait_for_message(fake.private_chat(ann), "How to start", timeout=WAIT)

        await clock.advance(PRUNE_RETRY - 1)
        assert len(calls) == 1
        await clock.advance(1)  # the retry: fails again, and is tried again
        assert len(calls) == 2
        await clock.advance(PRUNE_RETRY)  # this one succeeds
        assert len(calls) == 3
        await clock.advance(DAY - 1)  # and the next is a day later
        assert len(calls) == 3
        await clock.advance(1)
        assert len(calls) == 4
    finally:
        if app.updater is not None and app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        if app.post_stop is not None and "service" in app.bot_data:
            await app.post_stop(app)
        await app.shutdown()
        await store.close()
