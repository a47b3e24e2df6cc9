"""A tournament's screens: the registration message, a round's tables, the
standings after a round and the winner's line. Pure: plain values in (the
service works them out with bot/tournaments), a screen or text out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.view import callbacks
from bot.view.i18n import Html, esc, signed, t
from bot.view.screen import Button, Screen


@dataclass(frozen=True, slots=True)
class Registration:
    """What the registration message shows."""

    id: int
    game: str  # the preset's name in the group's language
    format: str | None  # "roundrobin", "swiss", "knockout"; None: chosen at the start
    rounds: int | None  # Swiss, when chosen
    size: int | None  # people at a table, when chosen
    duplicate: bool
    teams: bool
    options: tuple[Html, ...]  # the game's changed options, a line each (render.options_lines)
    names: tuple[str, ...]
    creator: str
    registered: int  # people (in kozel two a team line)
    places: int  # people who may register at most
    open: bool = True  # still registering (buttons shown)


def format_name(lang: str, fmt: str | None) -> Html:
    return t(lang, f"tournament.format.{fmt or 'auto'}")


def registration(info: Registration, lang: str) -> Screen:
    lines: list[str] = [
        t(lang, "tournament.title", game=info.game),
        t(lang, "tournament.format", format=format_name(lang, info.format)),
        Html(
            t(lang, "tournament.explain", format=info.format or "auto")
            + " "
            + t(lang, "tournament.place_points")
        ),
    ]
    if info.rounds:
        lines.append(t(lang, "tournament.rounds", rounds=info.rounds))
    if info.size:
        lines.append(t(lang, "tournament.size", size=info.size))
    if info.teams:
        lines.append(t(lang, "tournament.teams"))
    if info.duplicate:
        lines.append(t(lang, "tournament.duplicate"))
    if info.options:
        lines.append(t(lang, "tournament.options"))
        lines.extend(info.options)
    lines.append("")
    lines.append(t(lang, "tournament.registered", count=info.registered, max=info.places))
    if info.names:
        lines.extend(Html(f"{i + 1}. {esc(name)}") for i, name in enumerate(info.names))
    else:
        lines.append(t(lang, "tournament.nobody"))
    if not info.open:
        return Screen("\n".join(lines))
    lines.append("")
    lines.append(t(lang, "tournament.hint", creator=info.creator))
    buttons = (
        (
            Button(t(lang, "tournament.button.join"), callbacks.tournament(info.id, "j")),
            Button(t(lang, "tournament.button.leave"), callbacks.tournament(info.id, "x")),
        ),
        (Button(t(lang, "tournament.button.start"), callbacks.tournament(info.id, "s")),),
    )
    return Screen("\n".join(lines), buttons)


def started(lang: str, fmt: str, rounds: int) -> str:
    return t(
        lang,
        "tournament.started",
        format=format_name(lang, fmt),
        rounds=Html(t(lang, "tournament.rounds", rounds=rounds)),
    )


def round_text(
    lang: str,
    number: int,
    total: int,
    tables: Sequence[tuple[int, Sequence[str]]],
    byes: Sequence[str],
    numbers: Sequence[int] | None = None,
) -> str:
    """The round's tables (id, the names at it) and who sits it out. Each
    table is numbered as its forum topic is ("🏁 Тур 1 · стол 2"), with its
    id after ("Стол 2 (#13)"), so a player can match the two: `numbers`, the
    tables' places in the round from 1, default to their order here."""
    lines = [t(lang, "tournament.round", round=number, rounds=total)]
    places = list(numbers) if numbers is not None else list(range(1, len(tables) + 1))
    for place, (table_id, names) in zip(places, tables, strict=True):
        lines.append(
            t(lang, "tournament.table", number=place, table=table_id, names=", ".join(names))
        )
    if byes:
        lines.append(t(lang, "tournament.bye", names=", ".join(byes)))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the standings."""

    place: int
    name: str
    points: int
    wins: int
    duplicate: float | None = None  # with duplicate deals: the difference (more is better)


def standings(lang: str, number: int, lines: Sequence[Line], duplicate: bool) -> str:
    """The table after a round. With duplicate deals the difference is shown
    with the deal summary's sign (players-review-2 S3): "+2" there is two
    penalty points more, so here −2,5 is two and a half fewer than the others
    who held the same cards had on average, and the best line reads lowest."""
    key = "tournament.standings.duplicate" if duplicate else "tournament.standings"
    out = [t(lang, key, round=number)]
    for line in lines:
        if duplicate and line.duplicate is not None:
            tail = f"{signed(lang, -line.duplicate)} ({line.points})"
        else:
            tail = f"{line.points} ({line.wins})"
        out.append(Html(f"{line.place}. {esc(line.name)} — {tail}"))
    return "\n".join(out)


def knockout(lang: str, still_in: Sequence[str], out: Sequence[str]) -> str:
    lines = [t(lang, "tournament.still_in", names=", ".join(still_in))]
    if out:
        lines.append(t(lang, "tournament.out", names=", ".join(out)))
    return "\n".join(lines)


def winner(lang: str, names: Sequence[str]) -> str:
    """The tournament's last line: it starts with 🏆, and names everyone who
    shares first place."""
    return t(lang, "tournament.winner", names=", ".join(names), count=len(names))
