"""Every text of bot/view/seasons.py in all four languages, with varied names
and numbers: valid Telegram HTML, counted nouns that agree, names left
undeclined, each line in the language asked for, and the facts it must say."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import pytest
from grammar import findings, name_findings, phrase_findings
from languages import languages_of

from bot.seasons.achievements import ACHIEVEMENTS
from bot.seasons.calendar import Season, SeasonKind, following, season_of
from bot.seasons.reliability import Outcome, Reliability, reliability
from bot.seasons.standings import Moment, SeasonRow, boards, champions
from bot.view import seasons as view
from bot.view.i18n import LANGUAGES, plain
from engine.rules import Preset
from testing.fake_telegram import parse_html

NAMES = ("Аня", "Никита", "Jean-Luc", "<b>Eve & Co</b>", "Александра Константинопольская")
NUMBERS = (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 31, 101)


def at(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()  # type: ignore[arg-type,misc]


def season(kind: SeasonKind, *parts: int) -> Season:
    found = season_of(at(*parts), kind)
    assert found is not None
    return found


def rows(name: str, count: int) -> list[SeasonRow]:
    return [
        SeasonRow("burkozel", "u:1", name, None, count + 3, count),
        SeasonRow("burkozel", "cpu:hard", "🤖", "hard", count + 1, count + 1),
        SeasonRow("bura", "u:2", "Ким", None, count, count),
    ]


def texts(lang: str, name: str, count: int) -> Iterator[tuple[str, str]]:
    """(what, text) for every kind of text, with this name and number."""
    december = season(SeasonKind.MONTH, 2026, 12, 1 + count % 28)
    quarter = season(SeasonKind.QUARTER, 2026, 1 + count % 12, 5)
    now = at(2026, 12, 1 + count % 28, 12)
    board = boards(rows(name, count))
    ids = [a.id for a in ACHIEVEMENTS[: 1 + count % len(ACHIEVEMENTS)]]
    record = Reliability(min(count, 20), 20)
    yield "top", view.top_header(lang, december, now)
    yield "top quarter", view.top_header(lang, quarter, at(2026, 1 + count % 12, 5))
    yield "season", view.season_text(lang, december, now, board)
    yield "season empty", view.season_text(lang, december, now, {})
    moments = [Moment(name, "golden_moscow", 1.0), Moment("Ким", "eggs", 2.0)]
    finale = view.finale_text(
        lang, december, following(december), champions(rows(name, count + 1)), moments, count
    )
    assert finale is not None
    yield "finale", finale
    yield "match end", view.match_end_line(lang, [(name, ids), ("Ким", ["first_win"])]) or ""
    yield "private", view.private_text(lang, f"Клуб {name}", ids) or ""
    yield "stats", "\n".join(view.stats_lines(lang, ids, record))
    yield "mark", view.lobby_mark(lang, Reliability(count % 4, 5))
    yield "refusal", view.refusal(lang, 1 + count % 100, record)
    yield "option", view.option_text(lang, count % 101)
    yield "bad option", view.bad_option(lang, f"{name}%")


CASES = [
    (lang, name, count)
    for lang in LANGUAGES
    for name, count in zip(NAMES * 3, NUMBERS, strict=False)
]


@pytest.mark.parametrize(("lang", "name", "count"), CASES)
def test_every_text_reads_right(lang: str, name: str, count: int) -> None:
    for what, text in texts(lang, name, count):
        parse_html(text)
        assert findings(lang, text) == [], (what, text)
        assert phrase_findings(lang, text) == [], (what, text)
        shown = plain(text)
        if name in shown:
            assert name_findings(lang, shown, name) == [], (what, text)
        for line in shown.splitlines():
            found = languages_of(line)
            assert not found or lang in found, (what, line, found)


def test_every_achievement_has_a_name_and_a_reason_in_every_language() -> None:
    for lang in LANGUAGES:
        text = view.private_text(lang, "G", [a.id for a in ACHIEVEMENTS])
        assert text is not None
        assert len(text.splitlines()) == 1 + len(ACHIEVEMENTS)
        lines = text.splitlines()
        assert len(set(lines)) == len(lines), "two achievements read the same"


@pytest.mark.parametrize(
    ("lang", "days", "expected"),
    [
        ("ru", 1, "остался 1 день"),
        ("ru", 3, "осталось 3 дня"),
        ("ru", 25, "осталось 25 дней"),
        ("ru", 21, "остался 21 день"),
        ("be", 2, "засталося 2 дні"),
        ("be", 11, "засталося 11 дзён"),
        ("uk", 1, "залишився 1 день"),
        ("uk", 24, "залишилося 24 дні"),
        ("en", 1, "1 day left"),
        ("en", 7, "7 days left"),
    ],
)
def test_days_left_agree(lang: str, days: int, expected: str) -> None:
    december = season(SeasonKind.MONTH, 2026, 12, 1)
    now = at(2027, 1, 1) - days * 86400 + 3600
    assert expected in view.top_header(lang, december, now)


def test_the_top_header_names_the_month_and_the_quarter() -> None:
    december = season(SeasonKind.MONTH, 2026, 12, 7)
    assert "«Декабрь 2026»: осталось 25 дней" in view.top_header("ru", december, at(2026, 12, 7))
    assert "“December 2026”" in view.top_header("en", december, at(2026, 12, 7))
    q4 = season(SeasonKind.QUARTER, 2026, 12, 7)
    assert "«IV квартал 2026»" in view.top_header("uk", q4, at(2026, 12, 7))
    assert "“Q4 2026”" in view.top_header("en", q4, at(2026, 12, 7))


def test_the_season_board_has_the_stored_numbers() -> None:
    december = season(SeasonKind.MONTH, 2026, 12, 7)
    text = view.season_text("ru", december, at(2026, 12, 7), boards(rows("Аня", 5)))
    assert "🥇 🤖 сильный — 6 побед из 6" in text
    assert "🥈 Аня — 5 побед из 8" in text
    assert "<b>Бура</b>" in text


def test_a_group_that_played_nothing_gets_no_finale() -> None:
    december = season(SeasonKind.MONTH, 2026, 12, 7)
    assert view.finale_text("ru", december, following(december), {}, []) is None


def test_the_finale_tells_champions_moments_and_the_new_season() -> None:
    december = season(SeasonKind.MONTH, 2026, 12, 7)
    text = view.finale_text(
        "ru",
        december,
        following(december),
        champions(rows("Аня", 5)),
        [Moment("Ким", "golden_moscow", 1.0)],
        chips_start=1000,
    )
    assert text is not None
    assert "Сезон «Декабрь 2026» окончен" in text
    assert "🏆 Буркозёл: Аня" in text and "🏆 Бура: Ким" in text
    assert "Ким: «Золотая Москва»" in text
    assert "Начался сезон «Январь 2027», в нём 31 день" in text
    assert "у каждого 1000 фишек" in text
    no_chips = view.finale_text("en", december, following(december), champions(rows("A", 1)), [])
    assert no_chips is not None and "🪙" not in no_chips and "Moments" not in no_chips


def test_achievement_lines() -> None:
    line = view.match_end_line("ru", [("Аня", ["first_win", "bura"]), ("Ким", [])])
    assert line == "🏅 Достижения: Аня: «Бура», «Первая победа»"
    assert view.match_end_line("ru", [("Ким", []), ("Аня", ["unknown"])]) is None
    one = view.private_text("ru", "Клуб", ["eggs"])
    assert one is not None and one.startswith("🏅 Новое достижение в группе «Клуб»:")
    many = view.private_text("ru", "Клуб", ["eggs", "bura"])
    assert many is not None and many.startswith("🏅 Новые достижения")
    assert view.private_text("ru", "Клуб", []) is None


def test_stats_counts_earned_of_all_rare_first_and_reliability() -> None:
    lines = view.stats_lines("ru", ["first_win", "golden_moscow"], reliability([]))
    assert lines[0] == f"🏅 Достижения: 2 из {len(ACHIEVEMENTS)}"
    assert lines[1].startswith("• «Золотая Москва»") and lines[2].startswith("• «Первая победа»")
    assert len(lines) == 3  # a newcomer has no reliability line
    bura_only = view.stats_lines("en", ["golden_moscow"], None, frozenset({Preset.BURA}))
    assert bura_only[0].startswith("🏅 Achievements: 0 of ")


LEFT_TWO_OF_FIVE = [
    Outcome.FINISHED,
    Outcome.LEFT,
    Outcome.FINISHED,
    Outcome.LEFT,
    Outcome.FINISHED,
]

SAYS: dict[str, Callable[[Reliability], str]] = {
    "stats": lambda r: "\n".join(view.stats_lines("ru", [], r)),
    "refusal": lambda r: view.refusal("ru", 80, r),
    "mark": lambda r: view.lobby_mark("ru", r),
}


@pytest.mark.parametrize("what", sorted(SAYS))
def test_left_two_of_five_shows_sixty_percent(what: str) -> None:
    assert "60%" in SAYS[what](reliability(LEFT_TWO_OF_FIVE))


def test_the_refusal_names_both_numbers_in_every_language() -> None:
    for lang in LANGUAGES:
        text = view.refusal(lang, 80, reliability(LEFT_TWO_OF_FIVE))
        assert "80%" in text and "60%" in text and "3" in text and "5" in text


def test_no_mark_at_eighty_or_for_a_newcomer() -> None:
    assert view.lobby_mark("ru", Reliability(4, 5)) == ""
    assert view.lobby_mark("ru", reliability([])) == ""
