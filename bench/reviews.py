"""The coach under load (issue 66's "Done when"): with `--measure ...,reviews`
every person of bench/load.py taps 🔍 on the record of each deal the moment
it is shown, and this measures how long after the tap the review arrives
(a message, or the "it will come" notice edited, whose text starts with the
review's 🔍), while the hand-off measure (bench/measures.py) says what the
moves felt meanwhile.

    python -m bench.load --pace person --tables 8 --seconds 300 \\
        --measure handoff,requests,reviews

The crowd (bench/crowd.py) taps and tells this measure (`asked`, `shown`);
a review asked in the window counts in it, whenever it arrives (the run
drains for a minute after the window, as for hand-offs).

Measured 2026-12-07 on the shared 2-core machine with other sessions'
test runs at load average 14-20 (each session gets about a quarter of a
core: a CPU-bound loop alone got 27-33% of a core), 8 tables x 3 people,
300 s, 48 reviews asked: hand-off p95 0.33 s (0.51 s in a second run),
but reviews p50/p95 97/167 s, 16 of 48 in time: the review worker, at
nice 15 below the bot in its own session, got 6% of a core (3% unpinned
in a busier minute; 10% and 27 of 48 reniced to 0 by hand, p95 still
163 s). A review is 0.8-1.1 s of CPU (bench.review_cost, burkozel 3p), so
the 48 need 16% of a core over the window: this machine, as loaded, gave
the whole run less. Measure again on a quiet machine before reading the
15 s target as met or missed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from bench.figures import quantiles
from bench.window import Measure, Window

REVIEW_MARK = "🔍"  # review.title in every language
NOTICE_MARK = "⏳"  # review.coming: the review is queued, it will come


@dataclass
class _Reviews:
    seconds: list[float] = field(default_factory=list)
    asked: int = 0
    notices: int = 0


class ReviewTimes(Measure):
    name = "reviews"

    def __init__(self) -> None:
        self.windows: dict[str, _Reviews] = {}
        # Per private chat: when each review still awaited was asked, and in
        # which window (None: before or after the windows).
        self.pending: dict[int, deque[tuple[float, Window | None]]] = {}

    def _of(self, window: Window) -> _Reviews:
        return self.windows.setdefault(window.name, _Reviews())

    def asked(self, chat_id: int, now: float, window: Window | None) -> None:
        """A person tapped 🔍 under a deal's record."""
        self.pending.setdefault(chat_id, deque()).append((now, window))
        if window is not None:
            self._of(window).asked += 1

    def shown(self, chat_id: int, text: str, now: float) -> None:
        """The bot sent or edited a private message: a review, or its notice."""
        waiting = self.pending.get(chat_id)
        if not waiting:
            return
        if text.startswith(NOTICE_MARK):
            window = waiting[0][1]
            if window is not None:
                self._of(window).notices += 1
            return
        if text.startswith(REVIEW_MARK):
            asked, window = waiting.popleft()
            if window is not None:
                self._of(window).seconds.append(now - asked)

    def unresolved(self) -> int:
        return sum(len(w) for w in self.pending.values())

    def summary(self, window: Window) -> dict[str, Any]:
        stats = self._of(window)
        return {
            "reviews": {
                "asked": stats.asked,
                "received": len(stats.seconds),
                "notices": stats.notices,
                "seconds": quantiles(stats.seconds, (50, 95), digits=2, top=True),
                "still_awaited": self.unresolved(),
            }
        }

    @staticmethod
    def lines(s: dict[str, Any]) -> list[str]:
        r = s["reviews"]
        q = r["seconds"]
        return [
            f"reviews p50/p95/max {q['p50']}/{q['p95']}/{q['max']} s, {r['received']} of"
            f" {r['asked']} asked in the window ({r['notices']} answered first with ⏳;"
            f" {r['still_awaited']} still awaited at the end)"
        ]
