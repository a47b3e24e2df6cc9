"""The real `python -m bot` process: killed with SIGKILL mid-trick and started
again it goes on exactly where it was, on SQLite and on PostgreSQL
(`DATABASE_URL=postgresql://...`, no SQLite file created); SIGTERM stops it
cleanly with exit 0."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import WAIT, Player
from databases import PostgresDatabase, TestDatabase, rows

from bot.view import callbacks
from engine import MatchState, legal_actions, replay
from engine.actions import Action, Kind
from testing.fake_telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[3]


class BotProcess:
    def __init__(self, fake: FakeTelegram, db_path: TestDatabase, folder: Path) -> None:
        self.fake = fake
        self.db_path = db_path
        self.folder = folder  # its working directory
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "BOT_TOKEN": self.fake.token,
            "BOT_API_URL": self.fake.base_url,
            "COMPUTER_DELAY": "0",
            "RATE_LIMIT_OVERALL": "100000",
            "RATE_LIMIT_GROUP": "100000",
            # The default of one private message a second held every hand
            # for real seconds (issue 69); no test here is about pacing.
            "RATE_LIMIT_PRIVATE": "100000",
            # As BotRunner's: a forced last card waits for the player's tap
            # (played by one_move), never a real timer racing it.
            "FORCED_DELAY": "30",
            "LOG_LEVEL": "INFO",
            "PYTHONUNBUFFERED": "1",
        }
        if isinstance(self.db_path, Path):
            env["DATABASE_PATH"] = str(self.db_path)
        else:
            env["DATABASE_URL"] = self.db_path.url
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.folder,
            env=env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        # Started: it registered its commands and polls for updates.
        await self.fake.wait_for(lambda: bool(self.fake.calls("getUpdates")), timeout=WAIT)

    async def signal(self, sig: int) -> int:
        assert self.process is not None
        self.process.send_signal(sig)
        code = await asyncio.wait_for(self.process.wait(), timeout=WAIT)
        self.stderr = (await self.process.stderr.read()).decode() if self.process.stderr else ""
        self.process = None
        return code


@pytest_asyncio.fixture
async def bot_process(
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> AsyncIterator[BotProcess]:
    """The bot as a process; on SQLite, or on PostgreSQL when parametrized
    indirectly with "postgres"."""
    db: TestDatabase = tmp_path / "bot.db"
    # A tap made just before the kill is answered by the restarted process;
    # Telegram's 15 s for an answer is not what this is about, and a process
    # starting on a machine busy with parallel tests can take longer.
    fake_telegram.callback_max_age = WAIT
    if getattr(request, "param", "sqlite") == "postgres":
        db = request.getfixturevalue("postgres_database")
    process = BotProcess(fake_telegram, db, tmp_path)
    await process.start()
    try:
        yield process
    finally:
        if process.process is not None:
            await process.signal(signal.SIGKILL)


def load(db_path: TestDatabase) -> tuple[int, str, MatchState | None, list[int]]:
    found = rows(db_path, "SELECT version, status, state FROM tables ORDER BY id DESC")
    version, status, state = found[0]
    users = [r[0] for r in rows(db_path, "SELECT user_id FROM seats ORDER BY seat")]
    return version, status, None if state is None else MatchState.loads(state), users


def hand_ready(player: Player, version: int) -> bool:
    """The player's newest hand message carries buttons for this exact version."""
    message = player.hand_message()
    if message is None:
        return False
    data = next(
        (b.value for row in message.buttons for b in row if b.value and b.value[0] in "sp"), None
    )
    payload = None if data is None else callbacks.parse(data)
    return isinstance(payload, callbacks.Select | callbacks.Play) and payload.version == version


async def one_move(
    fake: FakeTelegram, db_path: TestDatabase, players: dict[int, Player], rng: random.Random
) -> None:
    version, _, state, users = load(db_path)
    assert state is not None and state.deal is not None
    seat = state.deal.turn
    player = players[users[seat]]
    await fake.wait_for(lambda: hand_ready(player, version), timeout=WAIT)
    options = [a for a in legal_actions(state, seat) if a.kind is not Kind.DECLARE]
    action: Action = rng.choice(options or legal_actions(state, seat))
    await player.play(action)
    await fake.wait_for(lambda: _version_moved_path(db_path, version), timeout=WAIT)


def _version_moved_path(db_path: TestDatabase, version: int) -> bool:
    return load(db_path)[0] != version


@pytest.mark.parametrize(
    ("kill_after", "bot_process"),
    [(3, "sqlite"), (7, "sqlite"), (7, "postgres")],
    ids=["3-sqlite", "7-sqlite", "7-postgres"],
    indirect=["bot_process"],
)
@pytest.mark.slow(reason="real `python -m bot` processes, SIGKILLed mid-trick and started again")
async def test_sigkill_mid_trick_and_restart(
    fake_telegram: FakeTelegram,
    bot_process: BotProcess,
    kill_after: int,
) -> None:
    fake = fake_telegram
    group = fake.group(-100777, "Процесс", supergroup=True)
    users = [fake.user(900 + i, f"Игрок{i}") for i in range(3)]
    for user in users:
        await user.send_private("/start")
    await users[0].send(group, "/new limit=2")
    lobby = await fake.wait_for_message(group, "#", timeout=WAIT)
    for user in users[1:]:
        await (await user.tap(lobby, lobby.buttons[0][0].value or "")).answer_received(timeout=WAIT)
    await fake.wait_for(lambda: len(load(bot_process.db_path)[3]) == 3, timeout=WAIT)
    await users[0].send(group, "/start")
    await fake.wait_for(lambda: load(bot_process.db_path)[1] == "playing", timeout=WAIT)
    rng = random.Random(kill_after)
    players = {u.id: Player(fake, u, rng) for u in users}
    for _ in range(kill_after):
        await one_move(fake, bot_process.db_path, players, rng)
    before = load(bot_process.db_path)
    assert await bot_process.signal(signal.SIGKILL) == -signal.SIGKILL
    # Old buttons from before the kill keep working after the restart.
    await bot_process.start()
    after = load(bot_process.db_path)
    assert after[:3] == before[:3], "the restart changed the match"
    for _ in range(2000):
        if load(bot_process.db_path)[1] != "playing":
            break
        await one_move(fake, bot_process.db_path, players, rng)
    _, status, state, _ = load(bot_process.db_path)
    assert status == "finished" and state is not None and state.over
    ((seed,),) = rows(bot_process.db_path, "SELECT seed FROM tables")
    logged = rows(bot_process.db_path, "SELECT seq, action FROM actions ORDER BY seq")
    log = [Action.from_json(json.loads(action)) for _, action in logged]
    seqs = [seq for seq, _ in logged]
    assert seqs == list(range(1, len(seqs) + 1)), "a move was lost or applied twice"
    assert replay(state.rules, state.players, seed, log, state.shuffle) == state
    await fake.wait_for(
        lambda: any("окончена" in m.text for m in fake.messages(group)), timeout=WAIT
    )
    assert not fake.unanswered_callbacks()
    if isinstance(bot_process.db_path, PostgresDatabase):
        assert not list(bot_process.folder.iterdir()), "no SQLite file is created"


async def test_sigterm_exits_cleanly(bot_process: BotProcess) -> None:
    code = await bot_process.signal(signal.SIGTERM)
    assert code == 0, bot_process.stderr
    assert "Traceback" not in bot_process.stderr
    assert bot_process.fake.token not in bot_process.stderr


async def test_a_second_bot_on_the_same_sqlite_file_is_refused(bot_process: BotProcess) -> None:
    """SQLite is one process's database: a second worker on the same file
    stops at start with one line and exit 2; the first plays on."""
    assert isinstance(bot_process.db_path, Path)
    second = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=bot_process.folder,
        env={
            "PATH": os.environ.get("PATH", ""),
            "BOT_TOKEN": bot_process.fake.token,
            "BOT_API_URL": bot_process.fake.base_url,
            "DATABASE_PATH": str(bot_process.db_path),
        },
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    code = await asyncio.wait_for(second.wait(), timeout=WAIT)
    said = (await second.stderr.read()).decode() if second.stderr else ""
    assert code == 2, said
    assert "another bot process uses the SQLite database" in said
    assert "Traceback" not in said
    assert bot_process.process is not None and bot_process.process.returncode is None
