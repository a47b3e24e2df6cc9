"""What one played-out deal is worth to the side that searched it.

The search (`engine.ai.players.hard`) averages this over its playouts. The
deal's penalty points alone are a coarse signal: two candidates that both
end in a won deal look equal however close the deal was. So a playout also
counts `point_weight` (0.1, `engine.ai.tuning.POINT_WEIGHT`) per card point
of margin over the other sides' mean, which separates candidates with a few
hundred playouts.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.playout.rollout import DealResult


def playout_value(
    result: DealResult,
    side: int,
    others: Sequence[int],
    point_weight: float,
) -> float:
    """The other sides' mean penalty minus `side`'s, plus `point_weight` per
    card point of margin. A void deal (bura) is worth 0."""
    if result.void or not others:
        return 0.0
    penalties = result.penalties
    points = result.points
    their_penalty = sum(penalties[other] for other in others) / len(others)
    their_points = sum(points[other] for other in others) / len(others)
    return their_penalty - penalties[side] + point_weight * (points[side] - their_points)
