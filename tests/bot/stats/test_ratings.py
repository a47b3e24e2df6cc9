"""Ratings: openskill's Plackett-Luce numbers, reproduced by hand for one
case, and the bot's use of them (teams, ties, computers by level)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from openskill.models import PlackettLuce

from bot.stats.ratings import START, rate
from bot.view import final
from bot.view.i18n import t
from bot.view.screen import TableInfo
from engine import RuleSet
from engine.events import MatchOver, Placing


def test_a_two_player_game_matches_the_hand_computed_plackett_luce_update() -> None:
    """Weng and Lin (2011), Algorithm 4 (Plackett-Luce), worked by hand for
    two new players (mu 25, sigma 25/3, beta = sigma/2, tau = 25/300 added
    to sigma first, kappa 0.0001): the winner's probability is 1/2, so

        s2 = sigma^2 + tau^2 = 69.4514
        c  = sqrt(2 s2 + 2 beta^2) = 13.17668
        mu'    = 25 +- s2/c * (1 - 1/2)             = 27.63539 / 22.36461
        sigma' = sqrt(s2 * (1 - sqrt(s2)/c * s2/c^2 * 1/4)) = 8.06590
    """
    moved = rate([(1, ["u:1"]), (2, ["u:2"])], {})
    (mu_win, sigma_win), (mu_lose, sigma_lose) = moved["u:1"][1], moved["u:2"][1]
    assert moved["u:1"][0] == moved["u:2"][0] == START == (25.0, 25 / 3)
    assert mu_win == pytest.approx(27.63539, abs=1e-5)
    assert mu_lose == pytest.approx(22.36461, abs=1e-5)
    assert sigma_win == sigma_lose == pytest.approx(8.06590, abs=1e-5)
    # The same from the formulas, to the library's last digits.
    s2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * s2 + 2 * (25 / 6) ** 2)
    assert mu_win == pytest.approx(25 + s2 / c * 0.5, rel=1e-12)
    gamma = math.sqrt(s2) / c
    assert sigma_win == pytest.approx(math.sqrt(s2 * (1 - gamma * s2 / c**2 * 0.25)), rel=1e-12)


def test_teams_ties_and_stored_ratings_go_to_the_library_as_they_are() -> None:
    model = PlackettLuce()
    stored = {"u:1": (30.0, 5.0), "cpu:hard": (28.0, 4.0)}
    # Kozel: partners are a team; burkozel of three with a shared second place.
    moved = rate([(2, ["u:1", "u:3"]), (1, ["cpu:hard", "u:4"])], stored)
    teams = [
        [model.rating(mu=30.0, sigma=5.0), model.rating()],
        [model.rating(mu=28.0, sigma=4.0), model.rating()],
    ]
    expected = model.rate(teams, ranks=[2, 1])
    assert moved["u:1"] == ((30.0, 5.0), (expected[0][0].mu, expected[0][0].sigma))
    assert moved["cpu:hard"][1] == (expected[1][0].mu, expected[1][0].sigma)
    tied = rate([(1, ["u:1"]), (2, ["u:2"]), (2, ["u:3"])], {})
    assert tied["u:2"][1] == tied["u:3"][1]
    assert tied["u:1"][1][0] > 25 > tied["u:2"][1][0]


def test_one_level_twice_at_a_table_moves_by_the_mean_of_its_seats() -> None:
    moved = rate([(1, ["cpu:hard"]), (2, ["u:1"]), (3, ["cpu:hard"])], {})
    alone = rate([(1, ["a"]), (2, ["u:1"]), (3, ["b"])], {})
    mean = (alone["a"][1][0] + alone["b"][1][0]) / 2
    assert moved["cpu:hard"][1][0] == pytest.approx(mean)


@pytest.mark.parametrize("lang", ["ru", "be", "uk", "en"])
def test_the_end_message_keeps_its_shape_and_shows_each_persons_change(lang: str) -> None:
    rules = RuleSet.create("burkozel")
    over = MatchOver(
        standing=(Placing(1, 1, (1,), 0, 0), Placing(2, 0, (0,), 4, 0)), bank=0, deals=3
    )
    base = TableInfo(1, 5, "G", rules, ("Ann", "Bob"), status="finished")
    rated = replace(base, ratings=((0, 25.0, 22.36), (1, 25.0, 27.64)))
    lines = final.match_over(rated, lang, over).text.splitlines()
    assert lines[0].startswith("🏁") and "🥇" in lines[1] and "Bob" in lines[1]
    plain_end = final.match_over(base, lang, over).text.splitlines()
    # The standing first, the ratings after it, the call to play again last.
    assert lines[: len(plain_end) - 1] == plain_end[:-1]
    assert lines[-1] == plain_end[-1] == t(lang, "final.again")
    mark = "." if lang == "en" else ","
    # Each change says the place it was for (players-review-2 §4.5).
    of = {"ru": "из", "be": "з", "uk": "з", "en": "of"}[lang]
    ann, bob = (next(line for line in lines if line.startswith(f"{n}: ")) for n in ("Ann", "Bob"))
    assert ann.startswith(f"Ann: 25{mark}0 → 22{mark}4 (−2{mark}6 ") and ann.endswith(f" 2 {of} 2)")
    assert bob.startswith(f"Bob: 25{mark}0 → 27{mark}6 (+2{mark}6 ") and bob.endswith(f" 1 {of} 2)")
    practice = final.match_over(replace(base, practice=True), lang, over).text
    assert practice.splitlines()[-2:] == [t(lang, "final.unrated"), t(lang, "final.again_practice")]
