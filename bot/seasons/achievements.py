"""Achievements (issue 68): moments of group play worth telling, computed from
one finished match's events, the engine's own replay of its stored moves
(`bot.stats.results.replay_events`), and the person's counts before it.

Pure and deterministic, so a new achievement can be granted to the past by
replaying stored matches (`bot.seasons.backfill`). Earned once per person and
group; storage keeps that unique, this module only says what a match earns.

A combination counts when it is laid down (led, declared, or a dealt bura or
moscow that wins a bura deal): the events do not show a hand that was held and
never shown, and a table would not know of it either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from engine import RuleSet
from engine.events import (
    CardsLed,
    ClaimMade,
    DealScored,
    DealStarted,
    DealWonByCombination,
    Event,
    MatchOver,
    Placing,
    TrickTaken,
)
from engine.rules import Preset

ALL_GAMES = frozenset(Preset)
FOUR_CARD_GAMES = frozenset({Preset.BURKOZEL, Preset.KOZEL})
BURA_ONLY = frozenset({Preset.BURA})
HARD = "hard"
REGULAR_MATCHES = 10  # "ten matches in one group"
COMEBACK_LOSSES = 3  # a win after this many lost in a row
CLEAN_SHEET_LIMIT = 6  # a win without a penalty point means something from this limit up


class Achievement(NamedTuple):
    id: str
    games: frozenset[Preset]  # where it can be earned at all (/stats counts these)


# Rarest first: /stats lists what a person earned in this order. Measured on
# computer play (easy players, 60 matches a game: a bura in 75% of two-player
# burkozel matches, every trick and a golden Moscow in none); `backfill.rarity`
# measures it on the groups' stored play once wired.
ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("golden_moscow", FOUR_CARD_GAMES),
    Achievement("every_trick", ALL_GAMES),
    Achievement("small_moscow", BURA_ONLY),
    Achievement("tournament_won", ALL_GAMES),
    Achievement("eggs", FOUR_CARD_GAMES),
    Achievement("clean_sheet", ALL_GAMES),
    Achievement("brink", ALL_GAMES),
    Achievement("exact_31", BURA_ONLY),
    Achievement("hard_beaten", ALL_GAMES),
    Achievement("comeback", ALL_GAMES),
    Achievement("four_ends", FOUR_CARD_GAMES),
    Achievement("moscow", ALL_GAMES),
    Achievement("bura", ALL_GAMES),
    Achievement("true_31", BURA_ONLY),
    Achievement("regular", ALL_GAMES),
    Achievement("first_win", ALL_GAMES),
)
BY_ID: Mapping[str, Achievement] = {a.id: a for a in ACHIEVEMENTS}
RARITY: Mapping[str, int] = {a.id: rank for rank, a in enumerate(ACHIEVEMENTS)}
# Combinations whose laying down is an achievement of the same name.
COMBINATIONS = frozenset({"bura", "moscow", "golden_moscow", "small_moscow", "four_ends"})


def rare_first(ids: Sequence[str] | frozenset[str]) -> tuple[str, ...]:
    """Known ids in rarity order (an id this version does not know is dropped:
    a row written by a newer worker)."""
    return tuple(sorted((i for i in ids if i in RARITY), key=RARITY.__getitem__))


class Prior(NamedTuple):
    """A person's record in one group before a match."""

    matches: int = 0  # group matches played (practice never counts)
    losing_streak: int = 0  # matches not won in a row, the latest last
    earned: frozenset[str] = frozenset()


class FinishedMatch(NamedTuple):
    """What the bot knows of a finished match: its rules and every event
    (start of the first deal included), and who sat where at the end."""

    rules: RuleSet
    events: Sequence[Event]
    people: Mapping[int, int]  # seat -> user id: seats a person played to the end
    computers: Mapping[int, str]  # seat -> level: computer seats from the start
    practice: bool = False
    tournament: bool = False
    tournament_won: frozenset[int] = frozenset()  # seats whose tournament this match won


class _Deals(NamedTuple):
    """Per seat, what the match's deals showed."""

    combinations: Mapping[int, frozenset[str]]
    every_trick: frozenset[int]
    eggs: frozenset[int]
    claims: Mapping[int, frozenset[int]]  # seat -> points of its right claims
    brink: frozenset[int]  # sides one lost deal from the limit at some point


def _read(rules: RuleSet, events: Sequence[Event]) -> _Deals:
    combos: dict[int, set[str]] = {}
    claims: dict[int, set[int]] = {}
    every: set[int] = set()
    eggs: set[int] = set()
    brink: set[int] = set()
    takers: list[int] = []
    for event in events:
        if isinstance(event, DealStarted):
            takers = []
        elif isinstance(event, CardsLed | DealWonByCombination):
            if event.combination in COMBINATIONS:
                combos.setdefault(event.seat, set()).add(event.combination)
        elif isinstance(event, TrickTaken):
            takers.append(event.seat)
        elif isinstance(event, ClaimMade) and event.success:
            claims.setdefault(event.seat, set()).add(event.points)
        elif isinstance(event, DealScored):
            if event.reason == "cards" and len(takers) > 1 and len(set(takers)) == 1:
                every.add(takers[0])
            for result in event.results:
                if event.eggs and result.points == 60:
                    eggs.update(result.seats)
                if 0 < result.total < rules.limit and result.total >= rules.limit - 2:
                    brink.add(result.side)
    return _Deals(
        combinations={seat: frozenset(names) for seat, names in combos.items()},
        every_trick=frozenset(every),
        eggs=frozenset(eggs),
        claims={seat: frozenset(points) for seat, points in claims.items()},
        brink=frozenset(brink),
    )


def standing(events: Sequence[Event]) -> tuple[Placing, ...]:
    """The final standing, from the match's last event."""
    over = next((e for e in reversed(events) if isinstance(e, MatchOver)), None)
    if over is None:
        raise ValueError("the match is not over")
    return over.standing


def earned(match: FinishedMatch, seat: int, prior: Prior) -> tuple[str, ...]:
    """The achievements a person at `seat` earns by this match and did not
    have before, rarest first. Nothing in practice, nothing for a computer."""
    if match.practice or seat not in match.people:
        return ()
    placings = standing(match.events)
    placing = next(p for p in placings if seat in p.seats)
    won = placing.rank == 1
    deals = _read(match.rules, match.events)
    found: set[str] = set(deals.combinations.get(seat, ()))
    if seat in deals.every_trick:
        found.add("every_trick")
    if seat in deals.eggs:
        found.add("eggs")
    right_claims = deals.claims.get(seat, frozenset())
    if right_claims:
        found.add("true_31")
    if 31 in right_claims:
        found.add("exact_31")
    if prior.matches + 1 >= REGULAR_MATCHES:
        found.add("regular")
    if seat in match.tournament_won:
        found.add("tournament_won")
    if won:
        found.add("first_win")
        if placing.side in deals.brink:
            found.add("brink")
        if prior.losing_streak >= COMEBACK_LOSSES:
            found.add("comeback")
        if placing.penalties == 0 and match.rules.limit >= CLEAN_SHEET_LIMIT:
            found.add("clean_sheet")
        if _beat_hard(match, placings, placing):
            found.add("hard_beaten")
    game = match.rules.preset
    kept = {i for i in found if i not in prior.earned and game in BY_ID[i].games}
    return rare_first(frozenset(kept))


def _beat_hard(match: FinishedMatch, placings: Sequence[Placing], mine: Placing) -> bool:
    """A hard computer seated from the start on another side, placed below
    this side, at a table of at least two people."""
    if len(match.people) < 2:
        return False
    for other in placings:
        if other.side == mine.side or other.rank <= mine.rank:
            continue
        if any(match.computers.get(s) == HARD for s in other.seats):
            return True
    return False


def after(match: FinishedMatch, seat: int, prior: Prior) -> Prior:
    """The person's record once this match is counted (what the next match's
    `earned` reads; the back-fill folds matches through it in order)."""
    if match.practice or seat not in match.people:
        return prior
    won = any(seat in p.seats and p.rank == 1 for p in standing(match.events))
    return Prior(
        matches=prior.matches + 1,
        losing_streak=0 if won else prior.losing_streak + 1,
        earned=prior.earned | frozenset(earned(match, seat, prior)),
    )


def available(games: frozenset[Preset] | None = None) -> tuple[str, ...]:
    """Every achievement (of the games played, if given), rarest first: the
    "of all" that /stats counts against."""
    return tuple(a.id for a in ACHIEVEMENTS if games is None or a.games & games)
