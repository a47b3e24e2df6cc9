"""Every message key the code asks for exists in every catalogue.

A key the catalogues lack is a `KeyError` at the moment a player taps, which
the bot answers "something went wrong" (players-review-2 S1: a tournament's
▶️ asked for `stale` after the key had been renamed `tap.stale`). The code is
read, not run, so a key on a rare path is checked as surely as a common one:
- a literal passed to `t` / `_text` (second argument) or to `refuse` (first);
- any dotted literal whose first part is an area of the catalogue
  ("tap.stale", "lobby.closed" handed around as `note_key=` and the like);
- an f-string key ("preset.{…}"): its fixed start names some key, and the
  families whose values the engine enumerates are checked value by value.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.view.i18n import LANGUAGES, catalogue
from engine.ai import levels
from engine.combos import Combo
from engine.rules import OPTIONS, Preset

ROOT = Path(__file__).resolve().parents[3]
CODE = ("bot", "tools")
DOTTED = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
# Dotted literals that are not keys although their first part is an area.
NOT_KEYS = frozenset({"chart.png"})  # the 🏁 photo's file name
# Callables whose argument at this position is a message key.
KEY_ARGUMENT = {"t": 1, "_text": 1, "refuse": 0}


def _called(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _sources() -> Iterator[tuple[str, ast.AST]]:
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(encoding="utf-8"))


Found = tuple[set[tuple[str, str]], set[tuple[str, str]]]


def keys_used(areas: frozenset[str], sources: list[tuple[str, ast.AST]] | None = None) -> Found:
    """(place, key) for every literal key and (place, fixed start) for every
    f-string key the code holds."""
    literal: set[tuple[str, str]] = set()
    prefixes: set[tuple[str, str]] = set()
    for where, tree in sources if sources is not None else _sources():
        for node in ast.walk(tree):
            position = KEY_ARGUMENT.get(_called(node) or "") if isinstance(node, ast.Call) else None
            if isinstance(node, ast.Call) and position is not None and len(node.args) > position:
                argument = node.args[position]
                place = f"{where}:{node.lineno}"
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    literal.add((place, argument.value))
                elif isinstance(argument, ast.JoinedStr):
                    first = argument.values[0] if argument.values else None
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        prefixes.add((place, first.value))
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and DOTTED.match(node.value)
                and node.value.split(".")[0] in areas
                and node.value not in NOT_KEYS
            ):
                literal.add((f"{where}:{node.lineno}", node.value))
    return literal, prefixes


def _areas() -> frozenset[str]:
    return frozenset(key.split(".")[0] for lang in LANGUAGES for key in catalogue(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_code_asks_for_is_in_the_catalogue(lang: str) -> None:
    literal, prefixes = keys_used(_areas())
    assert len(literal) > 300  # the reader found the calls (a broken walk finds none)
    keys = catalogue(lang)
    missing = sorted(f"{place} {key}" for place, key in literal if key not in keys)
    assert missing == []
    unknown = sorted(
        f"{place} {start}…"
        for place, start in prefixes
        if start and not any(key.startswith(start) for key in keys)
    )
    assert unknown == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_enumerated_family_has_every_member(lang: str) -> None:
    """The f-string keys whose values come from the engine: every value."""
    wanted = [f"preset.{preset.value}" for preset in Preset]
    wanted += [f"rules.{preset.value}" for preset in Preset]
    wanted += [f"combo.{combo.value}" for combo in Combo]
    wanted += [f"option.{name}" for name in OPTIONS]
    wanted += [f"option.about.{name}" for name in OPTIONS]
    wanted += [
        f"value.{name}.{choice}"
        for name, spec in OPTIONS.items()
        if spec.kind is str
        for choice in spec.choices or ()
    ]
    wanted += [f"level.{code}" for code in levels()]
    wanted += [f"rules_error.{code}" for code in ("unknown_option", "not_applicable")]
    keys = catalogue(lang)
    assert sorted(key for key in wanted if key not in keys) == []


def test_the_reader_catches_a_missing_key() -> None:
    """The check itself: each way of naming a key is found, S1's among them."""
    code = (
        't(lang, "stale")\n'
        'found.refuse("tap.nope", alert=False)\n'
        'close(note_key="lobby.gone")\n'
        'x = "bot.tables"\n'
        't(lang, f"nothing.{kind}")\n'
    )
    literal, prefixes = keys_used(frozenset({"tap", "lobby"}), [("x.py", ast.parse(code))])
    assert literal == {("x.py:1", "stale"), ("x.py:2", "tap.nope"), ("x.py:3", "lobby.gone")}
    assert prefixes == {("x.py:5", "nothing.")}
