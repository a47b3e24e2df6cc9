"""Achievements over whole matches the computers played in every game: what
the match end computes (from bot.stats.results.replay_events, the bot's own
replay) is what the back-fill computes, and what is earned is possible in
that game, once, and never in practice."""

from __future__ import annotations

from functools import cache

import pytest
from engine_builders import play_match

from bot.seasons.achievements import BY_ID, FinishedMatch, Prior, after, earned, standing
from bot.seasons.backfill import StoredMatch, replay
from bot.stats.results import replay_events
from engine import Action, RuleSet
from engine.ai import make_player
from engine.events import Event

GAMES = [("burkozel", 2), ("burkozel", 3), ("burkozel", 4), ("kozel", 4), ("bura", 2), ("bura", 3)]


@cache
def played(game: str, players: int, seed: int) -> tuple[RuleSet, tuple[Action, ...], list[Event]]:
    rules = RuleSet.create(game, {"limit": 6}, players=players)
    computers = {seat: make_player("random", seat) for seat in range(players)}
    _, log, _ = play_match(rules, computers, seed)
    names = [f"P{seat}" for seat in range(players)]
    _, events = replay_events(rules, names, seed, log)
    return rules, tuple(log), events


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_whole_matches(game: str, players: int) -> None:
    for seed in range(4):
        rules, log, events = played(game, players, seed)
        people = {seat: 100 + seat for seat in range(players)}
        stored = StoredMatch(
            table_id=seed,
            chat_id=-1,
            finished_at=0.0,
            rules=rules,
            players=tuple(f"P{seat}" for seat in range(players)),
            seed=seed,
            actions=log,
            people=people,
            computers={},
            winners=frozenset(),
        )
        assert replay(stored) == events  # the match end's events are the back-fill's
        match = FinishedMatch(rules, events, people, {})
        winners = {s for p in standing(events) if p.rank == 1 for s in p.seats}
        for seat in range(players):
            got = earned(match, seat, Prior())
            assert len(set(got)) == len(got)
            assert all(rules.preset in BY_ID[a].games for a in got)
            assert ("first_win" in got) == (seat in winners)
            then = after(match, seat, Prior())
            assert then.earned == frozenset(got)
            assert earned(match, seat, then) == ()  # earned once
            assert earned(match._replace(practice=True), seat, Prior()) == ()
