"""A player's private hand, without Telegram: only the viewer's cards, buttons
that follow the legal actions, one tap a move.

The states are every configuration's random matches (`render_support`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import pytest
from bot_harness import card_of_label
from engine_builders import table as build_table
from grammar import findings
from render_support import (
    CONFIG_IDS,
    CONFIGS,
    LANGS,
    NAMES,
    check_telegram_html,
    hidden_from,
    info_for,
    plain_of,
    playing,
    screen_cards,
)

from bot.view import callbacks, news
from bot.view import hand as hand_view
from bot.view.cards import card_text
from bot.view.i18n import LANGUAGES, plain, t
from bot.view.screen import Screen
from engine import (
    Action,
    Preset,
    RuleSet,
    TableView,
    apply,
    legal_actions,
    new_match,
    view_for,
)
from engine.actions import Kind
from engine.cards import DECK, Card

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


def declared(legal: Iterable[Action]) -> set[tuple[Kind, frozenset[Card]]]:
    """The one-button combinations: a 📣 each, but the leader's own that is a
    plain lead of its cards is offered as that lead (said once)."""
    legal = set(legal)
    return {
        (Kind.LEAD if Action(Kind.LEAD, a.seat, a.cards) in legal else a.kind, frozenset(a.cards))
        for a in legal
        if a.kind is Kind.DECLARE
    }


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
            one_tap = declared(legal)
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
    assert plain_of(t(lang, "hand.you_points_hidden", points=11, count=1)) in plain


@pytest.mark.parametrize("lang", LANGS)
def test_hand_of_an_out_of_turn_player_says_who_moves(lang: str) -> None:
    state = new_match(RuleSet.create("burkozel"), NAMES[:3], 11)
    assert state.deal is not None
    waiting = (state.deal.turn + 1) % 3
    plain = check_telegram_html(
        hand_view.hand(info_for(state, NAMES[:3]), lang, view_for(state, waiting))
    )
    assert NAMES[state.deal.turn] in plain


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


def partner_owns(view: TableView) -> bool:
    """Kozel: the trick is the viewer's partner's (seats opposite) and no
    opponent is still to play after the viewer (else it is not won yet)."""
    played = {play.seat for play in view.trick}
    to_come = [s for s in view.active if s not in played and s != view.viewer]
    return (
        view.rules.is_teams
        and view.owner is not None
        and view.owner != view.viewer
        and (view.owner - (view.viewer or 0)) % 2 == 0
        and all((s - (view.viewer or 0)) % 2 == 0 for s in to_come)
    )


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
            offered = kind_buttons(screen) - declared(legal)
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
                if partner_owns(view):  # kozel: discard onto the partner's trick
                    beats = set()
                assert {c for k, c in offered if k is Kind.BEAT} == beats
            else:
                kinds = {a.kind for a in moves}
                if partner_owns(view):
                    kinds = {Kind.DISCARD}
                assert {k for k, _ in offered} == kinds
            assert bool(picks) == (len(offered) < len(moves)), (offered, moves)
            quick_seen += 1
    assert quick_seen


# -- a hand that stands alone ---------------------------------------------------------------


@pytest.mark.parametrize(("preset", "count"), CONFIGS, ids=CONFIG_IDS)
def test_the_hand_shows_the_standing_and_the_points_the_group_sees(
    preset: Preset, count: int
) -> None:
    """Every side's penalties, the reader's as "you"; the deal's points of
    the others only where the group's live message shows them too."""
    from bot.view import render

    checked = 0
    for state in playing(preset, count)[::3]:
        info = info_for(state, NAMES[:count])
        group = plain_of(render.live(info, "ru", view_for(state, None)).text)
        group_points = next((ln for ln in group.splitlines() if ln.startswith("Очки")), "")
        for seat in range(count):
            view = view_for(state, seat)
            plain = check_telegram_html(hand_view.hand(info, "ru", view))
            lines = plain.splitlines()
            standing = next(line for line in lines if line.startswith("Штрафные"))
            assert "вы " in standing or "вы + " in standing, standing
            for side in range(len(view.rules.sides(count))):
                assert f" {view.penalties[side]}" in standing
            points = next((line for line in lines if line.startswith("Очки")), "")
            for other in view.active:
                if other == seat:
                    continue
                name = NAMES[other]
                shown = f"{name} {view.pile_points[other]}" in points
                in_group = f"{name} {view.pile_points[other]}" in group_points
                assert shown == (in_group and seat in view.active), (points, group_points)
                checked += shown
    if preset is Preset.BURKOZEL:
        assert checked


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_kozel_partner_is_marked(lang: str) -> None:
    state = playing(Preset.KOZEL, 4)[5]
    info = info_for(state, NAMES)
    for seat in range(4):
        plain = check_telegram_html(hand_view.hand(info, lang, view_for(state, seat)))
        partner = (seat + 2) % 4
        assert f"{NAMES[partner]} {hand_view.PARTNER_MARK}" in plain
        for other in ((seat + 1) % 4, (seat + 3) % 4):
            assert f"{NAMES[other]} {hand_view.PARTNER_MARK}" not in plain
        # The deal's record keeps the mark on the partner's tricks.
        record = hand_view.deal_record(info, lang, view_for(state, seat), [])
        partner_tricks = [r for r in view_for(state, seat).results if r.seat == partner]
        if partner_tricks:
            assert f"{NAMES[partner]} {hand_view.PARTNER_MARK}" in check_telegram_html(record)
    burkozel = playing(Preset.BURKOZEL, 4)[5]
    plain = hand_view.hand(info_for(burkozel, NAMES), lang, view_for(burkozel, 0)).text
    assert hand_view.PARTNER_MARK not in plain


@pytest.mark.parametrize("lang", LANGUAGES)
def test_your_own_plays_are_yours(lang: str) -> None:
    state = build_table(("7♠ 8♠ 9♣ 8♦", "6♠ K♥ Q♣ 10♦"), stock="A♣ A♠")
    state, _ = apply(state, Action.lead(0, "9♣"))
    info = info_for(state, NAMES[:2])
    mine = check_telegram_html(hand_view.hand(info, lang, view_for(state, 0)))
    cards = card_text(lang, Card.parse("9♣"))
    assert plain_of(t(lang, "hand.mine.lead", cards=cards)) in mine
    assert plain_of(t(lang, "play.lead", name=NAMES[0], cards=cards)) not in mine
    theirs = check_telegram_html(hand_view.hand(info, lang, view_for(state, 1)))
    assert plain_of(t(lang, "play.lead", name=NAMES[0], cards=cards)) in theirs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_player_who_is_out_watches(lang: str) -> None:
    found = 0
    for state in playing(Preset.BURA, 3):
        view_all = view_for(state, None)
        for seat in range(3):
            if seat in view_all.active:
                continue
            screen = hand_view.hand(info_for(state, NAMES[:3]), lang, view_for(state, seat))
            plain = check_telegram_html(screen)
            assert plain_of(t(lang, "hand.spectator")) in plain
            assert not screen.buttons
            assert plain_of(t(lang, "hand.cards", cards="—")) not in plain
            assert not any(
                line.startswith(plain_of(t(lang, "live.points", points="")))
                for line in plain.splitlines()
            )
            found += 1
    assert found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_says_where_the_trump_card_lies(lang: str) -> None:
    from bot.view import render

    shown = 0
    for state in playing(Preset.KOZEL, 4) + playing(Preset.BURKOZEL, 2):
        info = info_for(state, state.players)
        group = plain_of(render.live(info, lang, view_for(state, None)).text)
        for seat in range(len(state.players)):
            view = view_for(state, seat)
            plain = check_telegram_html(hand_view.hand(info, lang, view))
            card = card_text(lang, view.trump_card)
            for key in ("live.trump_hidden", "live.trump_bottom"):
                note = plain_of(t(lang, key, card=card))
                # As the group is told, unless the reader knows better (the
                # card in his hand, or his own face-down discard, seen).
                knows = view.trump_card in (*view.hand, *view.seen) or any(
                    view.trump_card in play.cards for play in view.trick
                )
                if note in group and not knows:
                    assert note in plain
                    shown += 1
                if view.trump_card in view.hand:
                    assert note not in plain
    assert shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_leaders_own_molodka_is_one_lead_button_not_a_declaration(lang: str) -> None:
    """players-review-2: on one's own turn bura's "📣 Молодка: 6♥️ К♥️ Т♥️"
    repeated a plain three-card lead. It is said once: a lead of the three."""
    state = build_table(("6♥ K♥ A♥", "7♣ 8♣ 9♠"), preset="bura", trump="♣", turn=0)
    molodka = Action.declare(0, "6♥ K♥ A♥")
    assert molodka in legal_actions(state, 0)
    screen = hand_view.hand(info_for(state, NAMES[:2]), lang, view_for(state, 0))
    check_telegram_html(screen)
    buttons = kind_buttons(screen)
    assert (Kind.LEAD, frozenset(molodka.cards)) in buttons
    assert not any(kind is Kind.DECLARE for kind, _ in buttons)
    labels = [b.text for row in screen.buttons for b in row]
    assert not any(label.startswith("📣") for label in labels)
    assert plain_of(t(lang, "hand.declare_hint")) not in plain_of(screen.text)
    # Out of turn the same hand still declares it, with its 📣.
    other = build_table(("7♣ 8♣ 9♠", "6♥ K♥ A♥"), preset="bura", trump="♣", turn=0)
    assert Action.declare(1, "6♥ K♥ A♥") in legal_actions(other, 1)
    off_turn = hand_view.hand(info_for(other, NAMES[:2]), lang, view_for(other, 1))
    assert (Kind.DECLARE, frozenset(molodka.cards)) in kind_buttons(off_turn)
