"""`bench/ai_pairs.py`: two versions of `hard` judged on the same decisions."""

from __future__ import annotations

import io

import pytest

import engine.ai.base as ai_base
from bench.ai_pairs import Pairs, judging, patched, settings_of
from engine.ai import HardPlayer, make_player
from engine.view import view_for
from tools.cli import main


def _pairs(settings: list[tuple[str, object]], wins: bool = False) -> Pairs:
    """One kozel deal at 30 fixed playouts, the variant changed by `settings`."""
    pairs = Pairs()
    arena = "arena --preset kozel --players 4 --levels hard,easy,hard,easy --deals 2 --seed 5"
    with judging(pairs, settings, [], None, 20, wins=wins):
        main([*arena.split(), "--playouts", "30", "--jobs", "1"], out=io.StringIO())
    return pairs


def test_the_judge_leaves_hard_as_it_found_it() -> None:
    with judging(Pairs(), [], [], None, 20):
        assert type(make_player("hard", 1)) is not HardPlayer
        assert make_player("hard", 1).level == "hard"
    assert type(make_player("hard", 1)) is HardPlayer
    assert vars(ai_base)["view_for"] is view_for


@pytest.mark.slow(reason="the judge plays its pairs of deals")
def test_a_variant_equal_to_main_never_differs() -> None:
    pairs = _pairs([])
    gains = [gain for kind in pairs.gains.values() for gain in kind]
    assert len(gains) > 10
    assert not any(gains)


def test_a_weaker_variant_differs_and_is_judged() -> None:
    pairs = _pairs([("playouts", 2)])
    gains = [gain for kind in pairs.gains.values() for gain in kind]
    assert any(gains)
    counts = pairs.playouts
    assert sum(counts["variant"]) < sum(counts["main"]) / 3
    assert "variant's gain" in pairs.report()


def test_scored_by_deals_won_the_same_choices_are_judged_on_the_outcome() -> None:
    by_value = _pairs([("playouts", 2)])
    by_wins = _pairs([("playouts", 2)], wins=True)
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
    import engine.ai.search.evidence as evidence

    before = (evidence.TRIES, evidence.FLOOR)
    patches = settings_of(
        ["engine.ai.search.evidence:TRIES=3", "engine.ai.search.evidence:FLOOR=0.5"]
    )
    assert patches == [
        ("engine.ai.search.evidence:TRIES", 3),
        ("engine.ai.search.evidence:FLOOR", 0.5),
    ]
    with patched(patches):
        assert (evidence.TRIES, evidence.FLOOR) == (3, 0.5)
    assert before == (evidence.TRIES, evidence.FLOOR)
    with pytest.raises(SystemExit, match="module:NAME=VALUE"), patched([("TRIES", 3)]):
        pass
    bad = [("engine.ai.search.evidence:TRIES", 3), ("FLOOR", 0.5)]
    with pytest.raises(SystemExit, match="module:NAME=VALUE"), patched(bad):
        pass
    assert before == (evidence.TRIES, evidence.FLOOR)
    with pytest.raises(SystemExit, match="KEY=VALUE"):
        settings_of(["TRIES"])
