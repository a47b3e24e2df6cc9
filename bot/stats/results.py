"""What each seat did in a finished match, counted from the engine's own
replay of the seed and the action log: the events `apply` reported are the
only source, so a rule the engine changes (shared places, a new penalty)
flows into the numbers without a change here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from engine import Action, MatchState, RuleSet, apply, start_match
from engine.events import (
    ClaimMade,
    CombinationDeclared,
    DealScored,
    DealWonByCombination,
    Event,
    TrickTaken,
)
from engine.shuffle import ShuffleKey


class SeatNumbers(NamedTuple):
    seat: int
    side: int
    place: int  # the engine's rank: tied sides share it
    penalties: int  # the side's penalty points at the end
    deals: int  # deals scored while the seat's side was still playing
    deals_won: int
    trick_points: int  # card points of the tricks the seat took
    combinations: int  # declared, or a dealt bura or moscow that won a deal
    claims_right: int
    claims_wrong: int


def replay_events(
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    actions: Iterable[Action],
    key: ShuffleKey | None = None,
) -> tuple[MatchState, list[Event]]:
    """The final state and every event of the match, the deal's start included;
    `key`: its checkable shuffle's (`MatchState.shuffle`), if it has one."""
    state, events = start_match(rules, players, seed, key)
    every = list(events)
    for action in actions:
        state, events = apply(state, action)
        every.extend(events)
    return state, every


def seat_numbers(state: MatchState, events: Sequence[Event]) -> tuple[SeatNumbers, ...]:
    """Per seat, from a finished match's final state and all its events."""
    assert state.standing is not None, "the match is not over"
    seats = state.seats
    side_of: dict[int, int] = {}
    place: dict[int, int] = {}
    penalties: dict[int, int] = {}
    for placing in state.standing:
        for seat in placing.seats:
            side_of[seat] = placing.side
            place[seat] = placing.rank
            penalties[seat] = placing.penalties
    deals = [0] * seats
    won = [0] * seats
    points = [0] * seats
    combos = [0] * seats
    right = [0] * seats
    wrong = [0] * seats
    failed_claim = False
    for event in events:
        if isinstance(event, TrickTaken):
            points[event.seat] += event.points
        elif isinstance(event, CombinationDeclared | DealWonByCombination):
            combos[event.seat] += 1
        elif isinstance(event, ClaimMade):
            if event.success:
                right[event.seat] += 1
            else:
                wrong[event.seat] += 1
                failed_claim = True
        elif isinstance(event, DealScored):
            # Won: no penalty while somebody got one. Eggs give nobody a
            # penalty, and after a false claim the others merely escaped.
            someone_paid = any(r.penalty > 0 for r in event.results)
            for result in event.results:
                for seat in result.seats:
                    deals[seat] += 1
                    if result.penalty == 0 and someone_paid and not failed_claim:
                        won[seat] += 1
            failed_claim = False
    return tuple(
        SeatNumbers(
            seat=seat,
            side=side_of[seat],
            place=place[seat],
            penalties=penalties[seat],
            deals=deals[seat],
            deals_won=won[seat],
            trick_points=points[seat],
            combinations=combos[seat],
            claims_right=right[seat],
            claims_wrong=wrong[seat],
        )
        for seat in range(seats)
    )


def penalty_series(
    state: MatchState, events: Sequence[Event]
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per seat, (deal, its side's penalty points after it), from (0, 0)
    before the first deal: the match's end chart. A void deal counts no
    number; a side that went out has no points after its last deal."""
    series: list[list[tuple[int, int]]] = [[(0, 0)] for _ in range(state.seats)]
    scored = 0
    for event in events:
        if isinstance(event, DealScored):
            scored += 1
            for result in event.results:
                for seat in result.seats:
                    series[seat].append((scored, result.total))
    return tuple(tuple(points) for points in series)
