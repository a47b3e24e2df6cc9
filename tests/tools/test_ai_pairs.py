"""`bench/ai_pairs.py`: two versions of `hard` judged on the same decisions."""

from __future__ import annotations

import io

import pytest
from bench_scripts import load_bench

import engine.ai.base as ai_base
from engine.ai.hard import HardPlayer
from tools.cli import main


def _pairs(monkeypatch: pytest.MonkeyPatch, settings: list[tuple[str, object]]) -> object:
    """One kozel deal at 30 fixed playouts, the variant changed by `settings`."""
    # install() replaces these two for the whole process; put them back afterwards.
    monkeypatch.setattr(HardPlayer, "search", HardPlayer.search)
    monkeypatch.setattr(ai_base, "view_for", ai_base.view_for)
    bench = load_bench("ai_pairs")
    pairs = bench.Pairs()
    bench.install(pairs, settings, [], None, 20)
    arena = "arena --preset kozel --players 4 --levels hard,easy,hard,easy --deals 2 --seed 5"
    main([*arena.split(), "--playouts", "30", "--jobs", "1"], out=io.StringIO())
    return pairs


def test_a_variant_equal_to_main_never_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = _pairs(monkeypatch, [])
    gains = [gain for kind in pairs.gains.values() for gain in kind]  # type: ignore[attr-defined]
    assert len(gains) > 10
    assert not any(gains)


def test_a_weaker_variant_differs_and_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = _pairs(monkeypatch, [("playouts", 2)])
    gains = [gain for kind in pairs.gains.values() for gain in kind]  # type: ignore[attr-defined]
    assert any(gains)
    counts = pairs.playouts  # type: ignore[attr-defined]
    assert sum(counts["variant"]) < sum(counts["main"]) / 3
    assert "variant's gain" in pairs.report()  # type: ignore[attr-defined]


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
