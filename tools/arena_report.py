"""Summing up `python -m tools arena`: per-level rates and means with 95% intervals.

`tools.arena` plays the deals and matches; every one comes back as a
`TaskResult`, and `ArenaReport` adds them up per level and prints the table
(or the JSON) described in `tools.arena`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054


# -- statistics -------------------------------------------------------------------------


def wilson(successes: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a rate (0, 0 for no trials)."""
    if total == 0:
        return (0.0, 0.0)
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100), linear between the nearest ranks."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# -- results -------------------------------------------------------------------------------


@dataclass
class TaskResult:
    """What one task (one shuffle at one seating) adds to the report."""

    index: int
    rotation: int
    seat_levels: tuple[str, ...]
    side_seats: tuple[tuple[int, ...], ...]
    penalties: tuple[int, ...]  # per side: of the deal, or the match's final totals
    card_points: tuple[int, ...]  # per side: card points taken in the deal (0 for matches)
    winners: tuple[int, ...]  # sides that won (the deal, or ranked first in the match)
    deals: int
    actions: int
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu_times: dict[str, list[float]] = field(default_factory=dict)
    playouts: dict[str, list[int]] = field(default_factory=dict)


@dataclass
class LevelStats:
    level: str
    deal_penalties: list[int] = field(default_factory=list)
    deal_points: list[int] = field(default_factory=list)
    deal_wins: int = 0
    matches: int = 0
    match_wins: int = 0
    match_penalties: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    cpu_times: list[float] = field(default_factory=list)
    playouts: list[int] = field(default_factory=list)  # per searched decision

    def to_json(self) -> dict[str, Any]:
        deals = len(self.deal_penalties)
        mean, low, high = mean_interval(self.deal_penalties)
        data: dict[str, Any] = {
            "level": self.level,
            "deals": deals,
            "deal_wins": self.deal_wins,
            "deal_win_rate": _round(self.deal_wins / deals if deals else 0.0),
            "deal_win_ci95": [_round(x) for x in wilson(self.deal_wins, deals)],
            "mean_penalty": _round(mean),
            "mean_penalty_ci95": [_round(low), _round(high)],
            "mean_card_points": _round(mean_interval(self.deal_points)[0]),
            "decisions": len(self.times),
            "p50_ms": round(percentile(self.times, 50) * 1000, 2),
            "p95_ms": round(percentile(self.times, 95) * 1000, 2),
            "max_ms": round(max(self.times, default=0.0) * 1000, 2),
            "cpu_p50_ms": round(percentile(self.cpu_times, 50) * 1000, 2),
            "cpu_p95_ms": round(percentile(self.cpu_times, 95) * 1000, 2),
        }
        if self.playouts:
            data.update(
                {
                    "searched_decisions": len(self.playouts),
                    "playouts_mean": round(sum(self.playouts) / len(self.playouts), 1),
                    "playouts_p50": percentile(self.playouts, 50),
                }
            )
        if self.matches:
            match_mean, match_low, match_high = mean_interval(self.match_penalties)
            data.update(
                {
                    "matches": self.matches,
                    "match_wins": self.match_wins,
                    "match_win_rate": _round(self.match_wins / self.matches),
                    "match_win_ci95": [_round(x) for x in wilson(self.match_wins, self.matches)],
                    "mean_match_penalty": _round(match_mean),
                    "mean_match_penalty_ci95": [_round(match_low), _round(match_high)],
                }
            )
        return data


def _round(value: float) -> float:
    return round(value, 4)


@dataclass
class ArenaReport:
    preset: str
    players: int
    options: dict[str, Any]
    levels: tuple[str, ...]
    seatings: list[tuple[str, ...]]
    seed: int
    budget_ms: float | None
    playouts: int | None
    clock: str | None = None
    deals: int = 0
    matches: int = 0
    actions: int = 0
    wall_seconds: float = 0.0
    jobs: int = 1
    stats: dict[str, LevelStats] = field(default_factory=dict)

    def level(self, name: str) -> LevelStats:
        if name not in self.stats:
            self.stats[name] = LevelStats(name)
        return self.stats[name]

    def add(self, result: TaskResult, whole_match: bool) -> None:
        self.actions += result.actions
        for name, times in result.times.items():
            self.level(name).times.extend(times)
        for name, times in result.cpu_times.items():
            self.level(name).cpu_times.extend(times)
        for name, counts in result.playouts.items():
            self.level(name).playouts.extend(counts)
        for side, seats in enumerate(result.side_seats):
            names = sorted({result.seat_levels[seat] for seat in seats})
            stats = self.level("+".join(names))
            won = side in result.winners
            if whole_match:
                stats.matches += 1
                stats.match_wins += won
                stats.match_penalties.append(result.penalties[side])
            else:
                stats.deal_penalties.append(result.penalties[side])
                stats.deal_points.append(result.card_points[side])
                stats.deal_wins += won
        if whole_match:
            self.matches += 1
        else:
            self.deals += 1

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "players": self.players,
            "options": self.options,
            "levels": list(self.levels),
            "seatings": [list(seating) for seating in self.seatings],
            "seed": self.seed,
            "budget_ms": self.budget_ms,
            "playouts": self.playouts,
            "clock": self.clock or "wall",
            "deals": self.deals,
            "matches": self.matches,
            "actions": self.actions,
            "jobs": self.jobs,
            "wall_seconds": round(self.wall_seconds, 2),
            "win_definition": "deal: own side 0 penalty points while another side got some; "
            "match: ranked first",
            "results": [self.stats[name].to_json() for name in self._order()],
        }

    def _order(self) -> list[str]:
        return sorted(
            self.stats,
            key=lambda name: (name not in self.levels, self._first_index(name), name),
        )

    def _first_index(self, name: str) -> int:
        return self.levels.index(name) if name in self.levels else len(self.levels)

    def table(self) -> str:
        """The report as a plain-text table."""
        lines = [
            f"{self.preset}, {self.players} players, levels {','.join(self.levels)}; "
            f"{self.deals} deals"
            + (f", {self.matches} matches" if self.matches else "")
            + f" from seed {self.seed}, {len(self.seatings)} seating(s) per shuffle; "
            + (
                f"{self.playouts} playouts per decision"
                if self.playouts is not None
                else f"budget {self.budget_ms:g} ms"
                + (" of CPU time" if self.clock == "cpu" else "")
                if self.budget_ms is not None
                else "default budget"
            )
            + f"; {self.wall_seconds:.0f} s with {self.jobs} job(s)",
        ]
        header = (
            f"{'level':<12} {'deals':>6} {'deal wins':>10} {'95% CI':>15} "
            f"{'penalty/deal':>12} {'95% CI':>15}"
        )
        if self.matches:
            header += f" {'matches':>7} {'match wins':>10} {'95% CI':>15}"
        header += f" {'p50 ms':>7} {'p95 ms':>7} {'cpu p95':>7}"
        lines.append(header)
        lines.append("-" * len(header))
        for name in self._order():
            data = self.stats[name].to_json()
            row = (
                f"{name:<12} {data['deals']:>6} {data['deal_win_rate'] * 100:>9.1f}% "
                f"{_pct_range(data['deal_win_ci95']):>15} {data['mean_penalty']:>12.2f} "
                f"{_num_range(data['mean_penalty_ci95']):>15}"
            )
            if self.matches:
                row += (
                    f" {data.get('matches', 0):>7} {data.get('match_win_rate', 0.0) * 100:>9.1f}% "
                    f"{_pct_range(data.get('match_win_ci95', [0.0, 0.0])):>15}"
                )
            row += f" {data['p50_ms']:>7.1f} {data['p95_ms']:>7.1f} {data['cpu_p95_ms']:>7.1f}"
            lines.append(row)
        lines.append(
            "deal win: own side 0 penalty points while another side got some "
            "(60-60: nobody); CI: Wilson for rates, normal for means; "
            "times per decision: wall clock, cpu = this thread's CPU time"
        )
        for name in self._order():
            data = self.stats[name].to_json()
            if "playouts_mean" in data:
                lines.append(
                    f"{name}: {data['playouts_mean']:.0f} playouts per searched decision "
                    f"(median {data['playouts_p50']:.0f}, {data['searched_decisions']} decisions)"
                )
        return "\n".join(lines) + "\n"


def _pct_range(pair: Sequence[float]) -> str:
    return f"[{pair[0] * 100:.1f}, {pair[1] * 100:.1f}]"


def _num_range(pair: Sequence[float]) -> str:
    return f"[{pair[0]:.2f}, {pair[1]:.2f}]"
