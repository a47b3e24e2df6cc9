"""Who finishes what they start: the share, the lobby's mark, reliable=N."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.seasons.reliability import (
    WINDOW,
    Outcome,
    Reliability,
    admitted,
    marked,
    outcome,
    parse_reliable,
    reliability,
)

F, L = Outcome.FINISHED, Outcome.LEFT


def test_left_two_of_five_is_sixty_percent_and_refused_at_eighty() -> None:
    record = reliability([F, L, F, L, F])
    assert (record.finished, record.counted, record.percent) == (3, 5, 60)
    assert marked(record)
    assert not admitted(record, 80)
    assert admitted(record, 60)


def test_every_way_of_not_finishing_counts_against() -> None:
    record = reliability([F, Outcome.TAKEN_OVER, Outcome.BLOCKED, Outcome.NO_SHOW, L])
    assert record.percent == 20


def test_only_the_last_twenty_count() -> None:
    record = reliability([F] * WINDOW + [L] * 30)
    assert record == Reliability(WINDOW, WINDOW)
    assert record.percent == 100


def test_a_newcomer_is_neither_marked_nor_refused() -> None:
    record = reliability([])
    assert record.percent is None
    assert not marked(record)
    assert admitted(record, 100)


def test_the_share_is_rounded_down() -> None:
    # 15 of 19 is 78.9%: shown 78, marked, and refused by reliable=79.
    record = Reliability(15, 19)
    assert record.percent == 78
    assert marked(record) and not admitted(record, 79)
    assert not marked(Reliability(4, 5))  # exactly 80% is not below


@pytest.mark.parametrize(
    ("auto", "unreachable", "no_show", "expected"),
    [
        (False, False, False, Outcome.FINISHED),
        (False, True, True, Outcome.FINISHED),  # came back before the end
        (True, False, False, Outcome.TAKEN_OVER),
        (True, True, False, Outcome.BLOCKED),
        (True, False, True, Outcome.NO_SHOW),
    ],
)
def test_the_outcome_of_a_seat_kept_to_the_end(
    auto: bool, unreachable: bool, no_show: bool, expected: Outcome
) -> None:
    assert outcome(auto, unreachable, no_show) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("80", 80), ("0", 0), ("100", 100), (" 75% ", 75), ("007", 7)],
)
def test_the_option_reads(text: str, expected: int) -> None:
    assert parse_reliable(text) == expected


@pytest.mark.parametrize("text", ["101", "-5", "80.5", "", "%", "eighty", "٨٠", "1000", "²"])
def test_the_option_refuses(text: str) -> None:
    assert parse_reliable(text) is None


@given(st.lists(st.sampled_from(list(Outcome)), max_size=40), st.integers(0, 100))
def test_the_share_bounds_and_the_refusal_agree(outcomes: list[Outcome], needed: int) -> None:
    record = reliability(outcomes)
    assert record.counted == min(len(outcomes), WINDOW)
    if record.percent is not None:
        assert 0 <= record.percent <= 100
        assert admitted(record, needed) == (record.percent >= needed)
        assert record.percent * record.counted <= 100 * record.finished
