"""A person's record from their results: what /stats shows. Pure: plain
numbers in (one `Played` per match, oldest first), plain numbers out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple


class Played(NamedTuple):
    game: str
    place: int
    penalties: int
    deals: int
    deals_won: int


class Record(NamedTuple):
    matches: int
    wins: int  # first places, shared ones included
    deals: int
    deals_won: int
    penalties: int
    best_streak: int  # the most wins in a row
    favourite: str | None  # the game played most (the latest of equals)

    @property
    def deal_win_rate(self) -> float:
        return self.deals_won / self.deals if self.deals else 0.0

    @property
    def penalty_per_deal(self) -> float:
        return self.penalties / self.deals if self.deals else 0.0


def record(played: Sequence[Played]) -> Record:
    streak = best = 0
    for match in played:
        streak = streak + 1 if match.place == 1 else 0
        best = max(best, streak)
    counts = Counter(match.game for match in played)
    latest = {match.game: index for index, match in enumerate(played)}
    favourite = max(counts, key=lambda game: (counts[game], latest[game])) if counts else None
    return Record(
        matches=len(played),
        wins=sum(1 for match in played if match.place == 1),
        deals=sum(match.deals for match in played),
        deals_won=sum(match.deals_won for match in played),
        penalties=sum(match.penalties for match in played),
        best_streak=best,
        favourite=favourite,
    )
