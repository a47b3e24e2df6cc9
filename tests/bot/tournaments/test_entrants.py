"""The pure parts of running a tournament: the team codec and seating, names,
the duplicate seed, seeding by rating, and a table's outcome from its stored
results."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.tournaments.entrants import (
    TEAM,
    duplicate_seed,
    listed,
    names,
    people_of,
    seating,
    signed64,
    team,
)
from bot.tournaments.model import Outcome, Played, Round
from bot.tournaments.results import knockout_split, outcome_of, void
from bot.tournaments.seeding import seeded

ids = st.integers(min_value=1, max_value=10**12)


@given(st.lists(ids, min_size=1, max_size=2, unique=True))
def test_a_team_entrant_reads_back_as_its_people(people: list[int]) -> None:
    assert people_of(team(str(p) for p in people)) == people


@given(st.lists(ids, min_size=2, max_size=4, unique=True))
def test_one_a_side_sits_in_the_round_s_order(people: list[int]) -> None:
    assert seating([str(p) for p in people]) == people


@given(st.lists(ids, min_size=4, max_size=4, unique=True))
def test_kozel_partners_sit_opposite(people: list[int]) -> None:
    a, b, c, d = people
    seats = seating([f"{a}{TEAM}{b}", f"{c}{TEAM}{d}"])
    assert seats == [a, c, b, d]
    # Seats 0 and 2 are one team, 1 and 3 the other.
    assert {seats[0], seats[2]} == {a, b} and {seats[1], seats[3]} == {c, d}


def test_names_of_people_and_of_teams() -> None:
    people = {"1": "Ann", "2": "Bob", "3": "Cid"}
    named = names(people, ["1+2", "3+9", "3"])
    assert named["1+2"] == "Ann & Bob"
    assert named["3+9"] == "Cid & ?"  # somebody no longer listed
    assert named["3"] == "Cid" and named["2"] == "Bob"
    assert names(people) == people


def test_partners_are_listed_on_one_line_where_the_first_registered() -> None:
    entries = [(1, "Ann", 3), (2, "Bob", None), (3, "Cid", 1), (4, "Dan", 9)]
    assert listed(entries) == ("Ann & Cid", "Bob", "Dan")
    assert listed([]) == ()


@given(st.integers(min_value=0, max_value=(1 << 64) - 1))
def test_signed64_fits_a_signed_column_and_keeps_the_bits(value: int) -> None:
    signed = signed64(value)
    assert -(1 << 63) <= signed < 1 << 63
    assert signed % (1 << 64) == value


@given(st.integers(min_value=0, max_value=(1 << 62) - 1), st.integers(1, 30), st.integers(2, 4))
def test_duplicate_seed_is_shared_by_a_round_s_size_and_differs_across(
    secret: int, round_number: int, size: int
) -> None:
    seed = duplicate_seed(secret, round_number, size)
    assert seed == duplicate_seed(secret, round_number, size)
    assert -(1 << 63) <= seed < 1 << 63
    others = {
        duplicate_seed(secret, round_number + 1, size),
        duplicate_seed(secret + 1, round_number, size),
    }
    assert seed not in others  # (64 bits: a collision would be a bug, not chance)


def test_seeding_puts_the_best_rated_first_and_the_unrated_last_in_order() -> None:
    ratings = {"1": [20.0], "2": [], "3": [30.0], "5": [25.0, 27.0]}
    assert seeded(["1", "2", "3", "4", "5"], ratings) == ["3", "5", "1", "2", "4"]


def test_a_team_is_seeded_by_its_partners_mean() -> None:
    ratings = {"1": [10.0], "2": [30.0], "3": [25.0], "4": [], "5": [], "6": []}
    assert seeded(["1+2", "3+4", "5+6"], ratings) == ["3+4", "1+2", "5+6"]


@given(st.lists(st.sampled_from(["1", "2", "3", "4"]), unique=True), st.data())
def test_seeding_is_a_stable_order_of_the_same_entrants(
    entrants: list[str], data: st.DataObject
) -> None:
    ratings = {
        e: data.draw(st.lists(st.floats(0, 50, allow_nan=False), max_size=2)) for e in entrants
    }
    order = seeded(entrants, ratings)
    assert sorted(order) == sorted(entrants)
    rated = [e for e in order if ratings[e]]
    means = [sum(ratings[e]) / len(ratings[e]) for e in rated]
    assert means == sorted(means, reverse=True)
    assert order[: len(rated)] == rated  # the unrated come last...
    unrated = [e for e in order if not ratings[e]]
    assert unrated == [e for e in entrants if not ratings[e]]  # ...in registration order


def test_an_outcome_from_stored_rows_by_side() -> None:
    # A kozel team has two rows for its side: the first counts.
    rows = [(1, 1, 0), (0, 2, 7), (1, 1, 0), (0, 2, 7)]
    assert outcome_of(["a+b", "c+d"], rows) == Outcome(("a+b", "c+d"), (2, 1), (7, 0))


def test_a_side_without_a_stored_row_is_last_with_no_penalties() -> None:
    assert outcome_of(["a", "b", "c"], [(0, 1, 3)]) == Outcome(
        ("a", "b", "c"), (1, 3, 3), (3, 0, 0)
    )


def test_a_void_table_gives_nobody_anything() -> None:
    assert void(["a", "b"]) == Outcome(("a", "b"), (1, 1), (0, 0))


def test_knockout_winners_go_on_with_the_byes_and_the_rest_are_out() -> None:
    round_ = Round(1, (("a", "d"), ("b", "c")), byes=("e",))
    played = Played(
        round_,
        (Outcome(("a", "d"), (2, 1), (5, 0)), Outcome(("b", "c"), (1, 1), (0, 0))),
    )
    # A tie goes to the better seed: b is seeded above c.
    assert knockout_split(played, ["a", "b", "c", "d", "e"]) == (["d", "b", "e"], ["a", "c"])
