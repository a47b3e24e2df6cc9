"""The plain values every part of a tournament passes around."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Entrant = str


@dataclass(frozen=True, slots=True)
class Round:
    """One round: its tables (entrants in seat order) and who sits it out."""

    number: int  # 1-based
    tables: tuple[tuple[Entrant, ...], ...]
    byes: tuple[Entrant, ...] = ()

    def entrants(self) -> tuple[Entrant, ...]:
        return tuple(e for table in self.tables for e in table) + self.byes


@dataclass(frozen=True, slots=True)
class Outcome:
    """One table's result, entrants in the seat order of their table.

    `places` are 1 for the best, shared places allowed (1, 2, 2, 4);
    `penalties` the penalty points each side finished with (fewer is better).
    """

    entrants: tuple[Entrant, ...]
    places: tuple[int, ...]
    penalties: tuple[int, ...]

    def __post_init__(self) -> None:
        if not len(self.entrants) == len(self.places) == len(self.penalties):
            raise ValueError("an outcome needs a place and penalties for every entrant")

    def winner(self, seeds: dict[Entrant, int]) -> Entrant:
        """The best place; fewer penalties, then the better seed, break a tie."""
        best = min(
            range(len(self.entrants)),
            key=lambda i: (
                self.places[i],
                self.penalties[i],
                seeds.get(self.entrants[i], len(seeds)),
            ),
        )
        return self.entrants[best]


@dataclass(frozen=True, slots=True)
class Played:
    """A finished round: the round and one outcome per table, in table order."""

    round: Round
    outcomes: tuple[Outcome, ...]

    def __post_init__(self) -> None:
        if len(self.outcomes) != len(self.round.tables):
            raise ValueError("a played round needs one outcome per table")
        for table, outcome in zip(self.round.tables, self.outcomes, strict=True):
            if tuple(table) != outcome.entrants:
                raise ValueError("an outcome's entrants are its table's, in seat order")


def round_to_json(round_: Round) -> dict[str, object]:
    return {
        "number": round_.number,
        "tables": [list(t) for t in round_.tables],
        "byes": list(round_.byes),
    }


def round_from_json(data: dict[str, Any]) -> Round:
    return Round(
        int(data["number"]),
        tuple(tuple(str(e) for e in t) for t in data["tables"]),
        tuple(str(e) for e in data.get("byes", ())),
    )


def outcome_to_json(outcome: Outcome) -> dict[str, object]:
    return {
        "entrants": list(outcome.entrants),
        "places": list(outcome.places),
        "penalties": list(outcome.penalties),
    }


def outcome_from_json(data: dict[str, Any]) -> Outcome:
    return Outcome(
        tuple(str(e) for e in data["entrants"]),
        tuple(int(p) for p in data["places"]),
        tuple(int(p) for p in data["penalties"]),
    )
