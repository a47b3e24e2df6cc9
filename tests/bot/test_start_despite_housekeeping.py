"""`python -m bot` starts, and serves, with a database whose prune fails
(issue 65, item 1; security review N1): the failure is one logged line, not
a crash loop. The prune is made to fail as N1's foreign key made it fail,
with a trigger that aborts every delete of a table row."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.storage.sqlite import SqliteStore
from testing.fake_telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0


async def a_database_whose_prune_fails(path: Path) -> None:
    store = await SqliteStore.open(path)
    try:
        table = await store.create_table(-100123, "Group", 1, "burkozel", {})
        assert table is not None
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        # A lobby closed unstarted long ago: the start-up prune deletes it.
        db.execute("UPDATE tables SET status = 'closed', updated_at = 0 WHERE id = ?", (table.id,))
        db.execute(
            "CREATE TRIGGER refuse_prune BEFORE DELETE ON tables"
            " BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed'); END"
        )


@pytest.mark.slow(reason="a real bot process started on a database whose prune fails")
async def test_the_bot_starts_and_answers_when_its_prune_fails(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake = fake_telegram
    path = tmp_path / "bot.db"
    await a_database_whose_prune_fails(path)
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(ROOT),
        "PYTHONUNBUFFERED": "1",
        "BOT_TOKEN": fake.token,
        "BOT_API_URL": fake.base_url,
        "DATABASE_PATH": str(path),
        "LOG_LEVEL": "INFO",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    lines: list[str] = []

    async def read() -> None:
        assert process.stdout is not None
        while line := await process.stdout.readline():
            lines.append(line.decode())
            fake._notify()

    def output() -> str:
        return "".join(lines)

    reader = asyncio.create_task(read())
    try:
        await fake.wait_for(
            lambda: "started as @" in output() or process.returncode is not None,
            timeout=WAIT,
            message="the bot's start",
        )
        assert "started as @" in output(), output()
        assert "pruning failed" in output(), output()
        ann = fake.user(4242, "Ann", language_code="en")
        ann.started_bot = True
        fake.user_sends(ann, fake.private_chat(ann), "/help")
        await fake.wait_for_message(fake.private_chat(ann), "How to start", timeout=WAIT)
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), WAIT) == 0, output()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        await reader
    with sqlite3.connect(path) as db:  # the lobby is still there: nothing was half-done
        assert db.execute("SELECT count(*) FROM tables").fetchone()[0] == 1
