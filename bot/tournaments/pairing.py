"""Who meets whom: the schedules of the three formats.

Every function is deterministic in its arguments, so the same stored
tournament always gets the same next round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from bot.tournaments.model import Entrant, Round

Meetings = Counter[frozenset[Entrant]]

# A Swiss pairing is searched exhaustively up to this many steps; beyond it
# (fields of dozens) the greedy grouping decides, which may repeat a pairing.
SEARCH_BUDGET = 20_000


def meetings(rounds: Iterable[Round]) -> Meetings:
    """How many times each pair of entrants sat at one table."""
    met: Meetings = Counter()
    for played in rounds:
        for table in played.tables:
            for a, b in combinations(table, 2):
                met[frozenset((a, b))] += 1
    return met


def table_sizes(count: int, size: int) -> list[int]:
    """Tables for `count` entrants at tables of at most `size`.

    Heads-up (size 2): pairs, the odd one out sits out. Larger tables are
    balanced (9 at fours: 3, 3, 3; 5 at fours: 3, 2), so everyone plays every
    round; the games that seat 3 or 4 also seat 2.
    """
    if count < 2:
        return []
    if size <= 2:
        return [2] * (count // 2)
    tables = -(-count // size)
    base, extra = divmod(count, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def circle(entrants: Sequence[Entrant]) -> list[Round]:
    """Round robin for two at a table (the circle method): everyone meets
    everyone once; with an odd count each sits out one round."""
    players: list[Entrant | None] = list(entrants)
    if len(players) % 2:
        players.append(None)
    count = len(players)
    rounds = []
    for number in range(1, count):
        tables = []
        byes = []
        for i in range(count // 2):
            a, b = players[i], players[count - 1 - i]
            if a is None or b is None:
                byes.append(a if b is None else b)
            else:
                # Alternate who sits first, so nobody always leads the deal order.
                tables.append((a, b) if (number + i) % 2 else (b, a))
        rounds.append(Round(number, tuple(tables), tuple(e for e in byes if e is not None)))
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def group(
    order: Sequence[Entrant], sizes: Sequence[int], met: Meetings
) -> list[tuple[Entrant, ...]]:
    """Fill tables of `sizes` from `order`: each table starts with the first
    entrant left and takes, one by one, whoever has met its members least
    (earlier in `order` on a tie). Used by Swiss (order = standing) and by the
    round robin of three or four at a table."""
    left = list(order)
    tables = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(
                range(len(left)),
                key=lambda i: (sum(met[frozenset((left[i], m))] for m in table), i),
            )
            table.append(left.pop(best))
        tables.append(tuple(table))
    return tables


def balanced(entrants: Sequence[Entrant], size: int) -> list[Round]:
    """Round robin at tables of three or four: rounds until every pair has
    met, each round grouping those with the most pairs still to meet first
    and seating together those who have met least. The first table always
    seats a pair that has not met, so the schedule ends."""
    everyone = list(entrants)
    met: Meetings = Counter()
    pairs = {frozenset(p) for p in combinations(everyone, 2)}
    rounds: list[Round] = []
    while any(met[p] == 0 for p in pairs):

        def unmet(e: Entrant) -> int:
            return sum(1 for o in everyone if o != e and met[frozenset((e, o))] == 0)

        order = sorted(everyone, key=lambda e: (-unmet(e), everyone.index(e)))
        sizes = table_sizes(len(everyone), size)
        tables = group(order, sizes, met)
        seated = {e for t in tables for e in t}
        round_ = Round(len(rounds) + 1, tuple(tables), tuple(e for e in order if e not in seated))
        met.update(meetings([round_]))
        rounds.append(round_)
    return rounds


def swiss_pairs(
    order: Sequence[Entrant], met: Meetings, byes: Counter[Entrant]
) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
    """Heads-up Swiss: pairs down the standing with no rematch if any pairing
    allows it; with an odd count the bye goes to the lowest-standing entrant
    with the fewest byes for whom the rest can still be paired."""
    candidates: list[Entrant | None] = [None]
    if len(order) % 2:
        fewest_first: list[Entrant] = sorted(order, key=lambda e: (byes[e], -order.index(e)))
        candidates = list(fewest_first)
    budget = [SEARCH_BUDGET]
    for bye in candidates:
        rest = [e for e in order if e != bye]
        found = _pair_without_rematch(rest, met, budget)
        if found is not None:
            return found, bye
        if budget[0] <= 0:
            break
    bye = candidates[0]
    rest = [e for e in order if e != bye]
    pairs = [(t[0], t[1]) for t in group(rest, [2] * (len(rest) // 2), met)]
    return pairs, bye


def _pair_without_rematch(
    left: list[Entrant], met: Meetings, budget: list[int]
) -> list[tuple[Entrant, Entrant]] | None:
    if not left:
        return []
    budget[0] -= 1
    if budget[0] <= 0:
        return None
    first, rest = left[0], left[1:]
    for i, other in enumerate(rest):
        if met[frozenset((first, other))]:
            continue
        tail = _pair_without_rematch(rest[:i] + rest[i + 1 :], met, budget)
        if tail is not None:
            return [(first, other), *tail]
    return None


def bracket(seeds: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two draw:
    1 meets the last seed, and 1 and 2 can meet only in the final."""
    order = [1]
    while len(order) < seeds:
        total = len(order) * 2 + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def knockout_slots(entrants: Sequence[Entrant]) -> list[Entrant | None]:
    """The first round's draw: entrants in seed order (best rating first)
    placed in a bracket of the next power of two; the empty slots fall
    against the top seeds, who get the byes."""
    size = 1
    while size < len(entrants):
        size *= 2
    return [entrants[s - 1] if s <= len(entrants) else None for s in bracket(size)]
