"""The paired comparison of candidates: pruning and the advisor's bar."""

from __future__ import annotations

import math

from engine.ai.search.compare import best_of, clearly_better, mean, prune


def test_mean_of_nothing_is_minus_infinity() -> None:
    assert mean([]) == -math.inf
    assert mean([1.0, 2.0, 6.0]) == 3.0


def test_best_of_prefers_the_first_offered_on_a_tie() -> None:
    values = [[1.0, 2.0], [2.0, 1.0], [0.0, 0.0]]
    assert best_of([0, 1, 2], values) == 0
    assert best_of([1, 2], values) == 1


def test_prune_drops_a_candidate_clearly_worse_world_by_world() -> None:
    # Candidate 1 is worse by 1 in every world but one (a small scatter):
    # the paired test sees it, although the means' spreads overlap.
    best = [10.0, -5.0, 3.0, 8.0, 0.0, 12.0]
    worse = [v - 1.0 for v in best]
    worse[2] += 0.5
    assert prune([0, 1], [best, worse], z=3.0) == [0]


def test_prune_keeps_a_candidate_the_worlds_cannot_tell_apart_yet() -> None:
    best = [1.0, 0.0, 1.0, 0.0]
    close = [0.0, 1.0, 1.0, 0.0]
    assert prune([0, 1], [best, close], z=3.0) == [0, 1]


def test_prune_drops_a_candidate_equal_to_the_best_in_eight_worlds() -> None:
    same = [float(i % 3) for i in range(8)]
    assert prune([0, 1], [same, list(same)], z=3.0) == [0]
    assert prune([0, 1], [same[:7], list(same[:7])], z=3.0) == [0, 1]


def test_the_search_overrules_the_rules_of_thumb_only_when_clearly_better() -> None:
    default = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    slightly = [v + 0.1 for v in default]
    slightly[0] -= 1.0  # level on average: 0.1 up in seven worlds, 0.9 down in one
    clearly = [v + 1.0 for v in default]
    clearly[0] -= 0.2
    assert not clearly_better(slightly, default, z=0.5)
    assert clearly_better(clearly, default, z=0.5)
    assert clearly_better(slightly, default, z=-1.0)
