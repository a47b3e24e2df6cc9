"""Who finishes what they start (issue 68): a person's share of matches
finished among their last 20 in groups, the lobby's mark for a joiner below
80%, and the table option `reliable=N` that refuses joiners below N%.

Pure. How each outcome is known today, and what storage must add: a
finished match is a `results` row; /leave and /kick turn the seat into a
computer (`Seat.kind`), so the person's row vanishes from `results` and must
be recorded when it happens; a blocked bot and a tournament no-show set
`Seat.auto`, which the match end must read before the row is written.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

WINDOW = 20  # the last matches that count
MARK_BELOW = 80  # the lobby marks a joiner whose share is below this
OPTION = "reliable"


class Outcome(StrEnum):
    """How a person's part in a group match ended."""

    FINISHED = "finished"  # played to the end (a turn or two by the timer is still played)
    LEFT = "left"  # /leave (or /kick): a computer took the seat for good
    TAKEN_OVER = "taken_over"  # the computer played for them from some point to the end
    BLOCKED = "blocked"  # they blocked the bot and the computer played on
    NO_SHOW = "no_show"  # a tournament round they never confirmed


class Reliability(NamedTuple):
    finished: int
    counted: int  # matches in the window, at most WINDOW

    @property
    def percent(self) -> int | None:
        """Rounded down, so 79.9% is not shown as 80% and then refused at 80.
        None with no match yet: a newcomer is neither marked nor refused."""
        return None if not self.counted else 100 * self.finished // self.counted


def reliability(outcomes: Iterable[Outcome]) -> Reliability:
    """The share from outcomes newest first (more than WINDOW may be given)."""
    window = list(outcomes)[:WINDOW]
    done = sum(1 for outcome in window if outcome is Outcome.FINISHED)
    return Reliability(done, len(window))


def outcome(auto_at_end: bool, unreachable: bool, no_show: bool) -> Outcome:
    """A seat still the person's at the match's end: finished unless the
    computer played it from some point to the end (`Seat.auto`), and then why.
    A seat that /leave or /kick passed to a computer is LEFT, recorded at
    that moment: at the end the seat is no longer theirs."""
    if not auto_at_end:
        return Outcome.FINISHED
    if no_show:
        return Outcome.NO_SHOW
    return Outcome.BLOCKED if unreachable else Outcome.TAKEN_OVER


def marked(record: Reliability) -> bool:
    """Whether the lobby marks this joiner."""
    share = record.percent
    return share is not None and share < MARK_BELOW


def admitted(record: Reliability, needed: int) -> bool:
    """Whether a table with `reliable=needed` seats this person."""
    share = record.percent
    return share is None or share >= needed


def parse_reliable(value: str) -> int | None:
    """The option's value as typed after `reliable=`: a whole percent 0-100
    ("80" or "80%"); None for anything else, so the lobby can answer with
    what it takes. Read beside `turn_time` in bot/tables/lobby.py
    `read_words`, as a table setting, not a rule of the game."""
    text = value.strip().removesuffix("%").strip()
    if not (text.isascii() and text.isdecimal()) or len(text) > 3:
        return None
    percent = int(text)
    return percent if percent <= 100 else None
