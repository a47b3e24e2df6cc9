"""A group's season at the table service (issue 68): what a match's end adds
(how each person's part ended, the achievements it earned, the month's
board), the telling of what was earned, reliability for the lobby, /season
and /top's season. The finale is bot/tables/finale.py; the pure parts are
bot/seasons/ and bot/view/seasons.py.

A match's season part is computed before its last move is saved and written
in the same transaction as its results (`SeasonWrite`), so what it earned
exists exactly when the match's end does, and is told with it: one line of
the end message (`end_news`) and a private note to each who earned.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import UTC, datetime

from bot.seasons import achievements as ach
from bot.seasons.calendar import DEFAULT_KIND, Season, SeasonKind, season_kind, season_of
from bot.seasons.reliability import OPTION, WINDOW, Outcome, Reliability, admitted, marked
from bot.seasons.reliability import outcome as outcome_of
from bot.seasons.reliability import reliability as share_of
from bot.seasons.standings import SeasonRow, boards
from bot.storage import ChatSeason, MatchResult, SeasonWrite, Seat, TableRecord
from bot.tables.core import Opened, Refused, Reply, Tables
from bot.tables.fanout import Fanout
from bot.view import charts
from bot.view import seasons as view
from bot.view.i18n import plain, t
from bot.view.screen import Screen
from engine.events import Event
from engine.rules import Preset

log = logging.getLogger(__name__)

MARKS = "marks"  # a lobby's settings key: user id -> their share, for joiners marked
_OUTCOMES = frozenset(o.value for o in Outcome)  # a newer worker's outcome is not counted
CHART_PATIENCE = 10.0  # seconds /season waits for its chart before it answers without


def month_of(timestamp: float) -> str:
    """The calendar month (UTC) a match's end counts on: 'YYYY-MM'."""
    return datetime.fromtimestamp(timestamp, UTC).strftime("%Y-%m")


def months_of(season: Season) -> list[str]:
    """The months a season adds up."""
    first = season.start.month
    count = 1 if season.kind is SeasonKind.MONTH else 3
    return [f"{season.year:04d}-{first + i:02d}" for i in range(count)]


def season_rows(lines: Sequence[tuple[str, str, str, str | None, int, int]]) -> list[SeasonRow]:
    return [SeasonRow(*line) for line in lines]


class Seasons:
    def __init__(self, tables: Tables, fanout: Fanout) -> None:
        self.tables = tables
        self.store = tables.store
        self.fanout = fanout

    async def kind(self, chat_id: int) -> SeasonKind:
        """The group's kind of season: its admin's choice, else the bot's SEASON."""
        choice = await self.store.chat_season(chat_id)
        return season_kind(choice.kind) or season_kind(self.tables.limits.season) or DEFAULT_KIND

    # -- a match's end -----------------------------------------------------------------

    async def match_part(
        self, table: TableRecord, events: Sequence[Event], moved: frozenset[int] = frozenset()
    ) -> SeasonWrite | None:
        """What a group match adds to its season (None in practice): each
        person's outcome, what each earned (a seat the computer played to
        the end earns nothing), the month it counts on. `moved`: the seats
        a person made a move from (a stand-in took over the rest later)."""
        if table.practice or table.state is None:
            return None
        now = self.tables.clock.now()
        people = {s.seat: s.user_id for s in table.seats if not s.is_computer and not s.auto}
        computers = computer_levels(table.seats, moved)
        played = ach.FinishedMatch(table.state.rules, events, people, computers)
        outcomes: list[tuple[int, str]] = []
        earned: list[tuple[int, str]] = []
        for seat in sorted(table.seats, key=lambda s: s.seat):
            if seat.is_computer:
                continue
            blocked = False
            if seat.auto:
                user = await self.store.get_user(seat.user_id)
                blocked = user is not None and not user.started
            no_show = seat.auto and seat.missed == 0 and not blocked and _in_tournament(table)
            outcomes.append((seat.user_id, outcome_of(seat.auto, blocked, no_show).value))
            if seat.seat in people:
                prior = await self._prior(seat.user_id, table.chat_id)
                earned += [(seat.user_id, a) for a in ach.earned(played, seat.seat, prior)]
        return SeasonWrite(month_of(now), now, tuple(outcomes), tuple(earned))

    async def _prior(self, user_id: int, chat_id: int) -> ach.Prior:
        places = await self.store.latest_places(user_id, chat_id, ach.REGULAR_MATCHES)
        streak = 0
        for place in places:
            if place == 1:
                break
            streak += 1
        held = frozenset(await self.store.achievements_of(user_id, chat_id))
        return ach.Prior(len(places), streak, held)

    def end_news(self, table: TableRecord, result: MatchResult | None, lang: str) -> list[str]:
        """The end message's line of what was earned (none: nothing)."""
        earned = _by_person(result)
        if not earned:
            return []
        names = {s.user_id: s.name for s in table.seats}
        line = view.match_end_line(lang, [(names.get(u, "?"), ids) for u, ids in earned.items()])
        return [line] if line else []

    def tell_privately(self, table: TableRecord, result: MatchResult | None) -> None:
        """Each person who earned something hears it in private, explained,
        silently: the end message in the group has rung already (one ring
        per own move, docs/transcripts)."""
        for user_id, ids in _by_person(result).items():

            async def note(user_id: int = user_id, ids: tuple[str, ...] = ids) -> None:
                lang = await self.tables.user_lang(user_id)
                text = view.private_text(lang, table.chat_title, ids)
                if text:
                    await self.tables.out.send(user_id, Screen(text), silent=True)

            self.fanout.private_later(table, note)

    async def left(self, table: TableRecord, user_id: int) -> None:
        """/leave or /kick passed a person's seat to a computer mid-match."""
        if not table.practice:
            at = self.tables.clock.now()
            await self.store.record_outcome(
                table.id, user_id, table.chat_id, Outcome.LEFT.value, at
            )

    # -- reliability -------------------------------------------------------------------

    async def record(self, user_id: int) -> Reliability:
        """A person's share of matches finished among their latest in groups."""
        found = await self.store.recent_outcomes(user_id, WINDOW)
        known = [Outcome(o) for o in found if o in _OUTCOMES]
        return share_of(known)

    async def require_reliable(self, found: Opened, user_id: int) -> None:
        """A table with `reliable=N` refuses a joiner below N%, saying both
        numbers; a joiner below 80% is marked in the lobby (their share is
        kept in the table's settings, which the lobby is drawn from)."""
        table = found.table
        if table.practice:
            return
        record = await self.record(user_id)
        needed = table.settings.get(OPTION)
        if isinstance(needed, int) and not admitted(record, needed):
            raise Refused(Reply(view.refusal(found.lang, needed, record), alert=True))
        marks = dict(table.settings.get(MARKS, {}))
        if marked(record) and record.percent is not None:
            marks[str(user_id)] = record.percent
            table.settings[MARKS] = marks

    # -- /season and /top --------------------------------------------------------------

    async def current(self, chat_id: int) -> Season | None:
        return season_of(self.tables.clock.now(), await self.kind(chat_id))

    async def board(self, chat_id: int, season: Season) -> dict[str, tuple[SeasonRow, ...]]:
        lines = await self.store.season_board(chat_id, months_of(season))
        return boards(season_rows(lines))

    async def season(self, chat_id: int, lang: str) -> Reply:
        """/season: the group's season so far, each game's board, with a chart."""
        now = self.tables.clock.now()
        season = await self.current(chat_id)
        if season is None:
            return Reply(t(lang, "season.off"))
        shown = await self.board(chat_id, season)
        text = view.season_text(lang, season, now, shown)
        photo = await self._chart(lang, season, shown) if shown else None
        return Reply(screen=Screen(text), photo=photo)

    async def _chart(
        self, lang: str, season: Season, shown: dict[str, tuple[SeasonRow, ...]]
    ) -> bytes | None:
        game, rows = next(iter(shown.items()))
        title = f"{view.season_name(lang, season)} · {t(lang, f'preset.{game}')}"
        names = [row.name if row.level is None else t(lang, f"level.{row.level}") for row in rows]
        try:
            drawing = self.tables.thinking.run(
                charts.season_chart,
                lang,
                plain(title),
                names,
                [r.wins for r in rows],
                [r.matches for r in rows],
            )
            png: bytes = await asyncio.wait_for(drawing, CHART_PATIENCE)
        except Exception:
            log.exception("the season's chart could not be drawn")
            return None
        return png

    async def top(self, chat_id: int, lang: str) -> Reply | None:
        """/top in a group: its season's boards (None: the group has no
        seasons, and /top shows all time)."""
        season = await self.current(chat_id)
        if season is None:
            return None
        shown = await self.board(chat_id, season)
        now = self.tables.clock.now()
        return Reply(screen=Screen(view.season_top_text(lang, season, now, shown)))

    async def choose(self, chat_id: int, title: str, words: Sequence[str], lang: str) -> Reply:
        """An admin's `/season month|quarter|none` or `/season chips on|off`
        (the caller checked the rights); anything else is answered with the
        group's choice and the words it takes, and changes nothing."""
        choice = await self.store.chat_season(chat_id)
        kind = season_kind(choice.kind) or await self.kind(chat_id)
        chips = choice.chips_reset
        said = [w.lower() for w in words]
        if len(said) == 1 and season_kind(said[0]) is not None:
            kind = season_kind(said[0]) or kind
        elif len(said) == 2 and said[0] == "chips" and said[1] in ("on", "off"):
            chips = said[1] == "on"
        else:
            return Reply(view.choice_text(lang, await self.kind(chat_id), choice.chips_reset))
        await self.store.set_chat_season(chat_id, title, ChatSeason(kind.value, chips))
        return Reply(view.choice_text(lang, kind, chips, done=True))

    async def stats_lines(
        self, user_id: int, chat_id: int | None, lang: str, games: frozenset[Preset] | None
    ) -> list[str]:
        """/stats' achievements (in the group, or every group's in private)
        and the person's reliability."""
        earned = await self.store.achievements_of(user_id, chat_id)
        return view.stats_lines(lang, earned, await self.record(user_id), games)


def _in_tournament(table: TableRecord) -> bool:
    return "tournament" in table.settings


def _by_person(result: MatchResult | None) -> dict[int, tuple[str, ...]]:
    if result is None or result.season is None:
        return {}
    found: dict[int, list[str]] = {}
    for user_id, achievement in result.season.achievements:
        found.setdefault(user_id, []).append(achievement)
    return {u: ach.rare_first(ids) for u, ids in found.items()}


def computer_levels(seats: Sequence[Seat], moved: frozenset[int]) -> dict[int, str]:
    """The computers that played their seat from the start, with their
    levels: a person's seat a stand-in took over after /leave or /kick is a
    computer at the end, but beating it is not beating a computer."""
    return {s.seat: s.level or "normal" for s in seats if s.is_computer and s.seat not in moved}
