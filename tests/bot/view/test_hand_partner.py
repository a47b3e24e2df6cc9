"""Kozel: discarding onto the partner's trick is one tap (issue 59); beating
it stays one "✋ Pick cards" away, and an opponent's trick is beaten as before."""

from __future__ import annotations

from engine_builders import table as build_table
from render_support import NAMES, info_for

from bot.view import callbacks, render
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


# Seat 1 leads, seat 2 beats, seat 3 discards: seat 0, seat 2's partner, plays last.
LAST = ("K♠ 6♣ 7♣ 8♣", "6♠ 7♦ 8♦ 9♦", "10♠ 9♠ 6♦ J♣", "A♠ Q♦ 10♦ J♦")


def test_one_card_onto_the_partners_trick_is_a_discard_in_one_tap() -> None:
    state = build_table(LAST, preset="kozel", trump="♥", turn=1)
    state, _ = apply(state, Action.lead(1, "6♠"))
    state, _ = apply(state, Action.beat(2, "9♠"))
    state, _ = apply(state, Action.discard(3, "J♦"))
    # Seat 0 answers its partner's trick, nobody after it: K♠ could beat it.
    assert Action.beat(0, "K♠") in legal_actions(state, 0)
    screen = hand_view.hand(info_for(state, NAMES[:4]), "ru", view_for(state, 0))
    offered = plays(screen)
    assert offered and all(kind is Kind.DISCARD for kind, _ in offered)
    assert {cards for _, cards in offered} == {(c,) for c in parse_cards("K♠ 6♣ 7♣ 8♣")}
    assert manual_offered(screen, "ru")  # ⚔️ still reachable
    assert plain(t("ru", "hand.tap_partner")) in plain(screen.text)
    # Beating it by picking the card still works.
    picked = hand_view.hand(
        info_for(state, NAMES[:4]), "ru", view_for(state, 0), parse_cards("K♠"), manual=True
    )
    assert (Kind.BEAT, tuple(parse_cards("K♠"))) in plays(picked)


def test_no_partner_hint_while_an_opponent_is_still_to_play() -> None:
    """Seat 2 answers its partner's lead with seat 3, an opponent, still to
    come: the trick is not won, so ⚔️ is offered and there is no hint to feed
    the partner (a trump ace discarded there was the opponent's to take)."""
    state = build_table(HANDS, preset="kozel", trump="♥", turn=0)
    state, _ = apply(state, Action.lead(0, "9♠"))
    state, _ = apply(state, Action.discard(1, "6♠"))
    screen = hand_view.hand(info_for(state, NAMES[:4]), "ru", view_for(state, 2))
    offered = plays(screen)
    assert (Kind.BEAT, tuple(parse_cards("K♠"))) in offered
    assert (Kind.BEAT, tuple(parse_cards("10♠"))) in offered
    assert plain(t("ru", "hand.tap_partner")) not in plain(screen.text)


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
    hands = ("6♥ 7♥ Q♠ 6♠", "8♣ 9♣ 6♦ 7♦", "10♣ A♣ 9♠ 8♠", "J♠ K♠ 10♠ A♠")
    state = build_table(hands, preset="kozel", trump="♥", turn=1)
    state, _ = apply(state, Action.lead(1, "8♣ 9♣"))
    state, _ = apply(state, Action.beat(2, "10♣ A♣"))
    state, _ = apply(state, Action.discard(3, "J♠ K♠"))
    assert Action.beat(0, "6♥ 7♥") in legal_actions(state, 0)
    screen = hand_view.hand(info_for(state, NAMES[:4]), "en", view_for(state, 0))
    offered = plays(screen)
    assert [kind for kind, _ in offered] == [Kind.DISCARD]
    assert offered[0][1] == tuple(sorted(parse_cards("Q♠ 6♠"), key=lambda c: c.id))
    assert manual_offered(screen, "en")


def test_the_groups_live_message_marks_each_kozel_team() -> None:
    """players-review-2 §1.3: "Берёт 🤖 Михалыч (10♣️★)" did not say whose
    side took the trick. In the group every name carries its team's mark
    (the lobby's team A: seats 0 and 2), the penalties list each team once."""
    state = build_table(LAST, preset="kozel", trump="♥", turn=1)
    for action in (
        Action.lead(1, "6♠"),
        Action.beat(2, "9♠"),
        Action.discard(3, "J♦"),
        Action.discard(0, "K♠"),
    ):
        state, _ = apply(state, action)
    names = NAMES[:4]
    for lang in ("ru", "be", "uk", "en"):
        text = plain(render.live(info_for(state, names), lang, view_for(state, None)).text)
        a, b = render.TEAM_MARKS
        assert f"{a} {names[0]} + {names[2]} 0 · {b} {names[1]} + {names[3]} 0" in text
        trick = next(line for line in text.splitlines() if line.startswith("✅ 1."))
        assert f"{names[2]} {a}" in trick and names[1] not in trick  # seat 2 took it
        assert f"{names[1]} {b} 6♠️" in text  # the trick as played
        assert f"{names[0]} + {names[2]} 0" not in plain(
            hand_view.hand(info_for(state, names), lang, view_for(state, 0)).text
        )  # the hand says "you" and 🤝 instead


def test_other_games_have_no_team_marks() -> None:
    state = build_table(LAST[:2], preset="burkozel", trump="♥", turn=0)
    text = render.live(info_for(state, NAMES[:2]), "ru", view_for(state, None)).text
    assert not any(mark in text for mark in render.TEAM_MARKS)
