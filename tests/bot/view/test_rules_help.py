"""/help and /rules teach: the one-tap flow and the commands a newcomer needs,
each combination defined by its cards in every language, how a match ends
with the table's own limit, and every text within one Telegram message."""

from __future__ import annotations

import re

import pytest
from grammar import findings

from bot.view.i18n import LANGUAGES, plain, t
from bot.view.rules_help import help_text, rules_text
from engine import RuleSet
from engine.rules import OPTIONS, Preset

TELEGRAM_LIMIT = 4096
TRICK_COMBOS = ("bura", "molodka", "moscow", "golden_moscow", "four_ends")
# Bura's combinations stand declined in running text ("сходить молодкой"), so
# their definitions are looked up by what they are made of.
BURA_DEFINITIONS = {
    "ru": ("бура — 3 козыря", "Москва — 3 туза", "(3 карты одной масти)", "(3 шестёрки"),
    "be": ("бура — 3 козыры", "Масква — 3 тузы", "(3 карты адной масці)", "(3 шасцёркі"),
    "uk": ("бура — 3 козирі", "Москва — 3 тузи", "(3 карти однієї масті)", "(3 шістки"),
    "en": ("bura — 3 trumps", "Moscow — 3 aces", "(3 cards of one suit)", "(3 sixes"),
}
# Bura's deal when nobody claims 31: most points wins, a tie is redealt.
BURA_NO_CLAIM = {
    "ru": ("никто не вскрылся", "больше очков", "поровну — пересдача"),
    "be": ("ніхто не адкрыўся", "больш ачкоў", "пароўну — пераздача"),
    "uk": ("ніхто не відкрився", "більше очок", "порівну — перероздача"),
    "en": ("nobody has claimed", "the most points", "a tie means a redeal"),
}


def _utf16(text: str) -> int:
    """Telegram counts a message's length in UTF-16 code units."""
    return len(plain(text).encode("utf-16-le")) // 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_teaches_the_one_tap_flow_and_the_commands_to_learn_with(lang: str) -> None:
    text = help_text(lang)
    for command in ("/play", "/rules", "/addbot", "/kick", "/stop", "/new", "/join", "/start"):
        assert command in text, (lang, command)
    assert "⚔️" in text and "🗑" in text
    assert t(lang, "button.manual") in text  # "✋ Выбрать карты", as the hand says it
    assert _utf16(text) <= TELEGRAM_LIMIT


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_private_welcome_points_to_practice_and_the_rules(lang: str) -> None:
    text = t(lang, "welcome", name="Аня")
    assert "/play" in text and "/rules" in text and "/help" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_combination_is_defined_by_its_cards(lang: str) -> None:
    text = rules_text(lang, RuleSet.create(Preset.BURKOZEL)).lower()
    for combo in TRICK_COMBOS:
        name = t(lang, f"combo.{combo}").lower()
        assert re.search(re.escape(name) + r" \(\d", text), (lang, combo)
    # Kozel's text refers to burkozel's for the combinations.
    assert "/rules burkozel" in rules_text(lang, RuleSet.create(Preset.KOZEL))
    bura = rules_text(lang, RuleSet.create(Preset.BURA))
    for definition in BURA_DEFINITIONS[lang] + BURA_NO_CLAIM[lang]:
        assert definition in bura, (lang, definition)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_the_limit_shown_is_the_tables_own(lang: str, preset: Preset) -> None:
    at_table = rules_text(lang, RuleSet.create(preset, {"limit": 4}), at_table=True)
    assert t(lang, "rules.limit", limit=4) in at_table
    assert not re.search(r"\b12\b", at_table), at_table  # no hard-coded 12 left
    assert t(lang, "rules.limit_usual") not in at_table
    anywhere = rules_text(lang, RuleSet.create(preset))
    assert t(lang, "rules.limit_usual") in anywhere


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_match_ends_as_the_table_says(lang: str) -> None:
    last = rules_text(lang, RuleSet.create(Preset.BURKOZEL), at_table=True)
    first = rules_text(
        lang, RuleSet.create(Preset.BURKOZEL, {"end_at_first_loser": True}), at_table=True
    )
    limit = t(lang, "rules.limit", limit=12)
    assert t(lang, "rules.match", game="burkozel", end="last", limit=limit) in last
    assert t(lang, "rules.match", game="burkozel", end="first", limit=limit) in first
    assert t(lang, "rules.match", game="burkozel", end="last", limit=limit) not in first


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_rules_fit_one_message_with_every_option_changed(lang: str, preset: Preset) -> None:
    changed = {"stake": 1_000_000, "limit": 2, "end_at_first_loser": True}
    text = rules_text(lang, RuleSet.create(preset, changed), at_table=True)
    assert _utf16(text) <= TELEGRAM_LIMIT, _utf16(text)


# -- /rules states this table's rules (players-review-2 S11) --------------------------

# At `/new bura closed_discard=off show_own_points=on small_moscow=tens`: what
# the default text said and the table contradicts, and what it must say instead.
BURA_TABLE = {"closed_discard": "off", "show_own_points": "on", "small_moscow": "tens"}
BURA_CONTRADICTED = {
    "ru": ("в закрытую", "рубашкой", "не показывает", "шестёрк", "угадывать"),
    "be": ("кашуляй", "не паказвае", "шасцёрк", "адгадваць"),
    "uk": ("сорочкою", "не показує", "шістк", "вгадувати"),
    "en": ("face down", "does not show", "sixes", "a guess"),
}
BURA_STATED = {
    "ru": ("в открытую", "бот показывает вам", "3 десятки, среди них козырная"),
    "be": ("у адкрытую", "бот паказвае вам", "3 дзясяткі, сярод іх казырная"),
    "uk": ("у відкриту", "бот показує вам", "3 десятки, серед них козирна"),
    "en": ("face up", "The bot shows your", "3 tens, the trump ten among them"),
}


def _rules_only(lang: str, rules: RuleSet) -> str:
    """The rules text above the options list (the list names options, such as
    "Discard face down: off", in words the check would trip on)."""
    text = plain(rules_text(lang, rules, at_table=True))
    return text.split(plain(t(lang, "rules.options_title")))[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_at_a_bura_table_say_nothing_the_table_contradicts(lang: str) -> None:
    text = _rules_only(lang, RuleSet.create(Preset.BURA, BURA_TABLE))
    assert [word for word in BURA_CONTRADICTED[lang] if word in text] == []
    assert [words for words in BURA_STATED[lang] if words not in text] == []
    # The defaults still say what they said.
    default = _rules_only(lang, RuleSet.create(Preset.BURA))
    assert all(word in default for word in BURA_CONTRADICTED[lang][:3]), default


# For burkozel: an option, its value, and words only that value's text has.
BURKOZEL_STATED = {
    "ru": {
        "trump_card": "из середины колоды",
        "first_lead": "младший козырь",
        "first_lead_max3": "не больше 3 карт",
        "closed_discard": "в закрытую",
        "pass_21": "21 и больше",
        "six_for_zero_points": "ни одного очка (даже со взятками) — 6",
        "eggs_double": "удваиваются",
        "combo_interrupt": "прервать уже начатую взятку",
    },
    "be": {
        "trump_card": "з сярэдзіны калоды",
        "first_lead": "малодшы козыр",
        "first_lead_max3": "не больш за 3 карты",
        "closed_discard": "кашуляй уверх",
        "pass_21": "21 і больш",
        "six_for_zero_points": "ніводнага ачка (нават з узяткамі) — 6",
        "eggs_double": "падвойваюцца",
        "combo_interrupt": "перапыніць ужо распачатую ўзятку",
    },
    "uk": {
        "trump_card": "із середини колоди",
        "first_lead": "молодший козир",
        "first_lead_max3": "щонайбільше 3 карти",
        "closed_discard": "сорочкою догори",
        "pass_21": "21 і більше",
        "six_for_zero_points": "жодного очка (навіть зі взятками) — 6",
        "eggs_double": "подвоюються",
        "combo_interrupt": "перервати вже розпочату взятку",
    },
    "en": {
        "trump_card": "middle of the stock",
        "first_lead": "lowest trump",
        "first_lead_max3": "3 cards at most",
        "closed_discard": "face down",
        "pass_21": "21 or more",
        "six_for_zero_points": "no points at all (even with tricks) — 6",
        "eggs_double": "doubled",
        "combo_interrupt": "interrupt a trick already begun",
    },
}
CHANGED = {
    "trump_card": "middle",
    "first_lead": "lowest_trump",
    "first_lead_max3": "on",
    "closed_discard": "on",
    "pass_21": "on",
    "six_for_zero_points": "on",
    "eggs_double": "on",
    "combo_interrupt": "on",
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("option", sorted(CHANGED))
def test_rules_at_a_burkozel_table_follow_each_option(lang: str, option: str) -> None:
    words = BURKOZEL_STATED[lang][option]
    changed = _rules_only(lang, RuleSet.create(Preset.BURKOZEL, {option: CHANGED[option]}))
    assert words in changed
    assert words not in _rules_only(lang, RuleSet.create(Preset.BURKOZEL))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_every_option_a_preset_takes_changes_its_rules_text(lang: str, preset: Preset) -> None:
    """No option is left for the list alone to state: flipping any of them
    (except the match's own: limit, end and stake, which rules.match tells)
    changes the rules text, so no sentence can silently keep the default."""
    default = RuleSet.create(preset)
    base = _rules_only(lang, default)
    silent = []
    for name, value in default.options().items():
        if name in ("limit", "end_at_first_loser", "stake"):
            continue
        spec = OPTIONS[name]
        other: object = (
            not value
            if spec.kind is bool
            else next(choice for choice in spec.choices if choice != value)
        )
        if _rules_only(lang, default.with_options({name: other})) == base:
            silent.append(name)
    assert silent == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_has_a_legend_of_every_symbol_the_table_uses(lang: str) -> None:
    text = help_text(lang)
    for symbol in ("★", "⚔️", "🗑", "🎴", "└", "✖", "🤖", "🤝"):
        assert symbol in t(lang, "help.legend") and symbol in text, (lang, symbol)
    assert _utf16(text) <= TELEGRAM_LIMIT


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_rules_explain_each_option_in_one_line(lang: str, preset: Preset) -> None:
    rules = RuleSet.create(preset)
    text = rules_text(lang, rules, at_table=True)
    listed = text.split(t(lang, "rules.options_title"))[1].strip().splitlines()
    assert len(listed) == len(rules.options())
    for name, line in zip(rules.options(), listed, strict=True):
        assert line.endswith(" — " + t(lang, f"option.about.{name}")), line


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_every_variant_of_the_rules_is_grammatical(lang: str, preset: Preset) -> None:
    """The catalogue check reads each message's default variants; the rules
    select on a dozen options, so every option flipped is read here too."""
    default = RuleSet.create(preset)
    texts = [rules_text(lang, default, at_table=True)]
    for name, value in default.options().items():
        spec = OPTIONS[name]
        if spec.kind is bool:
            texts.append(rules_text(lang, default.with_options({name: not value})))
        for choice in spec.choices if spec.kind is str else ():
            texts.append(rules_text(lang, default.with_options({name: choice})))
    assert [found for text in texts if (found := findings(lang, plain(text)))] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_tournament_explains_formats_place_points_and_duplicate_deals(lang: str) -> None:
    from bot.view.rules_help import tournament_help

    text = tournament_help(lang)
    for fmt in ("roundrobin", "swiss", "knockout"):
        assert fmt in text  # the parameter's values, as typed
        assert plain(t(lang, "tournament.explain", format=fmt)) in plain(text)
    assert plain(t(lang, "tournament.duplicate")) in plain(text)
    assert _utf16(text) <= TELEGRAM_LIMIT
