"""bot/seasons is pure, like bot/stats: the engine and itself, nothing of the
bot's service, storage or Telegram, so the back-fill replays the past exactly
as a match end grants, and every worker computes the same season."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULES = sorted((ROOT / "bot" / "seasons").glob("*.py"))
ALLOWED = ("engine", "bot.seasons", "__future__")


def test_the_seasons_package_imports_only_the_engine_and_itself() -> None:
    assert len(MODULES) >= 5
    wrong = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top in sys.stdlib_module_names and top not in ("sqlite3", "asyncio"):
                    continue
                if not any(name == a or name.startswith(a + ".") for a in ALLOWED):
                    wrong.append((path.name, name))
    assert wrong == []


def test_every_module_is_small() -> None:
    for path in [*MODULES, ROOT / "bot" / "view" / "seasons.py"]:
        assert len(path.read_text(encoding="utf-8").splitlines()) < 450, path.name
