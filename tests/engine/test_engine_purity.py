"""The engine stays pure: rules and AI only, no command line, processes, I/O or Telegram.

Every module under engine/ is read with `ast` (not imported), so an import
hidden in a function or behind a flag is found as well as one at the top.
The tooling that needs such modules lives in tools/, and the engine must
not import that either.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"

FORBIDDEN = (
    "argparse",
    "multiprocessing",
    "concurrent.futures",
    "asyncio",
    "sqlite3",
    "aiosqlite",
    "telegram",
    "tools",
    "bot",
)


def is_forbidden(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in FORBIDDEN)


def imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, dotted name) of every module an `import` or `from ... import` names.

    `from a import b` yields both `a` and `a.b`, since `b` may be a module
    (`from concurrent import futures`). Relative imports stay inside the
    engine and are skipped.
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
    return found


def engine_modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_the_walk_sees_the_whole_engine() -> None:
    names = {path.relative_to(ENGINE).as_posix() for path in engine_modules()}
    assert {"__init__.py", "game.py", "view.py", "ai/__init__.py", "ai/players/hard.py"} <= names


@pytest.mark.parametrize(
    "source",
    [
        "import argparse",
        "import concurrent.futures as cf",
        "from concurrent import futures",
        "from concurrent.futures import ProcessPoolExecutor",
        "def f():\n    import asyncio",
        "import sqlite3, json",
        "from telegram.ext import Application",
        "from tools.cli import main",
    ],
)
def test_the_check_finds_forbidden_imports(source: str) -> None:
    assert any(is_forbidden(name) for _, name in imported_modules(ast.parse(source)))


@pytest.mark.parametrize(
    "source",
    ["import json", "from concurrent import interpreters", "from engine.tools_x import y"],
)
def test_the_check_lets_other_imports_pass(source: str) -> None:
    assert not any(is_forbidden(name) for _, name in imported_modules(ast.parse(source)))


def test_no_engine_module_imports_tooling_io_or_telegram() -> None:
    offences = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in engine_modules()
        for line, name in imported_modules(ast.parse(path.read_text(), str(path)))
        if is_forbidden(name)
    ]
    assert offences == [], "the engine must stay pure:\n" + "\n".join(offences)


def test_importing_the_engine_and_its_ai_loads_none_of_them() -> None:
    """Also at run time: nothing the engine imports drags one of them in."""
    code = (
        "import sys, engine, engine.ai\n"
        f"bad = {FORBIDDEN!r}\n"
        "print(sorted(m for m in sys.modules if any(m == b or m.startswith(b + '.') for b in bad)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
