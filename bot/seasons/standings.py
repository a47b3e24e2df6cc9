"""A season's standings and its finale's content (issue 68), from plain rows:
per group, game and player, the season's matches and wins (what a
`season_standings` summary row holds, written with a match's results the way
`standings` is for /top today), and the achievements earned in the season.

Ratings run on across seasons and are not here: a season is ranked by wins.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from bot.seasons.achievements import RARITY

BOARD_SIZE = 10
NOTABLE = 3  # moments a finale tells at most


class SeasonRow(NamedTuple):
    game: str
    player: str  # 'u:<id>' or 'cpu:<level>', as `results.player`
    name: str
    level: str | None  # a computer's level; None for a person
    matches: int
    wins: int


def _order(row: SeasonRow) -> tuple[int, int, str]:
    """More wins first; the same wins in fewer matches next; then a stable key."""
    return (-row.wins, row.matches, row.player)


def boards(rows: Iterable[SeasonRow], size: int = BOARD_SIZE) -> dict[str, tuple[SeasonRow, ...]]:
    """Per game played this season, its best `size` rows, best first; games
    in the order of their most matches (the group's main game first)."""
    by_game: dict[str, list[SeasonRow]] = {}
    for row in rows:
        if row.matches > 0:
            by_game.setdefault(row.game, []).append(row)
    played = sorted(by_game, key=lambda g: (-max(r.matches for r in by_game[g]), g))
    return {game: tuple(sorted(by_game[game], key=_order)[:size]) for game in played}


def champions(rows: Iterable[SeasonRow]) -> dict[str, tuple[SeasonRow, ...]]:
    """Per game, the people with the most wins (fewest matches breaking a
    tie; still equal, they share the title). A game that no person won a
    match of this season has no champion; a computer is never one."""
    found: dict[str, tuple[SeasonRow, ...]] = {}
    for game, board in boards(rows, size=10**9).items():
        people = [row for row in board if row.level is None and row.wins > 0]
        if people:
            best = _order(people[0])[:2]
            found[game] = tuple(row for row in people if _order(row)[:2] == best)
    return found


class Moment(NamedTuple):
    """An achievement earned in the season, by whom."""

    name: str
    achievement: str
    earned_at: float


def notable(moments: Iterable[Moment], limit: int = NOTABLE) -> tuple[Moment, ...]:
    """The season's rarest moments, the earliest first among equals; the
    first win and the ten matches are everybody's and never told here."""
    common = {"first_win", "regular"}
    kept = [m for m in moments if m.achievement in RARITY and m.achievement not in common]
    return tuple(sorted(kept, key=lambda m: (RARITY[m.achievement], m.earned_at))[:limit])
