"""`bench/ai_pairs.py`: two versions of `hard` judged on the same decisions."""

from __future__ import annotations

import io
from typing import Any

import pytest
from bench_scripts import load_bench

import engine.ai.base as ai_base
from engine.ai.hard import HardPlayer
from engine.view import view_for
from tools.cli import main


def _pairs(
    monkeypatch: pytest.MonkeyPatch, settings: list[tuple[str, object]], wins: bool = False
) -> Any:
    """One kozel deal at 30 fixed playouts, the variant changed by `settings`: the
    script's `Pairs` (bench/ is loaded as a module at run time, so `Any`)."""
    # install() replaces these two for the whole process; put them back afterwards.
    monkeypatch.setattr(HardPlayer, "search", HardPlayer.search)
    monkeypatch.setattr(ai_base, "view_for", view_for)
    bench = load_bench("ai_pairs")
    pairs = bench.Pairs()
    bench.install(pairs, settings, [], None, 20, wins=wins)
    arena = "arena --preset kozel --players 4 --levels hard,easy,hard,easy --deals 2 --seed 5"
    main([*arena.split(), "--playouts", "30", "--jobs", "1"], out=io.StringIO())
    return pairs


def test_a_variant_equal_to_main_never_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = _pairs(monkeypatch, [])
    gains = [gain for kind in pairs.gains.values() for gain in kind]
    assert len(gains) > 10
    assert not any(gains)


def test_a_weaker_variant_differs_and_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = _pairs(monkeypatch, [("playouts", 2)])
    gains = [gain for kind in pairs.gains.values() for gain in kind]
    assert any(gains)
    counts = pairs.playouts
    assert sum(counts["variant"]) < sum(counts["main"]) / 3
    assert "variant's gain" in pairs.report()


def test_scored_by_deals_won_the_same_choices_are_judged_on_the_outcome(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    search = HardPlayer.search
    by_value = _pairs(monkeypatch, [("playouts", 2)])
    # Unwrap the first judge, or the second run would feed both.
    monkeypatch.setattr(HardPlayer, "search", search)
    monkeypatch.setattr(ai_base, "view_for", view_for)
    by_wins = _pairs(monkeypatch, [("playouts", 2)], wins=True)
    value_gains = by_value.gains
    win_gains = by_wins.gains
    assert value_gains.keys() == win_gains.keys()
    flat_value = [gain for kind in sorted(value_gains) for gain in value_gains[kind]]
    flat_wins = [gain for kind in sorted(win_gains) for gain in win_gains[kind]]
    # The scoring does not change the searches: where the choices agree
    # (value gain 0), the outcome's gain is 0 too; two choices that differ may
    # still win equally often.
    assert len(flat_value) == len(flat_wins)
    assert all(wins == 0 for value, wins in zip(flat_value, flat_wins, strict=True) if value == 0)
    assert any(flat_wins)
    # 20 playouts each scoring +1, 0 or -1 a choice: a gain is k/20, |k| <= 40.
    for gain in flat_wins:
        assert abs(gain * 20 - round(gain * 20)) < 1e-9
        assert abs(gain) <= 2.0
    assert flat_wins != flat_value


def test_patches_are_parsed_set_and_put_back() -> None:
    bench = load_bench("ai_pairs")
    import engine.ai.evidence as evidence

    before = (evidence.TRIES, evidence.FLOOR)
    patches = bench.settings_of(["engine.ai.evidence:TRIES=3", "engine.ai.evidence:FLOOR=0.5"])
    assert patches == [("engine.ai.evidence:TRIES", 3), ("engine.ai.evidence:FLOOR", 0.5)]
    with bench.patched(patches):
        assert (evidence.TRIES, evidence.FLOOR) == (3, 0.5)
    assert before == (evidence.TRIES, evidence.FLOOR)
    with pytest.raises(SystemExit, match="module:NAME=VALUE"), bench.patched([("TRIES", 3)]):
        pass
    bad = [("engine.ai.evidence:TRIES", 3), ("FLOOR", 0.5)]
    with pytest.raises(SystemExit, match="module:NAME=VALUE"), bench.patched(bad):
        pass
    assert before == (evidence.TRIES, evidence.FLOOR)
    with pytest.raises(SystemExit, match="KEY=VALUE"):
        bench.settings_of(["TRIES"])
