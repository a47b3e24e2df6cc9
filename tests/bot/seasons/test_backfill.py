"""Granting achievements to the past from stored matches: the same grants the
match ends would have made, once, in the order the matches finished."""

from __future__ import annotations

from functools import cache

import pytest
from engine_builders import play_match

from bot.seasons.achievements import REGULAR_MATCHES, FinishedMatch, Prior, after, earned
from bot.seasons.backfill import Grant, StoredMatch, backfill, rarity, replay
from engine import RuleSet
from engine.ai import make_player

RULES = RuleSet.create("bura", {"limit": 4}, players=2)
GROUP, OTHER = -100, -200


@cache
def played(seed: int) -> StoredMatch:
    """A computer-only match, stored as if two people (1 and 2) had played it."""
    computers = {seat: make_player("random", seat) for seat in range(2)}
    state, log, _ = play_match(RULES, computers, seed)
    assert state.standing is not None
    winners = frozenset(s for p in state.standing if p.rank == 1 for s in p.seats)
    return StoredMatch(
        table_id=seed,
        chat_id=GROUP,
        finished_at=1000.0 + seed,
        rules=RULES,
        players=("A", "B"),
        seed=seed,
        actions=tuple(log),
        people={0: 1, 1: 2},
        computers={},
        winners=winners,
    )


def test_the_first_match_earns_its_winner_the_first_win() -> None:
    match = played(1)
    grants = backfill([match])
    (winner,) = match.winners
    user = match.people[winner]
    assert Grant(user, GROUP, "first_win", 1, 1001.0) in grants
    assert all(g.table_id == 1 for g in grants)


def test_the_same_grants_as_each_match_end_would_have_made() -> None:
    matches = [played(seed) for seed in range(12)]
    grants = backfill(matches)
    expected = []
    priors = {1: Prior(), 2: Prior()}
    for match in matches:
        events = replay(match)
        assert events is not None
        finished = FinishedMatch(RULES, events, match.people, {})
        for seat, user in sorted(match.people.items()):
            for achievement in earned(finished, seat, priors[user]):
                expected.append(Grant(user, GROUP, achievement, match.table_id, match.finished_at))
            priors[user] = after(finished, seat, priors[user])
    assert grants == expected
    assert {(g.user_id, "regular") for g in grants} >= {(1, "regular"), (2, "regular")}
    assert len({(g.user_id, g.achievement) for g in grants}) == len(grants)


def test_twice_grants_nothing_new() -> None:
    matches = [played(seed) for seed in range(5)]
    first = backfill(matches)
    held: dict[tuple[int, int], frozenset[str]] = {}
    for g in first:
        held[(g.user_id, g.chat_id)] = held.get((g.user_id, g.chat_id), frozenset()) | {
            g.achievement
        }
    assert backfill(matches, held) == []


def test_groups_are_apart() -> None:
    here, there = played(1), played(1)._replace(chat_id=OTHER, table_id=99)
    grants = backfill([here, there])
    firsts = {(g.chat_id, g.achievement) for g in grants if g.achievement == "first_win"}
    assert firsts == {(GROUP, "first_win"), (OTHER, "first_win")}


def test_a_pruned_log_still_counts_the_match() -> None:
    matches = [played(seed)._replace(actions=None) for seed in range(REGULAR_MATCHES - 1)]
    grants = backfill([*matches, played(50)._replace(finished_at=5000.0)])
    assert {g.achievement for g in grants if g.table_id != 50} == set()
    assert {(g.user_id, g.achievement) for g in grants} >= {(1, "regular"), (2, "regular")}


def test_practice_is_skipped_and_order_is_required() -> None:
    assert backfill([played(1)._replace(practice=True)]) == []
    with pytest.raises(ValueError, match="oldest first"):
        backfill([played(3), played(2)])


def test_a_log_that_does_not_finish_is_an_error() -> None:
    match = played(1)
    assert match.actions is not None
    with pytest.raises(ValueError, match="does not finish"):
        backfill([match._replace(actions=match.actions[:-1])])


def test_rarity_is_the_share_of_holders() -> None:
    grants = [Grant(1, GROUP, "first_win", 1, 0.0), Grant(2, GROUP, "first_win", 2, 0.0)]
    grants.append(Grant(1, GROUP, "eggs", 3, 0.0))
    shares = rarity(grants, people=4)
    assert (shares["first_win"], shares["eggs"], shares["golden_moscow"]) == (0.5, 0.25, 0.0)
    assert rarity(grants, people=0)["first_win"] == 0.0
