"""Fault injection rules for the fake Bot API server."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

FaultKind = Literal["429", "500", "502", "timeout", "network"]
FAULT_KINDS: tuple[str, ...] = ("429", "500", "502", "timeout", "network")


@dataclass
class FaultRule:
    """One ``FakeTelegram.inject(...)`` rule.

    A rule matches a method (case-insensitively; ``None`` matches every method except
    ``getUpdates``, which must be named explicitly) and then fires either the next ``times``
    matching requests, or each matching request with probability ``rate`` drawn from its own
    ``random.Random(seed)``, so a run is reproducible.
    """

    method: str | None
    error: FaultKind
    times: int | None = None
    rate: float | None = None
    retry_after: int = 1
    delay: float = 30.0
    apply_effect: bool = False
    seed: int = 0
    hits: int = 0
    active: bool = True
    _rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.error not in FAULT_KINDS:
            raise ValueError(f"unknown fault {self.error!r}; use one of {FAULT_KINDS}")
        if self.times is not None and self.rate is not None:
            raise ValueError("give either times= or rate=, not both")
        if self.times is None and self.rate is None:
            self.times = 1
        if self.rate is not None and not 0.0 <= self.rate <= 1.0:
            raise ValueError("rate must be within [0, 1]")
        self._rng = random.Random(self.seed)

    def matches(self, method: str) -> bool:
        if not self.active:
            return False
        if self.method is None:
            return method.lower() != "getupdates"
        return self.method.lower() == method.lower()

    def fire(self, method: str) -> bool:
        """Decide whether this rule fires for a request to ``method`` (consumes state)."""
        if not self.matches(method):
            return False
        if self.times is not None:
            if self.times <= 0:
                return False
            self.times -= 1
            if self.times == 0:
                self.active = False
            self.hits += 1
            return True
        assert self.rate is not None
        if self._rng.random() < self.rate:
            self.hits += 1
            return True
        return False

    def cancel(self) -> None:
        """Stop this rule from firing again."""
        self.active = False
