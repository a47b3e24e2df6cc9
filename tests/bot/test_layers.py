"""The bot's layers, checked on its source: who may import what.

- Only bot/telegram (the edge) and the wiring (bot/app.py, bot/__main__.py) import `telegram`.
- Only bot/storage imports a database driver or writes SQL.
- The Telegram edge, handlers and wire alike, never touches storage (records
  are plain data a handler may read).
- The edge's two rooms: bot/telegram/wire never imports bot/telegram/handlers,
  and it never reaches the table service (of bot/tables it knows only the
  outbox's plain types, which its messenger implements).
- bot/view is pure: no service, no storage, no Telegram.
- bot/stats is pure: numbers from the engine's replay, ratings from the library.
- bot/tournaments is pure: pairings and standings from plain values and the
  engine's rules, so a stored tournament always gets the same next round.
- Only bot/view/charts.py draws (matplotlib), and only when asked to: nothing
  at import time, so start-up and tests that never draw stay fast.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "bot"
MODULES = sorted(BOT.rglob("*.py"))
WIRING = ("app.py", "__main__.py")  # bot/app.py and bot/__main__.py put the pieces together


def imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def package(path: Path) -> str:
    return path.relative_to(ROOT).parts[1] if len(path.relative_to(ROOT).parts) > 2 else ""


def room(path: Path) -> str:
    """The module's folder under bot/, say "telegram/wire"; "" at the top."""
    return "/".join(path.relative_to(BOT).parts[:-1])


def top(name: str) -> str:
    return name.split(".")[0]


def under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_the_bot_has_modules_to_check() -> None:
    assert {package(p) for p in MODULES} >= {"tables", "telegram", "view", "storage"}
    assert {room(p) for p in MODULES} >= {"telegram/handlers", "telegram/wire"}


def broken_rules(path: Path, found: list[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """The imports of the module at `path` (in bot/) that break a layer rule."""
    where = package(path)
    wrong = []
    for line, name in found:
        if top(name) in ("telegram", "httpx") and where != "telegram" and path.name not in WIRING:
            wrong.append((line, name, "only bot/telegram and bot/app.py talk to Telegram"))
        if top(name) in ("aiosqlite", "sqlite3", "asyncpg", "psycopg") and where != "storage":
            wrong.append((line, name, "only bot/storage talks to a database"))
        if where == "telegram" and under(name, "bot.storage") and name != "bot.storage.records":
            wrong.append((line, name, "the Telegram edge never touches storage"))
        if room(path) == "telegram/wire" and under(name, "bot.telegram.handlers"):
            wrong.append((line, name, "the wire never imports a handler"))
        if (
            room(path) == "telegram/wire"
            and under(name, "bot.tables")
            and name != "bot.tables.outbox"
        ):
            wrong.append((line, name, "the wire never reaches the table service"))
        if where == "view" and (under(name, "bot.tables") or under(name, "bot.storage")):
            wrong.append((line, name, "rendering is pure"))
        if where == "stats" and top(name) == "bot" and not under(name, "bot.stats"):
            wrong.append((line, name, "bot/stats is pure: the engine and the rating library"))
        if where == "tournaments" and top(name) == "bot" and not under(name, "bot.tournaments"):
            wrong.append((line, name, "bot/tournaments is pure: plain values and the engine"))
        if top(name) == "matplotlib" and path != BOT / "view" / "charts.py":
            wrong.append((line, name, "drawing lives in bot/view/charts.py (imported lazily)"))
    return wrong


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_who_may_import_what(path: Path) -> None:
    wrong = broken_rules(path, imports(path))
    assert not wrong, f"{path.relative_to(ROOT)}: {wrong}"


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text("import os\nfrom telegram import Bot\n", encoding="utf-8")
    assert (2, "telegram") in imports(module)


def test_the_edge_keeps_its_two_rooms_apart() -> None:
    wire = BOT / "telegram" / "wire" / "sample.py"
    handler = BOT / "telegram" / "handlers" / "sample.py"
    assert broken_rules(wire, [(1, "bot.telegram.handlers.common")])
    assert broken_rules(wire, [(1, "bot.tables.service")])
    assert not broken_rules(wire, [(1, "bot.tables.outbox"), (2, "bot.telegram.wire.limits")])
    assert not broken_rules(handler, [(1, "bot.telegram.wire.messenger"), (2, "bot.tables")])
    assert broken_rules(handler, [(1, "bot.storage.sqlite")])


def test_nothing_imports_matplotlib_until_a_chart_is_drawn() -> None:
    """The bot's modules import without loading the plotting library."""
    import subprocess
    import sys

    code = "import sys, bot.app, bot.tables, bot.view.charts; print('matplotlib' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "False"
