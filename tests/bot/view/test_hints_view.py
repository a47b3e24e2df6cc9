"""💡 in words (bot/view/hints.py): every reason code in all four languages,
the hand's 💡 button only where the table's kind offers it and only at the
reader's move, and the practice result's count with its plural forms."""

from __future__ import annotations

import dataclasses

import pytest
from render_support import CONFIG_IDS, CONFIGS, info_for, playing

from bot.view import callbacks, final
from bot.view import hand as hand_view
from bot.view.cards import card_text, cards_text
from bot.view.hints import hint_text, hints_line
from bot.view.i18n import LANGUAGES, plain, t
from bot.view.labels import BUTTON_LIMIT, shown_length
from bot.view.screen import Screen
from engine import MatchState, Preset, TableView, view_for
from engine.actions import Action, Kind
from engine.ai.review import Hint, Reason, ReasonKind, hint
from engine.cards import Suit
from engine.combos import classify
from engine.events import MatchOver, Placing

ALERT_LIMIT = 200  # Telegram's longest answer to a tap


def _turns(preset: Preset, count: int) -> list[tuple[MatchState, TableView]]:
    """States of running deals at a person's move with a choice, and that seat's view."""
    found = []
    for state in playing(preset, count):
        assert state.deal is not None
        view = view_for(state, state.deal.turn)
        if len([a for a in view.legal if a.seat == view.viewer]) > 1:
            found.append((state, view))
    return found


def _some_move(view: TableView) -> Action:
    return next(a for a in view.legal if a.kind in (Kind.LEAD, Kind.BEAT, Kind.DISCARD))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(ReasonKind), ids=[k.value for k in ReasonKind])
def test_every_reason_reads_as_one_line_in_every_language(lang: str, kind: ReasonKind) -> None:
    _, view = _turns(Preset.BURKOZEL, 2)[0]
    move = _some_move(view)
    named = view.hand[:1]
    text = hint_text(lang, view, Hint(move, Reason(kind, named), 10, 1))
    assert text.startswith("💡 ")
    assert "\n" not in text and "{" not in text and "<" not in text
    assert len(text) <= ALERT_LIMIT
    assert plain(cards_text(lang, move.cards, view.trump)) in text  # the move's cards
    if kind in (ReasonKind.TAKE_POINTS, ReasonKind.TRUMP_STILL_OUT, ReasonKind.CANNOT_BEAT):
        assert plain(card_text(lang, named[0], view.trump)) in text  # the reason's
    # Each code has its own sentence.
    other = ReasonKind.BEST_ON_AVERAGE if kind is not ReasonKind.BEST_ON_AVERAGE else kind
    if other is not kind:
        assert text != hint_text(lang, view, Hint(move, Reason(other, named), 10, 1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reason_that_needs_cards_and_has_none_says_the_searchs_own(lang: str) -> None:
    _, view = _turns(Preset.BURKOZEL, 2)[0]
    move = _some_move(view)
    bare = hint_text(lang, view, Hint(move, Reason(ReasonKind.FOLLOW_PARTNER, ()), 10, 1))
    average = hint_text(lang, view, Hint(move, Reason(ReasonKind.BEST_ON_AVERAGE), 10, 1))
    assert bare == average
    assert "()" not in bare


@pytest.mark.parametrize("lang", LANGUAGES)
def test_moves_without_cards_are_said_too(lang: str) -> None:
    _, view = _turns(Preset.BURA, 2)[0]
    hold = hint_text(lang, view, Hint(None, Reason(ReasonKind.HOLD), 10, 1))
    claim = Action(Kind.CLAIM, view.viewer or 0, ())
    claimed = hint_text(lang, view, Hint(claim, Reason(ReasonKind.CLAIM), 10, 1))
    assert plain(t(lang, "hint.hold")) in hold
    assert plain(t(lang, "hint.claim")) in claimed
    assert "31" in claimed


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_the_engines_hint_reads_with_its_card(preset: Preset, count: int) -> None:
    """The real search at a small budget: the sentence names the move's cards."""
    for _, view in _turns(preset, count)[:2]:
        given = hint(view, seed=3, playouts=12)
        assert given is not None and given.action in view.legal
        for lang in LANGUAGES:
            text = hint_text(lang, view, given)
            assert len(text) <= ALERT_LIMIT
            if given.action is not None and given.action.cards:
                assert plain(cards_text(lang, given.action.cards, view.trump)) in text


def _hint_buttons(screen: Screen) -> list[tuple[str, int]]:
    found = []
    for index, row in enumerate(screen.buttons):
        for button in row:
            if button.data and button.data.startswith("h:"):
                found.append((button.text, index))
    return found


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_the_hint_button_is_on_a_practice_hand_at_its_move_only(preset: Preset, count: int) -> None:
    seen = 0
    for state in playing(preset, count):
        practice = info_for(state, state.players, hints=True)
        group = info_for(state, state.players)
        for seat in range(count):
            view = view_for(state, seat)
            mine = [a for a in view.legal if a.seat == seat]
            my_turn = view.turn == seat and bool(mine)
            for lang in LANGUAGES:
                assert _hint_buttons(hand_view.hand(group, lang, view)) == []
                screen = hand_view.hand(practice, lang, view)
                buttons = _hint_buttons(screen)
                if not my_turn or len(mine) == 1:
                    assert buttons == []  # not its move, or the only move is one tap
                    continue
                seen += 1
                assert [text for text, _ in buttons] == [str(t(lang, "hint.button"))]
                payload = callbacks.parse(screen.buttons[buttons[0][1]][-1].data)
                assert payload == callbacks.HintTap(practice.id, practice.version)
                row = screen.buttons[buttons[0][1]]
                assert all(shown_length(b.text) <= BUTTON_LIMIT for b in row)
                # One button more than the group's hand, never a row more
                # when ✋ has one to share.
                plain_rows = len(hand_view.hand(group, lang, view).buttons)
                manual = str(t(lang, "button.manual"))
                shares = any(b.text == manual for b in row)
                assert len(screen.buttons) == plain_rows + (0 if shares else 1)
    assert seen


def _over() -> MatchOver:
    return MatchOver((Placing(1, 0, (0,), 0, 0), Placing(2, 1, (1,), 12, 0)), bank=0, deals=3)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_practice_result_counts_the_hints(lang: str) -> None:
    state = playing(Preset.BURKOZEL, 2)[0]
    info = info_for(state, ("Ann", "Computer"), practice=True, hints=True)
    assert "💡" not in final.match_over(info, lang, _over()).text  # none used: no line
    used = final.match_over(dataclasses.replace(info, hints_used=3), lang, _over())
    assert str(hints_line(lang, 3)) in used.text


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("ru", {1: "1 подсказка", 3: "3 подсказки", 5: "5 подсказок", 21: "21 подсказка"}),
        ("be", {1: "1 падказка", 3: "3 падказкі", 5: "5 падказак", 22: "22 падказкі"}),
        ("uk", {1: "1 підказка", 4: "4 підказки", 11: "11 підказок", 31: "31 підказка"}),
        ("en", {1: "1 hint used", 3: "3 hints used"}),
    ],
)
def test_the_count_takes_the_plural_form(lang: str, forms: dict[int, str]) -> None:
    for count, text in forms.items():
        assert str(hints_line(lang, count)) == f"💡 {text}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_declaration_names_its_combination_and_cards(lang: str) -> None:
    found = [
        (view, action)
        for preset in (Preset.BURKOZEL, Preset.BURA)
        for state in playing(preset, 2)
        for seat in range(2)
        for view in [view_for(state, seat)]
        for action in view.legal
        if action.kind is Kind.DECLARE
    ]
    assert found, "no declaration among the states"
    named = 0
    for view, action in found:
        # Under every trump, spades (Suit 0, a false value) included: the
        # name was once left out ("«»") when spades were trumps.
        for trump in Suit:
            seen = dataclasses.replace(view, trump=trump)
            combo = classify(action.cards, trump, view.rules)
            if combo is None:
                continue
            reason = Reason(ReasonKind.COMBINATION, action.cards)
            text = hint_text(lang, seen, Hint(action, reason, 9, 1))
            assert plain(t(lang, f"combo.{combo.value}")) in text, (trump, text)
            assert plain(cards_text(lang, action.cards, trump)) in text
            named += trump is Suit.SPADES
    assert named, "no declaration was named under spades"
