"""The smoothed playout value `hard` may use in kozel (issue 14).

With `HardPlayer.smooth` set, a playout is valued by each side's penalty
with its two steps (61 and 31 card points) smoothed, instead of the penalty
plus a tenth of a point for every card point of margin. It measured level
(docs/PERFORMANCE.md, "Issue 14, thirtieth pass"), so it is off; these
tests pin what it computes, so a measurement made with it means what the
docs say.
"""

from __future__ import annotations

import pytest

from engine.ai import HardPlayer
from engine.ai.rollout import DealResult
from engine.ai.value import smooth_penalty


def test_far_from_both_steps_the_smoothed_penalty_is_the_penalty() -> None:
    # Fifteen points or more from a step, within 0.05 of the penalty.
    assert smooth_penalty(100, 0, 4.0) == pytest.approx(0.0, abs=0.05)
    assert smooth_penalty(45, 2, 4.0) == pytest.approx(2.0, abs=0.05)
    assert smooth_penalty(15, 4, 4.0) == pytest.approx(4.0, abs=0.05)
    assert smooth_penalty(0, 6, 4.0) == pytest.approx(6.0, abs=0.05)


def test_each_step_is_halfway_between_its_two_sides() -> None:
    # 60.5 is the middle of the step from 2 (60) to 0 (61): the two sides
    # add up to the step (the other step's tail adds a little).
    assert smooth_penalty(60, 2, 4.0) + smooth_penalty(61, 0, 4.0) == pytest.approx(2.0, abs=0.01)
    assert smooth_penalty(30, 4, 4.0) + smooth_penalty(31, 2, 4.0) == pytest.approx(6.0, abs=0.01)
    # The penalty falls as the points rise, and a wider scale flattens it.
    assert smooth_penalty(55, 2, 4.0) > smooth_penalty(58, 2, 4.0) > smooth_penalty(63, 0, 4.0)
    assert smooth_penalty(55, 2, 8.0) < smooth_penalty(55, 2, 4.0)


def test_the_smoothed_value_counts_the_steps_more_than_the_margin() -> None:
    hard = HardPlayer(seed=1, playouts=10)
    won = DealResult((0, 2), (70, 50), False)
    wider = DealResult((0, 2), (75, 45), False)
    lost = DealResult((2, 0), (59, 61), False)
    # Unsmoothed, 5 more card points are worth 1 value point (0.1 a point of margin).
    assert hard.value(wider, 0, [1]) - hard.value(won, 0, [1]) == pytest.approx(1.0)
    hard.smooth = 4.0
    assert 0.0 < hard.value(wider, 0, [1]) - hard.value(won, 0, [1]) < 0.3
    assert hard.value(won, 0, [1]) == pytest.approx(1.7, abs=0.05)
    assert hard.value(lost, 0, [1]) == pytest.approx(-0.25, abs=0.05)
    # Eggs are level, and each side sees the other's value negated.
    eggs = DealResult((0, 0), (60, 60), False)
    assert hard.value(eggs, 0, [1]) == pytest.approx(0.0)
    assert hard.value(won, 1, [0]) == pytest.approx(-hard.value(won, 0, [1]))
