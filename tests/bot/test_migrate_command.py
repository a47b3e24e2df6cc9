"""`python -m bot migrate` takes the SQLite single-process lock before it
opens the file (security review S12): while a bot holds the file it is
refused with one line, and the file is left as it was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.commands import run
from bot.settings import Settings
from bot.storage.sqlite_setup import sole_process

SETTING_NAMES = {name.upper() for name in Settings.model_fields}


@pytest.fixture
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no .env here
    for key in list(os.environ):
        if key.upper() in SETTING_NAMES:
            monkeypatch.delenv(key)
    path = tmp_path / "bot.db"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    return path


def test_migrate_is_refused_while_a_bot_holds_the_file(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    held = sole_process(database)  # as a running bot holds it
    assert held is not None
    try:
        assert run(["migrate"]) == 2
    finally:
        held.close()
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert err.startswith("migrate: another bot process uses the SQLite database"), err
    assert database.stat().st_size == 0  # not migrated under the bot


def test_migrate_migrates_a_file_nobody_holds(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["migrate"]) == 0
    out, _ = capsys.readouterr()
    assert "is migrated (schema" in out
    assert database.stat().st_size > 0
    held = sole_process(database)  # and the lock is let go
    assert held is not None
    held.close()
