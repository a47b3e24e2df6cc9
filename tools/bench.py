"""Throughput loop behind `python -m tools bench`.

`bench` measures the bare engine: random deals where the seat on turn picks
uniformly from `legal_actions`, so the number says how fast `legal_actions`
plus `apply` are, which bounds how much search a stronger AI can afford.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from engine.game import apply, legal_actions, new_match
from engine.rules import PLAYER_COUNTS, Preset, RuleSet


def player_names(count: int) -> tuple[str, ...]:
    return tuple(f"P{seat}" for seat in range(count))


@dataclass(frozen=True)
class BenchResult:
    preset: str
    players: int
    deals: int
    actions: int
    seconds: float  # of the best run

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "players": self.players,
            "deals": self.deals,
            "actions": self.actions,
            "seconds": round(self.seconds, 4),
            "deals_per_second": round(self.deals_per_second, 1),
            "actions_per_second": round(self.actions_per_second, 1),
        }


def play_random_deal(rules: RuleSet, players: int, seed: int) -> int:
    """Deal once and play the deal out with uniformly random legal moves.

    Returns the number of actions. The deal is over when the match moves to
    another deal (or ends); a void bura deal counts as over too.
    """
    rng = random.Random(seed)
    state = new_match(rules, player_names(players), seed)
    deal = state.deal
    if deal is None:  # a bura deal won by an initial combination can end the match
        return 0
    number = deal.number
    actions = 0
    while deal is not None and deal.number == number:
        state, _ = apply(state, rng.choice(legal_actions(state, deal.turn)))
        actions += 1
        deal = state.deal
    return actions


def bench_one(
    rules: RuleSet, players: int, deals: int | None, seconds: float | None, runs: int = 3
) -> BenchResult:
    """Best of `runs`: each run plays `deals` deals, or as many as fit in `seconds`."""
    best: BenchResult | None = None
    for run in range(runs):
        seed = run * 1_000_003
        done = actions = 0
        start = time.perf_counter()
        while True:
            actions += play_random_deal(rules, players, seed + done)
            done += 1
            elapsed = time.perf_counter() - start
            if deals is not None and done >= deals:
                break
            if seconds is not None and elapsed >= seconds:
                break
        result = BenchResult(rules.preset.value, players, done, actions, elapsed)
        if best is None or result.deals_per_second > best.deals_per_second:
            best = result
    assert best is not None
    return best


def bench(
    deals: int | None = 200,
    seconds: float | None = None,
    runs: int = 3,
    presets: Iterable[Preset] = tuple(Preset),
    progress: Callable[[BenchResult], None] | None = None,
) -> list[BenchResult]:
    """Every preset at every player count it allows."""
    results = []
    for preset in presets:
        rules = RuleSet.create(preset)
        for players in PLAYER_COUNTS[preset]:
            result = bench_one(rules, players, deals, seconds, runs)
            results.append(result)
            if progress is not None:
                progress(result)
    return results
