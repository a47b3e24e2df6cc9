"""A group's seasons as calendar periods (issue 68): a month by default, a
quarter, or none (the group plays one endless season).

Pure: a timestamp in, a period out. A season is named by its id ("2026-12",
"2026-Q4"), which is what storage keys a finale and a season's standings on,
so the id must be the same on every worker and after a restart: it depends
only on the timestamp, the kind and the group's time zone, never on when the
bot happened to look.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, tzinfo
from enum import StrEnum
from typing import NamedTuple


class SeasonKind(StrEnum):
    MONTH = "month"
    QUARTER = "quarter"
    NONE = "none"


DEFAULT_KIND = SeasonKind.MONTH


def season_kind(value: str | None) -> SeasonKind | None:
    """The setting `SEASON=month|quarter|none` (and a group admin's choice) as
    typed; None for anything else, so the caller can answer with the choices."""
    if value is None:
        return DEFAULT_KIND
    try:
        return SeasonKind(value.strip().lower())
    except ValueError:
        return None


class Season(NamedTuple):
    """One season: [start, end) in the group's time zone."""

    kind: SeasonKind
    id: str  # "2026-12" or "2026-Q4"
    year: int
    number: int  # the month (1-12) or the quarter (1-4)
    start: datetime
    end: datetime  # the next season's start

    def days_left(self, timestamp: float) -> int:
        """Whole days to the end, today counted: 1 on the season's last day.
        Calendar days, so a day of 23 or 25 hours (a clock change) counts once."""
        today = datetime.fromtimestamp(timestamp, self.start.tzinfo).date()
        last = (self.end - timedelta(microseconds=1)).date()
        return max(0, (last - today).days + 1)

    def contains(self, timestamp: float) -> bool:
        return self.start.timestamp() <= timestamp < self.end.timestamp()

    @property
    def days(self) -> int:
        return (self.end.date() - self.start.date()).days


def _months(kind: SeasonKind) -> int:
    return 1 if kind is SeasonKind.MONTH else 3


def _make(kind: SeasonKind, year: int, first_month: int, zone: tzinfo) -> Season:
    """The season whose first month is `first_month` (1-based) of `year`."""
    step = _months(kind)
    start = datetime(year, first_month, 1, tzinfo=zone)
    following = first_month + step
    end = (
        datetime(year + 1, following - 12, 1, tzinfo=zone)
        if following > 12
        else datetime(year, following, 1, tzinfo=zone)
    )
    if kind is SeasonKind.MONTH:
        number, name = first_month, f"{year:04d}-{first_month:02d}"
    else:
        number = (first_month - 1) // 3 + 1
        name = f"{year:04d}-Q{number}"
    return Season(kind, name, year, number, start, end)


def season_of(timestamp: float, kind: SeasonKind, zone: tzinfo = UTC) -> Season | None:
    """The season a moment belongs to; None when the group has no seasons."""
    if kind is SeasonKind.NONE:
        return None
    local = datetime.fromtimestamp(timestamp, zone)
    step = _months(kind)
    first = (local.month - 1) // step * step + 1
    return _make(kind, local.year, first, zone)


def following(season: Season) -> Season:
    """The season after this one."""
    month = season.start.month + _months(season.kind)
    year = season.year + (month > 12)
    return _make(season.kind, year, month - 12 if month > 12 else month, _zone(season))


def previous(season: Season) -> Season:
    """The season before this one."""
    month = season.start.month - _months(season.kind)
    year = season.year - (month < 1)
    return _make(season.kind, year, month + 12 if month < 1 else month, _zone(season))


def parse_id(text: str, zone: tzinfo = UTC) -> Season | None:
    """A stored season id back as a season ("2026-12", "2026-Q4"); None if it
    is not one (a finale row written by a later version, say)."""
    year_text, sep, rest = text.partition("-")
    if not sep or not (year_text.isascii() and year_text.isdecimal()) or len(year_text) != 4:
        return None
    year = int(year_text)
    if rest.startswith("Q") and rest[1:] in ("1", "2", "3", "4"):
        return _make(SeasonKind.QUARTER, year, (int(rest[1:]) - 1) * 3 + 1, zone)
    if len(rest) == 2 and rest.isascii() and rest.isdecimal() and 1 <= int(rest) <= 12:
        return _make(SeasonKind.MONTH, year, int(rest), zone)
    return None


def ended_before(timestamp: float, kind: SeasonKind, zone: tzinfo = UTC) -> Season | None:
    """The last season that has ended by this moment: the one whose finale is
    due (the watchdog asks this on every tick; a bot that was down at
    midnight asks it late and gets the same answer)."""
    current = season_of(timestamp, kind, zone)
    return None if current is None else previous(current)


def seconds_to_end(season: Season, timestamp: float) -> float:
    """How long until the finale is due, for the watchdog's next wake-up."""
    return max(0.0, season.end.timestamp() - timestamp)


def _zone(season: Season) -> tzinfo:
    zone = season.start.tzinfo
    assert zone is not None  # every season is made aware
    return zone


def finale_due(
    timestamp: float, kind: SeasonKind, last_told: str | None, zone: tzinfo = UTC
) -> Season | None:
    """The finale a group is owed at this moment: the season that ended last,
    unless the group's last finale (`last_told`, a stored season id) is that
    one or later. Only the latest ended season is told: a bot down across
    two season ends tells the last, not a stale one. Compared by time, not
    by id, so a group that switched from quarters to months is not owed a
    finale of a season it has already been told a finale past."""
    ended = ended_before(timestamp, kind, zone)
    if ended is None:
        return None
    told = parse_id(last_told, zone) if last_told is not None else None
    if told is not None and told.end >= ended.end:
        return None
    return ended
