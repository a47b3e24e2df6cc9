"""What counts as a forced move (bot/tables/turns.py `forced`): the only
legal move, with the last cards of the hand."""

from __future__ import annotations

from engine_builders import table
from render_support import NAMES, info_for

from bot.tables.turns import forced
from bot.view.hand import hand
from bot.view.i18n import LANGUAGES, plain, t
from engine import Action, apply, view_for


def test_the_last_card_to_lead_is_forced() -> None:
    state = table(("7♠", "9♣"), trump="♥")
    assert forced(state) == Action.lead(0, "7♠")


def test_an_answer_is_forced_only_when_it_cannot_beat() -> None:
    state, _ = apply(table(("7♠", "9♣"), trump="♥"), Action.lead(0, "7♠"))
    assert forced(state) == Action.discard(1, "9♣")
    beats, _ = apply(table(("7♠", "9♠"), trump="♥"), Action.lead(0, "7♠"))
    assert forced(beats) is None  # beat or discard: a choice


def test_cards_left_to_choose_from_are_no_forced_move() -> None:
    assert forced(table(("7♠ 8♠", "9♣ 10♣"), trump="♥")) is None


def test_bura_may_claim_instead_of_leading_the_last_card() -> None:
    state = table(("7♠", "9♣"), trump="♥", preset="bura")
    assert forced(state) is None


def test_the_hand_says_the_forced_move_will_play_itself() -> None:
    state = table(("7♠", "9♣"), trump="♥")
    info = info_for(state, NAMES[:2])
    for lang in LANGUAGES:
        text = plain(hand(info, lang, view_for(state, 0)).text)
        assert plain(t(lang, "hand.forced_auto")) in text
    # A choice left (beat or discard): no such promise.
    beats, _ = apply(table(("7♠", "9♠"), trump="♥"), Action.lead(0, "7♠"))
    text = plain(hand(info_for(beats, NAMES[:2]), "ru", view_for(beats, 1)).text)
    assert plain(t("ru", "hand.forced_auto")) not in text
