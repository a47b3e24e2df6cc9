"""Soundness loop behind `python -m tools simulate`.

`simulate` plays whole matches between computer players and checks the
engine's invariants at every step (cards conserved, equal hands at a lead,
JSON round trips, 120 points per played-out deal, exact replay). It is the
cheapest broad test the project has: thousands of real games in seconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action
from engine.ai import Player, make_player, next_actor
from engine.cards import DECK, Card, points
from engine.errors import IllegalAction
from engine.events import DealScored, Event, TrickTaken
from engine.game import active_seats, apply, legal_actions, new_match
from engine.replay import replay
from engine.rules import Preset, RuleSet
from engine.state import MatchState
from tools.bench import player_names

_DECK_SET = frozenset(DECK)
MAX_ACTIONS_PER_MATCH = 200_000  # far above any real match; stops a livelock


@dataclass
class SimulationReport:
    preset: str
    players: int
    options: dict[str, Any]
    levels: tuple[str, ...]  # per seat
    seed: int
    matches: int = 0
    deals: int = 0
    tricks: int = 0
    actions: int = 0
    invariant_violations: int = 0
    violations: list[str] = field(default_factory=list)  # the first few, for a person
    penalty_totals: list[int] = field(default_factory=list)  # per seat, final, summed
    deal_penalty_totals: list[int] = field(default_factory=list)  # per seat, per deal, summed
    scored_deals: int = 0
    wins: list[int] = field(default_factory=list)  # per seat: matches ranked first
    wall_seconds: float = 0.0

    def violation(self, message: str) -> None:
        self.invariant_violations += 1
        if len(self.violations) < 20:
            self.violations.append(message)

    @property
    def mean_penalties(self) -> list[float]:
        return [
            round(total / self.matches, 3) if self.matches else 0.0 for total in self.penalty_totals
        ]

    @property
    def mean_deal_penalties(self) -> list[float]:
        return [
            round(total / self.scored_deals, 3) if self.scored_deals else 0.0
            for total in self.deal_penalty_totals
        ]

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.wall_seconds if self.wall_seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "players": self.players,
            "options": self.options,
            "levels": list(self.levels),
            "seed": self.seed,
            "matches": self.matches,
            "deals": self.deals,
            "tricks": self.tricks,
            "actions": self.actions,
            "invariant_violations": self.invariant_violations,
            "violations": self.violations,
            "mean_penalties": self.mean_penalties,
            "mean_deal_penalties": self.mean_deal_penalties,
            "wins": self.wins,
            "wall_seconds": round(self.wall_seconds, 3),
            "deals_per_second": round(self.deals_per_second, 1),
        }


def match_seed(seed: int, index: int) -> int:
    """Independent per-match seeds from one run seed (string seeding is stable)."""
    return random.Random(f"{seed}/match/{index}").randrange(2**32)


def make_players(levels: Sequence[str], players: int, seed: int) -> dict[int, Player]:
    """One computer per seat; `levels` repeats round the table ("greedy,random")."""
    return {
        seat: make_player(
            levels[seat % len(levels)], random.Random(f"{seed}/seat/{seat}").randrange(2**32)
        )
        for seat in range(players)
    }


def check_state(state: MatchState, report: SimulationReport, where: str) -> None:
    """Invariants that hold after every action."""
    deal = state.deal
    if deal is None:
        if state.standing is None:
            report.violation(f"{where}: no deal but the match is not over")
        return
    cards: list[Card] = list(deal.stock)
    for hand in deal.hands:
        cards.extend(hand)
    for pile in deal.piles:
        cards.extend(pile)
    if deal.trick is not None:
        for play in deal.trick.plays:
            cards.extend(play.cards)
    if len(cards) != 36 or frozenset(cards) != _DECK_SET:
        report.violation(f"{where}: {len(cards)} cards in play, {len(set(cards))} distinct")
    if deal.trick is None:
        sizes = {len(deal.hands[seat]) for seat in active_seats(state)}
        if len(sizes) != 1:
            report.violation(f"{where}: unequal hands at a lead: {sorted(sizes)}")
        if len(deal.hands[deal.turn]) == 0:
            report.violation(f"{where}: the leader has no cards")


def check_round_trip(state: MatchState, report: SimulationReport, where: str) -> None:
    try:
        if MatchState.loads(state.dumps()) != state:
            report.violation(f"{where}: JSON round trip changed the state")
    except Exception as error:  # any failure here is a finding, not a crash
        report.violation(f"{where}: JSON round trip failed: {error!r}")


def check_events(
    state: MatchState, events: Sequence[Event], report: SimulationReport, where: str
) -> None:
    seats_of = state.rules.sides(state.seats)
    for event in events:
        if isinstance(event, TrickTaken):
            report.tricks += 1
        elif isinstance(event, DealScored):
            report.scored_deals += 1
            for result in event.results:
                for seat in seats_of[result.side]:
                    report.deal_penalty_totals[seat] += result.penalty
            if event.reason == "cards" and state.rules.preset is not Preset.BURA:
                total = sum(points(pile) for pile in event.piles)
                shown = sum(result.points for result in event.results)
                if total != 120 or shown != 120:
                    report.violation(
                        f"{where}: deal {event.number} scored {total} points in piles, "
                        f"{shown} in results"
                    )


def simulate_match(
    rules: RuleSet, levels: Sequence[str], players: int, seed: int, report: SimulationReport
) -> MatchState:
    names = player_names(players)
    computers = make_players(levels, players, seed)
    state = new_match(rules, names, seed)
    check_round_trip(state, report, f"match {seed} start")
    check_state(state, report, f"match {seed} start")
    log: list[Action] = []
    deal_number = state.deal.number if state.deal else 0
    while not state.over:
        where = f"match {seed} step {state.step}"
        if len(log) >= MAX_ACTIONS_PER_MATCH:
            report.violation(f"{where}: no end after {len(log)} actions")
            break
        chosen = next_actor(state, computers)
        if chosen is None:
            report.violation(f"{where}: no computer player acted")
            break
        seat, action = chosen
        if action not in legal_actions(state, seat):
            report.violation(f"{where}: {action} is not a legal action")
            break
        try:
            state, events = apply(state, action)
        except IllegalAction as error:
            report.violation(f"{where}: legal {action} refused: {error}")
            break
        log.append(action)
        report.actions += 1
        check_events(state, events, report, where)
        check_state(state, report, where)
        if state.deal is not None and state.deal.number != deal_number:
            deal_number = state.deal.number
            check_round_trip(state, report, where)
    check_round_trip(state, report, f"match {seed} end")
    if replay(rules, names, seed, log) != state:
        report.violation(f"match {seed}: replay of {len(log)} actions differs")
    report.matches += 1
    report.deals += state.deals_dealt
    sides = rules.sides(players)
    for side, side_seats in enumerate(sides):
        for seat in side_seats:
            report.penalty_totals[seat] += state.penalties[side]
    if state.standing is not None:
        for placing in state.standing:
            if placing.rank == 1:
                for seat in placing.seats:
                    report.wins[seat] += 1
    return state


def simulate(
    rules: RuleSet, players: int, matches: int, seed: int, levels: Sequence[str] = ("greedy",)
) -> SimulationReport:
    """Play `matches` whole matches between computers and check every step."""
    rules.check_players(players)
    for level in levels:
        make_player(level, 0)  # unknown levels fail before any match is played
    seat_levels = tuple(levels[seat % len(levels)] for seat in range(players))
    report = SimulationReport(
        preset=rules.preset.value,
        players=players,
        options=rules.options(),
        levels=seat_levels,
        seed=seed,
        penalty_totals=[0] * players,
        deal_penalty_totals=[0] * players,
        wins=[0] * players,
    )
    start = time.perf_counter()
    for index in range(matches):
        simulate_match(rules, levels, players, match_seed(seed, index), report)
    report.wall_seconds = time.perf_counter() - start
    return report
