"""Ratings per game from openskill's Plackett–Luce model (Weng and Lin's
Bayesian approximation): a well-kept library, not maths of our own.

A match is rated as the engine placed it: each side is a team (kozel's
partners together, one seat elsewhere), its place the engine's rank, so
shared places are ties. A computer is rated by its level ("cpu:hard"), so a
level's strength shows; when one key sits at a table twice (two computers of
one level), it moves by the mean of its seats' results.

A rating is the pair (mu, sigma); the bot shows mu, "the rating", and ranks
ties by it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

Skill = tuple[float, float]  # (mu, sigma)

MODEL = PlackettLuce()
START: Skill = (MODEL.mu, MODEL.sigma)  # 25 and 25/3: a player never rated


def rate(
    teams: Sequence[tuple[int, Sequence[str]]], current: Mapping[str, Skill]
) -> dict[str, tuple[Skill, Skill]]:
    """`teams`: (place, players) per side, places as the engine ranked them
    (1 is best, equal places a tie); `current`: stored ratings (the unrated
    are absent). Returns player -> (before, after) for everybody at the table."""
    before = {player: current.get(player, START) for _, players in teams for player in players}
    ratings = [
        [MODEL.rating(mu=before[p][0], sigma=before[p][1]) for p in players] for _, players in teams
    ]
    rated = MODEL.rate(ratings, ranks=[float(place) for place, _ in teams])
    seen: dict[str, list[Skill]] = {}
    for (_, players), new in zip(teams, rated, strict=True):
        for player, rating in zip(players, new, strict=True):
            seen.setdefault(player, []).append((rating.mu, rating.sigma))
    return {
        player: (
            before[player],
            (
                sum(mu for mu, _ in skills) / len(skills),
                sum(sigma for _, sigma in skills) / len(skills),
            ),
        )
        for player, skills in seen.items()
    }
