"""The tournament formats played out on random results: who meets whom,
that nothing is played twice in a round, and who wins."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import pairing
from bot.tournaments.formats import (
    Format,
    Plan,
    Settings,
    TournamentError,
    champion,
    champions,
    default_format,
    next_round,
    plan,
    split_options,
    teams_of,
)
from bot.tournaments.model import (
    Outcome,
    Played,
    Round,
    outcome_from_json,
    outcome_to_json,
    round_from_json,
    round_to_json,
)
from bot.tournaments.standings import duplicate_tenths, place_points, places, table
from engine.rules import Preset


def names(count: int) -> list[str]:
    return [f"p{i}" for i in range(count)]


def random_outcome(entrants: tuple[str, ...], rng: random.Random) -> Outcome:
    penalties = tuple(rng.randrange(0, 40) for _ in entrants)
    order = sorted(range(len(entrants)), key=lambda i: (penalties[i], rng.random()))
    place = [0] * len(entrants)
    for rank, seat in enumerate(order):
        place[seat] = rank + 1
    return Outcome(entrants, tuple(place), penalties)


def play_out(p: Plan, seed: int) -> list[Played]:
    rng = random.Random(seed)
    played: list[Played] = []
    while (round_ := next_round(p, played)) is not None:
        assert round_.number == len(played) + 1
        played.append(Played(round_, tuple(random_outcome(t, rng) for t in round_.tables)))
        assert len(played) <= 64, "a tournament that never ends"
    return played


def assert_each_plays_once(round_: Round, entrants: set[str]) -> None:
    seen = Counter(round_.entrants())
    assert all(n == 1 for n in seen.values()), seen
    assert set(seen) <= entrants
    assert all(len(t) >= 2 for t in round_.tables)


counts = st.integers(min_value=2, max_value=14)
sizes = st.sampled_from([2, 3, 4])


@settings(max_examples=60, deadline=None)
@given(count=counts, size=sizes, seed=st.integers(0, 10_000))
def test_round_robin_covers_every_pair_and_seats_each_once_a_round(
    count: int, size: int, seed: int
) -> None:
    p = plan(Settings(Preset.BURA, Format.ROUND_ROBIN, size=size), names(count))
    played = play_out(p, seed)
    assert len(played) == p.rounds
    for done in played:
        assert_each_plays_once(done.round, set(p.entrants))
        assert all(len(t) <= size for t in done.round.tables)
    met = pairing.meetings(d.round for d in played)
    assert all(met[frozenset(pair)] >= 1 for pair in combinations(p.entrants, 2))
    if size == 2:
        assert all(met[frozenset(pair)] == 1 for pair in combinations(p.entrants, 2))
        assert len(played) == count - 1 + count % 2


def test_the_circle_gives_each_odd_one_out_a_single_bye() -> None:
    rounds = pairing.circle(names(5))
    assert sorted(b for r in rounds for b in r.byes) == names(5)


def test_tables_of_four_take_few_rounds() -> None:
    """Eight at fours need at least three rounds (each meets three a round,
    seven in all); the balanced schedule stays close to that."""
    assert len(pairing.balanced(names(8), 4)) <= 5
    assert len(pairing.balanced(names(4), 4)) == 1


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 40), seed=st.integers(0, 10_000))
def test_knockout_has_one_winner_and_every_other_entrant_out_once(count: int, seed: int) -> None:
    p = plan(Settings(Preset.BURKOZEL, Format.KNOCKOUT), names(count))
    played = play_out(p, seed)
    tables = [t for d in played for t in d.round.tables]
    assert len(tables) == count - 1  # each table puts exactly one out
    seeds = {e: i for i, e in enumerate(p.entrants)}
    losers = [e for d in played for o in d.outcomes for e in o.entrants if e != o.winner(seeds)]
    assert len(losers) == len(set(losers)) == count - 1
    winner = champion(p, played)
    assert winner is not None and winner not in losers
    for number, done in enumerate(played):
        assert_each_plays_once(done.round, set(p.entrants))
        gone = set(losers[: sum(len(d.outcomes) for d in played[:number])])
        assert not gone & set(done.round.entrants()), "an entrant out plays again"


def test_a_shared_first_place_names_every_winner() -> None:
    """Three who beat each other in a ring are level on everything but the
    seed: the 🏆 line names all three, not the first seed alone."""
    p = plan(Settings(Preset.BURA, Format.ROUND_ROBIN), names(3))
    played: list[Played] = []
    ring = {("p0", "p1"): "p0", ("p1", "p2"): "p1", ("p0", "p2"): "p2"}
    while (current := next_round(p, played)) is not None:
        outcomes = []
        for seats in current.tables:
            winner = ring[tuple(sorted(seats))]  # type: ignore[index]
            outcomes.append(
                Outcome(
                    seats,
                    tuple(1 if e == winner else 2 for e in seats),
                    tuple(0 if e == winner else 2 for e in seats),
                )
            )
        played.append(Played(current, tuple(outcomes)))
    assert sorted(champions(p, played)) == ["p0", "p1", "p2"]
    assert champion(p, played) in ("p0", "p1", "p2")


@pytest.mark.parametrize(
    ("count", "byes"), [(6, ["p0", "p1"]), (5, ["p0", "p1", "p2"]), (8, []), (3, ["p0"])]
)
def test_knockout_byes_go_to_the_top_seeds(count: int, byes: list[str]) -> None:
    p = plan(Settings(Preset.BURA, Format.KNOCKOUT), names(count))
    first = next_round(p, [])
    assert first is not None
    assert sorted(first.byes) == byes
    assert all(len(t) == 2 for t in first.tables)


def test_knockout_seeds_meet_as_in_a_draw() -> None:
    first = next_round(plan(Settings(Preset.BURA, Format.KNOCKOUT), names(8)), [])
    assert first is not None
    assert first.tables == (("p0", "p7"), ("p3", "p4"), ("p1", "p6"), ("p2", "p5"))


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 16), size=sizes, seed=st.integers(0, 10_000))
def test_swiss_seats_each_once_a_round_and_plays_its_rounds(
    count: int, size: int, seed: int
) -> None:
    p = plan(Settings(Preset.BURKOZEL, Format.SWISS, size=size), names(count))
    played = play_out(p, seed)
    assert len(played) == p.rounds
    for done in played:
        assert_each_plays_once(done.round, set(p.entrants))
    assert champion(p, played) is not None


def rematch_free_pairing_exists(order: list[str], met: pairing.Meetings) -> bool:
    def pairable(left: list[str]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        return any(
            not met[frozenset((first, o))] and pairable(rest[:i] + rest[i + 1 :])
            for i, o in enumerate(rest)
        )

    if len(order) % 2 == 0:
        return pairable(order)
    return any(pairable([e for e in order if e != bye]) for bye in order)


@settings(max_examples=80, deadline=None)
@given(count=st.integers(2, 9), seed=st.integers(0, 10_000))
def test_heads_up_swiss_avoids_a_rematch_whenever_one_can_be_avoided(count: int, seed: int) -> None:
    p = plan(Settings(Preset.BURA, Format.SWISS, rounds=count - 1, size=2), names(count))
    played = play_out(p, seed)
    for number in range(len(played)):
        before = [d.round for d in played[:number]]
        met = pairing.meetings(before)
        round_ = played[number].round
        repeats = [t for t in round_.tables if met[frozenset(t)]]
        if rematch_free_pairing_exists(list(p.entrants), met):
            assert not repeats, (number, round_)


def test_swiss_pairs_leaders_with_leaders() -> None:
    """After a round, the winners meet each other."""
    p = plan(Settings(Preset.BURA, Format.SWISS, size=2), names(8))
    first = next_round(p, [])
    assert first is not None
    outcomes = tuple(Outcome(t, (1, 2), (0, 12)) for t in first.tables)
    second = next_round(p, [Played(first, outcomes)])
    assert second is not None
    winners = {t[0] for t in first.tables}
    assert set(second.tables[0]) <= winners and set(second.tables[1]) <= winners


def test_a_swiss_of_nine_plays_four_rounds_and_gives_each_bye_once_at_most() -> None:
    p = plan(Settings(Preset.BURA, Format.SWISS, size=2), names(9))
    assert p.rounds == 4
    played = play_out(p, 7)
    byes = [b for d in played for b in d.round.byes]
    assert len(byes) == 4 and len(set(byes)) == 4


def test_points_by_place_and_shared_places() -> None:
    assert place_points(Outcome(("a", "b", "c", "d"), (1, 2, 3, 4), (0, 1, 2, 3))) == [3, 2, 1, 0]
    assert place_points(Outcome(("a", "b", "c", "d"), (1, 2, 2, 4), (0, 1, 1, 3))) == [3, 1, 1, 0]


def test_duplicate_compares_each_seat_with_the_same_seat_elsewhere() -> None:
    one = Outcome(("a", "b"), (1, 2), (4, 31))
    two = Outcome(("c", "d"), (2, 1), (31, 10))
    three = Outcome(("e", "f", "g"), (1, 2, 3), (0, 5, 31))
    found = duplicate_tenths([one, two, three])
    # seat 0: mean 17.5 → a +13.5, c -13.5; seat 1: mean 20.5 → b -10.5, d +10.5
    assert found == {"a": 135, "c": -135, "b": -105, "d": 105, "e": 0, "f": 0, "g": 0}


def test_duplicate_standings_rank_by_the_difference() -> None:
    round_ = Round(1, (("a", "b"), ("c", "d")))
    # a won, but only just, with the cards c won with easily
    outcomes = (Outcome(("a", "b"), (1, 2), (28, 31)), Outcome(("c", "d"), (1, 2), (0, 31)))
    rows = table(["a", "b", "c", "d"], [Played(round_, outcomes)], duplicate=True)
    assert [r.entrant for r in rows] == ["c", "b", "d", "a"]
    assert [r.duplicate for r in rows] == [14.0, 0.0, 0.0, -14.0]
    plain = table(["a", "b", "c", "d"], [Played(round_, outcomes)])
    assert [r.entrant for r in plain] == ["c", "a", "b", "d"]


def test_equal_rows_share_a_place() -> None:
    round_ = Round(1, (("a", "b"), ("c", "d")))
    outcomes = (Outcome(("a", "b"), (1, 2), (0, 31)), Outcome(("c", "d"), (1, 2), (0, 31)))
    rows = table(["a", "b", "c", "d"], [Played(round_, outcomes)])
    assert places(rows) == [1, 1, 3, 3]


def test_default_format_by_field() -> None:
    assert default_format(4) is Format.ROUND_ROBIN
    assert default_format(9) is Format.SWISS
    assert plan(Settings(Preset.BURA), names(4)).format is Format.ROUND_ROBIN


@pytest.mark.parametrize(("count", "size", "rounds"), [(3, 2, 3), (4, 2, 3), (6, 3, None)])
def test_a_round_robin_by_default_has_two_tables_a_round_or_more(
    count: int, size: int, rounds: int | None
) -> None:
    """Four people at one table of four would be a tournament of one match."""
    fixed = plan(Settings(Preset.BURA), names(count))
    assert fixed.format is Format.ROUND_ROBIN and fixed.size == size
    if rounds is not None:
        assert fixed.rounds == rounds
    assert plan(Settings(Preset.BURA, size=4), names(4)).size == 4  # asked for: kept


def test_options_split_between_the_tournament_and_the_game() -> None:
    found, game = split_options(
        Preset.BURA, {"format": "Swiss", "rounds": "3", "limit": "2", "duplicate": "on"}
    )
    assert found == Settings(Preset.BURA, Format.SWISS, 3, None, True)
    assert game == {"limit": "2"}
    assert Settings.from_json(found.to_json()) == found


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"format": "league"}, "format"),
        ({"rounds": "0"}, "rounds"),
        ({"rounds": "x"}, "rounds"),
        ({"size": "5"}, "size"),
        ({"duplicate": "maybe"}, "duplicate"),
        ({"format": "knockout", "rounds": "3"}, "rounds_not_swiss"),
    ],
)
def test_a_bad_tournament_option_is_named(options: dict[str, str], code: str) -> None:
    with pytest.raises(TournamentError) as caught:
        split_options(Preset.BURA, options)
    assert caught.value.code == code


def test_kozel_teams_pair_in_registration_order() -> None:
    assert teams_of(["a", "b", "c", "d", "e"]) == [("a", "b"), ("c", "d")]
    # Partners who registered together sit together; the rest pair in order.
    partners = {"b": "e", "e": "b", "c": "x"}
    assert teams_of(["a", "b", "c", "d", "e"], partners) == [("a", "c"), ("b", "e")]


@given(st.lists(st.integers(0, 30), unique=True, max_size=15), st.randoms())
def test_kozel_teams_are_pairs_of_distinct_people_and_keep_partners(
    numbers: list[int], rng: random.Random
) -> None:
    people = [str(n) for n in numbers]
    shuffled = people[:]
    rng.shuffle(shuffled)
    partners: dict[str, str] = {}
    for a, b in zip(shuffled[::3], shuffled[1::3], strict=False):
        partners[a], partners[b] = b, a
    teams = teams_of(people, partners)
    seated = [p for team in teams for p in team]
    assert all(len(team) == 2 for team in teams) and len(seated) == len(set(seated))
    assert len(seated) == len(people) - len(people) % 2
    for a, b in partners.items():
        assert (a in seated) == (b in seated)
        if a in seated:
            assert any({a, b} == set(team) for team in teams)
    p = plan(Settings(Preset.KOZEL), ["a+b", "c+d", "e+f"])
    assert p.size == 2 and p.format is Format.ROUND_ROBIN and p.rounds == 3


def test_too_few_to_play() -> None:
    with pytest.raises(TournamentError):
        plan(Settings(Preset.BURA), ["a"])


def test_a_plan_survives_json() -> None:
    p = plan(Settings(Preset.BURA, Format.SWISS, rounds=3, duplicate=True), names(7))
    assert Plan.from_json(p.to_json()) == p


def test_rounds_and_outcomes_survive_json() -> None:
    round_ = Round(3, (("a", "b", "c"), ("d", "e")), ("f",))
    assert round_from_json(round_to_json(round_)) == round_
    outcome = Outcome(("a", "b"), (2, 1), (31, 4))
    assert outcome_from_json(outcome_to_json(outcome)) == outcome
