"""What a tournament tells the group (players-review-2 S2–S6): byes and
no-shows that read right for one name and for several, tables numbered as
their topics are, standings that say what their numbers mean, and the
duplicate difference with the deal summary's sign."""

from __future__ import annotations

import pytest
from grammar import findings

from bot.view import tournament as view
from bot.view.i18n import LANGUAGES, plain, t


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tables_are_numbered_as_their_topics_with_their_id(lang: str) -> None:
    text = view.round_text(lang, 1, 3, [(12, ["Аня", "Борис"]), (13, ["Вика", "Глеб"])], [])
    topic = plain(t(lang, "tournament.topic", round=1, number=2))
    assert topic.endswith(" 2")  # "🏁 Тур 1 · стол 2"
    second = plain(text).splitlines()[2]
    assert " 2 (#13): Вика, Глеб" in second, second
    custom = view.round_text(lang, 1, 3, [(13, ["Вика", "Глеб"])], [], numbers=[2])
    assert " 2 (#13): " in custom


BYE = {
    "ru": "Без игры в этом туре: ",
    "be": "Без гульні ў гэтым туры: ",
    "uk": "Без гри в цьому турі: ",
    "en": "Bye this round: ",
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("byes", [["Дина"], ["Дина", "Егор", "Жора"]])
def test_a_bye_line_needs_no_agreement_with_its_names(lang: str, byes: list[str]) -> None:
    text = plain(view.round_text(lang, 1, 2, [(12, ["Аня", "Борис"])], byes))
    assert BYE[lang] + ", ".join(byes) in text
    no_show = plain(t(lang, "tournament.no_show", names=", ".join(byes)))
    assert no_show.endswith(": " + ", ".join(byes)) and not findings(lang, no_show)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_standings_say_what_their_numbers_are(lang: str) -> None:
    lines = [view.Line(1, "Аня", 3, 1), view.Line(2, "Борис", 0, 0)]
    text = plain(view.standings(lang, 1, lines, duplicate=False))
    header = text.splitlines()[0]
    assert header.count("—") >= 1 and len(header) > 60  # points for places, explained
    assert text.splitlines()[1] == "1. Аня — 3 (1)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_duplicate_standings_take_the_summarys_sign(lang: str) -> None:
    """Аня had 2.5 penalty points fewer than the others with her cards (the
    standings' "more is better" difference +2.5): the line reads −2,5, as a
    deal summary's "+2" is two more."""
    lines = [view.Line(1, "Аня", 3, 1, duplicate=2.5), view.Line(2, "Борис", 1, 0, -2.5)]
    text = plain(view.standings(lang, 1, lines, duplicate=True)).splitlines()
    mark = "." if lang == "en" else ","
    assert text[1] == f"1. Аня — −2{mark}5 (3)"
    assert text[2] == f"2. Борис — +2{mark}5 (1)"
    assert "(+)" in text[0] and "(−)" in text[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_private_record_of_a_match_end_does_not_offer_a_rematch(lang: str) -> None:
    """The 🔁 button is only in the group and /new is refused in private (S9)."""
    from bot.view.hand import _private

    again = t(lang, "final.again")
    told = f"🏁 x\n🥇 1. Аня\n\n{again}"
    assert _private(lang, told) == "🏁 x\n🥇 1. Аня"
    assert _private(lang, "🏁 x") == "🏁 x"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("fmt", ["roundrobin", "swiss", "knockout", None])
def test_the_registration_message_explains_its_format_and_place_points(
    lang: str, fmt: str | None
) -> None:
    info = view.Registration(
        id=1,
        game="x",
        format=fmt,
        rounds=None,
        size=None,
        duplicate=False,
        teams=False,
        options=(),
        names=("Аня",),
        creator="Аня",
        registered=1,
        places=64,
    )
    text = plain(view.registration(info, lang).text)
    assert plain(t(lang, "tournament.explain", format=fmt or "auto")) in text
    assert plain(t(lang, "tournament.place_points")) in text
