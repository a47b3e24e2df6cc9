"""The review of a whole deal (issue 66): noise, determinism, cache keys, the log.

The noise: first deals played by the hard player alone (300 playouts a
move, about what the review spends on a decision), every seat reviewed at
the default budget (48 worlds), 8 deals a game. Measured:

| game | moves | flagged | mean cost | p95 | largest total of a review |
|---|---|---|---|---|---|
| burkozel, 2 players | 202 | 3 (1.5%) | 0.18 | 0.92 | 2.35 |
| burkozel, 3 players | 198 | 2 (1.0%) | 0.16 | 0.91 | 1.92 |
| kozel | 184 | 2 (1.1%) | 0.17 | 0.90 | 2.16 |
| bura | 110 | 3 (2.7%) | 0.11 | 0.65 | 1.61 |

(costs in penalty points, a tenth per card point of margin). So a deal the
hard player played must review with at most one costly move and a total
within `NOISE`.
"""

from __future__ import annotations

import json

import pytest

from engine import DECK, Action, MatchState, RuleSet, apply, new_match
from engine.ai import next_actor
from engine.ai.players.hard import HardPlayer
from engine.ai.review import (
    REVIEW_WORLDS,
    deal_log,
    review_deal,
    review_from_json,
    review_key,
    review_to_json,
)
from engine.ai.review.deal import HandKind
from engine.rules import Preset
from engine.shuffle import ShuffleKey, public_value

NOISE = 2.5  # the largest total cost measured on a hard-player deal, rounded up


def _hard_deal(
    preset: str, players: int, seed: int, playouts: int = 60
) -> tuple[MatchState, list[Action]]:
    """The first deal of a match the hard player plays in every seat."""
    rules = RuleSet.create(preset, {}, players=players)
    start = new_match(rules, [f"P{seat}" for seat in range(players)], seed)
    assert start.deal is not None
    hard = {seat: HardPlayer(seed * 10 + seat, playouts=playouts) for seat in range(players)}
    state, log = start, []
    while state.deal is not None and state.deal.number == start.deal.number:
        chosen = next_actor(state, hard)
        assert chosen is not None
        state, _ = apply(state, chosen[1])
        log.append(chosen[1])
    return start, log


@pytest.mark.parametrize(("preset", "seed"), [("burkozel", 101), ("bura", 102)])
@pytest.mark.slow(
    reason="a whole deal of hard play at 300 playouts a move, then two full reviews of it"
)
def test_a_deal_the_hard_player_played_reviews_within_the_noise(preset: str, seed: int) -> None:
    start, log = _hard_deal(preset, 2, seed, playouts=300)
    for seat in (0, 1):
        review = review_deal(start, log, seat, seed=1)
        assert review.decisions
        assert sum(d.costly for d in review.decisions) <= 1, review.costliest
        assert review.total_cost <= NOISE, review.costliest


def test_a_review_is_the_same_for_the_same_seed_and_budget() -> None:
    start, log = _hard_deal("bura", 2, 7)
    first = review_deal(start, log, 1, seed=4, worlds=24)
    assert first == review_deal(start, log, 1, seed=4, worlds=24)
    assert first.worlds == 24 and first.seed == 4
    assert review_deal(start, log, 1, seed=4).worlds == REVIEW_WORLDS


def test_the_review_lists_every_move_of_the_seat_and_the_luck_of_the_hand() -> None:
    start, log = _hard_deal("bura", 2, 8)
    assert start.deal is not None
    number = start.deal.number
    state, moves = start, 0
    for action in log:
        if state.deal is None or state.deal.number != number:
            break
        moves += action.seat == 0
        state, _ = apply(state, action)
    review = review_deal(start, [*log, *log], 0, seed=2)  # what follows the deal is ignored
    assert len(review.decisions) == moves
    assert [d.played for d in review.decisions] == [a for a in log if a.seat == 0][:moves]
    assert review.clean == (not review.costliest)
    assert list(review.costliest) == sorted(review.costliest, key=lambda d: -d.cost)
    assert review.luck is not None
    assert review.luck.hand in set(HandKind)
    assert review.luck.actual_penalty in (0, 2, 4)
    assert 0.0 <= review.luck.expected_penalty <= 4.0


def test_the_cache_key_names_the_deal_the_seat_and_the_budget() -> None:
    keys = {
        review_key("g1/d3", 0),
        review_key("g1/d3", 1),
        review_key("g1/d4", 0),
        review_key("g1/d3", 0, worlds=96),
        review_key("g1/d3", 0, seed=1),
    }
    assert len(keys) == 5
    assert review_key("g1/d3", 0) == review_key("g1/d3", 0)


def test_deal_log_finds_a_deal_in_a_match_log() -> None:
    rules = RuleSet.create("bura", {}, players=2)
    start, log = _hard_deal("bura", 2, 9)
    first_deal_actions = len(log)
    state = start
    more = list(log)
    for action in log:
        state, _ = apply(state, action)
    hard = {seat: HardPlayer(seat, playouts=40) for seat in range(2)}
    assert state.deal is not None
    second = state.deal.number
    while state.deal is not None and state.deal.number == second:
        chosen = next_actor(state, hard)
        assert chosen is not None
        state, _ = apply(state, chosen[1])
        more.append(chosen[1])
    found, actions = deal_log(rules, ["P0", "P1"], 9, more, second)
    assert found.deal is not None and found.deal.number == second
    assert actions == more[first_deal_actions:]
    with pytest.raises(ValueError):
        deal_log(rules, ["P0", "P1"], 9, more, second + 5)


def test_bad_requests_are_refused() -> None:
    start, log = _hard_deal("bura", 2, 10)
    with pytest.raises(ValueError):
        review_deal(start, log, 2)
    with pytest.raises(ValueError):
        review_deal(start._replace(deal=None), log, 0)


def test_a_review_goes_through_json_unchanged() -> None:
    start, log = _hard_deal("bura", 2, 11)
    review = review_deal(start, log, 0, seed=5, worlds=24)
    text = json.dumps(review_to_json(review))
    assert review_from_json(json.loads(text)) == review


def test_a_log_with_a_move_the_seat_could_not_make_is_refused() -> None:
    start, log = _hard_deal("bura", 2, 12)
    first = next(index for index, action in enumerate(log) if action.seat == 0)
    wrong = Action.make("lead", 0, [c for c in DECK if c not in start.deal.hands[0]][:1])  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="not legal"):
        review_deal(start, [*log[:first], wrong], 0)


def test_deal_log_deals_a_keyed_match_from_its_key() -> None:
    """A match dealt by the checkable shuffle: its deal comes from the key, not the seed."""
    rules = RuleSet.create("bura", {}, players=2)
    key = ShuffleKey("ab" * 32, public_value(Preset.BURA, 2, "bottom", -100123, 45))
    start = new_match(rules, ["P0", "P1"], 3, key)
    found, actions = deal_log(rules, ["P0", "P1"], 3, [], 1, key)
    assert found == start and actions == []
    assert deal_log(rules, ["P0", "P1"], 3, [], 1)[0].deal != start.deal
