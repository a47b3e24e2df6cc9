"""What one played-out deal is worth to the side that searched it.

The search (`engine.ai.hard`) averages this over its playouts. The deal's
penalty points alone are a coarse signal: two candidates that both end in a
won deal look equal however close the deal was. So by default a playout
also counts `point_weight` (0.1, `engine.ai.tuning.POINT_WEIGHT`) per card
point of margin over the other sides' mean, which separates candidates with
a few hundred playouts (docs/PERFORMANCE.md, "Issue 14").

`smooth` is the alternative measured for kozel's row (off): each side's
penalty with its steps at 61 and 31 card points smoothed, and nothing else
for the margin, so the value counts only what moves a deal's penalty; it
judged level (thirtieth pass).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.ai.rollout import DealResult


def smooth_penalty(points: int, penalty: int, scale: float) -> float:
    """A side's penalty in a two-sided trick game (kozel, two-player
    burkozel: `engine.scoring` makes "most points" 61 there) with its two
    steps smoothed by a logistic of `scale` card points: 2 under 61, 2 more
    under 31, 2 more with no trick. A playout just short of a step counts
    nearly as much as one past it, and points far from both steps count for
    nothing. The deal's multiplier (eggs doubled) is left out."""
    value = 2.0 if penalty == 6 else 0.0
    for step in (60.5, 30.5):
        value += 2.0 / (1.0 + math.exp((points - step) / scale))
    return value


def playout_value(
    result: DealResult,
    side: int,
    others: Sequence[int],
    point_weight: float,
    smooth: float = 0.0,
) -> float:
    """The other sides' mean penalty minus `side`'s, plus `point_weight` per
    card point of margin; with `smooth` > 0 and two sides, the two
    sides' smoothed penalties instead. A void deal (bura) is worth 0."""
    if result.void or not others:
        return 0.0
    penalties = result.penalties
    points = result.points
    if smooth > 0.0 and len(penalties) == 2:
        other = others[0]
        return smooth_penalty(points[other], penalties[other], smooth) - smooth_penalty(
            points[side], penalties[side], smooth
        )
    their_penalty = sum(penalties[other] for other in others) / len(others)
    their_points = sum(points[other] for other in others) / len(others)
    return their_penalty - penalties[side] + point_weight * (points[side] - their_points)
