"""Points and the order of the table.

A place at a table is worth one point for every entrant at that table who
finished below (a four's winner 3, last 0; shared places share points); a
bye is worth a win at the round's largest table. With duplicate deals the
table is ordered by how an entrant did against the others who held the same
cards: for each seat, the mean penalty points of that seat over the round's
tables of the same size, less the entrant's own (more is better).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.tournaments.model import Entrant, Outcome, Played


@dataclass(slots=True)
class Row:
    entrant: Entrant
    points: int = 0
    played: int = 0
    wins: int = 0
    byes: int = 0
    penalties: int = 0
    # Tenths of a penalty point, so a sum of differences stays exact.
    duplicate_tenths: int = 0
    out_in_round: int = 0  # knockout: the round that ended the entrant's run
    history: list[int] = field(default_factory=list)  # points after each round

    @property
    def duplicate(self) -> float:
        return self.duplicate_tenths / 10


def place_points(outcome: Outcome) -> list[int]:
    return [sum(1 for other in outcome.places if other > mine) for mine in outcome.places]


def duplicate_tenths(outcomes: Sequence[Outcome]) -> dict[Entrant, int]:
    """Each entrant's difference, in tenths, against the round's tables of
    its size (the tables dealt the same cards); 0 for a table alone."""
    by_size: dict[int, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        by_size[len(outcome.entrants)].append(outcome)
    found: dict[Entrant, int] = {}
    for same in by_size.values():
        for seat in range(len(same[0].entrants)):
            total = sum(o.penalties[seat] for o in same)
            for outcome in same:
                # mean - own, in tenths, rounded half away from zero
                diff = 10 * total - 10 * len(same) * outcome.penalties[seat]
                found[outcome.entrants[seat]] = _round_div(diff, len(same))
    return found


def _round_div(numerator: int, denominator: int) -> int:
    sign = -1 if numerator < 0 else 1
    return sign * ((abs(numerator) * 2 + denominator) // (2 * denominator))


def table(
    entrants: Sequence[Entrant],
    played: Sequence[Played],
    duplicate: bool = False,
    knockout: bool = False,
) -> list[Row]:
    """The standings after `played`, best first. `entrants` in seed order
    breaks the last tie."""
    rows = {e: Row(e) for e in entrants}
    seeds = {e: i for i, e in enumerate(entrants)}
    for done in played:
        widest = max((len(t) for t in done.round.tables), default=2)
        for bye in done.round.byes:
            rows[bye].byes += 1
            rows[bye].points += widest - 1
        for outcome in done.outcomes:
            points = place_points(outcome)
            winner = outcome.winner(seeds)
            for i, entrant in enumerate(outcome.entrants):
                row = rows[entrant]
                row.played += 1
                row.points += points[i]
                row.penalties += outcome.penalties[i]
                if entrant == winner:
                    row.wins += 1
                elif knockout:
                    row.out_in_round = done.round.number
        if duplicate:
            for entrant, tenths in duplicate_tenths(done.outcomes).items():
                rows[entrant].duplicate_tenths += tenths
        for row in rows.values():
            row.history.append(row.points)
    return sorted(rows.values(), key=lambda r: _key(r, seeds, duplicate, knockout))


def _key(row: Row, seeds: dict[Entrant, int], duplicate: bool, knockout: bool) -> tuple[int, ...]:
    still_in = 1 if row.out_in_round == 0 else 0
    first = (-still_in, -row.out_in_round) if knockout else ()
    second = (-row.duplicate_tenths,) if duplicate else ()
    return (*first, *second, -row.points, row.penalties, -row.wins, seeds[row.entrant])


def places(rows: Sequence[Row], duplicate: bool = False, knockout: bool = False) -> list[int]:
    """Sports-style places (1, 2, 2, 4) for rows already in order: equal on
    everything that ranks them but the seed, they share."""

    def rank(row: Row) -> tuple[int, ...]:
        return _key(row, {row.entrant: 0}, duplicate, knockout)

    numbers: list[int] = []
    for i, row in enumerate(rows):
        if i and rank(row) == rank(rows[i - 1]):
            numbers.append(numbers[-1])
        else:
            numbers.append(i + 1)
    return numbers
