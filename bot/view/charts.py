"""Pictures: a match's penalty points deal by deal, and a person's rating
history. Pure: numbers and names in, PNG bytes out.

Drawing costs 50–130 ms of CPU, so the service runs these functions in the
charts' worker process (bot/tables/thinking.py `Thinking.run`), never on
the event loop. matplotlib is imported on the first drawing only: the bot's
start-up and the tests that never draw do not pay for it (about half a
second). Its Agg backend draws without a display, and its bundled DejaVu Sans
has Cyrillic; characters it lacks (emoji in a name) are left out rather than
drawn as empty boxes with a warning in the log.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.view.i18n import plain, t

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

SIZE = (8.0, 4.5)  # inches: 800 × 450 pixels at DPI
DPI = 100
FONT = "DejaVu Sans"
# One colour per seat (up to four) and per game: distinct for colour-blind eyes too.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")

# (x, y) points of one line: x a deal's number (0: before the first) or a rated match's.
Points = Sequence[tuple[int, float]]


@functools.cache
def _glyphs() -> frozenset[int]:
    """The characters the font can draw."""
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    path = font_manager.findfont(font_manager.FontProperties(family=FONT), fallback_to_default=True)
    return frozenset(FT2Font(path).get_charmap())


def drawable(text: str, fallback: str = "?") -> str:
    """`text` as the chart can show it: characters the font lacks left out,
    and `$` escaped (matplotlib reads `$...$` as mathematics)."""
    glyphs = _glyphs()
    kept = "".join(c for c in text if ord(c) in glyphs).strip()
    return (kept or fallback).replace("$", r"\$")


def _figure() -> tuple[Figure, Axes]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    # Not pyplot: its global state is not for a server, and Figure needs none.
    figure = Figure(figsize=SIZE, dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.grid(True, alpha=0.3)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    return figure, axes


def _png(figure: Figure) -> bytes:
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=DPI)
    return out.getvalue()


def _text(lang: str, key: str, **params: Any) -> str:
    return drawable(plain(t(lang, key, **params)))


def _integer_ticks(axes: Axes) -> None:
    from matplotlib.ticker import MaxNLocator

    axes.xaxis.set_major_locator(MaxNLocator(integer=True))


# One marker per line: lines of equal values lie on each other, and the
# markers (and the narrower line drawn on top) keep every one of them visible.
MARKERS = ("o", "s", "^", "D", "v", "P")


def penalty_chart(
    lang: str,
    names: Sequence[str],
    series: Sequence[Points],
    limit: int | None = None,
    title: str = "",
) -> bytes:
    """Each side's penalty points after each deal (kozel's partners are one
    side: one line, both names); a line ends where its side went out.
    `limit`: the match's limit, drawn as a dashed line; `title`: what the
    picture is, said in it, so that a forwarded chart still says it."""
    with _fonts():
        figure, axes = _figure()
        handles, labels = [], []
        for index, (name, points) in enumerate(zip(names, series, strict=True)):
            xs = [x for x, _ in points]
            ys = [y for _, y in points]
            (line,) = axes.plot(
                xs,
                ys,
                marker=MARKERS[index % len(MARKERS)],
                markersize=6,
                linewidth=3.5 - 0.7 * index,
                color=COLOURS[index % len(COLOURS)],
                zorder=2 + index,
            )
            handles.append(line)
            labels.append(drawable(name, fallback=f"#{index + 1}"))
        if limit:
            axes.axhline(limit, color="#999999", linestyle=":", linewidth=1.5)
        if title:
            axes.set_title(drawable(title), loc="left")
        axes.set_xlabel(_text(lang, "chart.deal"))
        axes.set_ylabel(_text(lang, "chart.penalties"))
        axes.set_ylim(bottom=0)
        _integer_ticks(axes)
        # Labels given outright: legend() would hide a name starting with "_".
        axes.legend(handles, labels, loc="upper left")
        return _png(figure)


def rating_chart(
    lang: str, name: str, games: Sequence[tuple[str, Points]], here: bool = False
) -> bytes:
    """A person's rating in each game (the preset's name) after each rated
    match: x 0 is the rating before the first. `here`: one group's matches,
    the points what they alone moved the rating by (bot/tables/pictures.py)."""
    with _fonts():
        figure, axes = _figure()
        handles, labels = [], []
        for index, (game, points) in enumerate(games):
            (line,) = axes.plot(
                [x for x, _ in points],
                [y for _, y in points],
                marker="o",
                markersize=4,
                linewidth=2,
                color=COLOURS[index % len(COLOURS)],
            )
            handles.append(line)
            labels.append(_text(lang, f"preset.{game}"))
        axes.set_title(drawable(name))
        axes.set_xlabel(_text(lang, "chart.match"))
        axes.set_ylabel(_text(lang, "chart.rating_here" if here else "chart.rating"))
        _integer_ticks(axes)
        axes.legend(handles, labels, loc="best")
        return _png(figure)


def standings_chart(lang: str, names: Sequence[str], series: Sequence[Points]) -> bytes:
    """A tournament's points after each round (x 0: before the first), one
    line an entrant, the leaders first (the caller sends at most a few)."""
    with _fonts():
        figure, axes = _figure()
        handles, labels = [], []
        for index, (name, points) in enumerate(zip(names, series, strict=True)):
            (line,) = axes.plot(
                [x for x, _ in points],
                [y for _, y in points],
                marker="o",
                markersize=4,
                linewidth=2,
                color=COLOURS[index % len(COLOURS)],
                linestyle="-" if index < len(COLOURS) else "--",
            )
            handles.append(line)
            labels.append(drawable(name, fallback=f"#{index + 1}"))
        axes.set_xlabel(_text(lang, "chart.round"))
        axes.set_ylabel(_text(lang, "chart.points"))
        axes.set_ylim(bottom=0)
        _integer_ticks(axes)
        axes.legend(handles, labels, loc="upper left")
        return _png(figure)


def _fonts() -> Any:
    """matplotlib's settings for one drawing: the bundled font, nothing read
    from the machine's matplotlibrc or the process's other drawings."""
    import matplotlib

    return matplotlib.rc_context(
        {"font.family": FONT, "axes.unicode_minus": True, "text.usetex": False},
    )


def season_chart(
    lang: str, title: str, names: Sequence[str], wins: Sequence[int], matches: Sequence[int]
) -> bytes:
    """/season's picture: a game's board as bars, wins over matches played,
    the leader on top. `title` and names come in the group's language."""
    with _fonts():
        figure, axes = _figure()
        places = list(range(len(names)))[::-1]
        axes.barh(places, matches, color=COLOURS[5], alpha=0.35, label=_text(lang, "chart.matches"))
        axes.barh(places, wins, color=COLOURS[0], label=_text(lang, "chart.wins"))
        axes.legend(loc="lower right")
        axes.set_yticks(places, [drawable(name) for name in names])
        axes.set_title(drawable(title))
        axes.grid(True, axis="x", alpha=0.3)
        axes.grid(False, axis="y")
        return _png(figure)
