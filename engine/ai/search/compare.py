"""Comparing the candidates' playout values, world by world.

Every candidate of a decision is played out in the same worlds with the
same dice, so two candidates are compared by their differences world by
world (a paired test): far fewer playouts tell a real difference from the
worlds' scatter than comparing two means would need.
"""

from __future__ import annotations

from collections.abc import Sequence


def mean(values: Sequence[float]) -> float:
    """The mean, and minus infinity for no values (a candidate never played out)."""
    return sum(values) / len(values) if values else float("-inf")


def best_of(alive: Sequence[int], values: Sequence[Sequence[float]]) -> int:
    """The candidate with the best mean; on a tie the first offered."""
    return max(alive, key=lambda index: (mean(values[index]), -index))


def _paired(first: Sequence[float], second: Sequence[float]) -> tuple[float, float, int]:
    """The mean of `first - second` world by world, its standard error, and
    the number of worlds."""
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    average = mean(diffs)
    variance = sum((d - average) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
    return average, (variance / max(len(diffs), 1)) ** 0.5, len(diffs)


def prune(alive: Sequence[int], values: Sequence[Sequence[float]], z: float) -> list[int]:
    """Drop the candidates clearly worse than the best (more than `z` standard
    errors) on the worlds they shared, and those that matched the best in
    every one of at least 8 worlds (nothing left to tell them apart)."""
    best = best_of(alive, values)
    kept = []
    for index in alive:
        if index == best:
            kept.append(index)
            continue
        # Both were evaluated on the same last `shared` worlds only if both
        # stayed alive since; alive candidates always were.
        shared = min(len(values[index]), len(values[best]))
        first, second = values[index][-shared:], values[best][-shared:]
        average, error, count = _paired(first, second)
        if average + z * error < 0:
            continue
        if count >= 8 and all(a == b for a, b in zip(first, second, strict=True)):
            continue
        kept.append(index)
    return kept


def clearly_better(best: Sequence[float], default: Sequence[float], z: float) -> bool:
    """Whether the search's best beats the rules of thumb's choice by more
    than `z` standard errors (only then does the search overrule them)."""
    average, error, _ = _paired(best, default)
    return average > z * error
