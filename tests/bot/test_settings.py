"""Start-up settings and logs: a bad setting stops `python -m bot` with one line that
names it (exit code 2, no traceback), the token is never printed, and a broken
database stops the bot before it talks to any network.

Every `python -m bot` case runs as a subprocess with a clean environment and
its own empty working folder (so no `.env` is read); the cases are started all
at once by a module fixture and checked one by one.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import random
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite
import aiosqlite.core
import pytest

from bot.logs import MARK, RedactingStream, Redactor, RedactSecrets, secrets_of, setup_logging
from bot.settings import Settings, load_settings
from bot.storage import StorageError, open_store, parse_database_url
from bot.storage.sqlite import SqliteStore

REPO = Path(__file__).resolve().parents[2]
TOKEN = "5123456789:AAHsecret-Token_value-never-to-be-printed"
GARBAGE = random.Random(7).randbytes(8192)
SETTING_NAMES = {name.upper() for name in Settings.model_fields}


@dataclass
class Case:
    env: dict[str, str]
    names: str  # the setting (or word) the one line must mention
    prepare: Callable[[Path], None] | None = None
    # filled in by the fixture
    folder: Path = field(default_factory=Path)
    returncode: int = 0
    stdout: str = ""
    stderr: str = ""


def _write_env_file(folder: Path) -> None:
    (folder / ".env").write_text(f"BOT_TOKEN={TOKEN}\nLOG_LEVEL=chatty\n", encoding="utf-8")


def _garbage_database(folder: Path) -> None:
    (folder / "bot.db").write_bytes(GARBAGE)


def cases(port: int) -> dict[str, Case]:
    api = f"http://127.0.0.1:{port}/bot"
    good = {"BOT_TOKEN": TOKEN, "BOT_API_URL": api}
    return {
        "missing token": Case({}, "BOT_TOKEN"),
        "malformed token": Case({"BOT_TOKEN": "not-a-token"}, "BOT_TOKEN"),
        "bad log level": Case({**good, "LOG_LEVEL": "verbose"}, "LOG_LEVEL"),
        "turn timeout not a number": Case({**good, "TURN_TIMEOUT": "soon"}, "TURN_TIMEOUT"),
        "database folder missing": Case(
            {**good, "DATABASE_PATH": "no/such/folder/bot.db"}, "no/such/folder"
        ),
        "database is garbage": Case(
            {**good, "DATABASE_PATH": "bot.db"}, "bot.db", _garbage_database
        ),
    }


@pytest.fixture(scope="module")
def listener() -> Iterator[socket.socket]:
    """A local port nobody answers on: the bot must not connect to it."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.setblocking(False)
    try:
        yield sock
    finally:
        sock.close()


@pytest.fixture(scope="module")
def results(listener: socket.socket, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Case]:
    found = cases(listener.getsockname()[1])
    running: list[tuple[Case, subprocess.Popen[str]]] = []
    for name, case in found.items():
        case.folder = tmp_path_factory.mktemp(name.replace(" ", "_").replace(".", ""))
        if case.prepare is not None:
            case.prepare(case.folder)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(REPO)}
        env.update(case.env)
        process = subprocess.Popen(
            [sys.executable, "-m", "bot"],
            cwd=case.folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        running.append((case, process))
    for case, process in running:
        try:
            # Generous: a dozen interpreters importing PTB at once on a loaded
            # 2-core machine took over a minute; only a hang should fail here.
            case.stdout, case.stderr = process.communicate(timeout=180)
        except subprocess.TimeoutExpired:
            process.kill()
            case.stdout, case.stderr = process.communicate()
            case.returncode = -9
            continue
        case.returncode = process.returncode
    return found


CASE_NAMES = list(cases(1))


@pytest.mark.parametrize("name", CASE_NAMES)
def test_bad_setting_stops_with_one_line(name: str, results: dict[str, Case]) -> None:
    case = results[name]
    assert case.returncode == 2, (case.returncode, case.stderr)
    assert "Traceback" not in case.stderr, case.stderr
    lines = case.stderr.strip().splitlines()
    assert len(lines) == 1, case.stderr
    assert case.names in lines[0], lines[0]
    assert case.stdout == ""
    assert TOKEN not in case.stderr
    assert TOKEN.split(":")[1] not in case.stderr


async def test_database_that_cannot_be_opened_leaves_nothing_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stops: list[asyncio.Future[object] | None] = []
    original = aiosqlite.core.Connection.stop

    def stop(self: aiosqlite.Connection) -> asyncio.Future[object] | None:
        future = original(self)
        stops.append(future)
        return future

    monkeypatch.setattr(aiosqlite.core.Connection, "stop", stop)
    (tmp_path / "bot.db").mkdir()
    with pytest.raises(StorageError):
        await SqliteStore.open(tmp_path / "bot.db")
    # Checked before this task yields: whatever open() started, it finished.
    assert all(future is None or future.done() for future in stops), f"not awaited: {stops}"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("TURN_TIMEOUT", "5"),
        ("TURN_TIMEOUT", "100000"),
        ("BOT_API_URL", "ftp://example.org/bot"),
        ("DEFAULT_LANGUAGE", "de"),
        ("RATE_LIMIT_GROUP", "0"),
        ("BOT_TOKEN", "123456:"),
        ("BOT_TOKEN", " "),
        ("DATABASE_URL", "burkozel.db"),
        ("DATABASE_URL", "mysql://db.example/bot"),
        ("DATABASE_URL", "sqlite://"),
        ("DATABASE_URL", "sqlite:///"),
        ("HTTP_CLIENT", "curl"),
        ("DATABASE_LOCKS", "0"),
    ],
)
def test_every_setting_is_validated_by_name(
    name: str,
    value: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    for key in list(os.environ):
        if key.upper() in SETTING_NAMES:
            monkeypatch.delenv(key)
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as stopped:
        load_settings()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and name in err, err
    assert TOKEN not in err


def test_a_bad_value_in_dot_env_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for key in list(os.environ):
        if key.upper() in SETTING_NAMES:
            monkeypatch.delenv(key)
    _write_env_file(tmp_path)
    with pytest.raises(SystemExit) as stopped:
        load_settings()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [err.strip()] and "LOG_LEVEL" in err
    assert TOKEN not in err


WEBHOOK = "https://bot.example.org/tg/hook"


@pytest.mark.parametrize(
    ("secret", "why"),
    [
        ("x", "too short (1 characters)"),
        ("A" * 31, "too short (31 characters)"),
        ("A" * 257, "must be up to 256 characters"),
        ("A" * 31 + " ", "must be up to 256 characters"),
    ],
    ids=["one-character", "31-characters", "257-characters", "a-space"],
)
def test_a_short_or_malformed_webhook_secret_stops_the_start_with_one_line(
    secret: str,
    why: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """N16: the secret is all that tells Telegram's posts from forged ones,
    and guessing costs a request a try: at least 32 characters."""
    monkeypatch.chdir(tmp_path)
    for key in list(os.environ):
        if key.upper() in SETTING_NAMES:
            monkeypatch.delenv(key)
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("BOT_WEBHOOK_URL", WEBHOOK)
    monkeypatch.setenv("BOT_WEBHOOK_SECRET", secret)
    with pytest.raises(SystemExit) as stopped:
        load_settings()
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [err.strip()], err
    assert err.startswith("Setting BOT_WEBHOOK_SECRET is invalid: " + why), err
    assert "Value error" not in err and secret.strip() not in err


def test_a_webhook_secret_of_32_characters_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for key in list(os.environ):
        if key.upper() in SETTING_NAMES:
            monkeypatch.delenv(key)
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    monkeypatch.setenv("BOT_WEBHOOK_URL", WEBHOOK)
    for secret in ("aZ09_-" * 5 + "xy", "s" * 256):
        monkeypatch.setenv("BOT_WEBHOOK_SECRET", secret)
        settings = load_settings()
        assert settings.bot_webhook_secret is not None
        assert settings.bot_webhook_secret.get_secret_value() == secret


@pytest.mark.parametrize(
    ("environment", "scheme", "path"),
    [
        ({}, "sqlite", Path("burkozel.db")),
        ({"DATABASE_PATH": "data/old.db"}, "sqlite", Path("data/old.db")),
        ({"DATABASE_URL": "sqlite:///games.db"}, "sqlite", Path("games.db")),
        ({"DATABASE_URL": "SQLite:///sub/games.db"}, "sqlite", Path("sub/games.db")),
        ({"DATABASE_URL": "sqlite:////srv/bot/games.db"}, "sqlite", Path("/srv/bot/games.db")),
        (
            {"DATABASE_URL": "sqlite:////srv/url.db", "DATABASE_PATH": "path.db"},
            "sqlite",
            Path("/srv/url.db"),
        ),
    ],
)
def test_the_database_comes_from_database_url_then_database_path(
    environment: dict[str, str],
    scheme: str,
    path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    for key in list(os.environ):
        if key.upper() in SETTING_NAMES:
            monkeypatch.delenv(key)
    monkeypatch.setenv("BOT_TOKEN", TOKEN)
    for key, value in environment.items():
        monkeypatch.setenv(key, value)
    settings = load_settings()
    database = settings.database()
    assert (database.scheme, database.path) == (scheme, path)
    assert settings.http_client == "httpx", "PTB's own client unless asked"
    assert settings.use_cache(), "SQLite keeps its copies in memory unless told"


async def test_database_url_opens_the_file_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    relative = await open_store(parse_database_url("sqlite:///data/rel.db"))
    await relative.close()
    absolute = await open_store(parse_database_url(f"sqlite:///{tmp_path}/abs.db"), cache=False)
    await absolute.close()
    assert (tmp_path / "data" / "rel.db").is_file() and (tmp_path / "abs.db").is_file()
    assert not (tmp_path / "burkozel.db").exists()


def test_good_settings_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for key in list(os.environ):
        if key.upper() in SETTING_NAMES:
            monkeypatch.delenv(key)
    monkeypatch.setenv("BOT_TOKEN", f"  {TOKEN} ")
    monkeypatch.setenv("log_level", "debug")
    settings = load_settings()
    assert settings.bot_token.get_secret_value() == TOKEN
    assert settings.log_level == "DEBUG"
    assert TOKEN not in repr(settings) and TOKEN not in str(settings.model_dump())


def test_no_network_before_the_database_is_checked(
    results: dict[str, Case], listener: socket.socket
) -> None:
    assert all(case.returncode == 2 for case in results.values())
    with pytest.raises(BlockingIOError):
        connection, _ = listener.accept()
        connection.close()


def test_a_broken_database_is_left_as_it_was(results: dict[str, Case]) -> None:
    assert (results["database is garbage"].folder / "bot.db").read_bytes() == GARBAGE
    assert not (results["database folder missing"].folder / "no").exists()


def test_setting_names_are_upper_case_and_errors_are_worded(results: dict[str, Case]) -> None:
    assert results["missing token"].stderr.strip() == (
        "Setting BOT_TOKEN is required (put it in .env or the environment)."
    )
    for name in ("bad log level", "turn timeout not a number", "malformed token"):
        assert results[name].stderr.startswith("Setting "), results[name].stderr
        assert " is invalid: " in results[name].stderr


# -- logs --------------------------------------------------------------------------------------


@pytest.fixture
def log_output() -> Iterator[io.StringIO]:
    """`setup_logging` as `python -m bot` calls it, writing into a buffer; restored after."""
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    streams = (sys.stdout, sys.stderr)
    quiet = {name: logging.getLogger(name).level for name in ("httpx", "httpcore")}
    setup_logging("DEBUG", secrets=[TOKEN])
    buffer = io.StringIO()
    (handler,) = root.handlers
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(buffer)
    try:
        yield buffer
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
        sys.stdout, sys.stderr = streams
        logging.captureWarnings(False)
        for name, old in quiet.items():
            logging.getLogger(name).setLevel(old)


def record(msg: str, *args: object) -> logging.LogRecord:
    return logging.LogRecord("telegram.ext", logging.INFO, __file__, 1, msg, args, None)


def test_redact_secrets_in_message_and_arguments() -> None:
    redact = RedactSecrets([TOKEN, ""])
    for item in (
        record(f"POST https://api.telegram.org/bot{TOKEN}/getMe"),
        record("POST https://api.telegram.org/bot%s/getMe", TOKEN),
        record("%s and %r", TOKEN, {"token": TOKEN}),
    ):
        assert redact.filter(item) is True  # redacted, never dropped
        message = item.getMessage()
        assert TOKEN not in message and MARK in message
    untouched = record("nothing secret: %d", 5)
    assert redact.filter(untouched) and untouched.getMessage() == "nothing secret: 5"


def test_token_never_reaches_the_log(log_output: io.StringIO) -> None:
    log = logging.getLogger("bot.test")
    log.info("calling https://api.telegram.org/bot%s/getUpdates", TOKEN)
    log.warning(f"token {TOKEN} in the message itself")
    logging.getLogger("telegram.ext.Updater").debug("url=%r", f"/bot{TOKEN}/getMe")
    text = log_output.getvalue()
    assert text.count(MARK) == 3, text
    assert TOKEN not in text


def test_the_part_after_the_colon_and_the_webhook_secret_are_redacted() -> None:
    """The bot id before the colon is public; the rest of the token is the
    secret, and it is redacted wherever it shows, alone or in the token."""
    tail = TOKEN.partition(":")[2]
    redact = RedactSecrets(secrets_of(TOKEN, "hook-secret-123"))
    item = record("tail %s, token %s, hook %s", tail, TOKEN, "hook-secret-123")
    redact.filter(item)
    assert item.getMessage() == f"tail {MARK}, token {MARK}, hook {MARK}"


def test_httpx_debug_lines_are_redacted_when_shown(log_output: io.StringIO) -> None:
    tail = TOKEN.partition(":")[2]
    logging.getLogger("httpx").setLevel(logging.DEBUG)
    logging.getLogger("httpcore").setLevel(logging.DEBUG)
    logging.getLogger("httpx").debug("GET https://api.telegram.org/bot%s/getMe", TOKEN)
    logging.getLogger("httpcore.connection").debug("url=/bot123:%s/getUpdates", tail)
    text = log_output.getvalue()
    assert text.count(MARK) == 2 and tail not in text, text


def test_what_bypasses_the_log_is_redacted_too() -> None:
    """A traceback Python prints itself goes straight to stderr: the stream is
    wrapped as well."""
    buffer = io.StringIO()
    stream = RedactingStream(buffer, Redactor(secrets_of(TOKEN)))
    print(f"Traceback ... InvalidToken: The token `{TOKEN}` was rejected", file=stream)
    assert TOKEN.partition(":")[2] not in buffer.getvalue()
    assert "was rejected" in buffer.getvalue()


def test_token_in_a_logged_exception_is_redacted(log_output: io.StringIO) -> None:
    log = logging.getLogger("bot.test")
    try:
        raise ConnectionError(f"cannot reach https://api.telegram.org/bot{TOKEN}/getMe")
    except ConnectionError:
        log.exception("polling failed")
    assert "polling failed" in log_output.getvalue()
    assert TOKEN not in log_output.getvalue()


def test_httpx_request_lines_are_silenced(log_output: io.StringIO) -> None:
    for name in ("httpx", "httpcore"):
        assert not logging.getLogger(name).isEnabledFor(logging.INFO)
    logging.getLogger("httpx").info(
        'HTTP Request: POST https://api.telegram.org/bot%s/getUpdates "HTTP/1.1 200 OK"', TOKEN
    )
    logging.getLogger("httpcore.http11").debug("send_request_headers.started")
    logging.getLogger("httpx").warning("a warning still shows")
    text = log_output.getvalue()
    assert "HTTP Request" not in text and "send_request_headers" not in text
    assert "a warning still shows" in text
    # The bot's own debug lines do show at DEBUG.
    logging.getLogger("bot.tables").debug("table 1: redrawn")
    assert "table 1: redrawn" in log_output.getvalue()


def test_the_collector_is_tuned_for_a_long_running_bot() -> None:
    """What start-up made is frozen out of the collector's sight and young
    objects are collected less often (see `bot.__main__.tune_gc`)."""
    import gc

    from bot.__main__ import GC_THRESHOLDS, tune_gc

    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert GC_THRESHOLDS[0] > before[0]
        assert gc.get_freeze_count() > 1000
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
