"""The Fluent catalogues: every language has every message with the same
parameters, every message is valid Telegram HTML for any count, and the
counted nouns agree with their numbers (no "выберите 1 карта", "33 очков")."""

from __future__ import annotations

import re

import pytest
from grammar import findings, gendered, name_findings, phrase_findings

from bot.seats import COMPUTER_NAMES, gender
from bot.storage.records import COMPUTER, HUMAN, Seat
from bot.view.i18n import DEFAULT, LANGUAGES, Html, _argument, bundle, catalogue, fluent_id, t
from testing.fake_telegram import parse_html

COUNTS = (0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 33, 101, 111)
# Parameters passed as numbers (the rest are text or rendered fragments).
NUMERIC = frozenset(
    {
        *("cap", "chips", "count", "deal", "deals", "least", "limit", "matches", "max"),
        *("needed", "round", "rounds", "size"),
        *("min", "multiplier", "need", "number", "penalties", "penalty", "percent"),
        *("points", "rating", "seconds", "stock", "streak", "table", "total", "tricks", "wins"),
        *("balance", "stake", "start"),
        *("counted", "days", "earned", "finished", "month", "quarter", "year"),  # seasons.ftl
    }
)


def test_every_language_has_a_catalogue_with_the_default_first() -> None:
    assert LANGUAGES[0] == DEFAULT
    assert set(LANGUAGES) == {"ru", "en", "be", "uk"}
    for lang in LANGUAGES:
        assert len(catalogue(lang)) > 250, lang


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != DEFAULT])
def test_same_messages_and_parameters_as_the_default(lang: str) -> None:
    theirs, ours = catalogue(lang), catalogue(DEFAULT)
    assert sorted(set(ours) - set(theirs)) == [], "missing"
    assert sorted(set(theirs) - set(ours)) == [], "unknown"
    differ = {key: (ours[key], theirs[key]) for key in ours if ours[key] != theirs[key]}
    assert differ == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_telegram_html_and_grammatical_for_any_count(lang: str) -> None:
    """Every parameter filled with each count: what a number selects (a plural
    form, a verb's number) must read right for all of them."""
    problems: dict[str, list[str]] = {}
    for key, params in catalogue(lang).items():
        for count in COUNTS:
            text = t(lang, key, **dict.fromkeys(params, count))
            parse_html(text)
            if found := findings(lang, text):
                problems.setdefault(key, []).extend(found)
    assert problems == {}


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (0, "0 очков"),
        (1, "1 очко"),
        (2, "2 очка"),
        (4, "4 очка"),
        (5, "5 очков"),
        (11, "11 очков"),
        (14, "14 очков"),
        (21, "21 очко"),
        (22, "22 очка"),
        (101, "101 очко"),
        (111, "111 очков"),
    ],
)
def test_russian_points_follow_cldr(count: int, expected: str) -> None:
    assert t("ru", "trick.taken", name="Аня", points=count).endswith(expected)


def test_russian_cards_to_choose_are_accusative() -> None:
    assert "выберите 1 карту " in t("ru", "hand.your_answer", need=1)
    assert "выберите 3 карты " in t("ru", "hand.your_answer", need=3)
    assert "ровно 21 карту." in t("ru", "illegal.wrong_count", need=21)


def test_several_eliminated_take_a_plural_verb() -> None:
    assert "Аня + Вика выбывают" in t(
        "ru", "news.eliminated", name="Аня + Вика", count=2, penalties=12
    )
    assert "Аня выбывает" in t("ru", "news.eliminated", name="Аня", count=1, penalties=12)
    assert "Ann + Vic are out" in t(
        "en", "news.eliminated", name="Ann + Vic", count=2, penalties=12
    )


def test_the_checker_catches_what_it_is_for() -> None:
    assert findings("ru", "выберите 1 карта") == ["выберите 1 карта"]
    assert findings("ru", "«Вскрываюсь!» — 33 очков") == ["33 очков"]
    assert findings("ru", "не успел(а) — за него(неё)") == ["л(а)", "о(неё)"]
    assert findings("en", "1 points") == ["1 points"]
    assert findings("ru", "выберите 1 карту, 33 очка, 5 штрафных очков") == []


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("be", 0, "0 ачкоў"),
        ("be", 1, "1 ачко"),
        ("be", 3, "3 ачкі"),
        ("be", 11, "11 ачкоў"),
        ("be", 21, "21 ачко"),
        ("be", 22, "22 ачкі"),
        ("be", 25, "25 ачкоў"),
        ("uk", 0, "0 очок"),
        ("uk", 1, "1 очко"),
        ("uk", 4, "4 очки"),
        ("uk", 12, "12 очок"),
        ("uk", 21, "21 очко"),
        ("uk", 24, "24 очки"),
        ("uk", 111, "111 очок"),
    ],
)
def test_belarusian_and_ukrainian_points_follow_cldr(lang: str, count: int, expected: str) -> None:
    assert t(lang, "trick.taken", name="Ася", points=count).endswith(expected)


def test_belarusian_and_ukrainian_cards_to_choose_are_accusative() -> None:
    assert "выберыце 1 карту " in t("be", "hand.your_answer", need=1)
    assert "выберыце 2 карты " in t("be", "hand.your_answer", need=2)
    assert "роўна 21 карту." in t("be", "illegal.wrong_count", need=21)
    assert "виберіть 1 карту " in t("uk", "hand.your_answer", need=1)
    assert "виберіть 3 карти " in t("uk", "hand.your_answer", need=3)
    assert "рівно 5 карт." in t("uk", "illegal.wrong_count", need=5)
    assert "да 1 карты." in t("be", "illegal.lead_size", max=1)
    assert "до 21 карти." in t("uk", "illegal.lead_size", max=21)


def test_the_checker_catches_wrong_belarusian_and_ukrainian_forms() -> None:
    assert findings("be", "выберыце 1 карта") == ["выберыце 1 карта"]
    assert findings("be", "Бярэ Ася: 5 ачкі") == ["5 ачкі"]
    assert findings("be", "Гуляем да 12 штрафнога ачка") == ["да 12 штрафнога"]
    assert findings("be", "2 узятак, 21 ачкоў") == ["2 узятак", "21 ачкоў"]
    assert findings("uk", "виберіть 1 карта") == ["виберіть 1 карта"]
    assert findings("uk", "Бере Ася: 5 очки") == ["5 очки"]
    assert findings("uk", "Граємо до 1 штрафних очок") == ["до 1 штрафних"]
    assert findings("uk", "3 взяток, 11 очко") == ["3 взяток", "11 очко"]
    assert findings("uk", "не встиг(ла) — за нього(неї)") == ["г(ла)", "о(неї)"]
    # A number ending a line does not count the next line's first word.
    assert findings("uk", "у колоді 20\nШтрафні (до 2)") == []
    assert findings("be", "выберыце 1 карту, 22 ачкі, 5 штрафных ачкоў, да 1 карты") == []
    assert findings("uk", "виберіть 1 карту, 22 очки, 5 штрафних очок, до 1 карти") == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_that_list_languages_name_every_one(lang: str) -> None:
    for key in ("lang.usage", "help", "command.group.lang", "command.private.lang"):
        text = t(lang, key, langs="")
        assert all(f"{code}" in text for code in LANGUAGES), (lang, key)
    assert all(f"/lang {code}" in t(lang, "lang.usage", langs="") for code in LANGUAGES)
    # Each language says it is now spoken in its own words.
    assert len({t(code, "lang.done") for code in LANGUAGES}) == len(LANGUAGES)


def test_numbers_are_not_grouped() -> None:
    assert "#12345 " in t("ru", "live.title", preset="Бура", table=12345, deal=1)


def test_parameters_are_escaped_and_html_fragments_are_not() -> None:
    text = t("en", "join.need_start_group", name="<b>Eve & Co</b>")
    assert "&lt;b&gt;Eve &amp; Co&lt;/b&gt;" in text
    parse_html(text)


def test_a_kept_sentence_never_stands_in_for_a_different_one() -> None:
    """Finished sentences are cached: the same text as a safe fragment and as
    a person's input, or 1 and True, must still give their own sentences."""
    raw = t("ru", "join.need_start_group", name="<b>Ева</b>")
    safe = t("ru", "join.need_start_group", name=Html("<b>Ева</b>"))
    assert "&lt;b&gt;" in raw and "<b>Ева</b>" in safe
    assert t("ru", "join.need_start_group", name="<b>Ева</b>") == raw
    assert t("en", "lobby.limit", limit=1) != t("en", "lobby.limit", limit=2)
    assert t("en", "settings.changed", name="x", value=True) == t(
        "en", "settings.changed", name="x", value="True"
    )
    assert t("en", "settings.changed", name="x", value=1) != t(
        "en", "settings.changed", name="x", value=True
    )


def _reference(lang: str, key: str, **params: object) -> str:
    """The message resolved by Fluent directly, every time, as before templates."""
    catalogue_ = bundle(lang)
    message = catalogue_.get_message(fluent_id(key))
    assert message is not None and message.value is not None, key
    arguments = {name: _argument(value) for name, value in params.items()}
    text, errors = catalogue_.format_pattern(message.value, arguments)
    assert not errors
    assert isinstance(text, str), key
    return text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_templates_give_what_fluent_gives(lang: str) -> None:
    """Messages are resolved once per shape (numbers and selected-on values in
    the key, names filled in afterwards): for every message, each count and
    names that look like markup or like the placeholder, the text is Fluent's."""
    names = ("Аня", "<b>Eve & Co</b>", "\ue0000\ue000", "other")
    for key, parameters in catalogue(lang).items():
        for count, name in zip(COUNTS, names * 4, strict=False):
            params: dict[str, object] = {}
            for index, parameter in enumerate(sorted(parameters)):
                if parameter in NUMERIC:
                    params[parameter] = count + index
                elif index % 2:
                    params[parameter] = Html(f"<i>{name}</i>")
                else:
                    params[parameter] = f"{name}{index}"
            assert t(lang, key, **params) == _reference(lang, key, **params), (key, params)


# -- names of every kind, and who they are ---------------------------------------

# People's gender is unknown to the bot ("other"); computers have one.
NAMES = (
    ("Аня", "other"),
    ("Дина", "other"),
    ("Никита", "other"),
    ("Илья", "other"),
    ("Любовь", "other"),
    ("Олесь", "other"),
    ("Jean-Luc", "other"),
    ("Ким", "other"),
    ("Александра Константинопольская-Щедринова", "other"),  # 40 characters
    ("🤖 Зинаида", "female"),
    ("🤖 Валентина", "female"),
    ("🤖 Михалыч", "male"),
    ("🤖 Петрович", "male"),
)
PERSON = frozenset({"name", "player", "creator", "names"})
# Messages whose `name` is not a person's (an option's, a setting's).
NOT_A_PERSON = ("options.", "settings.changed")


def _is_person(key: str, parameter: str) -> bool:
    return parameter in PERSON and not key.startswith(NOT_A_PERSON)


def _filled(
    key: str, parameters: frozenset[str], name: str, gender: str, count: int
) -> dict[str, object]:
    params: dict[str, object] = {}
    for parameter in parameters:
        if _is_person(key, parameter):
            params[parameter] = name
        elif parameter == "gender":
            params[parameter] = gender
        elif parameter in NUMERIC:
            params[parameter] = count
        elif parameter in ("card", "cards", "owner_cards", "trump_card"):
            params[parameter] = "Д♣️"
        elif parameter in ("combo", "by"):
            params[parameter] = "Москва"
        else:
            params[parameter] = "x"
    return params


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_name_stands_in_the_nominative_with_a_verb_of_its_gender(lang: str) -> None:
    """Every message of every locale, with names of both genders and names
    that decline oddly: no name where a case other than the nominative is
    due, no past tense or "сам" of a gender the person may not have, and a
    computer's own gender where a message chooses one."""
    assert len(NAMES[8][0]) == 40
    problems: dict[str, set[str]] = {}
    for key, parameters in catalogue(lang).items():
        people = {p for p in parameters if _is_person(key, p)}
        for name, own in NAMES:
            # A message that is told the gender may use it; others must not need it.
            as_gender = own if "gender" in parameters else "other"
            for count in (1, 2, 5):
                text = t(lang, key, **_filled(key, parameters, name, own, count))
                assert len(text) <= 4096, key
                found = phrase_findings(lang, text)
                if people:
                    assert name in text, (key, name)
                    found += name_findings(lang, text, name, as_gender)
                # A card has no gender ("Д♣️ спрятан" is wrong for a queen).
                found += name_findings(lang, text, "Д♣️", "other", declines=False)
                if key.startswith("button."):  # the reader speaks: gender unknown
                    found += gendered(lang, [w.lower() for w in re.findall(r"\w+", text)], "other")
                if found:
                    problems.setdefault(key, set()).update(found)
    assert problems == {}


def test_the_name_checker_catches_what_it_is_for() -> None:
    assert name_findings("ru", "⚠️ Не могу написать Аня в личку", "Аня") == ["написать Аня"]
    assert name_findings("ru", "🎉 У Дина «Бура»", "Дина") == ["У Дина"]
    assert name_findings("be", "🎉 У Янка «Бура»", "Янка") == ["У Янка"]
    assert name_findings("ru", "Зинаида ушёл из-за стола.", "Зинаида", "female") == [
        "Зинаида … ушёл"
    ]
    assert name_findings("ru", "Аня снова за столом и играет сам.", "Аня") == ["Аня … сам"]
    assert name_findings("uk", "Аня пішов.", "Аня") == ["Аня … пішов"]
    assert name_findings("be", "Аня пайшоў.", "Аня") == ["Аня … пайшоў"]
    assert name_findings("ru", "Д♣️ спрятан в колоде", "Д♣️", declines=False) == ["Д♣️ … спрятан"]
    assert name_findings("ru", "против Д♣️", "Д♣️", declines=False) == []
    assert name_findings("ru", "Михалыч ушла", "Михалыч", "male") == ["Михалыч … ушла"]
    assert name_findings("ru", "Зинаида ушла из-за стола.", "Зинаида", "female") == []
    assert name_findings("ru", "Аня: «Бура» — сдача выиграна!", "Аня") == []
    assert phrase_findings("ru", "Вика объявляет «Москва»") == ["объявляет «"]
    assert phrase_findings("ru", "бура, москва, золотая москва") == ["москва", "москва"]
    assert phrase_findings("uk", "Скидання в закриту") == ["в закриту"]
    assert phrase_findings("en", "each for himself") == ["himself"]


def test_computers_have_a_gender_and_people_have_none() -> None:
    def of(name: str, kind: str = COMPUTER) -> str:
        return gender(Seat(0, -1, name, kind=kind))

    assert {name: of(f"🤖 {name}") for name in COMPUTER_NAMES} == {
        "Михалыч": "male",
        "Петрович": "male",
        "Зинаида": "female",
        "Семёныч": "male",
        "Валентина": "female",
        "Кузьмич": "male",
        "Лукич": "male",
    }
    assert of("🤖 8") == "other"  # a computer past the names
    assert of("Зинаида", HUMAN) == "other"  # a person's gender is unknown


@pytest.mark.parametrize(
    ("lang", "name", "gender_", "expected"),
    [
        ("ru", "🤖 Зинаида", "female", "🤖 Зинаида ушла из-за стола."),
        ("ru", "🤖 Михалыч", "male", "🤖 Михалыч ушёл из-за стола."),
        ("ru", "Аня", "other", "Аня больше не за столом."),
        ("be", "🤖 Валентина", "female", "🤖 Валентина пайшла з-за стала."),
        ("be", "🤖 Лукіч", "male", "🤖 Лукіч пайшоў з-за стала."),
        ("uk", "🤖 Зинаида", "female", "🤖 Зинаида пішла з-за столу."),
        ("uk", "🤖 Кузьмич", "male", "🤖 Кузьмич пішов з-за столу."),
        ("en", "🤖 Zinaida", "female", "🤖 Zinaida left the table."),
    ],
)
def test_a_computer_leaves_in_its_own_gender(
    lang: str, name: str, gender_: str, expected: str
) -> None:
    assert t(lang, "computer.removed", name=name, gender=gender_) == expected
    added = t(lang, "computer.added", name=name, level="x", gender=gender_)
    assert not gendered(lang, added.lower().split(), gender_), added
