"""Who sits where: seats and sides while some are out, clockwise order, and
how many cards a lead may have. Computed once per lineup and cached, since
`legal_actions` and `apply` ask on every action."""

from __future__ import annotations

from typing import NamedTuple

from engine.rules import Preset, RuleSet
from engine.state import Deal, MatchState


class Seating(NamedTuple):
    """Who sits where while some sides may be out; computed once per lineup."""

    side_of: tuple[int, ...]  # per seat
    active: tuple[int, ...]  # seats still in the match
    playing: tuple[bool, ...]  # per seat: still in the match
    next: tuple[int, ...]  # per seat: the next active seat clockwise
    order: tuple[tuple[int, ...], ...]  # per seat: active seats clockwise from it
    sides: tuple[tuple[int, ...], ...]  # per side: its seats (`RuleSet.sides`)
    active_sides: tuple[int, ...]  # sides still in the match


_SEATINGS: dict[tuple[int, Preset, tuple[int, ...]], Seating] = {}


def seating(state: MatchState) -> Seating:
    key = (len(state.players), state.rules.preset, state.out)
    found = _SEATINGS.get(key)
    if found is None:
        found = _SEATINGS[key] = _compute_seating(key[0], state.rules, key[2])
    return found


def _compute_seating(n: int, rules: RuleSet, out: tuple[int, ...]) -> Seating:
    groups = rules.sides(n)
    side = tuple(next(i for i, group in enumerate(groups) if seat in group) for seat in range(n))
    active = tuple(seat for seat in range(n) if side[seat] not in out)
    order = tuple(
        tuple(active[i] for i in sorted(range(len(active)), key=lambda i: (active[i] - start) % n))
        for start in range(n)
    )
    following = tuple(
        next((c for c in ((seat + k) % n for k in range(1, n + 1)) if c in active), seat)
        for seat in range(n)
    )
    playing = tuple(seat in active for seat in range(n))
    active_sides = tuple(i for i in range(len(groups)) if i not in out)
    return Seating(side, active, playing, following, order, groups, active_sides)


def side_of(state: MatchState, seat: int) -> int:
    return seating(state).side_of[seat]


def sides(state: MatchState) -> tuple[tuple[int, ...], ...]:
    return seating(state).sides


def active_seats(state: MatchState) -> tuple[int, ...]:
    """Seats still in the match (their side has not reached the limit)."""
    return seating(state).active


def next_active(state: MatchState, seat: int) -> int:
    """The next seat clockwise that is still in the match."""
    return seating(state).next[seat]


def clockwise_from(state: MatchState, seat: int) -> tuple[int, ...]:
    """Active seats in clockwise order starting with `seat` (itself if active)."""
    return seating(state).order[seat]


def max_lead(state: MatchState, deal: Deal) -> int:
    """How many cards a lead may have: the hand size, 3 for a deal's first lead
    with first_lead_max3, and never more than the smallest hand. Hands are
    always equal when a lead is awaited (every trick takes as many cards from
    each hand, and the stock always divides evenly), so the leader's hand is
    the smallest hand."""
    limit = len(deal.hands[deal.turn])
    if state.rules.first_lead_max3 and deal.tricks_played == 0 and limit > 3:
        return 3
    return limit
