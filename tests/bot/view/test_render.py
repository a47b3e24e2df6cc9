"""Screens of bot/view/lobby.py and bot/view/render.py that are not a deal in play (the lobby, its
settings, /rules and /help) and the catalogues of bot/view/i18n.py, without
Telegram.

The states are every configuration's random matches (`render_support`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from bot_steps import expect
from render_support import (
    CONFIG_IDS,
    CONFIGS,
    LANGS,
    NAMES,
    check_telegram_html,
    info_for,
    plain_of,
    playing,
)

from bot.view import callbacks, lobby, names, render, rules_help
from bot.view.i18n import LANGUAGES, catalogue, plain, t
from bot.view.labels import ROW_LIMIT, shown_length
from bot.view.screen import TableInfo
from engine import (
    OPTIONS,
    Action,
    IllegalAction,
    Preset,
    RuleSet,
    apply,
    new_match,
    view_for,
)
from engine.actions import Kind
from engine.cards import DECK
from engine.combos import Combo
from engine.rules import PLAYER_COUNTS, applicable_options
from testing.fake_telegram import parse_html

# -- the lobby ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_lobby_lists_players_and_offers_the_four_buttons(
    lang: str, preset: Preset, count: int
) -> None:
    rules = RuleSet.create(preset)
    names = NAMES[:count]
    info = info_for(rules, names, status="lobby", id=10**9, version=10**6)
    screen = lobby.lobby_screen(info, lang)
    plain = check_telegram_html(screen)
    lines = plain.splitlines()
    for index, name in enumerate(names):
        line = next(line for line in lines if line.startswith(f"{index + 1}. {name}"))
        team = t(lang, "lobby.team", team="AB"[index % 2])
        assert (team in line) is (preset is Preset.KOZEL), line
    assert f"{count}/{max(PLAYER_COUNTS[preset])}" in plain
    assert t(lang, f"preset.{preset.value}") in plain
    assert names[0] in plain  # who can start
    # Every button is a lobby button of this table and version; the four the
    # lobby is for are there with their labels.
    found: dict[str, str] = {}
    for row in screen.buttons:
        for button in row:
            payload = callbacks.parse(button.data or "")
            assert isinstance(payload, callbacks.Lobby), button
            assert (payload.table, payload.version) == (10**9, 10**6)
            assert payload.op not in found
            found[payload.op] = button.text
    for op, key in (("j", "join"), ("x", "leave"), ("o", "settings"), ("s", "start")):
        assert found.get(op) == t(lang, f"button.{key}"), (op, found)


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_and_live_message_mark_computer_players(lang: str) -> None:
    rules = RuleSet.create("kozel")
    info = info_for(rules, NAMES, status="lobby", computers={1: "greedy", 3: "easy"})
    plain = check_telegram_html(lobby.lobby_screen(info, lang))
    lines = plain.splitlines()
    for seat, level in ((1, "greedy"), (3, "easy")):
        line = next(line for line in lines if line.startswith(f"{seat + 1}. {NAMES[seat]}"))
        said = t(lang, "lobby.team_computer", team="B", level=names.level_name(lang, level))
        assert plain_of(said) in line
        assert line.count("(") == 1  # team and level in one parenthesis
    for seat in (0, 2):
        line = next(line for line in lines if line.startswith(f"{seat + 1}. {NAMES[seat]}"))
        assert (
            "🤖" not in line
            and plain_of(t(lang, "lobby.computer", level=names.level_name(lang, "easy")))
            not in line
        )
    state = new_match(rules, NAMES, 5)
    assert state.deal is not None
    turn = state.deal.turn
    away = info_for(state, NAMES, away=frozenset({turn}))
    team = render.TEAM_MARKS[turn % 2]  # kozel's team mark, then the computer's
    assert f"{NAMES[turn]} {team} 🤖" in check_telegram_html(
        render.live(away, lang, view_for(state, None))
    )


@pytest.mark.parametrize("lang", LANGS)
def test_empty_lobby_and_changed_options(lang: str) -> None:
    rules = RuleSet.create("kozel", {"limit": 6, "trump_card": "bottom", "stake": 50})
    info = info_for(rules, (), status="lobby", creator_name="<Boss>")
    plain = check_telegram_html(lobby.lobby_screen(info, lang))
    assert t(lang, "lobby.empty") in plain
    assert "<Boss>" in plain
    assert t(lang, "lobby.options") in plain
    for name in ("trump_card", "stake"):
        assert t(lang, f"option.{name}") in plain
    assert t(lang, "value.trump_card.bottom") in plain  # kozel's default is the middle
    # Unchanged options are not listed.
    assert t(lang, "option.first_lead") not in plain


@pytest.mark.parametrize("lang", LANGS)
def test_a_changed_limit_is_stated_once_in_the_lobby(lang: str) -> None:
    rules = RuleSet.create("kozel", {"limit": 2})
    plain = check_telegram_html(
        lobby.lobby_screen(info_for(rules, NAMES[:1], status="lobby"), lang)
    )
    assert plain_of(t(lang, "lobby.limit", limit=2)) in plain
    listed = plain_of(t(lang, "options.line", name=t(lang, "option.limit"), value="2"))
    # Nothing else changed, so there is no list of changed rules to repeat it in.
    assert t(lang, "lobby.options") not in plain
    assert listed not in plain
    with_stake = RuleSet.create("kozel", {"limit": 2, "stake": 50})
    plain = check_telegram_html(
        lobby.lobby_screen(info_for(with_stake, NAMES[:1], status="lobby"), lang)
    )
    assert t(lang, "lobby.options") in plain and t(lang, "option.stake") in plain
    assert listed not in plain


def test_lobby_of_another_table_and_version_has_other_payloads() -> None:
    rules = RuleSet.create("burkozel")
    one = lobby.lobby_screen(info_for(rules, NAMES[:2], id=1, version=1), "ru")
    two = lobby.lobby_screen(info_for(rules, NAMES[:2], id=1, version=2), "ru")
    three = lobby.lobby_screen(info_for(rules, NAMES[:2], id=2, version=1), "ru")
    data = [{b.data for row in s.buttons for b in row} for s in (one, two, three)]
    assert not data[0] & data[1] and not data[0] & data[2]


# -- the settings screen ----------------------------------------------------------------


def next_value(name: str, value: object) -> object:
    spec = OPTIONS[name]
    if spec.kind is bool:
        return not value
    if spec.choices:
        choices = list(spec.choices)
        return choices[(choices.index(value) + 1) % len(choices)]
    return next((s for s in (0, 10, 50, 100) if s > int(str(value))), 0)


# Settings of the table that are not rules of the game (the bot keeps them itself).
TABLE_SETTINGS = frozenset({"turn_time"})


def _names_option(label: str, name: str) -> bool:
    """The option's name is on its button: whole, or its start before a cut
    ("слева от сдающего · 1-й…": the value first, what is cut is the name)."""
    if name in label:
        return True
    if not label.endswith("…"):
        return False
    shown = label.removesuffix("…").rsplit(" · ", 1)[-1].removeprefix("✅ ").removeprefix("⬜ ")
    return len(shown) >= 3 and name.startswith(shown)


def settings_payloads(info: TableInfo, lang: str) -> dict[str, callbacks.SetOption]:
    """The settings screen's option buttons, by option; checks labels and the Back button."""
    screen = lobby.settings_screen(info, lang)
    check_telegram_html(screen)
    found: dict[str, callbacks.SetOption] = {}
    removals: list[callbacks.RemoveSeat] = []
    for row in screen.buttons[:-1]:
        first = callbacks.parse(row[0].data or "")
        if isinstance(first, callbacks.RemoveSeat):
            # One button per seat, after the options, with the player's name.
            for button in row:
                payload = callbacks.parse(button.data or "")
                assert isinstance(payload, callbacks.RemoveSeat)
                assert (payload.table, payload.version) == (info.id, info.version)
                assert button.text == plain(
                    t(lang, "button.remove_seat", name=info.names[payload.seat])
                )
                removals.append(payload)
            continue
        assert not removals, "seat buttons come after every option"
        (button,) = row
        payload = callbacks.parse(button.data or "")
        assert isinstance(payload, callbacks.SetOption)
        assert (payload.table, payload.version) == (info.id, info.version)
        assert payload.option not in found
        found[payload.option] = payload
        assert _names_option(button.text, plain(t(lang, f"option.{payload.option}")))
        if payload.option in TABLE_SETTINGS:
            continue
        current = getattr(info.rules, payload.option)
        assert button.text == render.option_button(lang, payload.option, current)
    assert [p.seat for p in removals] == list(range(len(info.names)))
    (back,) = screen.buttons[-1]
    assert callbacks.parse(back.data or "") == callbacks.Lobby(info.id, info.version, "b")
    assert back.text == t(lang, "button.back")
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", list(Preset))
def test_settings_screen_sets_the_next_value_of_every_option(lang: str, preset: Preset) -> None:
    rules = RuleSet.create(preset)
    info = info_for(rules, NAMES[:2], status="lobby", id=10**9, version=10**6)
    payloads = settings_payloads(info, lang)
    assert [n for n in payloads if n not in TABLE_SETTINGS] == applicable_options(preset)
    assert set(payloads) - set(applicable_options(preset)) <= TABLE_SETTINGS
    for name, payload in payloads.items():
        if name in TABLE_SETTINGS:
            continue
        changed = rules.with_options({name: payload.value})
        assert getattr(changed, name) == next_value(name, getattr(rules, name)), name
        # Nothing else moves.
        others = {k: v for k, v in changed.options().items() if k != name}
        assert others == {k: v for k, v in rules.options().items() if k != name}


@pytest.mark.parametrize("preset", list(Preset))
def test_tapping_a_setting_again_and_again_cycles_through_every_value(preset: Preset) -> None:
    for name in applicable_options(preset):
        spec = OPTIONS[name]
        rules = RuleSet.create(preset)
        start = getattr(rules, name)
        seen = [start]
        for _ in range(10):
            payload = settings_payloads(info_for(rules, (), status="lobby"), "ru")[name]
            rules = rules.with_options({name: payload.value})
            value = getattr(rules, name)
            if value == start:
                break
            seen.append(value)
        else:
            raise AssertionError(f"{name} never came back to {start!r}: {seen}")
        if spec.kind is bool:
            assert sorted(seen) == [False, True]
        elif spec.choices:
            assert sorted(seen) == sorted(spec.choices)
        else:
            assert seen == [0, 10, 50, 100]


def test_turn_time_button_cycles_through_the_offered_times() -> None:
    rules = RuleSet.create("burkozel")
    times = lobby.TURN_TIMES
    seen = []
    current = times[0]
    for _ in times:
        info = info_for(rules, (), status="lobby", turn_time=current)
        payload = settings_payloads(info, "en")["turn_time"]
        current = int(payload.value)
        seen.append(current)
    assert sorted(seen) == sorted(times)
    # An odd time from the environment goes to the first offered one.
    info = info_for(rules, (), status="lobby", turn_time=45)
    assert int(settings_payloads(info, "ru")["turn_time"].value) in times


def test_settings_from_an_odd_stake_go_to_the_next_step() -> None:
    rules = RuleSet.create("burkozel", {"stake": 1_000_000})
    payload = settings_payloads(info_for(rules, (), status="lobby"), "en")["stake"]
    assert rules.with_options({payload.option: payload.value}).stake == 0
    rules = RuleSet.create("burkozel", {"stake": 7})
    payload = settings_payloads(info_for(rules, (), status="lobby"), "en")["stake"]
    assert rules.with_options({payload.option: payload.value}).stake == 10


# -- rules, help, option help ---------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", list(Preset))
def test_rules_and_option_help(lang: str, preset: Preset) -> None:
    rules = RuleSet.create(preset, {"stake": 5})
    plain = check_telegram_html(rules_help.rules_text(lang, rules))
    for name in applicable_options(preset):
        assert t(lang, f"option.{name}") in plain
    plain = check_telegram_html(rules_help.options_help(lang, preset))
    for name in OPTIONS:
        assert (name in plain) is (name in applicable_options(preset)), name
    presets = rules_help.presets_list(lang)
    assert all(
        names.preset_named(word) is p for word, p in zip(presets.split(", "), Preset, strict=True)
    )


@pytest.mark.parametrize("preset", list(Preset))
def test_russian_option_help_is_all_russian(preset: Preset) -> None:
    text = rules_help.options_help("ru", preset)
    assert "<code>limit</code>" in text
    english = [w for w in ("on, off", "a whole number", " from ", " to ") if w in text]
    expect(not english, f"English in the Russian help: {english}")


@pytest.mark.parametrize("lang", LANGS)
def test_help(lang: str) -> None:
    plain = check_telegram_html(rules_help.help_text(lang))
    for command in ("/new", "/join", "/start", "/stop", "/rules", "/lang"):
        assert command in plain


# -- the catalogues ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_the_code_builds_has_a_text(lang: str) -> None:
    catalog = catalogue(lang)
    needed = [f"preset.{p.value}" for p in Preset] + [f"rules.{p.value}" for p in Preset]
    needed += [f"option.{name}" for name in OPTIONS]
    needed += [
        f"value.{name}.{choice}"
        for name, spec in OPTIONS.items()
        if spec.kind is str
        for choice in spec.choices
    ]
    needed += [f"combo.{c.value}" for c in Combo]
    needed += [f"button.{k.value}" for k in Kind if k is not Kind.DECLARE]
    needed += ["news.void.tie", "news.void.initial_combination"]
    missing = [key for key in needed if key not in catalog]
    assert not missing


def illegal_actions() -> Iterator[IllegalAction]:
    """Refusals the engine gives for random wrong moves in random positions."""
    rng = random.Random(5)
    for preset, count in CONFIGS:
        for state in playing(preset, count)[:20]:
            for _ in range(15):
                kind = rng.choice(list(Kind))
                cards = tuple(rng.sample(DECK, rng.randint(0, 4)))
                if rng.random() < 0.5 and state.deal is not None:
                    hand = state.deal.hands[state.deal.turn]
                    cards = tuple(rng.sample(hand, rng.randint(1, len(hand))))
                seat = rng.randrange(count + 1)
                try:
                    apply(state, Action(kind, seat, cards))
                except IllegalAction as error:
                    yield error


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_refusal_has_a_sentence_with_its_parameters(lang: str) -> None:
    codes = set()
    for error in illegal_actions():
        codes.add(error.code)
        key = f"illegal.{error.code}"
        assert key in catalogue(lang), key
        params = dict(error.params)
        if "need" in params:
            params["need"] = int(params["need"])
        parse_html(t(lang, key, **params))
    assert len(codes) >= 8, codes


@pytest.mark.parametrize("lang", LANGUAGES)
def test_settings_buttons_read_name_then_value_and_fit_their_row(lang: str) -> None:
    """A settings button is alone in its row, whose width shows about 32
    characters: the label is whole and reads forwards ("Козырь: под
    колодой", "Играем до 12"; a switch as ✅/⬜ and its name)."""
    for preset in Preset:
        rules = RuleSet.create(preset.value)
        for name, value in rules.options().items():
            spec = OPTIONS[name]
            for shown in [True, False] if spec.kind is bool else list(spec.choices or [value]):
                label = render.option_button(lang, name, shown)
                assert shown_length(label) <= ROW_LIMIT and not label.endswith("…"), label
                if spec.kind is bool:
                    assert label[0] in "✅⬜", label
                else:
                    assert label.endswith(plain(render.option_value(lang, name, shown))), label
