"""Seasons as calendar periods: month ends, leap years, quarters, time zones."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.seasons.calendar import (
    SeasonKind,
    ended_before,
    finale_due,
    following,
    parse_id,
    previous,
    season_kind,
    season_of,
)

MINSK = ZoneInfo("Europe/Minsk")
KYIV = ZoneInfo("Europe/Kyiv")


def at(*parts: int, zone: ZoneInfo | None = None) -> float:
    return datetime(*parts, tzinfo=zone or UTC).timestamp()  # type: ignore[arg-type,misc]


def test_a_month_season_and_its_days_left() -> None:
    season = season_of(at(2026, 12, 7, 5, 0), SeasonKind.MONTH)
    assert season is not None
    assert season.id == "2026-12"
    assert season.start == datetime(2026, 12, 1, tzinfo=UTC)
    assert season.end == datetime(2027, 1, 1, tzinfo=UTC)
    assert season.days_left(at(2026, 12, 7, 5, 0)) == 25
    assert season.days_left(at(2026, 12, 31, 23, 59)) == 1


@pytest.mark.parametrize(
    ("moment", "expected"),
    [
        ((2026, 12, 31, 23, 59, 59), "2026-12"),
        ((2027, 1, 1, 0, 0, 0), "2027-01"),
        ((2028, 2, 29, 12, 0, 0), "2028-02"),
        ((2028, 3, 1, 0, 0, 0), "2028-03"),
    ],
)
def test_month_boundaries(moment: tuple[int, ...], expected: str) -> None:
    season = season_of(at(*moment), SeasonKind.MONTH)
    assert season is not None and season.id == expected


def test_february_has_29_days_in_a_leap_year_only() -> None:
    leap = season_of(at(2028, 2, 10), SeasonKind.MONTH)
    common = season_of(at(2027, 2, 10), SeasonKind.MONTH)
    assert leap is not None and common is not None
    assert (leap.days, common.days) == (29, 28)
    assert leap.days_left(at(2028, 2, 29, 8)) == 1


@pytest.mark.parametrize(
    ("month", "quarter", "first", "days"),
    [(1, "Q1", 1, 90), (3, "Q1", 1, 90), (4, "Q2", 4, 91), (9, "Q3", 7, 92), (12, "Q4", 10, 92)],
)
def test_quarters(month: int, quarter: str, first: int, days: int) -> None:
    season = season_of(at(2026, month, 15), SeasonKind.QUARTER)
    assert season is not None
    assert season.id == f"2026-{quarter}"
    assert season.start.month == first
    assert season.days == days


def test_a_leap_first_quarter_has_91_days() -> None:
    season = season_of(at(2028, 3, 31, 23), SeasonKind.QUARTER)
    assert season is not None and (season.id, season.days) == ("2028-Q1", 91)


def test_no_seasons_means_none() -> None:
    assert season_of(at(2026, 12, 7), SeasonKind.NONE) is None
    assert ended_before(at(2026, 12, 7), SeasonKind.NONE) is None


def test_the_groups_time_zone_decides_the_month() -> None:
    # 22:30 UTC on 31 December is already 1 January in Minsk (UTC+3).
    moment = at(2026, 12, 31, 22, 30)
    utc, minsk = season_of(moment, SeasonKind.MONTH), season_of(moment, SeasonKind.MONTH, MINSK)
    assert utc is not None and minsk is not None
    assert (utc.id, minsk.id) == ("2026-12", "2027-01")
    assert minsk.start.timestamp() == at(2027, 1, 1, zone=MINSK)


def test_days_left_counts_calendar_days_across_a_clock_change() -> None:
    # Kyiv moves its clocks on the last Sunday of October: a 25-hour day.
    season = season_of(at(2026, 10, 20, 12, zone=KYIV), SeasonKind.MONTH, KYIV)
    assert season is not None
    assert season.days_left(at(2026, 10, 20, 12, zone=KYIV)) == 12
    assert season.days_left(at(2026, 10, 31, 23, 30, zone=KYIV)) == 1


def test_the_season_before_and_after_wrap_the_year() -> None:
    december = season_of(at(2026, 12, 7), SeasonKind.MONTH)
    q1 = season_of(at(2027, 2, 1), SeasonKind.QUARTER)
    assert december is not None and q1 is not None
    assert following(december).id == "2027-01"
    assert previous(following(december)) == december
    assert previous(q1).id == "2026-Q4"
    assert following(previous(q1)) == q1


def test_the_finale_due_is_the_season_just_ended() -> None:
    ended = ended_before(at(2027, 1, 1, 0, 0, 1), SeasonKind.MONTH)
    assert ended is not None and ended.id == "2026-12"
    # A bot down at midnight asks days later and gets the same season.
    late = ended_before(at(2027, 1, 4), SeasonKind.MONTH)
    assert late == ended


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (None, SeasonKind.MONTH),
        ("month", SeasonKind.MONTH),
        (" Quarter ", SeasonKind.QUARTER),
        ("none", SeasonKind.NONE),
        ("week", None),
        ("", None),
    ],
)
def test_the_setting(text: str | None, expected: SeasonKind | None) -> None:
    assert season_kind(text) is expected


@pytest.mark.parametrize("text", ["2026-13", "2026-Q5", "26-01", "2026", "2026-1", "２０２６-01"])
def test_ids_that_are_not_seasons(text: str) -> None:
    assert parse_id(text) is None


moments = st.datetimes(
    min_value=datetime(1971, 1, 1), max_value=datetime(2200, 12, 31), timezones=st.just(UTC)
)
kinds = st.sampled_from([SeasonKind.MONTH, SeasonKind.QUARTER])
zones = st.sampled_from([UTC, MINSK, KYIV])


@given(moments, kinds, zones)
def test_a_season_holds_its_moment_and_meets_its_neighbours(
    moment: datetime, kind: SeasonKind, zone: ZoneInfo
) -> None:
    timestamp = moment.timestamp()
    season = season_of(timestamp, kind, zone)
    assert season is not None
    assert season.contains(timestamp)
    assert 1 <= season.days_left(timestamp) <= season.days
    assert following(season).start == season.end
    assert previous(season).end == season.start
    assert parse_id(season.id, zone) == season
    # The next season begins at the first moment after this one ends.
    assert season_of(season.end.timestamp(), kind, zone) == following(season)
    last = season_of((season.end - timedelta(microseconds=1)).timestamp(), kind, zone)
    assert last is not None and last.id == season.id


@given(moments, kinds)
def test_ids_sort_as_time_does(moment: datetime, kind: SeasonKind) -> None:
    season = season_of(moment.timestamp(), kind)
    assert season is not None
    assert season.id < following(season).id


def test_a_finale_is_owed_once_per_ended_season() -> None:
    january = at(2027, 1, 1, 0, 5)
    due = finale_due(january, SeasonKind.MONTH, None)
    assert due is not None and due.id == "2026-12"
    assert finale_due(january, SeasonKind.MONTH, "2026-11") == due
    assert finale_due(january, SeasonKind.MONTH, "2026-12") is None
    # Down across two month ends: the last season is told, not a stale one.
    assert finale_due(at(2027, 2, 3), SeasonKind.MONTH, "2026-12") == ended_before(
        at(2027, 2, 3), SeasonKind.MONTH
    )
    assert finale_due(january, SeasonKind.NONE, None) is None


def test_switching_kinds_owes_no_finale_already_told_past() -> None:
    # Told the fourth quarter's finale, then switched to months: December
    # ended with that quarter, so nothing more is owed on 1 January.
    assert finale_due(at(2027, 1, 1, 1), SeasonKind.MONTH, "2026-Q4") is None
    due = finale_due(at(2027, 2, 1, 1), SeasonKind.MONTH, "2026-Q4")
    assert due is not None and due.id == "2027-01"
    # An unreadable stored id is as good as none.
    assert finale_due(at(2027, 1, 1, 1), SeasonKind.MONTH, "garbage") is not None
