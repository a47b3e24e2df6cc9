"""The line over a hand's buttons names only buttons that are there, and an
answer's line names the cards to beat and, with 3–4 players, whose they are
(players-review-2 S8 and §4 item 1), in the hand and in the group."""

from __future__ import annotations

import pytest
from engine_builders import table as build_table
from render_support import NAMES, info_for

from bot.view import hand as hand_view
from bot.view import render
from bot.view.cards import BEAT_MARK, card_text
from bot.view.i18n import LANGUAGES, plain, t
from bot.view.screen import Screen
from engine import Action, apply, view_for
from engine.cards import parse_cards


def _buttons(screen: Screen) -> list[str]:
    return [button.text for row in screen.buttons for button in row]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_answer_names_the_last_beaters_cards_and_whose(lang: str) -> None:
    hands = ("Q♦ 6♠ 7♠ 8♠", "Q♣ 6♥ 7♥ 8♥", "K♦ J♥ 9♠ 10♥")
    state = build_table(hands, trump="♣", turn=0)
    state, _ = apply(state, Action.lead(0, "Q♦"))
    state, _ = apply(state, Action.beat(1, "Q♣"))
    info = info_for(state, NAMES[:3])
    target = card_text(lang, parse_cards("Q♣")[0], state.deal.trump if state.deal else None)
    whose = f"{target} ({NAMES[1]})"
    group = plain(render.live(info, lang, view_for(state, None)).text)
    assert whose in group.splitlines()[-1], group
    hand = hand_view.hand(info, lang, view_for(state, 2))
    assert whose in plain(hand.text)
    # K♦ beat the lead but not the trump: nothing here beats, so no ⚔️ anywhere.
    assert not any(label.startswith(BEAT_MARK) for label in _buttons(hand))
    assert "⚔️" not in plain(hand.text).split(whose)[1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_players_are_told_the_cards_without_a_name(lang: str) -> None:
    state = build_table(("Q♦ 6♠ 7♠ 8♠", "K♦ 6♥ 7♥ 8♥"), trump="♣", turn=0)
    state, _ = apply(state, Action.lead(0, "Q♦"))
    info = info_for(state, NAMES[:2])
    hand = plain(hand_view.hand(info, lang, view_for(state, 1)).text)
    target = card_text(lang, parse_cards("Q♦")[0], state.deal.trump if state.deal else None)
    assert f" {target}: ⚔️" in hand or f" {target}: ⚔" in hand, hand
    assert f"({NAMES[0]})" not in hand


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lead_prompt_names_pick_cards_only_when_it_is_there(lang: str) -> None:
    manual = t(lang, "button.manual")
    # Four suits: no lead of several cards, so no ✋ and no word of it.
    single = build_table(("6♠ 7♥ 8♦ 9♣", "6♥ 7♠ 8♣ 9♦"), trump="♣", turn=0)
    screen = hand_view.hand(info_for(single, NAMES[:2]), lang, view_for(single, 0))
    assert manual not in _buttons(screen) and manual not in plain(screen.text)
    # Two spades: ✋ is there, and the line says what it is for.
    several = build_table(("6♠ 7♠ 8♦ 9♣", "6♥ 7♥ 8♣ 9♦"), trump="♣", turn=0)
    screen = hand_view.hand(info_for(several, NAMES[:2]), lang, view_for(several, 0))
    assert manual in _buttons(screen) and manual in plain(screen.text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_back_stays_after_the_first_pick(lang: str) -> None:
    """Picking cards by hand can be left at any point, not only before the
    first pick (players-review-2 §1.3: "⬅️ Назад" disappeared)."""
    state = build_table(("6♠ 7♠ 8♦ 9♣", "6♥ 7♥ 8♣ 9♦"), trump="♣", turn=0)
    info = info_for(state, NAMES[:2])
    picked = hand_view.hand(info, lang, view_for(state, 0), parse_cards("6♠"), manual=True)
    assert t(lang, "button.back") in _buttons(picked)
