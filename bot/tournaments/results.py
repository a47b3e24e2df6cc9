"""A round's table as the tournament reads it: the outcome built from the
results stored with its match (or a void one for a table closed without a
result), and who goes on and who is out after a knockout round."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.tournaments.model import Entrant, Outcome, Played


def outcome_of(entrants: Sequence[Entrant], rows: Iterable[tuple[int, int, int]]) -> Outcome:
    """The table's outcome from its stored results (side, place, penalties),
    side i being the round's entrant i. A team's two rows agree, so the first
    row of a side counts; a side without a row is last, with no penalties."""
    by_side: dict[int, tuple[int, int]] = {}
    for side, place, penalties in rows:
        by_side.setdefault(side, (place, penalties))
    missing = (len(entrants), 0)
    sides = range(len(entrants))
    return Outcome(
        tuple(entrants),
        tuple(by_side.get(i, missing)[0] for i in sides),
        tuple(by_side.get(i, missing)[1] for i in sides),
    )


def void(entrants: Sequence[Entrant]) -> Outcome:
    """A table closed without a result: nobody gains at it (all share first
    place, no penalties)."""
    count = len(entrants)
    return Outcome(tuple(entrants), (1,) * count, (0,) * count)


def knockout_split(played: Played, seeds: Sequence[Entrant]) -> tuple[list[Entrant], list[Entrant]]:
    """After a knockout round: who goes on (each table's winner, then the
    byes) and who is out, in table order. `seeds`: the entrants, best first."""
    rank = {e: i for i, e in enumerate(seeds)}
    winners = [o.winner(rank) for o in played.outcomes]
    out = [e for o, w in zip(played.outcomes, winners, strict=True) for e in o.entrants if e != w]
    return winners + list(played.round.byes), out
