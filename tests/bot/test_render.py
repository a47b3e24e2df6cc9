"""Screens of bot/view/render.py and the catalogs of bot/view/i18n.py, without Telegram.

States come from the real engine (`new_match` plus random legal moves), so the
screens are checked against everything a match can show: leads, answers,
face-down discards, combinations, claims, deal results and final standings.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from bot_harness import card_of_label
from bot_steps import expect
from engine_builders import table as build_table
from grammar import findings

from bot.view import callbacks, names, news, render, rules_help
from bot.view import hand as hand_view
from bot.view.cards import FACE_DOWN, card_text
from bot.view.i18n import LANGUAGES, catalogue, plain, t
from bot.view.screen import Screen, TableInfo
from engine import (
    OPTIONS,
    Action,
    IllegalAction,
    MatchState,
    Preset,
    RuleSet,
    apply,
    legal_actions,
    new_match,
    view_for,
)
from engine.actions import Kind
from engine.cards import DECK, Card
from engine.combos import Combo
from engine.events import CardsPlayed, DealScored, Event, MatchOver, SideResult, TrickTaken
from engine.rules import PLAYER_COUNTS, applicable_options
from engine.state import PlayKind
from engine.view import PlayView, event_for
from testing.fake_telegram import parse_html, utf16_len

LANGS = ("ru", "en")
TELEGRAM_LIMIT = 4096
# Names that break careless HTML and look nothing like a card.
NAMES = ("<Ann>", "Bob & Co", 'Вася "Пупкин"', "Émile's")

CONFIGS = [(preset, count) for preset in Preset for count in PLAYER_COUNTS[preset]]
CONFIG_IDS = [f"{preset.value}-{count}" for preset, count in CONFIGS]


def info_for(
    state_or_rules: MatchState | RuleSet, names: tuple[str, ...], **extra: object
) -> TableInfo:
    rules = state_or_rules if isinstance(state_or_rules, RuleSet) else state_or_rules.rules
    counts = PLAYER_COUNTS[rules.preset]
    values: dict[str, object] = {
        "id": 4242,
        "version": 17,
        "chat_title": "Клуб <карт> & друзья",
        "rules": rules,
        "names": names,
        "creator_name": names[0] if names else "Creator",
        "status": "playing",
        "min_players": min(counts),
        "max_players": max(counts),
        "bot_username": "burkozel_test_bot",
    }
    values.update(extra)
    return TableInfo(**values)  # type: ignore[arg-type]


def plain_of(html: str) -> str:
    return parse_html(html)[0]


def check_telegram_html(screen: Screen | str) -> str:
    """The text Telegram would show; fails on markup Telegram would refuse."""
    text = screen.text if isinstance(screen, Screen) else screen
    plain, _entities = parse_html(text)
    assert plain.strip(), "an empty message"
    assert utf16_len(plain) < TELEGRAM_LIMIT, f"{utf16_len(plain)} characters"
    if isinstance(screen, Screen):
        for row in screen.buttons:
            assert 0 < len(row) <= 8
            for button in row:
                assert button.text.strip()
                assert (button.data is None) != (button.url is None)
                if button.data is not None:
                    assert len(button.data.encode()) <= callbacks.MAX_BYTES
                    callbacks.parse(button.data)
    return plain


@dataclass
class Moment:
    """A state of a match, the move that led to it and the events it caused."""

    before: MatchState | None
    action: Action | None
    state: MatchState
    events: list[Event]


def random_match(
    preset: Preset,
    count: int,
    seed: int,
    options: dict[str, object] | None = None,
    max_moves: int = 2000,
) -> Iterator[Moment]:
    """Every state of a random match to its end (declares taken when offered)."""
    limit = 4 if preset is Preset.BURA else 2
    rules = RuleSet.create(preset, {"limit": limit, **(options or {})})
    rng = random.Random(seed)
    state = new_match(rules, NAMES[:count], seed)
    yield Moment(None, None, state, [])
    for _ in range(max_moves):
        if state.over or state.deal is None:
            return
        seat = state.deal.turn
        legal = legal_actions(state, seat)
        others = [
            a
            for other in range(count)
            if other != seat
            for a in legal_actions(state, other)
            if a.kind is Kind.DECLARE
        ]
        special = [a for a in legal if a.kind in (Kind.DECLARE, Kind.CLAIM)]
        plain = [a for a in legal if a.kind not in (Kind.DECLARE, Kind.CLAIM)]
        if others and rng.random() < 0.2:
            pool = others
        elif special and (not plain or rng.random() < 0.05):
            pool = special
        else:
            pool = plain
        action = rng.choice(pool)
        before = state
        state, events = apply(state, action)
        yield Moment(before, action, state, events)
    raise AssertionError("the match did not end")


MATCHES: dict[tuple[Preset, int], list[Moment]] = {}


def moments(preset: Preset, count: int) -> list[Moment]:
    key = (preset, count)
    if key not in MATCHES:
        found: list[Moment] = []
        options: list[dict[str, object]] = [{}, {"closed_discard": "on", "stake": 100}]
        if preset is Preset.BURA:
            options[1]["show_own_points"] = "on"
        else:
            options.append({"trump_card": "middle", "combo_interrupt": "on"})
        for seed, extra in enumerate(options):
            found.extend(random_match(preset, count, seed + 10 * count, extra))
        MATCHES[key] = found
    return MATCHES[key]


def playing(preset: Preset, count: int) -> list[MatchState]:
    """States of running deals, thinned to keep the tests fast."""
    states = [m.state for m in moments(preset, count) if m.state.deal is not None]
    return states[::3] or states


def hidden_from(state: MatchState, viewer: int | None) -> set[Card]:
    """Cards `viewer` must not see: other hands and others' face-down cards.

    The trump card is public (everybody saw it turned up), wherever it is now.
    """
    deal = state.deal
    assert deal is not None
    hidden: set[Card] = set()
    for seat in range(state.seats):
        if seat == viewer:
            continue
        hidden.update(deal.hands[seat])
        hidden.update(deal.face_down[seat])
        if deal.trick is not None:
            for play in deal.trick.plays:
                if play.face_down and play.seat == seat:
                    hidden.update(play.cards)
    hidden.discard(deal.trump_card)
    return hidden


def shown_cards(text: str) -> set[Card]:
    """Every card written in `text` (like '10♥' or 'Q♠')."""
    found = re.findall(r"(?:10|[6-9JQKAВДКТ])[♠♥♦♣]", text.replace("\ufe0f", ""))
    return {Card.parse(m) for m in found}


def screen_cards(screen: Screen) -> set[Card]:
    """Cards a screen shows: in its text, on its buttons and inside its payloads."""
    found = shown_cards(screen.text)
    for row in screen.buttons:
        for button in row:
            found |= shown_cards(button.text)
            if button.data:
                payload = callbacks.parse(button.data)
                if isinstance(payload, callbacks.Select | callbacks.Play):
                    found |= set(payload.cards)
    return found


# -- the lobby ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_lobby_lists_players_and_offers_the_four_buttons(
    lang: str, preset: Preset, count: int
) -> None:
    rules = RuleSet.create(preset)
    names = NAMES[:count]
    info = info_for(rules, names, status="lobby", id=10**9, version=10**6)
    screen = render.lobby(info, lang)
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
    plain = check_telegram_html(render.lobby(info, lang))
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
    assert f"{NAMES[turn]} 🤖" in check_telegram_html(
        render.live(away, lang, view_for(state, None))
    )


@pytest.mark.parametrize("lang", LANGS)
def test_empty_lobby_and_changed_options(lang: str) -> None:
    rules = RuleSet.create("kozel", {"limit": 6, "trump_card": "bottom", "stake": 50})
    info = info_for(rules, (), status="lobby", creator_name="<Boss>")
    plain = check_telegram_html(render.lobby(info, lang))
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
    plain = check_telegram_html(render.lobby(info_for(rules, NAMES[:1], status="lobby"), lang))
    assert plain_of(t(lang, "lobby.limit", limit=2)) in plain
    listed = plain_of(t(lang, "options.line", name=t(lang, "option.limit"), value="2"))
    # Nothing else changed, so there is no list of changed rules to repeat it in.
    assert t(lang, "lobby.options") not in plain
    assert listed not in plain
    with_stake = RuleSet.create("kozel", {"limit": 2, "stake": 50})
    plain = check_telegram_html(render.lobby(info_for(with_stake, NAMES[:1], status="lobby"), lang))
    assert t(lang, "lobby.options") in plain and t(lang, "option.stake") in plain
    assert listed not in plain


def test_lobby_of_another_table_and_version_has_other_payloads() -> None:
    rules = RuleSet.create("burkozel")
    one = render.lobby(info_for(rules, NAMES[:2], id=1, version=1), "ru")
    two = render.lobby(info_for(rules, NAMES[:2], id=1, version=2), "ru")
    three = render.lobby(info_for(rules, NAMES[:2], id=2, version=1), "ru")
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


def settings_payloads(info: TableInfo, lang: str) -> dict[str, callbacks.SetOption]:
    """The settings screen's option buttons, by option; checks labels and the Back button."""
    screen = render.lobby_settings(info, lang)
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
        assert t(lang, f"option.{payload.option}") in button.text
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
    times = getattr(render, "TURN_TIMES", None)
    if times is None:
        pytest.skip("no per-table turn time in this release")
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


# -- the group's live message ------------------------------------------------------------


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_live_message_never_shows_hidden_cards(preset: Preset, count: int) -> None:
    for state in playing(preset, count):
        view = view_for(state, None)
        info = info_for(state, state.players)
        for lang in LANGS:
            screen = render.live(info, lang, view)
            plain = check_telegram_html(screen)
            assert not screen.buttons
            leaked = shown_cards(plain) & hidden_from(state, None)
            assert not leaked, (leaked, plain)
            # The cards face up in the trick are all shown.
            deal = state.deal
            assert deal is not None
            if deal.trick is not None:
                for play in deal.trick.plays:
                    if not play.face_down:
                        assert all(card_text(lang, c) in plain for c in play.cards), plain
            if view.turn is not None:
                assert state.players[view.turn] in plain


@pytest.mark.parametrize("lang", LANGS)
def test_live_message_shows_face_down_discards_as_backs(lang: str) -> None:
    state = build_table(
        ("7♠ 8♠ 9♣ 8♦", "6♠ K♥ Q♣ 10♦", "J♦ Q♦ K♦ 9♦"),
        options={"closed_discard": "on"},
        stock="A♣ A♠",
    )
    state, _ = apply(state, Action.lead(0, "9♣"))
    state, _ = apply(state, Action.discard(1, "10♦"))
    plain = check_telegram_html(
        render.live(info_for(state, NAMES[:3]), lang, view_for(state, None))
    )
    assert Card.parse("10♦") not in shown_cards(plain) and FACE_DOWN in plain
    assert card_text(lang, Card.parse("9♣")) in plain


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_live_message_places_the_trump_card_in_the_stock_only_while_it_is_there(
    preset: Preset, count: int
) -> None:
    states = [m.state for m in moments(preset, count) if m.state.deal is not None]
    left = set()
    for state in states:
        deal = state.deal
        assert deal is not None
        view = view_for(state, None)
        card = deal.trump_card
        # Where the card really is: still in the stock, or drawn (then the
        # table knows it only once it is played).
        in_stock = card in deal.stock
        played = card in view.seen or any(
            card in play.cards for play in view.trick if not play.face_down
        )
        for lang in LANGS:
            plain = check_telegram_html(render.live(info_for(state, state.players), lang, view))
            where = {
                plain_of(t(lang, key, card=card_text(lang, card)))
                for key in ("live.trump_hidden", "live.trump_bottom")
            }
            said = {phrase for phrase in where if phrase in plain}
            if not in_stock and (view.stock_left == 0 or played):
                assert not said, plain  # never "under the stock" once it is gone
            if in_stock:
                assert said, plain
            assert card_text(lang, card) in plain  # the card itself always names the trump
        left.add(in_stock)
    assert left == {True, False}  # the walk saw the card in the stock and out of it


def check_trick_line(moment: Moment, count: int) -> bool:
    """The line of the trick `moment` took names the cards that took it, for
    the group and two players (one the taker). False: no trick was taken."""
    taken = next((e for e in moment.events if isinstance(e, TrickTaken)), None)
    if taken is None or moment.before is None or moment.action is None:
        return False
    deal = moment.before.deal
    assert deal is not None and deal.trick is not None
    info = info_for(moment.state, moment.state.players)
    # What owns the trick after the closing move, by the engine's record.
    owner = moment.action.cards if moment.action.kind is Kind.BEAT else deal.trick.owner_cards
    ended = moment.state.deal is None or moment.state.deal.number != deal.number
    for viewer in (None, taken.seat, (taken.seat + 1) % count):
        if ended:
            view = render.deal_closed(
                view_for(moment.before, viewer),
                news.last_trick(moment.before, moment.events),
                news.last_play(moment.before, moment.events, viewer),
            )
        else:
            view = view_for(moment.state, viewer)
        for lang in LANGS:
            if viewer is None:
                screen = render.live(info, lang, view)
            elif ended:
                screen = hand_view.deal_record(info, lang, view, [])
            else:
                screen = hand_view.hand(info, lang, view)
            plain = check_telegram_html(screen)
            number = f"✅ {taken.trick_number}."
            line = next(line for line in plain.splitlines() if line.startswith(number))
            assert shown_cards(line) == set(owner), (line, owner)
            assert not findings(lang, line)
    return True


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_each_tricks_line_names_the_cards_that_took_it(preset: Preset, count: int) -> None:
    """The move that closes a trick is never on the table for anyone to read
    (the next draw shows the trick's result), so every trick's line names the
    cards that took it: in the group's live message and each player's hand."""
    assert sum(check_trick_line(moment, count) for moment in moments(preset, count))


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_a_deal_ended_by_a_beat_names_it_in_the_closed_messages(preset: Preset, count: int) -> None:
    """The deal's last move is in no view of the table: the closed live
    message and each deal record add it to the last trick themselves."""
    found = 0
    for seed in range(100, 400):
        for moment in random_match(preset, count, seed):
            before = moment.before
            if before is None or before.deal is None or moment.action is None:
                continue
            after = moment.state.deal
            ended = after is None or after.number != before.deal.number
            if ended and moment.action.kind is Kind.BEAT:
                found += check_trick_line(moment, count)
        if found >= 3:
            return
    raise AssertionError(f"only {found} deals ended with a beat")


def test_a_deal_stored_before_its_plays_were_kept_shows_its_first_tricks_without_cards() -> None:
    state = next(
        m.state
        for m in moments(Preset.KOZEL, 4)
        if m.state.deal is not None and len(m.state.deal.results) >= 2
    )
    view = view_for(state, None)
    old = dataclasses.replace(view, history=view.history[1:])
    info = info_for(state, state.players)
    for lang in LANGS:
        new_lines = render.results_lines(info, lang, view)
        old_lines = render.results_lines(info, lang, old)
        assert shown_cards(new_lines[0]) and not shown_cards(old_lines[0])
        assert old_lines[1:] == new_lines[1:]


# -- the private hand ---------------------------------------------------------------------


def kind_buttons(screen: Screen) -> set[tuple[Kind, frozenset[Card]]]:
    found = set()
    for row in screen.buttons:
        for button in row:
            payload = callbacks.parse(button.data or "")
            if isinstance(payload, callbacks.Play):
                found.add((payload.kind, frozenset(payload.cards)))
    return found


def card_buttons(screen: Screen) -> list[tuple[str, callbacks.Select]]:
    found = []
    for row in screen.buttons:
        for button in row:
            payload = callbacks.parse(button.data or "")
            if (
                isinstance(payload, callbacks.Select)
                and not payload.claim
                and card_of_label(button.text) is not None
            ):
                found.append((button.text, payload))
    return found


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_hand_shows_only_the_viewers_cards(preset: Preset, count: int) -> None:
    for state in playing(preset, count):
        info = info_for(state, state.players)
        for seat in range(count):
            view = view_for(state, seat)
            for lang in LANGS:
                screen = hand_view.hand(info, lang, view)
                plain = check_telegram_html(screen)
                leaked = screen_cards(screen) & hidden_from(state, seat)
                assert not leaked, (seat, leaked, plain)
                for card in view.hand:
                    assert card_text(lang, card) in plain


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_hand_buttons_follow_legal_actions(preset: Preset, count: int) -> None:
    """Picking cards one by one: card buttons toggle the selection; action
    buttons are exactly the legal moves with the selected cards; declares and
    the claim are one button each."""
    declares_seen = 0
    for state in playing(preset, count):
        info = info_for(state, state.players)
        for seat in range(count):
            view = view_for(state, seat)
            legal = set(legal_actions(state, seat))
            one_tap = {(a.kind, frozenset(a.cards)) for a in legal if a.kind is Kind.DECLARE}
            declares_seen += len(one_tap)
            my_turn = view.turn == seat and bool(legal)
            selections = (
                [
                    frozenset(c)
                    for n in range(len(view.hand) + 1)
                    for c in itertools.combinations(view.hand, n)
                ]
                if my_turn
                else [frozenset()]
            )
            if my_turn and len(legal) == 1 and not one_tap:
                # The only possible move: one button plays it, no cards to pick.
                (only,) = legal
                screen = hand_view.hand(info, "en", view)
                assert kind_buttons(screen) == {(only.kind, frozenset(only.cards))}
                assert card_buttons(screen) == []
                continue
            for selection in selections:
                screen = hand_view.hand(info, "en", view, selection, manual=True)
                expected = one_tap | {
                    (a.kind, frozenset(a.cards))
                    for a in legal
                    if a.kind in (Kind.LEAD, Kind.BEAT, Kind.DISCARD)
                    and frozenset(a.cards) == selection
                    and selection
                }
                assert kind_buttons(screen) == expected, (view.hand, selection)
                cards = card_buttons(screen)
                if not my_turn:
                    assert cards == []
                    continue
                shown = [card_text("en", c, view.trump) for c in view.hand]
                assert [text.removeprefix("✅") for text, _ in cards] == shown
                for (text, payload), card in zip(cards, view.hand, strict=True):
                    assert text.startswith("✅") is (card in selection)
                    assert payload.cards == selection ^ {card}
                    assert (payload.table, payload.version) == (info.id, info.version)
    if preset is Preset.BURA:
        assert declares_seen, "no declare or claim button was ever checked"


def test_a_selection_of_cards_not_in_hand_is_ignored() -> None:
    state = new_match(RuleSet.create("burkozel"), NAMES[:2], 3)
    assert state.deal is not None
    seat = state.deal.turn
    view = view_for(state, seat)
    foreign = next(c for c in DECK if c not in view.hand)
    screen = hand_view.hand(info_for(state, NAMES[:2]), "ru", view, {foreign})
    assert screen == hand_view.hand(info_for(state, NAMES[:2]), "ru", view)


@pytest.mark.parametrize("lang", LANGS)
def test_declare_buttons_in_burkozel(lang: str) -> None:
    state = build_table(("7♠ 8♠ 9♣ 8♦", "6♠ K♥ Q♣ 10♦", "J♦ Q♦ K♦ A♦", "6♣ 7♣ 7♦ 9♦"))
    info = info_for(state, NAMES)
    screen = hand_view.hand(info, lang, view_for(state, 2))
    check_telegram_html(screen)
    declare = Action.declare(2, "J♦ Q♦ K♦ A♦")
    assert declare in legal_actions(state, 2)
    assert kind_buttons(screen) == {(Kind.DECLARE, frozenset(declare.cards))}
    label = next(b.text for row in screen.buttons for b in row)
    assert t(lang, "combo.molodka") in label
    # Not this player's turn: no card buttons, just the out-of-turn declare.
    assert card_buttons(screen) == []


@pytest.mark.parametrize("lang", LANGS)
def test_declare_and_claim_buttons_in_bura(lang: str) -> None:
    state = build_table(
        ("6♠ 6♥ 6♦", "7♣ 8♣ 9♣"),
        preset="bura",
        trump="♥",
        piles=("A♥ 10♥ A♣ J♣", ""),
        tricks_won=(2, 0),
    )
    view = view_for(state, 0)
    screen = hand_view.hand(info_for(state, NAMES[:2]), lang, view)
    check_telegram_html(screen)
    buttons = kind_buttons(screen)
    assert (Kind.DECLARE, frozenset(Card.parse(c) for c in ("6♠", "6♥", "6♦"))) in buttons
    labels = [b.text for row in screen.buttons for b in row]
    assert any(t(lang, "combo.small_moscow") in label for label in labels)
    # The claim costs points when false: its button only asks, on the same hand.
    assert (Kind.CLAIM, frozenset()) not in buttons
    (ask,) = [b for row in screen.buttons for b in row if b.text == t(lang, "button.claim")]
    asked = callbacks.parse(ask.data or "")
    assert isinstance(asked, callbacks.Select) and asked.claim and not asked.cards
    sure = hand_view.hand(info_for(state, NAMES[:2]), lang, view, confirm_claim=True)
    check_telegram_html(sure)
    assert (Kind.CLAIM, frozenset()) in kind_buttons(sure)
    assert "4 " in sure.text and not findings(
        lang, plain(sure.text)
    )  # false_claim_double is on by default
    back = [b for row in sure.buttons for b in row if b.text == t(lang, "button.claim_no")]
    assert callbacks.parse(back[0].data or "") == callbacks.Select(
        asked.table, asked.version, frozenset()
    )
    # The other player may not claim: it is not his turn.
    other = hand_view.hand(info_for(state, NAMES[:2]), lang, view_for(state, 1))
    assert (Kind.CLAIM, frozenset()) not in kind_buttons(other)
    assert t(lang, "button.claim") not in [b.text for row in other.buttons for b in row]


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_declaration_is_news_with_its_public_reason(lang: str) -> None:
    state = build_table(("7♠ 9♣ 8♦", "J♦ Q♦ K♦", "6♣ 6♥ 6♠"), preset="bura", trump="♥")
    info = info_for(state, NAMES[:3])
    before = hand_view.hand(info, lang, view_for(state, 1))
    declare = Action.declare(1, "J♦ Q♦ K♦")
    assert (Kind.DECLARE, frozenset(declare.cards)) in kind_buttons(before)
    after, events = apply(state, declare)
    lines = news.announcements(info, lang, events, after)
    plain = check_telegram_html(lines[0])
    assert NAMES[1] in plain
    assert plain_of(t(lang, "combo.molodka")) in plain
    assert plain_of(t(lang, "combo.small_moscow")) in plain
    assert "J♦" not in plain  # the declarer keeps his cards to himself
    again = hand_view.hand(info, lang, view_for(after, 1))
    assert (Kind.DECLARE, frozenset(declare.cards)) not in kind_buttons(again)


@pytest.mark.parametrize("lang", LANGS)
def test_own_points_leave_out_face_down_cards(lang: str) -> None:
    state = build_table(
        ("A♠ 7♣", "6♠ K♦"), preset="bura", trump="♥", options={"show_own_points": "on"}
    )
    state, _ = apply(state, Action.lead(0, "A♠"))
    state, _ = apply(state, Action.discard(1, "K♦"))
    plain = check_telegram_html(
        hand_view.hand(info_for(state, NAMES[:2]), lang, view_for(state, 0))
    )
    assert plain_of(t(lang, "hand.own_points_hidden", points=11, count=1)) in plain


@pytest.mark.parametrize("lang", LANGS)
def test_hand_of_an_out_of_turn_player_says_who_moves(lang: str) -> None:
    state = new_match(RuleSet.create("burkozel"), NAMES[:3], 11)
    assert state.deal is not None
    waiting = (state.deal.turn + 1) % 3
    plain = check_telegram_html(
        hand_view.hand(info_for(state, NAMES[:3]), lang, view_for(state, waiting))
    )
    assert NAMES[state.deal.turn] in plain


# -- records, deal results, final standing -----------------------------------------------


def trick_records(moments_: list[Moment]) -> Iterator[Screen]:
    info = info_for(moments_[0].state, moments_[0].state.players)
    for moment in moments_:
        taken = next((e for e in moment.events if isinstance(e, TrickTaken)), None)
        if taken is None or moment.before is None:
            continue
        before = view_for(moment.before, None)
        plays = list(before.trick)
        last = next((e for e in moment.events if isinstance(e, CardsPlayed)), None)
        if last is not None:
            shown = event_for(last, None, moment.before.rules)
            assert isinstance(shown, CardsPlayed)
            plays.append(
                PlayView(
                    last.seat,
                    PlayKind.BEAT if last.beat else PlayKind.DISCARD,
                    shown.cards or (None,) * len(last.cards),
                    last.face_down,
                )
            )
        public = event_for(taken, None, moment.before.rules)
        assert isinstance(public, TrickTaken)
        for lang in LANGS:
            yield render.trick_record(
                info,
                lang,
                taken.trick_number,
                plays,
                taken.seat,
                public.points,
                before.combination,
            )


def _deal_line_args(result: SideResult, limit: int) -> dict[str, object]:
    return {
        "name": "",
        "points": result.points,
        "tricks": result.tricks,
        "penalty": result.penalty,
        "total": result.total,
        "limit": limit,
    }


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_trick_records_deal_summaries_and_final_standing(preset: Preset, count: int) -> None:
    found = moments(preset, count)
    names = found[0].state.players
    info = info_for(found[0].state, names)
    records = list(trick_records(found))
    if preset is not Preset.BURA:
        assert records
    for screen in records:
        check_telegram_html(screen)
    deals = [e for m in found for e in m.events if isinstance(e, DealScored)]
    overs = [(m.state, e) for m in found for e in m.events if isinstance(e, MatchOver)]
    assert deals
    passed_limit: set[bool] = set()
    assert len(overs) == (2 if preset is Preset.BURA else 3)  # one per random match
    for event in deals:
        for lang in LANGS:
            plain = check_telegram_html(render.deal_summary(info, lang, event, info.rules))
            assert f"{event.number}" in plain
            for result in event.results:
                who = " + ".join(names[s] for s in result.seats)
                line = next(line for line in plain.splitlines() if line.startswith(who))
                assert f": {result.points} " in line and f", {result.tricks} " in line
                assert not findings(lang, line)
                assert f"+{result.penalty}" in line
                # Past the limit the line names the limit, never "8 of 6".
                of = plain_of(t(lang, "deal.line", **_deal_line_args(result, info.rules.limit)))
                over = plain_of(
                    t(lang, "deal.line_over", **_deal_line_args(result, info.rules.limit))
                )
                past = result.total > info.rules.limit
                assert line.endswith(over.split(": ", 1)[1] if past else of.split(": ", 1)[1])
                passed_limit.add(past)
    assert False in passed_limit
    if preset is not Preset.BURA:  # bura's 2 a lost deal often stops at its limit of 4
        assert True in passed_limit
    for state, event in overs:
        assert state.standing == event.standing
        with_stake = state.rules.stake > 0
        for lang in LANGS:
            plain = check_telegram_html(render.match_over(info_for(state, names), lang, event))
            lines = plain.splitlines()
            for placing in event.standing:
                who = " + ".join(names[s] for s in placing.seats)
                line = next(line for line in lines if who in line and f"{placing.rank}." in line)
                assert f" — {placing.penalties} " in line and not findings(lang, line)
                if with_stake and len(placing.seats) > 1:
                    each = placing.shares[0]
                    assert placing.shares == (each,) * len(placing.seats)
                    assert t(lang, "final.payout_each", chips=each) in line
                elif with_stake:
                    assert t(lang, "final.payout", chips=placing.payout) in line
            assert str(event.deals) in plain
    # Ranks are ordered by penalties.
    for _state, event in overs:
        ranks = [(p.rank, p.penalties) for p in event.standing]
        assert ranks == sorted(ranks)


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
def test_settings_buttons_put_the_value_first_and_fit_a_phone(lang: str) -> None:
    """A phone shows about 28 characters of a full-width button: the value
    comes first (a switch as ✅/⬜), so what is cut is the end of the name."""
    for preset in Preset:
        rules = RuleSet.create(preset.value)
        for name, value in rules.options().items():
            spec = OPTIONS[name]
            for shown in [True, False] if spec.kind is bool else list(spec.choices or [value]):
                label = render.option_button(lang, name, shown)
                assert len(label) <= 28, label
                if spec.kind is bool:
                    assert label[0] in "✅⬜", label
                else:
                    assert label.startswith(plain(render.option_value(lang, name, shown))), label


def test_the_only_possible_move_is_one_tap() -> None:
    """A forced move (one legal action, say the last card) is one button
    naming its cards: no card to pick first."""
    forced = 0
    for preset, count in CONFIGS:
        for state in playing(preset, count):
            info = info_for(state, state.players)
            for seat in range(count):
                legal = legal_actions(state, seat)
                if len(legal) != 1 or legal[0].kind not in (Kind.LEAD, Kind.BEAT, Kind.DISCARD):
                    continue
                screen = hand_view.hand(info, "ru", view_for(state, seat))
                (row,) = screen.buttons
                (button,) = row
                assert callbacks.parse(button.data or "") == callbacks.Play(
                    info.id, info.version, legal[0].kind, legal[0].cards
                )
                assert all(card_text("ru", c) in button.text for c in legal[0].cards)
                forced += 1
    assert forced, "no forced move in the positions played"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_buttons_are_coloured_and_trumps_marked(lang: str) -> None:
    """Every card button draws its suit as an emoji (U+FE0F) and its rank in
    the reader's language; exactly the trumps carry ★, and the text names
    the trump suit."""
    seen_trump = seen_plain = 0
    for preset, count in CONFIGS:
        for state in playing(preset, count):
            info = info_for(state, state.players)
            for seat in range(count):
                view = view_for(state, seat)
                screen = hand_view.hand(info, lang, view, manual=True)
                for text, _payload in card_buttons(screen):
                    (card,) = [c for c in view.hand if card_text(lang, c) in text]
                    assert "\ufe0f" in text, text
                    assert ("★" in text) == (card.suit == view.trump), (text, view.trump)
                    seen_trump += card.suit == view.trump
                    seen_plain += card.suit != view.trump
                if view.trump is not None:
                    assert f"{view.trump.symbol}\ufe0f" in screen.text
    assert seen_trump and seen_plain
    ranks = "".join(card_text(lang, Card.parse(f"{r}♠")) for r in "JQKA")
    assert ranks == ("J♠️Q♠️K♠️A♠️" if lang == "en" else "В♠️Д♠️К♠️Т♠️")


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_most_moves_are_one_tap(preset: Preset, count: int) -> None:
    """Without picking: every move button is a legal move; a single card is
    led, beaten with or discarded with one tap; an answer of several cards is
    offered ready-made (a beat when one exists, a discard when one exists);
    "✋" appears exactly when some move is not offered that way."""
    quick_seen = 0
    for state in playing(preset, count):
        info = info_for(state, state.players)
        for seat in range(count):
            view = view_for(state, seat)
            legal = legal_actions(state, seat)
            moves = [a for a in legal if a.kind in (Kind.LEAD, Kind.BEAT, Kind.DISCARD)]
            if view.turn != seat or len(legal) <= 1 or not moves:
                continue
            screen = hand_view.hand(info, "ru", view)
            offered = kind_buttons(screen) - {
                (a.kind, frozenset(a.cards)) for a in legal if a.kind is Kind.DECLARE
            }
            assert offered <= {(a.kind, frozenset(a.cards)) for a in moves}
            picks = [
                b
                for row in screen.buttons
                for b in row
                if isinstance(callbacks.parse(b.data or ""), callbacks.Select) and b.text[0] == "✋"
            ]
            if not view.trick:
                singles = {(Kind.LEAD, frozenset(a.cards)) for a in moves if len(a.cards) == 1}
                assert offered == singles
            elif len(view.trick[0].cards) == 1:
                assert {next(iter(cards)) for _, cards in offered} == set(view.hand)
                beats = {frozenset(a.cards) for a in moves if a.kind is Kind.BEAT}
                assert {c for k, c in offered if k is Kind.BEAT} == beats
            else:
                kinds = {a.kind for a in moves}
                assert {k for k, _ in offered} == kinds
            assert bool(picks) == (len(offered) < len(moves)), (offered, moves)
            quick_seen += 1
    assert quick_seen
