"""What the bot says of seasons, achievements and reliability (issue 68):
/season, /top's season header, the season's finale, the achievement lines of
a match's end and the private note, /stats' achievements and reliability,
the lobby's mark and the reliable=N refusal. Pure: plain values in, text out
(bot/view/locales/<lang>/seasons.ftl)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.seasons.achievements import available, rare_first
from bot.seasons.calendar import Season, SeasonKind
from bot.seasons.reliability import Reliability, marked
from bot.seasons.standings import Moment, SeasonRow
from bot.view.i18n import Html, esc, t
from engine.rules import Preset

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def season_name(lang: str, season: Season) -> Html:
    """'December 2026' or 'Q4 2026', as the group's language names it."""
    if season.kind is SeasonKind.QUARTER:
        return t(lang, "season.quarter", quarter=season.number, year=season.year)
    return t(lang, "season.month", month=season.number, year=season.year)


def _left(lang: str, season: Season, now: float) -> Html:
    return t(lang, "season.days_left", days=season.days_left(now))


def top_header(lang: str, season: Season, now: float) -> Html:
    """The line /top opens with: whose season it shows, how long it runs."""
    return t(lang, "season.top", season=season_name(lang, season), left=_left(lang, season, now))


def _who(lang: str, row: SeasonRow) -> Html:
    if row.level is not None:
        return Html("🤖 " + t(lang, f"level.{row.level}"))
    return esc(row.name)


def season_text(
    lang: str, season: Season, now: float, boards: Mapping[str, Sequence[SeasonRow]]
) -> str:
    """/season: each game's standings this season, best first."""
    name, left = season_name(lang, season), _left(lang, season, now)
    lines: list[str] = [t(lang, "season.title", season=name, left=left)]
    return "\n".join(lines + _boards(lang, boards))


def season_top_text(
    lang: str, season: Season, now: float, boards: Mapping[str, Sequence[SeasonRow]]
) -> str:
    """/top in a group: the season's boards under /top's season header."""
    return "\n".join([top_header(lang, season, now), *_boards(lang, boards)])


def _boards(lang: str, boards: Mapping[str, Sequence[SeasonRow]]) -> list[str]:
    if not boards:
        return [t(lang, "season.none")]
    lines: list[str] = []
    for game, board in boards.items():
        lines.append("")
        lines.append(t(lang, "season.game", game=t(lang, f"preset.{game}")))
        for place, row in enumerate(board, start=1):
            medal = MEDALS.get(place, f"{place}.")
            name = _who(lang, row)
            lines.append(
                t(lang, "season.line", medal=medal, name=name, wins=row.wins, matches=row.matches)
            )
    return lines


def choice_text(lang: str, kind: SeasonKind, chips: bool, done: bool = False) -> str:
    """The group's choice of seasons (and, to an admin, how to change it)."""
    usage = t(lang, "season.usage", kind=kind.value, chips="yes" if chips else "no")
    return t(lang, "season.chosen") + "\n" + usage if done else usage


def _names(rows: Iterable[SeasonRow]) -> Html:
    return Html(", ".join(esc(row.name) for row in rows))


def finale_text(
    lang: str,
    ended: Season,
    started: Season,
    champions: Mapping[str, Sequence[SeasonRow]],
    moments: Sequence[Moment],
    chips_start: int | None = None,
) -> str | None:
    """The one message a group gets when its season ends; None for a group
    that has no champion (it played nothing worth a finale). `chips_start`:
    the balance everybody starts again from, where the group asked for it."""
    if not champions:
        return None
    lines: list[str] = [t(lang, "season.finale", season=season_name(lang, ended))]
    for game, rows in champions.items():
        lines.append(t(lang, "season.champion", game=t(lang, f"preset.{game}"), names=_names(rows)))
    if moments:
        lines.append("")
        lines.append(t(lang, "season.moments"))
        for moment in moments:
            title = t(lang, "achievement.quoted", title=_title(lang, moment.achievement))
            lines.append(t(lang, "season.moment", name=moment.name, achievement=title))
    lines.append("")
    lines.append(t(lang, "season.started", season=season_name(lang, started), days=started.days))
    if chips_start is not None:
        lines.append(t(lang, "season.chips_reset", start=chips_start))
    return "\n".join(lines)


def _title(lang: str, achievement: str) -> Html:
    return t(lang, f"achievement.{achievement}")


def _titles(lang: str, achievements: Sequence[str]) -> Html:
    quoted = (
        t(lang, "achievement.quoted", title=_title(lang, a)) for a in rare_first(achievements)
    )
    return Html(", ".join(quoted))


def match_end_line(lang: str, earned: Sequence[tuple[str, Sequence[str]]]) -> str | None:
    """One line of the match's end message: each person with what they
    earned (name, achievement ids); None when nobody earned anything."""
    parts = [
        t(lang, "achievement.person", name=name, titles=_titles(lang, ids))
        for name, ids in earned
        if rare_first(ids)
    ]
    if not parts:
        return None
    return t(lang, "achievement.line", people=Html("; ".join(parts)))


def private_text(lang: str, group: str, achievements: Sequence[str]) -> str | None:
    """The private note to the person who earned them, each explained."""
    ids = rare_first(achievements)
    if not ids:
        return None
    lines: list[str] = [t(lang, "achievement.private", group=group, count=len(ids))]
    lines += [_item(lang, a) for a in ids]
    return "\n".join(lines)


def _item(lang: str, achievement: str) -> Html:
    return t(
        lang,
        "achievement.item",
        title=_title(lang, achievement),
        about=t(lang, f"achievement.{achievement}_about"),
    )


def stats_lines(
    lang: str,
    earned: Iterable[str],
    record: Reliability | None,
    games: frozenset[Preset] | None = None,
) -> list[str]:
    """/stats' achievements (earned / all there are in the games given, the
    rare ones first) and reliability (nothing for a person with no group
    match yet)."""
    every = available(games)
    held = [a for a in rare_first(frozenset(earned)) if a in every]
    lines: list[str] = [t(lang, "achievement.stats", earned=len(held), total=len(every))]
    lines += [_item(lang, a) for a in held]
    if record is not None and record.percent is not None:
        lines.append(
            t(
                lang,
                "reliability.stats",
                percent=record.percent,
                finished=record.finished,
                counted=record.counted,
            )
        )
    return lines


def lobby_mark(lang: str, record: Reliability) -> str:
    """What follows a joiner's name in the lobby: empty unless their share
    is below 80%."""
    if not marked(record) or record.percent is None:
        return ""
    return t(lang, "reliability.mark", percent=record.percent)


def refusal(lang: str, needed: int, record: Reliability) -> str:
    """The answer to a joiner a reliable=N table does not seat."""
    return t(
        lang,
        "reliability.refused",
        needed=needed,
        percent=record.percent or 0,
        finished=record.finished,
        counted=record.counted,
    )


def option_text(lang: str, needed: int) -> str:
    """The table's condition, as the lobby's settings list it."""
    return t(lang, "reliability.option", needed=needed)


def bad_option(lang: str, value: str) -> str:
    """`reliable=` with something that is not a percent."""
    return t(lang, "reliability.bad_option", value=value)
