"""A storage error inside a timer must not strand a table (issue 13, item 5).

The database goes away while a turn's deadline falls due: the job fails. Once
the database is back, the job runs again (with a growing pause) and the
table moves on. A table that lost its timers all the same is found by the
watchdog and re-armed. Time is moved by hand (`ManualScheduler`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from bot_harness import WAIT, BotRunner
from bot_steps import people_in_private
from manual_clock import ManualScheduler

from bot.clock import retry_pause
from bot.storage import StorageError
from bot.storage.cached import CachedStore
from bot.tables.moves import PURPOSES
from bot.tables.turns import WATCHDOG_SECONDS
from testing.fake_telegram import FakeChat, FakeTelegram

GROUP_ID = -1007311
TURN = 60


class FailingStore:
    """The database behind the cache, able to fail like a disk that went away:
    while `down`, every call raises `StorageError`."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.down = False
        self.failures = 0

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self.inner, name)
        if not callable(attribute):
            return attribute

        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.down and name != "close":  # the test's teardown closes it
                self.failures += 1
                raise StorageError("disk I/O error")
            return await attribute(*args, **kwargs)

        return call


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> AsyncIterator[BotRunner]:
    async with BotRunner(
        fake_telegram,
        tmp_path / "bot.db",
        settings_extra={"turn_timeout": TURN, "afk_turns": 5},
        scheduler=clock,
    ) as bot:
        yield bot


def actions(runner: BotRunner) -> int:
    with sqlite3.connect(runner.sqlite_path) as connection:
        (count,) = connection.execute("SELECT count(*) FROM actions").fetchone()
    return int(count)


def timed_out(fake: FakeTelegram, group: FakeChat) -> int:
    """How many times the group was told that a person's time ran out."""
    return sum(m.text.count("Время на ход вышло") for m in fake.messages(group))


async def playing(fake: FakeTelegram, runner: BotRunner) -> tuple[FakeChat, int]:
    """Two people at a running table; the first to act never does."""
    group = fake.group(GROUP_ID, "Диск", supergroup=True)
    users = await people_in_private(fake, 2, 900)
    await users[0].send(group, "/new")
    lobby = await fake.wait_for_message(group, "#", timeout=WAIT)
    await (await users[1].tap(lobby, lobby.buttons[0][0].value or "")).answer_received(timeout=WAIT)
    await runner.idle()
    await users[0].send(group, "/start")
    await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.status == "playing"
    return group, table.id


def failing(runner: BotRunner) -> FailingStore:
    store = runner.db
    assert isinstance(store, CachedStore)
    wrapper = FailingStore(store.driver)
    store.driver = wrapper
    return wrapper


async def advance(runner: BotRunner, clock: ManualScheduler, seconds: float) -> None:
    await clock.advance(seconds)
    await runner.idle()


async def test_a_deadline_that_fails_on_storage_runs_again_once_the_disk_is_back(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    group, table_id = await playing(fake_telegram, runner)
    disk = failing(runner)
    disk.down = True
    await advance(runner, clock, TURN)  # the deadline falls due: its save fails
    assert disk.failures > 0 and actions(runner) == 0
    await advance(runner, clock, 30)  # still down: every retry fails, none is lost
    tries = disk.failures
    assert tries > 1
    disk.down = False
    # At most the longest pause later, the deadline's move is made after all,
    # once. (Counted by what the group reads, not by stored moves: a stand-in
    # that leads its whole hand can leave the answerer one forced discard,
    # which plays itself 1.5 s later, bot/view/forced.py; the deal is random.)
    await advance(runner, clock, retry_pause(100))
    assert timed_out(fake_telegram, group) == 1
    made = actions(runner)
    assert made >= 1
    # The table keeps going: the next person's deadline is armed again.
    assert any(clock.scheduled((table_id, purpose)) for purpose in PURPOSES)
    await advance(runner, clock, TURN)
    assert actions(runner) > made


@pytest.mark.parametrize("disk_fails_at_first", [False, True])
async def test_the_watchdog_rearms_a_running_table_without_a_timer(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
    disk_fails_at_first: bool,
) -> None:
    _, table_id = await playing(fake_telegram, runner)
    # The timers are lost (as when a job gave up or arming failed at start-up).
    for purpose in PURPOSES:
        clock.cancel((table_id, purpose))
    disk = failing(runner)
    disk.down = disk_fails_at_first
    await advance(runner, clock, WATCHDOG_SECONDS)
    if disk_fails_at_first:  # this round could not read the disk: the next one can
        assert disk.failures > 0 and actions(runner) == 0
        disk.down = False
        await advance(runner, clock, WATCHDOG_SECONDS)
    # Re-armed from the stored deadline, long past: the timer plays the move.
    assert actions(runner) == 1
    assert any(clock.scheduled((table_id, purpose)) for purpose in PURPOSES)


async def test_a_failing_job_is_retried_with_growing_pauses(clock: ManualScheduler) -> None:
    runs: list[float] = []

    def job(fails: int) -> Callable[[], Awaitable[None]]:
        async def run() -> None:
            runs.append(clock.now())
            if len(runs) <= fails:
                raise StorageError("disk I/O error")

        return run

    start = clock.now()
    clock.call_at(start, "job", job(fails=4))
    await clock.advance(100)
    assert [t - start for t in runs] == [0, 1, 3, 7, 15]  # pauses 1, 2, 4, 8
    assert not clock.scheduled("job")  # it succeeded: nothing left
    # A newer timer for the key, set while the job ran, wins over the retry.
    later = clock.now() + 10

    async def rearms_then_fails() -> None:
        clock.call_at(later, "other", job(fails=0))
        raise StorageError("disk I/O error")

    clock.call_at(clock.now(), "other", rearms_then_fails)
    await clock.advance(0)
    assert clock.scheduled("other") and clock.next_time() == later


async def test_a_deadline_set_before_the_clock_was_stepped_back_falls_within_one_turn(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    """S20: a stored deadline an hour past the turn time (the wall clock went
    back an hour since it was set) is re-armed within one turn from now."""
    group, table_id = await playing(fake_telegram, runner)
    table = await runner.db.get_table(table_id)
    assert table is not None and table.turn_deadline is not None
    table.turn_deadline = clock.now() + 3600 + TURN
    runner.service.turns.arm(table)
    await advance(runner, clock, TURN)
    assert actions(runner) == 1, "the deadline waited for the clock's hour"
    assert any("Время на ход вышло" in m.text for m in fake_telegram.messages(group))
