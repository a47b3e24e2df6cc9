"""No button label is longer than a phone shows (24 characters as a reader
counts them, bot/view/labels.py): every label a hand, a lobby or the settings
can produce, in all four languages, with the longest names there are."""

from __future__ import annotations

import itertools

import pytest
from render_support import CONFIG_IDS, CONFIGS, info_for, playing

from bot.view import hand as hand_view
from bot.view import lobby, quick, render
from bot.view.i18n import LANGUAGES, t
from bot.view.labels import BUTTON_LIMIT, ROW_LIMIT, clusters, fit, shown_length
from bot.view.lobby import TURN_TIMES
from bot.view.screen import Screen
from engine import Preset, RuleSet, view_for
from engine.actions import Kind
from engine.cards import Card, Suit
from engine.combos import Combo
from engine.rules import OPTIONS

# Names as long as the bot keeps them (bot/seats.py caps them at 40).
LONG_NAMES = (
    "Александра-Виктория Константинопольская",
    "Maximilian Alexander von Hohenzollern-Si",
    "Олександра Костянтинівна Запорізька-Бер",
    "Аляксандра Канстанцінаўна Магілёўская-Б",
)


def labels(screen: Screen) -> list[str]:
    return [button.text for row in screen.buttons for button in row]


def too_long(screen: Screen) -> list[str]:
    """Labels longer than a phone shows: a button alone in its row has the
    row's width (ROW_LIMIT), one of several a part of it."""
    return [
        button.text
        for row in screen.buttons
        for button in row
        if shown_length(button.text) > (ROW_LIMIT if len(row) == 1 else BUTTON_LIMIT)
    ]


def test_length_counts_what_a_reader_sees() -> None:
    assert shown_length("Т♥️") == 2  # the variation selector draws nothing
    assert shown_length("⚔️Д♥️★") == 4
    assert shown_length("📣 Молодка") == 9
    assert shown_length("👨\u200d👩\u200d👧") == 1  # one family, three people joined
    assert shown_length("🇧🇾🇺🇦") == 2  # two flags
    assert shown_length("1️⃣") == 1
    assert shown_length("👍🏽") == 1
    assert clusters("й") == ["й"]  # и + combining breve


def test_fit_cuts_at_a_character_and_marks_the_cut() -> None:
    assert fit("⬜ short") == "⬜ short"
    long = "✅ " + "Т♥️" * 20
    cut = fit(long)
    assert shown_length(cut) == BUTTON_LIMIT and cut.endswith("…")
    assert "\ufe0f…" in cut or "♥…" not in cut  # never a suit cut from its selector


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_every_hand_button_fits(preset: Preset, count: int) -> None:
    seen = 0
    for state, lang in itertools.product(playing(preset, count), LANGUAGES):
        info = info_for(state, LONG_NAMES[:count])
        for seat in range(count):
            view = view_for(state, seat)
            for manual, claim in ((False, False), (True, False), (False, True)):
                screen = hand_view.hand(info, lang, view, manual=manual, confirm_claim=claim)
                assert not too_long(screen), too_long(screen)
                seen += len(labels(screen))
            if view.hand:
                picked = hand_view.hand(info, lang, view, selection=view.hand[:2])
                assert not too_long(picked), too_long(picked)
    assert seen


# The longest cards: tens (two digits), the trump's with its ★.
TENS = tuple(Card.parse(f"10{suit.symbol}") for suit in Suit)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_declare_buttons_fit_with_the_longest_names_and_cards(lang: str) -> None:
    for combo in Combo:
        for trump in Suit:
            label = hand_view.declare_label(lang, combo.value, TENS, trump)
            assert shown_length(label) <= BUTTON_LIMIT, label
            assert label.startswith("📣") and t(lang, f"combo.{combo.value}") in label
    # Where the cards fit, they are on the button.
    molodka = tuple(Card.parse(c) for c in ("8♥", "J♥", "K♥", "A♥"))
    for trump in Suit:  # a trump molodka too, its ★ left out to fit
        label = hand_view.declare_label(lang, "molodka", molodka, trump)
        assert label.startswith(f"📣 {t(lang, 'combo.molodka')}: 8♥️"), label
        assert label.count("♥️") == 4 and shown_length(label) <= BUTTON_LIMIT


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ready_made_answers_of_four_cards_fit(lang: str) -> None:
    for kind, trump in itertools.product((Kind.LEAD, Kind.BEAT, Kind.DISCARD), Suit):
        trumps = tuple(Card.parse(f"{rank}{trump.symbol}") for rank in ("10", "K", "Q", "J"))
        for cards in (TENS, trumps):
            label = quick.answer_label(lang, kind, cards, trump)
            assert shown_length(label) <= BUTTON_LIMIT, label
            assert label.count("10") == sum(card.rank_text == "10" for card in cards)
    # Short ones keep their verb.
    short = quick.answer_label(lang, Kind.DISCARD, TENS[:2], None)
    assert short.startswith(t(lang, "button.discard"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_lobby_and_settings_buttons_fit(lang: str, preset: Preset) -> None:
    rules = RuleSet.create(preset.value)
    for count in (1, 2, 4):
        info = info_for(rules, LONG_NAMES[:count], status="lobby")
        for screen in (lobby.lobby_screen(info, lang), lobby.settings_screen(info, lang)):
            assert not too_long(screen), too_long(screen)
    for name, value in rules.options().items():
        spec = OPTIONS[name]
        values = [True, False] if spec.kind is bool else list(spec.choices or [value, 100])
        for shown in values:
            changed = RuleSet.create(preset.value, {name: shown})
            screen = lobby.settings_screen(info_for(changed, LONG_NAMES[:2]), lang)
            assert not too_long(screen), too_long(screen)
    for seconds in TURN_TIMES:
        info = info_for(rules, LONG_NAMES[:2], turn_time=seconds)
        assert not too_long(lobby.settings_screen(info, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("preset", list(Preset))
def test_no_settings_label_is_cut_by_the_bot(lang: str, preset: Preset) -> None:
    """Every option at every value, whole: no "…" the bot put there, and the
    limit reads forwards ("Играем до 12", not "12 · Играем до")."""
    cut = []
    for name, value in RuleSet.create(preset.value).options().items():
        spec = OPTIONS[name]
        values = [True, False] if spec.kind is bool else list(spec.choices or [value, 100])
        for shown in values:
            label = render.option_button(lang, name, shown)
            if label.endswith("…"):
                cut.append(label)
    assert cut == []
    assert render.option_button(lang, "limit", 12).endswith(" 12")
