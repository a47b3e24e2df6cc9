"""`bench/ai_answers.py`: the playout policy's answers against `hard`'s search."""

from __future__ import annotations

from bench_scripts import load_bench

import engine.ai.hard as hard_module


def test_every_answer_is_scored_against_the_search_and_the_real_deal() -> None:
    bench = load_bench("ai_answers")
    best_of = vars(hard_module)["best_of"]
    rows = bench.collect(bench.parse(["--deals", "2", "--playouts", "40", "--oracle", "20"]))
    assert vars(hard_module)["best_of"] is best_of  # the spy is gone again
    assert len(rows) > 5
    assert {row["phase"] for row in rows} <= {"stock", "no stock"}
    # The search's best has the best mean, so the policy's answer is never ahead.
    assert all(row["regret"] >= 0 for row in rows)
    checked = [row for row in rows if "real gap" in row]
    # The real deal is asked wherever the policy's answer is behind the best.
    assert checked
    assert all("real gap" in row for row in rows if row["regret"] > 0)
    assert all(row["search gap"] == row["regret"] for row in checked)
    assert any(row["agrees"] for row in rows)
