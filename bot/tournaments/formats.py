"""A tournament's settings and its next round.

`/tournament` options split in two: the tournament's own (`format`,
`rounds`, `size`, `duplicate`), read here, and the game's, which go to the
tables as any table's options do. `next_round` is a pure function of the
settings, the entrants in seed order and the rounds played.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.tournaments import pairing
from bot.tournaments.model import Entrant, Played, Round
from bot.tournaments.standings import places, table
from engine.rules import PLAYER_COUNTS, Preset, switch

MAX_ROUNDS = 15
MAX_ENTRANTS = 64
# Up to this many entrants a round robin is short enough to be the default.
ROUND_ROBIN_UP_TO = 6
TEAM_SIZE = 2  # kozel: two partners sit as one side


class Format(StrEnum):
    ROUND_ROBIN = "roundrobin"
    SWISS = "swiss"
    KNOCKOUT = "knockout"


_FORMAT_WORDS: Mapping[str, Format] = {
    "roundrobin": Format.ROUND_ROBIN,
    "round_robin": Format.ROUND_ROBIN,
    "rr": Format.ROUND_ROBIN,
    "swiss": Format.SWISS,
    "knockout": Format.KNOCKOUT,
    "ko": Format.KNOCKOUT,
    "playoff": Format.KNOCKOUT,
}

OWN_OPTIONS = ("format", "rounds", "size", "duplicate")


class TournamentError(ValueError):
    """A setting that cannot be: `code` names the message, `value` what was given."""

    def __init__(self, code: str, value: object = "", option: str = "") -> None:
        super().__init__(f"{code}: {option}={value}")
        self.code = code
        self.value = value
        self.option = option


@dataclass(frozen=True, slots=True)
class Settings:
    """What the creator chose; `None` means "decide when it starts"."""

    preset: Preset
    format: Format | None = None
    rounds: int | None = None
    size: int | None = None  # people at a table
    duplicate: bool = False

    @property
    def teams(self) -> bool:
        return self.preset is Preset.KOZEL

    def to_json(self) -> dict[str, object]:
        return {
            "preset": self.preset.value,
            "format": self.format.value if self.format else None,
            "rounds": self.rounds,
            "size": self.size,
            "duplicate": self.duplicate,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Settings:
        fmt = data.get("format")
        rounds = data.get("rounds")
        size = data.get("size")
        return cls(
            preset=Preset(str(data["preset"])),
            format=Format(str(fmt)) if fmt else None,
            rounds=int(str(rounds)) if rounds is not None else None,
            size=int(str(size)) if size is not None else None,
            duplicate=bool(data.get("duplicate", False)),
        )


def split_options(preset: Preset, options: Mapping[str, str]) -> tuple[Settings, dict[str, str]]:
    """The tournament's settings and the game's options left over. A bad
    value raises `TournamentError` before anything is made."""
    settings = Settings(preset)
    game: dict[str, str] = {}
    for name, raw in options.items():
        value = raw.strip().lower()
        if name == "format":
            if value not in _FORMAT_WORDS:
                raise TournamentError("format", raw, name)
            settings = replace(settings, format=_FORMAT_WORDS[value])
        elif name == "rounds":
            if not value.isdigit() or not 1 <= int(value) <= MAX_ROUNDS:
                raise TournamentError("rounds", raw, name)
            settings = replace(settings, rounds=int(value))
        elif name in ("size", "players"):
            allowed = PLAYER_COUNTS[preset]
            if not value.isdigit() or int(value) not in allowed:
                raise TournamentError("size", raw, name)
            settings = replace(settings, size=int(value))
        elif name == "duplicate":
            on = switch(value)
            if on is None:
                raise TournamentError("duplicate", raw, name)
            settings = replace(settings, duplicate=on)
        else:
            game[name] = raw
    if settings.rounds is not None and settings.format not in (None, Format.SWISS):
        raise TournamentError("rounds_not_swiss", settings.rounds, "rounds")
    return settings, game


def default_format(entrants: int) -> Format:
    """Everyone meets everyone when that is a short evening; Swiss beyond."""
    return Format.ROUND_ROBIN if entrants <= ROUND_ROBIN_UP_TO else Format.SWISS


def default_rounds(entrants: int) -> int:
    """Swiss: enough rounds to separate a single leader, ceil(log2 n)."""
    return max(1, math.ceil(math.log2(max(entrants, 2))))


@dataclass(frozen=True, slots=True)
class Plan:
    """A started tournament: settings fixed, entrants in seed order (the
    best rated first). Kozel's entrants are teams."""

    format: Format
    entrants: tuple[Entrant, ...]
    size: int  # entrants at a table: people, or kozel's two teams
    rounds: int  # Swiss; the others' count follows from the field
    duplicate: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "format": self.format.value,
            "entrants": list(self.entrants),
            "size": self.size,
            "rounds": self.rounds,
            "duplicate": self.duplicate,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Plan:
        entrants = data["entrants"]
        assert isinstance(entrants, list)
        return cls(
            format=Format(str(data["format"])),
            entrants=tuple(str(e) for e in entrants),
            size=int(str(data["size"])),
            rounds=int(str(data["rounds"])),
            duplicate=bool(data.get("duplicate", False)),
        )


def default_size(preset: Preset, count: int) -> int:
    """The most people a table the game allows while a round still has two
    tables: four people play a real round robin in pairs, not one match."""
    counts = PLAYER_COUNTS[preset]
    return max(min(counts), min(max(counts), count // 2))


def plan(settings: Settings, entrants: Sequence[Entrant]) -> Plan:
    """Fix the settings for the field that registered (kozel: teams)."""
    count = len(entrants)
    if count < 2:
        raise TournamentError("too_few", count)
    if count > MAX_ENTRANTS:
        raise TournamentError("too_many", count)
    fmt = settings.format or default_format(count)
    if settings.teams:
        size = 2
    elif fmt is Format.KNOCKOUT:
        size = 2  # a knockout table has one winner and one loser
    else:
        size = settings.size or default_size(settings.preset, count)
    if fmt is Format.SWISS:
        most = count - 1 if size == 2 else count
        rounds = min(settings.rounds or default_rounds(count), most)
    elif fmt is Format.KNOCKOUT:
        rounds = default_rounds(count)
    elif size == 2:
        rounds = len(pairing.circle(entrants))
    else:
        rounds = len(pairing.balanced(entrants, size))
    return Plan(fmt, tuple(entrants), size, rounds, settings.duplicate)


def next_round(plan: Plan, played: Sequence[Played]) -> Round | None:
    """The round after `played`, or None when the tournament is over."""
    number = len(played) + 1
    if number > plan.rounds:
        return None
    if plan.format is Format.ROUND_ROBIN:
        schedule = (
            pairing.circle(plan.entrants)
            if plan.size == 2
            else pairing.balanced(plan.entrants, plan.size)
        )
        return schedule[number - 1]
    if plan.format is Format.KNOCKOUT:
        return _knockout_round(plan, played)
    return _swiss_round(plan, played)


def _swiss_round(plan: Plan, played: Sequence[Played]) -> Round:
    number = len(played) + 1
    order = [row.entrant for row in table(plan.entrants, played, plan.duplicate)]
    met = pairing.meetings(p.round for p in played)
    if plan.size == 2:
        byes: Counter[Entrant] = Counter(b for p in played for b in p.round.byes)
        pairs, bye = pairing.swiss_pairs(order, met, byes)
        return Round(number, tuple(pairs), (bye,) if bye else ())
    tables = pairing.group(order, pairing.table_sizes(len(order), plan.size), met)
    seated = {e for t in tables for e in t}
    return Round(number, tuple(tables), tuple(e for e in order if e not in seated))


def _knockout_round(plan: Plan, played: Sequence[Played]) -> Round | None:
    seeds = {e: i for i, e in enumerate(plan.entrants)}
    line = pairing.knockout_slots(plan.entrants)
    for done in played:
        winners = {o.winner(seeds) for o in done.outcomes} | set(done.round.byes)
        line = [
            next((e for e in pair if e is not None and e in winners), None)
            for pair in zip(line[::2], line[1::2], strict=True)
        ]
    if len(line) < 2:
        return None
    tables: list[tuple[Entrant, ...]] = []
    byes: list[Entrant] = []
    for a, b in zip(line[::2], line[1::2], strict=True):
        if a is not None and b is not None:
            tables.append((a, b))
        elif a is not None or b is not None:
            byes.append(a if a is not None else str(b))
    return Round(len(played) + 1, tuple(tables), tuple(byes))


def champion(plan: Plan, played: Sequence[Played]) -> Entrant | None:
    """The winner once the last round is played; None before."""
    if next_round(plan, played) is not None:
        return None
    found = champions(plan, played)
    return found[0] if found else None


def champions(plan: Plan, played: Sequence[Played]) -> list[Entrant]:
    """Everyone who shares first place once the last round is played (the
    🏆 line names them all: a seed is no reason to win); [] before."""
    if next_round(plan, played) is not None:
        return []
    knockout = plan.format is Format.KNOCKOUT
    rows = table(plan.entrants, played, plan.duplicate, knockout)
    numbers = places(rows, plan.duplicate, knockout)
    return [row.entrant for row, place in zip(rows, numbers, strict=True) if place == 1]


def teams_of(
    people: Sequence[Entrant], partners: Mapping[Entrant, Entrant] | None = None
) -> list[tuple[Entrant, ...]]:
    """Kozel: who registered as partners sit together; the others pair up in
    the order they registered (1st with 2nd, ...); an odd last person has no
    partner and cannot play. Teams come in the order their first member
    registered."""
    partners = partners or {}
    order = {person: i for i, person in enumerate(people)}
    paired: dict[Entrant, tuple[Entrant, ...]] = {}
    for person in people:
        mate = partners.get(person)
        if mate in order and partners.get(mate) == person and person not in paired:
            team = tuple(sorted((person, mate), key=order.__getitem__))
            paired[person] = paired[mate] = team
    free = [p for p in people if p not in paired]
    for i in range(0, len(free) - len(free) % TEAM_SIZE, TEAM_SIZE):
        team = tuple(free[i : i + TEAM_SIZE])
        for person in team:
            paired[person] = team
    teams: list[tuple[Entrant, ...]] = []
    for person in people:
        found = paired.get(person)
        if found is not None and found not in teams:
            teams.append(found)
    return teams
