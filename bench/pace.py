"""How fast the crowd's people tap (bench/crowd.py): `--pace instant|person`.

An instant crowd measures the bot's throughput and its latency at a given
load; a person's pace is what players feel (issue 57): nobody taps at once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol


class Pace(Protocol):
    def wait(self, now: float) -> float:
        """Seconds from `now` until the next look or tap (0: at once)."""


@dataclass
class Instant:
    """At once; with `rate` > 0, at the next slot of one Poisson stream of
    `rate` taps a second over all tables."""

    rng: random.Random
    rate: float = 0.0
    next_slot: float = 0.0

    def wait(self, now: float) -> float:
        if not self.rate:
            return 0.0
        self.next_slot = max(self.next_slot, now) + self.rng.expovariate(self.rate)
        return self.next_slot - now


@dataclass
class Looking:
    """A person who looks `low` to `high` seconds (uniform) before each tap."""

    rng: random.Random
    low: float = 2.0
    high: float = 5.0

    def wait(self, now: float) -> float:
        return self.rng.uniform(self.low, self.high)
