"""Granting achievements to the past (issue 68): the stored matches of the
groups, oldest first, replayed through the engine and folded through
`achievements.earned` / `after` per person and group, exactly as the bot
would have granted them at each match's end.

Pure: stored rows in, grants out. The one-off command reads the rows (the
`results` rows of group matches, with each table's seed, shuffle key and
action log where the log is still kept), runs `backfill`, and writes the
grants with the same unique insert the match end uses, so running it twice,
or while matches end, grants nothing twice.

A match whose action log was pruned (ACTION_LOG_DAYS) cannot be replayed:
it still counts for the person's matches and losing streak (from its result
rows), so "ten matches" and "a comeback" stay right, but earns nothing that
needs its moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from bot.seasons.achievements import ACHIEVEMENTS, FinishedMatch, Prior, after, earned
from engine import Action, RuleSet, apply, start_match
from engine.events import Event
from engine.shuffle import ShuffleKey


class StoredMatch(NamedTuple):
    table_id: int
    chat_id: int
    finished_at: float
    rules: RuleSet
    players: tuple[str, ...]
    seed: int
    actions: tuple[Action, ...] | None  # None: the log was pruned
    people: Mapping[int, int]  # seat -> user id (a person at the end)
    computers: Mapping[int, str]  # seat -> level
    winners: frozenset[int]  # seats placed first (from the result rows)
    practice: bool = False
    tournament: bool = False
    tournament_won: frozenset[int] = frozenset()
    key: ShuffleKey | None = None


class Grant(NamedTuple):
    user_id: int
    chat_id: int
    achievement: str
    table_id: int  # the match that earned it
    earned_at: float


def replay(match: StoredMatch) -> list[Event] | None:
    """Every event of the match, from its seed (and key) and its moves."""
    if match.actions is None:
        return None
    state, events = start_match(match.rules, match.players, match.seed, match.key)
    every = list(events)
    for action in match.actions:
        state, events = apply(state, action)
        every.extend(events)
    if not state.over:
        raise ValueError(f"table {match.table_id}: its log does not finish the match")
    return every


def finished(match: StoredMatch, events: Sequence[Event]) -> FinishedMatch:
    return FinishedMatch(
        rules=match.rules,
        events=events,
        people=match.people,
        computers=match.computers,
        practice=match.practice,
        tournament=match.tournament,
        tournament_won=match.tournament_won,
    )


def _counted(prior: Prior, won: bool) -> Prior:
    """A match whose moves are gone: counted, nothing earned."""
    return Prior(prior.matches + 1, 0 if won else prior.losing_streak + 1, prior.earned)


def backfill(
    matches: Iterable[StoredMatch],
    granted: Mapping[tuple[int, int], frozenset[str]] | None = None,
) -> list[Grant]:
    """What stored matches earned that `granted` ((user id, chat id) ->
    achievement ids, what storage already holds) lacks, oldest match first.
    `matches` must come in the order they finished."""
    held = dict(granted or {})
    priors: dict[tuple[int, int], Prior] = {}
    grants: list[Grant] = []
    last = float("-inf")
    for match in matches:
        if match.finished_at < last:
            raise ValueError("stored matches must come oldest first")
        last = match.finished_at
        if match.practice:
            continue
        events = replay(match)
        played = finished(match, events) if events is not None else None
        for seat, user_id in sorted(match.people.items()):
            who = (user_id, match.chat_id)
            prior = priors.get(who) or Prior(earned=held.get(who, frozenset()))
            if played is None:
                priors[who] = _counted(prior, seat in match.winners)
                continue
            for achievement in earned(played, seat, prior):
                grants.append(Grant(user_id, match.chat_id, achievement, match.table_id, last))
            priors[who] = after(played, seat, prior)
    return grants


def rarity(grants: Iterable[Grant], people: int) -> dict[str, float]:
    """Per achievement, the share of people-in-groups (`people` of them) who
    hold it: the measure to check `ACHIEVEMENTS`' rare-first order against."""
    holders = Counter(g.achievement for g in grants)
    return {a.id: holders[a.id] / people if people else 0.0 for a in ACHIEVEMENTS}
