"""Start-up and shutdown of the real `python -m bot`, as an operator meets
them (issue 13, items 4 and 7): a token the Bot API rejects, a Bot API that
cannot be reached, SIGTERM at any moment, a database that cannot be written,
and secrets that never show at any log level.

Each case runs the bot as a subprocess against the fake Bot API and reads
everything it prints (stdout and stderr together)."""

from __future__ import annotations

import asyncio
import ctypes
import fcntl
import os
import signal
import socket
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage.migrations import migrations
from bot.storage.sqlite import SqliteStore
from bot.storage.sqlite_setup import probe_write
from testing.fake_telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[3]
# How long a step of a bot process may take before the test fails: a safety
# net only (each wait ends as soon as its condition holds), generous because
# a Python process starting on a machine busy with parallel tests is slow.
START_WAIT = 60.0
WEBHOOK_SECRET = "Webhook_secret-never-to-be-printed-42"
PR_CAPBSET_DROP = 24
# CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER: what lets root write a
# file whatever its mode says.
FILE_OVERRIDES = (1, 2, 3)


def _as_plain_owner() -> None:
    """In the child before exec: drop root's power to ignore file modes, so
    chmod means for root what it means for anyone. Dropped from the bounding
    set, because exec gives root back every capability that set still holds."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in FILE_OVERRIDES:
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _catches_sigterm(pid: int) -> bool:
    """The process has its own SIGTERM handler (Linux: /proc/<pid>/status)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    line = next(x for x in status.splitlines() if x.startswith("SigCgt:"))
    return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)


async def until(condition: Callable[[], bool], what: str, timeout: float = START_WAIT) -> None:
    """Poll `condition` (a fact about another process, which nothing announces)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.005)


class Bot:
    """One `python -m bot` process; `output` grows as it prints."""

    def __init__(self, fake: FakeTelegram, folder: Path) -> None:
        self.fake = fake
        self.folder = folder
        self.env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
            "PYTHONUNBUFFERED": "1",
            "BOT_TOKEN": fake.token,
            "BOT_API_URL": fake.base_url,
            "DATABASE_PATH": str(folder / "bot.db"),
            "COMPUTER_DELAY": "0",
            "LOG_LEVEL": "INFO",
        }
        self.lines: list[str] = []
        self.process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self.started_at = 0.0

    @property
    def output(self) -> str:
        return "".join(self.lines)

    async def start(self, plain_owner: bool = False, **env: str) -> None:
        self.env.update(env)
        self.started_at = time.monotonic()
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.folder,
            env=self.env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            preexec_fn=_as_plain_owner if plain_owner and os.geteuid() == 0 else None,
        )
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        while line := await self.process.stdout.readline():
            self.lines.append(line.decode())
            self.fake._notify()  # wake fake.wait_for on every printed line

    async def wait_for_line(self, text: str, count: int = 1, timeout: float = START_WAIT) -> None:
        await self.fake.wait_for(
            lambda: self.output.count(text) >= count or self.exited(),
            timeout=timeout,
            message=f"{count} line(s) with {text!r}",
        )
        assert self.output.count(text) >= count, self.output

    def exited(self) -> bool:
        return self.process is not None and self.process.returncode is not None

    async def finish(self, timeout: float) -> tuple[int, float]:
        """Exit status and seconds since start, once it exits (fails after `timeout`)."""
        assert self.process is not None and self._reader is not None
        code = await asyncio.wait_for(self.process.wait(), timeout)
        await self._reader
        return code, time.monotonic() - self.started_at

    async def terminate(self, within: float = 10) -> int:
        """SIGTERM, then the exit status, which must come within `within` seconds."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        sent = time.monotonic()
        code = await asyncio.wait_for(self.process.wait(), within + 5)
        assert self._reader is not None
        await self._reader
        assert time.monotonic() - sent < within, f"took {time.monotonic() - sent:.1f} s"
        return code

    async def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()
        if self._reader is not None:
            await self._reader


@pytest_asyncio.fixture
async def bot(fake_telegram: FakeTelegram, tmp_path: Path) -> AsyncIterator[Bot]:
    process = Bot(fake_telegram, tmp_path)
    try:
        yield process
    finally:
        await process.kill()


def assert_quiet(output: str, token: str) -> None:
    assert "Traceback" not in output, output
    assert token.partition(":")[2] not in output, output
    assert WEBHOOK_SECRET not in output, output


def polling(fake: FakeTelegram) -> Callable[[], bool]:
    return lambda: bool(fake.calls("getUpdates"))


# -- a rejected token ------------------------------------------------------------------


async def test_rejected_token_exits_2_with_one_line_naming_bot_token(bot: Bot) -> None:
    head = bot.fake.token.partition(":")[0]
    wrong = f"{head}:AAwrong-but-well-formed-token_value"
    await bot.start(BOT_TOKEN=wrong)
    code, _ = await bot.finish(timeout=START_WAIT)
    assert code == 2, bot.output
    lines = bot.output.strip().splitlines()
    assert 1 <= len(lines) <= 5, bot.output
    assert any("BOT_TOKEN" in line and "@BotFather" in line for line in lines), bot.output
    assert_quiet(bot.output, wrong)
    assert not bot.fake.calls("getUpdates")


# -- a Bot API that cannot be reached ----------------------------------------------------


@pytest.mark.slow(
    reason="a real bot process; its start-up retries and PTB's polling backoff take real seconds"
)
async def test_unreachable_api_at_start_is_retried_one_line_per_attempt(bot: Bot) -> None:
    bot.fake.inject("getMe", "network", times=2)
    await bot.start()
    await bot.fake.wait_for(polling(bot.fake), timeout=START_WAIT)
    failures = [line for line in bot.lines if "cannot reach the Bot API" in line]
    assert len(failures) == 2, bot.output
    assert all("retrying in" in line for line in failures)
    assert bot.process is not None and bot.process.returncode is None
    assert await bot.terminate() == 0
    assert_quiet(bot.output, bot.fake.token)


async def test_no_bot_api_at_all_keeps_retrying_until_stopped(bot: Bot) -> None:
    with socket.socket() as sock:  # a port with nobody listening
        sock.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{sock.getsockname()[1]}/bot"
    await bot.start(BOT_API_URL=closed)
    await bot.wait_for_line("cannot reach the Bot API", count=2)
    assert not bot.exited()
    # Pauses grow: two attempts take a second, not a flood of lines.
    assert len(bot.lines) <= 3, bot.output
    assert await bot.terminate() == 0
    assert_quiet(bot.output, bot.fake.token)


@pytest.mark.slow(
    reason="a real bot process; its start-up retries and PTB's polling backoff take real seconds"
)
async def test_polling_failures_are_one_line_each_and_polling_goes_on(bot: Bot) -> None:
    await bot.start()
    await bot.fake.wait_for(polling(bot.fake), timeout=START_WAIT)
    bot.fake.inject("getUpdates", "502", times=2)
    await bot.wait_for_line("getUpdates failed", count=2)
    seen = len(bot.fake.calls("getUpdates"))
    await bot.fake.wait_for(lambda: len(bot.fake.calls("getUpdates")) > seen, timeout=START_WAIT)
    assert await bot.terminate() == 0
    assert bot.output.count("getUpdates failed") == 2, bot.output
    assert_quiet(bot.output, bot.fake.token)


# -- SIGTERM at any moment ----------------------------------------------------------------


async def test_sigterm_during_the_imports_exits_0(bot: Bot) -> None:
    await bot.start()
    assert bot.process is not None
    pid = bot.process.pid
    if not Path(f"/proc/{pid}/status").exists():
        pytest.skip("needs /proc to see when the process catches SIGTERM")
    # The earliest moment a Python program can answer: its handler is set.
    await until(lambda: _catches_sigterm(pid) or bot.exited(), "SIGTERM caught")
    assert not bot.exited(), bot.output
    assert await bot.terminate() == 0, bot.output
    assert_quiet(bot.output, bot.fake.token)
    assert not bot.fake.calls("getMe"), "SIGTERM came later than meant"


def _has_open(pid: int, path: Path) -> bool:
    """The process holds `path` open (Linux: /proc/<pid>/fd)."""
    try:
        return any(os.readlink(fd) == str(path) for fd in Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False


@pytest.mark.slow(
    reason="a real bot process; its start-up retries and PTB's polling backoff take real seconds"
)
async def test_sigterm_while_the_database_is_opened_exits_0(bot: Bot) -> None:
    path = bot.folder / "bot.db"
    await _migrated(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # the bot's write probe waits for this lock
    try:
        await bot.start()
        assert bot.process is not None
        pid = bot.process.pid
        if not Path(f"/proc/{pid}/fd").exists():
            pytest.skip("needs /proc to see when the process opens the database")
        await until(lambda: _has_open(pid, path) or bot.exited(), "the database opened")
        assert not bot.exited(), bot.output
        assert await bot.terminate() == 0, bot.output
    finally:
        holder.close()
    assert "Database problem" not in bot.output, bot.output
    assert_quiet(bot.output, bot.fake.token)


async def test_sigterm_while_getme_hangs_exits_0(bot: Bot) -> None:
    bot.fake.inject("getMe", "timeout", delay=60)
    await bot.start()
    await bot.fake.wait_for(lambda: bool(bot.fake.calls("getMe")), timeout=START_WAIT)
    assert await bot.terminate() == 0, bot.output
    assert_quiet(bot.output, bot.fake.token)


async def test_sigterm_while_commands_are_registered_exits_0(bot: Bot) -> None:
    bot.fake.inject("setMyCommands", "timeout", delay=60)
    await bot.start()
    await bot.fake.wait_for(lambda: bool(bot.fake.calls("setMyCommands")), timeout=START_WAIT)
    assert await bot.terminate() == 0, bot.output
    assert_quiet(bot.output, bot.fake.token)


async def test_sigterm_between_attempts_to_reach_the_api_exits_0(bot: Bot) -> None:
    bot.fake.inject("getMe", "network", times=100)
    await bot.start()
    await bot.wait_for_line("cannot reach the Bot API")
    assert await bot.terminate() == 0, bot.output
    assert_quiet(bot.output, bot.fake.token)


# Serial: the bot spends most of its 10 s promise on purpose (the replies'
# grace), so parallel neighbours' load could break a promise the bot keeps.
@pytest.mark.serial
@pytest.mark.slow(
    reason="a real bot process that waits out its real grace for hanging replies before it exits"
)
async def test_sigterm_while_replies_hang_exits_0_within_10_s(bot: Bot) -> None:
    """A reply stuck on an unresponsive Bot API does not hold the way out."""
    await bot.start()
    await bot.fake.wait_for(polling(bot.fake), timeout=START_WAIT)
    bot.fake.inject("sendMessage", "timeout", delay=60, times=1000)
    alice = bot.fake.user(901, "Алиса")
    await alice.send_private("/help")
    await bot.fake.wait_for(lambda: bool(bot.fake.calls("sendMessage")), timeout=START_WAIT)
    assert await bot.terminate(within=10) == 0, bot.output
    assert_quiet(bot.output, bot.fake.token)


# -- a database that cannot be written ----------------------------------------------------


async def _migrated(path: Path) -> None:
    store = await SqliteStore.open(path)
    await store.close()


@pytest.mark.skipif(sys.platform != "linux", reason="drops root's file override with prctl")
@pytest.mark.parametrize("read_only", ["file", "file and folder", "folder of a new file"])
@pytest.mark.parametrize("setting", ["DATABASE_PATH", "DATABASE_URL"])
async def test_database_that_cannot_be_written_stops_with_one_line(
    bot: Bot, read_only: str, setting: str
) -> None:
    folder = bot.folder / "data"
    folder.mkdir()
    path = folder / "bot.db"
    if read_only == "folder of a new file":
        folder.chmod(0o555)
    else:
        await _migrated(path)
        path.chmod(0o444)
    if read_only == "file and folder":
        folder.chmod(0o555)
    env = {"DATABASE_PATH": str(path)}
    if setting == "DATABASE_URL":
        del bot.env["DATABASE_PATH"]
        env = {"DATABASE_URL": f"sqlite:///{path}"}
    try:
        await bot.start(plain_owner=True, **env)
        code, seconds = await bot.finish(timeout=START_WAIT)
    finally:
        folder.chmod(0o755)
        if path.exists():
            path.chmod(0o644)
    assert code != 0 and seconds < 20, (code, seconds, bot.output)
    lines = bot.output.strip().splitlines()
    assert len(lines) == 1, bot.output
    assert setting in lines[0], lines[0]
    assert "write" in lines[0] and str(path) in lines[0], lines[0]
    assert "backup" not in lines[0], lines[0]  # a permission is not a damaged file
    assert_quiet(bot.output, bot.fake.token)
    assert not bot.fake.calls("getMe"), "it talked to Telegram before checking the database"


async def test_a_second_bot_is_refused_before_it_migrates_the_file(bot: Bot) -> None:
    """S12: with the file held by a running bot (its flock), a newer bot stops
    with one line and exit 2, and the file is still at its old schema."""
    path = bot.folder / "bot.db"
    with sqlite3.connect(path) as old:
        old.execute("PRAGMA user_version = 0")  # an empty database: every migration pending
    with open(path, "rb") as running:
        fcntl.flock(running.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        await bot.start()
        code, _ = await bot.finish(timeout=START_WAIT)
    assert code == 2, bot.output
    assert "another bot process uses the SQLite database" in bot.output, bot.output
    assert len(bot.output.strip().splitlines()) == 1, bot.output
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 0, "migrated under the bot"
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    assert not bot.fake.calls("getMe")


async def test_a_database_newer_than_the_code_stops_with_one_line(bot: Bot) -> None:
    """S13: after a rollback the older code meets a schema it does not know:
    one line naming both schema numbers, exit 2, before any network."""
    path = bot.folder / "bot.db"
    await _migrated(path)
    newest = len(migrations("sqlite"))
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {newest + 1}")
    await bot.start()
    code, _ = await bot.finish(timeout=START_WAIT)
    assert code == 2, bot.output
    lines = bot.output.strip().splitlines()
    assert len(lines) == 1, bot.output
    assert f"schema {newest + 1}, newer than" in lines[0], lines[0]
    assert f"(schema {newest})" in lines[0], lines[0]
    assert_quiet(bot.output, bot.fake.token)
    assert not bot.fake.calls("getMe")


def test_the_probe_writes_for_real(tmp_path: Path) -> None:
    """`BEGIN IMMEDIATE` alone succeeds on a read-only database in WAL mode;
    the probe must fail there (this holds as root too: the connection itself
    is read-only)."""
    path = tmp_path / "bot.db"
    asyncio.run(_migrated(path))
    writable = sqlite3.connect(path, isolation_level=None)
    probe_write(writable)  # no error, and nothing left behind
    assert (
        writable.execute("SELECT name FROM sqlite_master WHERE name = 'write_probe'").fetchall()
        == []
    )
    writable.close()
    read_only = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    read_only.execute("BEGIN IMMEDIATE")  # what the old check did: it passes
    read_only.execute("ROLLBACK")
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        probe_write(read_only)
    assert not read_only.in_transaction
    read_only.close()


# -- secrets at every log level -------------------------------------------------------------


@pytest.mark.slow(reason="a real bot process in webhook mode, logging at debug level")
async def test_no_secret_at_debug_level_in_webhook_mode(bot: Bot) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    await bot.start(
        LOG_LEVEL="DEBUG",
        BOT_WEBHOOK_URL="https://bot.example.org/hook",
        BOT_WEBHOOK_SECRET=WEBHOOK_SECRET,
        BOT_WEBHOOK_LISTEN="127.0.0.1",
        BOT_WEBHOOK_PORT=str(port),
    )
    await bot.fake.wait_for(lambda: bool(bot.fake.calls("setWebhook")), timeout=START_WAIT)
    await bot.wait_for_line("Application started")
    assert await bot.terminate() == 0, bot.output
    assert "setWebhook" in bot.output  # the debug line that used to print the secret
    assert_quiet(bot.output, bot.fake.token)


@pytest.mark.slow(
    reason="a real bot process; its start-up retries and PTB's polling backoff take real seconds"
)
async def test_no_token_at_debug_level_when_polling(bot: Bot) -> None:
    await bot.start(LOG_LEVEL="DEBUG")
    await bot.fake.wait_for(polling(bot.fake), timeout=START_WAIT)
    bot.fake.inject("getUpdates", "500", times=1)
    await bot.wait_for_line("getUpdates failed")
    assert await bot.terminate() == 0, bot.output
    assert "DEBUG" in bot.output
    assert_quiet(bot.output, bot.fake.token)


# -- a large POST to the webhook's port (S1) ------------------------------------------------

# Loaded into the bot's process by Python itself (a `sitecustomize` on its
# path): counts the bytes its aiohttp server takes from its sockets, which
# the kernel's buffers (up to tcp_rmem's maximum) would hide from the client.
BYTES_READ = """
import os
from aiohttp import web_protocol

_original = web_protocol.RequestHandler.data_received
_taken = [0]


def _counting(self, data):
    _taken[0] += len(data)
    path = os.environ["BYTES_READ_FILE"]
    with open(path + ".new", "w") as out:
        out.write(str(_taken[0]))
    os.replace(path + ".new", path)  # whole: the test may read it any time
    _original(self, data)


web_protocol.RequestHandler.data_received = _counting
"""
HUGE = 50_000_000
MB = 1_000_000


def resident(pid: int) -> int:
    """The process's resident memory in bytes (Linux: /proc/<pid>/status)."""
    status = Path(f"/proc/{pid}/status").read_text()
    line = next(x for x in status.splitlines() if x.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


async def post_huge(port: int, path: str) -> int | None:
    """POST 50 MB (no secret) in 64 KiB blocks until the server answers or
    closes; its status, None when it closed without one."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"POST {path} HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\n"
    writer.write(f"{head}Content-Length: {HUGE}\r\n\r\n".encode())
    answer = asyncio.ensure_future(reader.readline())
    block, sent = b"[" * 65536, 0
    try:
        while sent < HUGE and not answer.done():
            writer.write(block)
            await asyncio.wait_for(writer.drain(), 5)
            sent += len(block)
    except (ConnectionError, TimeoutError):
        pass
    try:
        line = await asyncio.wait_for(answer, 10)
    except (ConnectionError, TimeoutError):
        line = b""
    writer.close()
    return int(line.split()[1]) if line.startswith(b"HTTP/") else None


@pytest.mark.slow(reason="a real bot process sent a 50 MB body")
async def test_a_50_mb_post_costs_the_bot_process_neither_reads_nor_memory(
    bot: Bot, tmp_path: Path
) -> None:
    """Issue 58's promise, on the real `python -m bot` in webhook mode: a
    50 MB POST without the secret, to the webhook's path and to another, is
    refused having taken at most 2 MB from the socket, and the process's
    resident memory does not grow by more than a few MB."""
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(BYTES_READ)
    taken_file = tmp_path / "taken"
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    await bot.start(
        PYTHONPATH=f"{hook}{os.pathsep}{ROOT}",
        BYTES_READ_FILE=str(taken_file),
        BOT_WEBHOOK_URL="https://bot.example.org/tg/hook",
        BOT_WEBHOOK_SECRET=WEBHOOK_SECRET,
        BOT_WEBHOOK_LISTEN="127.0.0.1",
        BOT_WEBHOOK_PORT=str(port),
    )
    await bot.fake.wait_for(lambda: bool(bot.fake.calls("setWebhook")), timeout=START_WAIT)
    await bot.wait_for_line("Application started")
    assert bot.process is not None
    pid = bot.process.pid

    def taken() -> int:
        return int(taken_file.read_text()) if taken_file.exists() else 0

    # A refusal is its status, or a reset that lost it: the server closes
    # with the unread body in its socket, so the kernel resets the connection,
    # and a reset may discard the answer the client had not read yet (about
    # one post in thirty on a loaded machine). Either way nothing was read.
    statuses: list[int | None] = []
    # Warmed up first (the first request's imports and buffers), then measured.
    statuses.append(await post_huge(port, "/tg/hook"))
    assert statuses[-1] in (403, None), bot.output
    before, taken_before = resident(pid), taken()
    assert taken_before > 0, "the count runs in the bot's process"
    for path, refused in (("/tg/hook", 403), ("/somewhere/else", 404)):
        for _ in range(3):
            started = taken()
            statuses.append(await post_huge(port, path))
            assert statuses[-1] in (refused, None), bot.output
            assert taken() - started <= 2 * MB, (path, taken() - started)
    assert statuses.count(None) <= 3, f"most refusals are answered: {statuses}"
    grown = resident(pid) - before
    print(f"taken {taken() - taken_before} bytes of 6 × 50 MB; RSS grew {grown / MB:.1f} MB")
    assert grown <= 5 * MB, f"RSS grew by {grown / MB:.1f} MB"
    assert await bot.terminate() == 0, bot.output
    assert_quiet(bot.output, bot.fake.token)


# -- durability ----------------------------------------------------------------------------


@pytest.mark.parametrize(("durable", "level"), [(True, 2), (False, 1)])
async def test_a_commit_waits_for_the_disk_unless_told_otherwise(
    tmp_path: Path, durable: bool, level: int
) -> None:
    """DATABASE_SYNC=full (the default) is SQLite's synchronous=FULL (2): each
    commit is on the disk before anybody is told; normal is NORMAL (1)."""
    store = await SqliteStore.open(tmp_path / "bot.db", durable=durable)
    try:
        assert await store.driver.read("PRAGMA synchronous") == [(level,)]
    finally:
        await store.close()


def test_database_sync_defaults_to_full() -> None:
    from bot.settings import Settings

    settings = Settings(bot_token="123456:AAAAAAAAAAAA", _env_file=None)  # type: ignore[arg-type,call-arg]
    assert settings.database_sync == "full"
    assert (
        Settings(
            bot_token="123456:AAAAAAAAAAAA",  # type: ignore[arg-type]
            database_sync="NORMAL",  # type: ignore[arg-type]
            _env_file=None,  # type: ignore[call-arg]
        ).database_sync
        == "normal"
    )
