"""The crowd's tables and people as its measures see them, a measured window
of a load run, and what a measure hears (bench/load.py).

The crowd (bench/crowd.py) counts what happens in a window and tells each
measure (bench/measures.py, bench/cost.py) what it sees: an update handed to
the bot, a request, a tap, a turn shown, a match ended. A measure keeps its
own results by window, because a window's late results (a hand-off, the
update a table was waiting on) come in after the window ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from testing.fake_telegram import FakeUser

if TYPE_CHECKING:
    from bot.view import callbacks


# -- the people --------------------------------------------------------------------------------


@dataclass
class Person:
    user: FakeUser
    table: Table
    done: tuple[int, int, str] = (-1, -1, "")  # (table id, version, "s" or "p"): the last tap
    looking: bool = False  # a look at the hand is due


@dataclass
class Table:
    number: int
    group_id: int
    people: list[Person] = field(default_factory=list)
    stage: str = "setup"  # setup, new, join, start, play
    lobby_id: int | None = None
    lobby_version: int = -1
    joined: int = 0  # guests who tapped "join" in this lobby
    added: int = 0  # computers asked for with /addbot in this lobby
    step: str = ""  # the seat the lobby's redraw is awaited for: "join" or "computer"
    progress: float = 0.0  # the last update handed over, request made or tap
    unanswered: set[str] = field(default_factory=set)  # taps the bot has not answered yet


@dataclass
class Window:
    """A measured stretch of the run; the crowd counts what happens in it."""

    name: str
    started: float = 0.0
    ended: float = 0.0
    updates: int = 0  # handed to the bot
    taps: int = 0  # every tap, lobby and card picks too
    move_taps: int = 0
    matches: int = 0

    @property
    def seconds(self) -> float:
        return max(self.ended - self.started, 1e-9)


@dataclass(frozen=True)
class Request:
    """A Bot API request the fake admitted, as the measures see it."""

    method: str
    table: Table | None
    chat_id: int | None
    query_id: str | None  # answerCallbackQuery's
    arrived: float


@dataclass(frozen=True)
class Turn:
    """Move buttons shown to `chat_id` (`payload`: the first) by the request
    `how` that arrived at `arrived`."""

    table: Table
    chat_id: int
    payload: callbacks.Play | callbacks.Select
    how: str
    arrived: float


class Measure:
    """A measure (bench/measures.py): what it hears of the crowd and of a
    window, and what it reports of a window. Each hook does nothing unless
    overridden."""

    name = ""

    async def begin(self, window: Window) -> None:
        """A window starts."""

    async def end(self, window: Window) -> None:
        """A window ends (its late results may still come in)."""

    def summary(self, window: Window) -> dict[str, Any]:
        return {}

    @staticmethod
    def lines(summary: dict[str, Any]) -> list[str]:
        """The report's lines for a window's summary."""
        return []

    def prune(self, before: float) -> None:
        """Forget what began before `before` and never finished."""

    def handed(
        self, table: Table, update: dict[str, Any], now: float, window: Window | None
    ) -> None:
        """An update of `table` was handed to the bot."""

    def request(self, request: Request, window: Window | None) -> None:
        """The bot made an admitted request (getUpdates too, with no table)."""

    def tapped(
        self, person: Person, query_id: str, move: tuple[int, int] | None, window: Window | None
    ) -> None:
        """`person` tapped; `move` = (table id, version) when it was a move."""

    def turn_shown(self, turn: Turn) -> None:
        """A request of the bot showed a person move buttons."""

    def match_ended(self, table: Table) -> None: ...
