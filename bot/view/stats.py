"""What /stats and /top say: a person's record and each game's leaderboard.
Pure: numbers in (bot/stats/summary.py's `Record`, plain rows), text out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.stats.summary import Record
from bot.view.i18n import Html, decimal, esc, t


class Leader(NamedTuple):
    name: str
    level: str | None  # a computer's level; None for a person
    matches: int
    wins: int
    mu: float | None


def _percent(part: int, whole: int) -> int:
    return round(100 * part / whole) if whole else 0


def _tally(lang: str, key: str, part: tuple[str, int], whole: tuple[str, int]) -> Html:
    """A count of a whole and its percentage (matches won, deals won): each
    text names its two numbers in its own words."""
    return t(
        lang, key, **{part[0]: part[1], whole[0]: whole[1]}, percent=_percent(part[1], whole[1])
    )


def stats_text(
    lang: str,
    name: str,
    record: Record,
    ratings: Sequence[tuple[str, float, int]],
    everywhere: bool,
    chips: int | None = None,
) -> str:
    """`ratings`: (game, mu, rated matches) per game; none in a group, which
    is told where they are shown instead (bot/tables/stats.py). `chips`: the
    person's balance in the group (None: in private, where there is no one
    balance)."""
    where = t(lang, "stats.everywhere" if everywhere else "stats.here")
    lines: list[str] = [t(lang, "stats.title", name=name, where=where)]
    if chips is not None:
        lines.append(t(lang, "stats.chips", chips=chips))
    if not record.matches:
        lines.append(t(lang, "stats.none"))
        return "\n".join(lines)
    lines.append(_tally(lang, "stats.matches", ("wins", record.wins), ("matches", record.matches)))
    lines.append(_tally(lang, "stats.deals", ("won", record.deals_won), ("deals", record.deals)))
    lines.append(t(lang, "stats.penalty", average=decimal(lang, record.penalty_per_deal)))
    lines.append(t(lang, "stats.streak", streak=record.best_streak))
    if record.favourite is not None:
        lines.append(t(lang, "stats.favourite", game=t(lang, f"preset.{record.favourite}")))
    if not everywhere:
        lines.append(t(lang, "stats.rating_private"))
    for game, mu, matches in ratings:
        lines.append(
            t(
                lang,
                "stats.rating",
                game=t(lang, f"preset.{game}"),
                rating=decimal(lang, mu),
                matches=matches,
            )
        )
    return "\n".join(lines)


def _who(lang: str, leader: Leader) -> Html:
    if leader.level is not None:
        return Html("🤖 " + t(lang, f"level.{leader.level}"))
    return esc(leader.name)


def top_text(
    lang: str, boards: Sequence[tuple[str, Sequence[Leader]]], everywhere: bool, least: int
) -> str:
    """`boards`: (game, leaders best first) for each game anybody is listed in."""
    lines: list[str] = [t(lang, "top.everywhere" if everywhere else "top.here")]
    if not boards:
        lines.append(t(lang, "top.none", least=least))
        return "\n".join(lines)
    for game, leaders in boards:
        lines.append("")
        lines.append(t(lang, "top.game", game=t(lang, f"preset.{game}")))
        for place, leader in enumerate(leaders, start=1):
            medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(place, f"{place}.")
            rating = "—" if leader.mu is None else decimal(lang, leader.mu)
            lines.append(
                t(
                    lang,
                    "top.line",
                    medal=medal,
                    name=_who(lang, leader),
                    wins=leader.wins,
                    matches=leader.matches,
                    rating=rating,
                )
            )
    lines.append("")
    lines.append(t(lang, "top.least", least=least))
    return "\n".join(lines)
