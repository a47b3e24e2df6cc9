""" "Beat a hard computer" counts computers that played from the start: a
person's seat that a stand-in took over after /leave or /kick is a
computer at the match's end (bot/tables/lifecycle.py), but beating it is
not beating a computer (issue 68)."""

from __future__ import annotations

from bot.storage import Seat
from bot.storage.records import COMPUTER
from bot.tables.seasons import computer_levels


def seats() -> list[Seat]:
    ann = Seat(0, 1, "Ann")
    standin = Seat(1, -2, "🤖 Bob", kind=COMPUTER, level="hard")  # Bob left mid-match
    hard = Seat(2, -3, "🤖 Mick", kind=COMPUTER, level="hard")
    return [ann, standin, hard]


def test_a_stand_in_for_a_person_who_moved_is_no_computer_from_the_start() -> None:
    assert computer_levels(seats(), frozenset({0, 1})) == {2: "hard"}


def test_computers_nobody_moved_for_keep_their_levels() -> None:
    assert computer_levels(seats(), frozenset({0})) == {1: "hard", 2: "hard"}
