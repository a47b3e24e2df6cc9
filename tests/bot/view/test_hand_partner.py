"""Kozel: discarding onto the partner's trick is one tap (issue 59); beating
it stays one "✋ Pick cards" away, and an opponent's trick is beaten as before."""

from __future__ import annotations

from engine_builders import table as build_table
from render_support import NAMES, info_for

from bot.view import callbacks
from bot.view import hand as hand_view
from bot.view.i18n import plain, t
from bot.view.screen import Screen
from engine import Action, apply, legal_actions, view_for
from engine.actions import Kind
from engine.cards import Card, parse_cards

HANDS = ("9♠ 6♣ 7♣ 8♣", "6♠ 7♦ 8♦ 9♦", "10♠ K♠ 6♦ J♣", "A♠ Q♦ 10♦ J♦")


def plays(screen: Screen) -> list[tuple[Kind, tuple[Card, ...]]]:
    found = []
    for row in screen.buttons:
        for button in row:
            payload = callbacks.parse(button.data or "")
            if isinstance(payload, callbacks.Play):
                found.append((payload.kind, tuple(sorted(payload.cards, key=lambda c: c.id))))
    return found


def manual_offered(screen: Screen, lang: str) -> bool:
    return any(b.text == t(lang, "button.manual") for row in screen.buttons for b in row)


def test_one_card_onto_the_partners_trick_is_a_discard_in_one_tap() -> None:
    state = build_table(HANDS, preset="kozel", trump="♥", turn=0)
    state, _ = apply(state, Action.lead(0, "9♠"))
    state, _ = apply(state, Action.discard(1, "6♠"))
    # Seat 2, seat 0's partner, answers seat 0's trick: 10♠ and K♠ could beat it.
    assert Action.beat(2, "10♠") in legal_actions(state, 2)
    screen = hand_view.hand(info_for(state, NAMES[:4]), "ru", view_for(state, 2))
    offered = plays(screen)
    assert offered and all(kind is Kind.DISCARD for kind, _ in offered)
    assert {cards for _, cards in offered} == {(c,) for c in parse_cards("10♠ K♠ 6♦ J♣")}
    assert manual_offered(screen, "ru")  # ⚔️ still reachable
    assert plain(t("ru", "hand.tap_partner")) in plain(screen.text)
    # Beating it by picking the card still works.
    picked = hand_view.hand(
        info_for(state, NAMES[:4]), "ru", view_for(state, 2), parse_cards("K♠"), manual=True
    )
    assert (Kind.BEAT, tuple(parse_cards("K♠"))) in plays(picked)


def test_one_card_onto_an_opponents_trick_still_beats_in_one_tap() -> None:
    state = build_table(HANDS, preset="kozel", trump="♥", turn=0)
    state, _ = apply(state, Action.lead(0, "9♠"))
    screen = hand_view.hand(info_for(state, NAMES[:4]), "ru", view_for(state, 1))
    assert (Kind.DISCARD, tuple(parse_cards("6♠"))) in plays(screen)  # 6♠ cannot beat
    state, _ = apply(state, Action.discard(1, "6♠"))
    state, _ = apply(state, Action.beat(2, "K♠"))
    # Now seat 2 owns it: seat 3, an opponent, is offered ⚔️A♠.
    screen = hand_view.hand(info_for(state, NAMES[:4]), "ru", view_for(state, 3))
    assert (Kind.BEAT, tuple(parse_cards("A♠"))) in plays(screen)
    assert plain(t("ru", "hand.tap_partner")) not in plain(screen.text)


def test_several_cards_onto_the_partners_trick_offer_the_cheapest_discard() -> None:
    hands = ("8♣ 9♣ 6♠ 7♠", "6♦ 7♦ 8♦ 9♦", "10♣ A♣ Q♠ 6♥", "J♠ K♠ 10♠ A♠")
    state = build_table(hands, preset="kozel", trump="♥", turn=0)
    state, _ = apply(state, Action.lead(0, "8♣ 9♣"))
    state, _ = apply(state, Action.discard(1, "6♦ 7♦"))
    assert Action.beat(2, "10♣ A♣") in legal_actions(state, 2)
    screen = hand_view.hand(info_for(state, NAMES[:4]), "en", view_for(state, 2))
    offered = plays(screen)
    assert [kind for kind, _ in offered] == [Kind.DISCARD]
    assert offered[0][1] == tuple(sorted(parse_cards("Q♠ 10♣"), key=lambda c: c.id))
    assert manual_offered(screen, "en")
