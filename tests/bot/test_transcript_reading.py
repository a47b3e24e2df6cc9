"""The golden transcripts read as a player reads them (issue 67): every trick
line's named cards add up to its points (or the line says what is hidden);
every answer prompt at a table of 3–4 names the card to beat; no prompt names
a button its keyboard lacks.

These read tests/bot/golden/*.json, which tests/bot/test_transcript.py
records and keeps up to date, so they hold for what the bot really sent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.view.cards import BEAT_MARK, FACE_DOWN
from bot.view.i18n import LANGUAGES, plain, t

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("transcript_*.json"))
POINTS = {"A": 11, "Т": 11, "10": 10, "K": 4, "К": 4, "Q": 3, "Д": 3, "J": 2, "В": 2}
CARD = re.compile(r"(10|[6-9JQKAВДКТ])[♠♥♦♣]")
TRICK_LINE = re.compile(r"^✅ \d+\. ")


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _versions(data: dict[str, Any], private: bool | None = None) -> Iterator[dict[str, Any]]:
    for label, entries in data["chats"].items():
        if private is not None and label.startswith("private") != private:
            continue
        for entry in entries:
            yield from entry.get("versions", ())


def _points(text: str) -> int:
    return sum(POINTS.get(rank, 0) for rank in CARD.findall(text.replace("\ufe0f", "")))


def _labels(version: dict[str, Any]) -> list[str]:
    return [str(button[0]) for row in version["buttons"] for button in row]


def _prompts(version: dict[str, Any]) -> list[str]:
    return [line for line in version["text"].splitlines() if line.startswith("👉")]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_trick_line_adds_up_to_its_points(path: Path) -> None:
    """ "✅ 1. Берёт Аня (Т♥️) — 24 очка: Т♥️ Т♦️ В♣️": the cards after the
    points are what they are made of. Face-down cards are not counted until
    the deal is scored, and the line names them ("(+ 🎴 в закрытую)")."""
    wrong, seen = [], 0
    for version in _versions(_load(path)):
        for line in version["text"].splitlines():
            if not TRICK_LINE.match(line):
                continue
            seen += 1
            found = re.search(r" — (\d+) [^:(]*(?:: ([^(]*))?", line)
            assert found is not None, line
            points, named = int(found.group(1)), found.group(2) or ""
            if _points(named) != points:
                wrong.append(line)
    assert seen > 0
    assert wrong == []


def _answer_markers() -> list[tuple[str, str]]:
    """(before, after) the cards to beat in each language's answer prompts:
    the group's "👉 Отвечает Аня: побить " and the hand's "👉 Ваш ответ на "."""
    found = []
    for lang in LANGUAGES:  # the hand's first: its line may hold the group's words
        hand = t(lang, "hand.tap_answer", target="\x01", need=1, beat="yes", several="no")
        found.append((plain(hand).split("\x01")[0], "hand"))
        picking = t(lang, "hand.your_answer", target="\x01", need=1)  # with ✋
        found.append((plain(picking).split("\x01")[0], "hand"))
    for lang in LANGUAGES:
        group = plain(t(lang, "live.turn_answer", name="\x00", target="\x01", need=1))
        found.append((group.split("\x00")[1].split("\x01")[0], "group"))
    return found


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_answer_prompt_names_the_cards_to_beat(path: Path) -> None:
    data = _load(path)
    players = len(data["case"]["people"]) + int(data["case"]["computers"])
    markers = _answer_markers()
    missing, seen = [], 0
    for version in _versions(data):
        for line in _prompts(version):
            for marker, where in markers:
                at = line.find(marker)
                if at < 0 or (where == "hand" and at != 0):
                    continue
                seen += 1
                rest = line[at + len(marker) :].replace("\ufe0f", "")
                if not CARD.match(rest):
                    missing.append(line)
                elif players >= 3 and "(" not in rest.split(":")[0]:
                    missing.append(line)  # whose cards: "Д♣️★ (Олеся)"
                break
    assert seen > 0
    assert missing == []


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_no_prompt_names_a_button_its_keyboard_lacks(path: Path) -> None:
    manual = {str(t(lang, "button.manual")) for lang in LANGUAGES}
    wrong, seen = [], 0
    for version in _versions(_load(path), private=True):
        labels = _labels(version)
        for line in _prompts(version):
            seen += 1
            for label in manual:
                if label in line and label not in labels:
                    wrong.append(f"{line} / {labels}")
            if BEAT_MARK in line and not any(x.startswith(BEAT_MARK) for x in labels):
                wrong.append(f"{line} / {labels}")
    assert seen > 0
    assert wrong == []


def test_the_checks_catch_what_they_are_for() -> None:
    assert _points("Т♥️ 10♦️ В♣️★") == 23
    assert _points("7♣️★ 9♣️★") == 0
    assert not CARD.match("1 карту")
    assert FACE_DOWN not in "".join(m for m, _ in _answer_markers())
