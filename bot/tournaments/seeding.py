"""The order entrants are seeded in when a tournament starts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.tournaments.entrants import TEAM
from bot.tournaments.model import Entrant


def seeded(entrants: Sequence[Entrant], ratings: Mapping[str, Sequence[float]]) -> list[Entrant]:
    """Best rated first (a team by the mean of its partners' ratings);
    the unrated, and ties, in order of registration. `ratings`: each
    person's ratings in the tournament's game, by id (none: unrated)."""
    means: dict[Entrant, float] = {}
    for entrant in entrants:
        values = [value for part in entrant.split(TEAM) for value in ratings.get(part, ())]
        if values:
            means[entrant] = sum(values) / len(values)
    order = {e: i for i, e in enumerate(entrants)}
    return sorted(entrants, key=lambda e: (e not in means, -means.get(e, 0.0), order[e]))
