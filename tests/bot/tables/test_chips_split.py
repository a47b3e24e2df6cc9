"""The bank when computers sit at the table (bot/tables/chips.py `payouts`):
computers stake nothing and are paid nothing, the people split what they
put in by their places among themselves, and whoever left mid-match leaves
their stake in the bank."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.storage import COMPUTER, FINISHED, PLAYING, Seat, TableRecord
from bot.tables.chips import payouts, refunds, staked, stakes
from engine import start_match
from engine.dealing import first_dealer
from engine.events import Placing
from engine.rules import PLAYER_COUNTS, Preset, RuleSet
from engine.scoring import standing


def table_of(preset: str, kinds: str, stake: int, seed: int = 5) -> TableRecord:
    """`kinds`: a letter a seat, "p" a person (ids 100 + seat), "c" a computer."""
    seats = [
        Seat(n, 100 + n, f"p{n}") if kind == "p" else Seat(n, -1 - n, f"c{n}", kind=COMPUTER)
        for n, kind in enumerate(kinds)
    ]
    table = TableRecord(
        1, -5, "G", PLAYING, 100, preset, {"stake": stake}, seed, None, 1, None, None, None,
        0.0, 0.0, seats=seats,
    )  # fmt: skip
    table.state, _ = start_match(RuleSet.create(preset, {"stake": stake}), table.names, seed)
    return table


def ended(table: TableRecord, ranks: list[int]) -> TableRecord:
    """The match over with these places per side (sides in the engine's order)."""
    state = table.state
    assert state is not None
    sides = state.rules.sides(state.seats)
    final = tuple(
        Placing(rank=rank, side=side, seats=tuple(sides[side]), penalties=0, payout=0)
        for side, rank in sorted(enumerate(ranks), key=lambda pair: pair[1])
    )
    table.state = state._replace(standing=final, deal=None)
    table.status = FINISHED
    return table


def paid(table: TableRecord) -> dict[int, int]:
    return {e.user_id: e.amount for e in payouts(table, staked(stakes(table)))}


def test_a_person_alone_against_computers_gets_their_stake_back_whatever_the_place() -> None:
    for ranks in ([1, 2], [2, 1]):
        table = ended(table_of("bura", "pc", 10), ranks)
        assert [e.user_id for e in stakes(table)] == [100]
        assert paid(table) == {100: 10}


def test_a_computer_in_first_place_is_skipped_the_people_split_by_their_order() -> None:
    # Seats: computer first, person 101 second, person 102 third: 101 takes it all.
    table = ended(table_of("burkozel", "cpp", 10), [1, 2, 3])
    assert paid(table) == {101: 20, 102: 0}
    # Three people and a computer: places 2, 3, 4 among people are 1, 2, 3.
    table = ended(table_of("burkozel", "pcpp", 30), [4, 1, 2, 3])
    assert paid(table) == {100: 0, 102: 60, 103: 30}
    assert sum(paid(table).values()) == 90


def test_kozel_with_a_computer_partner() -> None:
    # Sides are seats (0, 2) and (1, 3); seat 2 is a computer.
    table = ended(table_of("kozel", "ppcp", 10), [1, 2])
    assert paid(table) == {100: 30, 101: 0, 103: 0}
    table = ended(table_of("kozel", "ppcp", 10), [2, 1])
    assert paid(table) == {100: 0, 101: 15, 103: 15}


def test_whoever_left_mid_match_leaves_their_stake_in_the_bank() -> None:
    table = table_of("burkozel", "ppp", 10)
    put_in = staked(stakes(table))
    left = table.seats[0]
    left.kind, left.user_id = COMPUTER, -9  # /leave: a computer takes the seat
    table = ended(table, [3, 1, 2])
    entries = payouts(table, put_in)
    assert {e.user_id: e.amount for e in entries} == {101: 30, 102: 0}  # two people: all
    assert sum(e.amount for e in entries) == sum(put_in.values()) == 30
    # Stopped instead: everybody's stake back, the leaver's too.
    assert {e.user_id: e.amount for e in refunds(1, stakes(table_of("burkozel", "ppp", 10)))} == {
        100: 10,
        101: 10,
        102: 10,
    }


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(list(Preset)),
    st.lists(st.booleans(), min_size=4, max_size=4),
    st.integers(1, 500),
    st.integers(0, 2**32),
)
def test_the_bank_goes_back_whole_and_a_better_place_never_gets_less(
    preset: Preset, computers: list[bool], stake: int, seed: int
) -> None:
    size = random.Random(seed).choice(PLAYER_COUNTS[preset])
    kinds = "".join("c" if computer else "p" for computer in computers[:size])
    if "p" not in kinds:
        kinds = "p" + kinds[1:]
    table = table_of(preset.value, kinds, stake, seed)
    state = table.state
    assert state is not None
    rng = random.Random(seed)
    sides = state.rules.sides(state.seats)
    penalties = [rng.choice((0, 4, 8)) for _ in sides]
    out = [side for side in range(len(sides)) if rng.random() < 0.5][: len(sides) - 1]
    final = standing(
        state.rules, sides, penalties, out, [1] * len(out), first_dealer(seed, state.seats)
    )
    table.state = state._replace(standing=final, deal=None)
    table.status = FINISHED
    money = paid(table)
    people = [s.user_id for s in table.seats if not s.is_computer]
    assert sorted(money) == sorted(people)
    assert sum(money.values()) == stake * len(people)
    assert all(amount >= 0 for amount in money.values())
    place = {100 + seat: p.rank for p in final for seat in p.seats}
    for a in people:
        for b in people:
            partners = any(a - 100 in p.seats and b - 100 in p.seats for p in final)
            if place[a] < place[b] and not partners:
                assert money[a] >= money[b], (money, place)
