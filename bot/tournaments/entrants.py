"""Who an entrant is: a person's id, or (kozel) a team of two written as their
ids joined by `TEAM`; where its people sit at a round's table; the names the
group reads; and the seed a duplicate round's tables of one size share."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence

from bot.tournaments.model import Entrant

TEAM = "+"  # kozel: a team's entrant is its two people's ids joined by this


def team(people: Iterable[Entrant]) -> Entrant:
    """One entrant for people who sit as one side."""
    return TEAM.join(people)


def people_of(entrant: Entrant) -> list[int]:
    """The people's ids an entrant stands for (one, or a team's two)."""
    return [int(part) for part in entrant.split(TEAM)]


def seating(entrants: Sequence[Entrant]) -> list[int]:
    """People in seat order: one a side, or kozel's two teams with partners
    opposite (seats 0 and 2 the first team, 1 and 3 the second)."""
    sides = [people_of(e) for e in entrants]
    if all(len(side) == 1 for side in sides):
        return [side[0] for side in sides]
    first, second = sides
    return [first[0], second[0], first[1], second[1]]


def names(people: Mapping[str, str], entrants: Iterable[Entrant] = ()) -> dict[Entrant, str]:
    """Every entrant's name: a person's (`people` by id), or a team's two
    joined by "&" ("?" for somebody not listed)."""
    named = dict(people)
    for entrant in entrants:
        named[str(entrant)] = " & ".join(people.get(p, "?") for p in str(entrant).split(TEAM))
    return named


def listed(entries: Sequence[tuple[int, str, int | None]]) -> tuple[str, ...]:
    """Who registered (id, name, partner's id), in order; partners on one
    line ("Ann & Bob") where the first of the two registered."""
    known = {user_id: name for user_id, name, _ in entries}
    order = {user_id: i for i, (user_id, _, _) in enumerate(entries)}
    lines: list[str] = []
    for i, (_, name, partner) in enumerate(entries):
        if partner is None or partner not in known:
            lines.append(name)
        elif i < order[partner]:
            lines.append(f"{name} & {known[partner]}")
    return tuple(lines)


def signed64(value: int) -> int:
    """An unsigned 64-bit number as the signed one the databases store."""
    return value - (1 << 64) if value >= 1 << 63 else value


def duplicate_seed(secret: int, round_number: int, size: int) -> int:
    """The seed of a duplicate round's tables of one size: the same for all
    of them, not guessable without the tournament's secret."""
    digest = hashlib.blake2b(f"{secret}/{round_number}/{size}".encode(), digest_size=8).digest()
    return signed64(int.from_bytes(digest, "big"))
