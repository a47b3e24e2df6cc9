"""The pictures: PNGs that open, have the promised size, are not blank, and
draw Cyrillic names and labels with the bundled font (matplotlib warns
"Glyph ... missing from font" when it cannot: here that warning fails the
test). The numbers behind the match chart come from the engine's replay."""

from __future__ import annotations

import io
import warnings

import pytest
from PIL import Image

from bot.stats.results import penalty_series, replay_events
from bot.storage import ResultRow, SeatResult
from bot.tables.pictures import match_chart, rating_history
from bot.view import charts
from bot.view.i18n import LANGUAGES
from engine import Action, RuleSet, apply, legal_actions, start_match


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image


def assert_a_picture(png: bytes) -> None:
    image = opened(png)
    assert image.size == (800, 450)
    # Not blank: a white background with lines, text and more than a few colours.
    colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) > 20
    dark = 0
    for count, colour in colours:
        assert isinstance(colour, tuple)  # an RGB image's colours are (r, g, b)
        r, g, b = colour
        if r + g + b < 200:
            dark += count
    assert dark > 500  # axes, labels, legend text


@pytest.fixture
def strict_glyphs() -> object:
    """Every warning is an error: a missing glyph fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


@pytest.mark.usefixtures("strict_glyphs")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_penalty_chart_draws_cyrillic_names_and_labels(lang: str) -> None:
    names = ["Аня", "Борис Ёлкин", "Ўладзь", "Їжак Ґудзь"]
    series = [
        [(0, 0), (1, 4), (2, 4), (3, 10)],
        [(0, 0), (1, 0), (2, 12)],  # out after the second deal
        [(0, 0), (1, 2), (2, 2), (3, 2)],
        [(0, 0), (1, 2), (2, 2), (3, 2)],
    ]
    assert_a_picture(charts.penalty_chart(lang, names, series, limit=12))


@pytest.mark.usefixtures("strict_glyphs")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rating_chart_draws_every_game(lang: str) -> None:
    games = [("burkozel", [(0, 25.0), (1, 27.3), (2, 26.1)]), ("bura", [(0, 25.0), (1, 22.0)])]
    assert_a_picture(charts.rating_chart(lang, "Аня Ўсцінава", games))
    assert_a_picture(charts.rating_chart(lang, "Аня", [("bura", [(0, 0.0), (1, -1.5)])], here=True))


@pytest.mark.usefixtures("strict_glyphs")
def test_names_the_font_cannot_draw_or_that_matplotlib_would_misread() -> None:
    """A character the font lacks (Chinese) is left out (no warning); `$...$` is not read
    as mathematics, an unbalanced `$` breaks nothing, and a name starting
    with `_` is not hidden from the legend."""
    assert charts.drawable("Аня 漢") == "Аня"
    assert charts.drawable("漢字", fallback="#2") == "#2"
    assert charts.drawable("$x^2$") == r"\$x^2\$"
    names = ["$x^2$ Аня", "_Борис", "Вера $", "漢字"]
    series = [[(0, 0), (1, n)] for n in range(4)]
    assert_a_picture(charts.penalty_chart("ru", names, series))


def test_the_match_chart_follows_the_replay() -> None:
    """A whole match played out by the engine: its chart is drawn from the
    seed and the log, and each seat's line has a point per scored deal, its
    last value the standing's penalty points."""
    rules = RuleSet.create("burkozel", {"limit": 4})
    players = ("A", "B", "C")
    state, _ = start_match(rules, players, 7)
    actions = []
    while not state.over:
        assert state.deal is not None
        action = legal_actions(state, state.deal.turn)[0]
        state, _ = apply(state, action)
        actions.append(action)
    final, events = replay_events(rules, players, 7, actions)
    series = penalty_series(final, events)
    assert [points[0] for points in series] == [(0, 0)] * 3
    assert final.standing is not None
    for placing in final.standing:
        for seat in placing.seats:
            assert series[seat][-1][1] == placing.penalties
    assert max(len(points) for points in series) >= 2
    assert_a_picture(match_chart("ru", ["Аня", "Борис", "Вера"], rules, players, 7, actions))


def row(game: str, before: float | None, after: float | None, practice: bool = False) -> ResultRow:
    seat = SeatResult(0, "u:1", 1, None, "Аня", 0, 1, 0, 1, 1, 0, 0, 0, 0)
    return ResultRow(
        table_id=1,
        chat_id=-1,
        game=game,
        practice=practice,
        finished_at=0.0,
        result=seat,
        before=None if before is None else (before, 8.0),
        after=None if after is None else (after, 7.0),
    )


def test_the_rating_history_is_each_games_rating_after_each_rated_match() -> None:
    rows = [
        row("bura", 25.0, 27.0),
        row("burkozel", 25.0, 24.0),
        row("bura", 27.0, 26.5),
        row("bura", None, None, practice=True),  # practice moves no rating
    ]
    assert rating_history(rows) == [
        ("bura", [(0, 25.0), (1, 27.0), (2, 26.5)]),
        ("burkozel", [(0, 25.0), (1, 24.0)]),
    ]
    assert rating_history([row("bura", None, None, practice=True)]) == []


@pytest.mark.usefixtures("strict_glyphs")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_standings_chart_draws_each_entrant_round_by_round(lang: str) -> None:
    names = ["Аня", "Борис & Ўладзь", "Їжак", "Ева", "Гена", "Дина", "Жора", "Зоя"]
    series = [[(0, 0.0), (1, float(i % 3)), (2, float(i % 3 + i % 2))] for i in range(8)]
    assert_a_picture(charts.standings_chart(lang, names, series))


def played_out(rules: RuleSet, players: tuple[str, ...], seed: int) -> list[Action]:
    state, _ = start_match(rules, players, seed)
    actions = []
    while not state.over:
        assert state.deal is not None
        action = legal_actions(state, state.deal.turn)[0]
        state, _ = apply(state, action)
        actions.append(action)
    return actions


@pytest.mark.parametrize(("preset", "count", "lines"), [("kozel", 4, 2), ("burkozel", 4, 4)])
def test_the_match_chart_has_a_title_and_a_line_per_side(
    monkeypatch: pytest.MonkeyPatch, preset: str, count: int, lines: int
) -> None:
    """Kozel's partners share one line, named by both; the title is passed
    to the drawing, so a forwarded chart says what it is."""
    rules = RuleSet.create(preset, {"limit": 4})
    players = tuple("ABCD"[:count])
    actions = played_out(rules, players, 5)
    seen: dict[str, object] = {}

    def spy(lang: str, names: list[str], series: list[object], limit: object, title: str) -> bytes:
        seen.update(names=names, series=series, title=title)
        return b""

    monkeypatch.setattr(charts, "penalty_chart", spy)
    names = ["Аня", "Борис", "Вера", "Глеб"][:count]
    match_chart("ru", names, rules, players, 5, actions, title="Козёл · стол #7")
    assert seen["title"] == "Козёл · стол #7"
    assert len(seen["names"]) == lines == len(seen["series"])  # type: ignore[arg-type]
    if preset == "kozel":
        assert seen["names"] == ["Аня + Вера", "Борис + Глеб"]


@pytest.mark.usefixtures("strict_glyphs")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_penalty_chart_draws_its_title(lang: str) -> None:
    series = [[(0, 0), (1, 4), (2, 6)], [(0, 0), (1, 0), (2, 2)]]
    plain = charts.penalty_chart(lang, ["Аня + Вера", "Борис"], series, 12)
    titled = charts.penalty_chart(lang, ["Аня + Вера", "Борис"], series, 12, "Козёл · стол #7")
    assert_a_picture(titled)
    assert titled != plain


def test_one_groups_rating_history_is_what_its_matches_moved_it_by() -> None:
    """S16: between two of the group's matches the rating moved elsewhere
    (26.5 -> 30.0): the group's chart shows only its own changes, from 0."""
    rows = [row("bura", 25.0, 26.5), row("bura", 30.0, 29.0), row("bura", 29.0, 31.0)]
    assert rating_history(rows, here=True) == [("bura", [(0, 0.0), (1, 1.5), (2, 0.5), (3, 2.5)])]
