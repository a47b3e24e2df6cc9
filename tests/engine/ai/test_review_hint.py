"""Hints in practice (issue 66): the hard player's move, and why, as codes.

The move is the hard player's own for the view; the reason is read from the
view by rules a player says out loud, and names only cards the seat can
place: in its hand, on the table, or still out (not seen played).
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine_builders import table
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Action, Kind, MatchState, RuleSet, apply, new_match
from engine.ai.players.easy import EasyPlayer
from engine.ai.players.hard import HardPlayer
from engine.ai.review import Coach, ReasonKind, hint, reason_for
from engine.ai.review.hint import still_out
from engine.cards import DECK, format_cards, parse_cards
from engine.view import TableView, view_for


def _position(hands: list[str], moves: list[tuple[str, int, str]], **options: object) -> MatchState:
    """A deal in progress: the hands, then `moves`; the rest of the deck in
    the piles, face up, except for `stock` (options)."""
    stock = str(options.pop("stock", ""))
    used = set(parse_cards(" ".join([*hands, stock])))
    rest = [card for card in DECK if card not in used]
    n = len(hands)
    piles = [format_cards(rest[seat::n]) for seat in range(n)]
    state = table(hands, stock=stock, piles=piles, **options)  # type: ignore[arg-type]
    for kind, seat, cards in moves:
        state, _ = apply(state, Action.make(kind, seat, cards))
    return state


def _reason(state: MatchState, kind: str, seat: int, cards: str) -> tuple[ReasonKind, str]:
    view = view_for(state, seat)
    action = Action.make(kind, seat, cards)
    assert action in view.legal
    reason = reason_for(view, action)
    return reason.kind, format_cards(reason.cards)


def test_a_beat_that_takes_an_ace_is_taking_points() -> None:
    state = _position(["A♠ 8♣ 9♠ J♣", "6♥ 7♣ 8♦ 9♦"], [("lead", 0, "A♠")])
    assert _reason(state, "beat", 1, "6♥") == (ReasonKind.TAKE_POINTS, "A♠")


def test_a_discard_on_a_card_nothing_beats_says_so() -> None:
    state = _position(["6♠ 8♣ J♣ Q♦", "A♣ 7♦ 8♦ 9♣"], [("lead", 0, "6♠")])
    assert _reason(state, "discard", 1, "7♦") == (ReasonKind.CANNOT_BEAT, "6♠")


def test_a_discard_rather_than_a_small_trump_names_the_trump_ace_still_out() -> None:
    """Discard the 7♣: the ace of trumps is still out (in the stock or a hand)."""
    state = _position(["6♠ 8♣ J♦ Q♦", "6♥ 7♣ 8♦ 9♦"], [("lead", 0, "6♠")], stock="A♥ 10♥ 7♠ 8♠")
    assert _reason(state, "discard", 1, "7♣") == (ReasonKind.TRUMP_STILL_OUT, "A♥")


def test_a_discard_rather_than_a_high_card_keeps_the_high_card() -> None:
    state = _position(["6♠ 8♣ J♦ Q♦", "K♠ 7♣ 8♦ 9♦"], [("lead", 0, "6♠")])
    assert _reason(state, "discard", 1, "7♣") == (ReasonKind.KEEP_HIGH_CARD, "K♠")


def test_the_cheapest_beat_names_the_dearer_card_kept() -> None:
    state = _position(["6♠ 8♣ J♦ Q♦", "7♠ 10♠ 8♦ 9♦"], [("lead", 0, "6♠")])
    assert _reason(state, "beat", 1, "7♠") == (ReasonKind.CHEAPEST_BEAT, "10♠")
    assert _reason(state, "beat", 1, "10♠") == (ReasonKind.TAKE_LEAD, "6♠")


def test_kozel_a_discard_on_the_partners_trick_follows_the_partner() -> None:
    state = _position(
        ["A♠ 7♣ J♦ Q♦", "6♣ 9♣ 10♣ K♦", "8♣ J♣ Q♣ K♣", "6♥ 8♦ 9♦ 7♠"],
        [("lead", 0, "A♠"), ("discard", 1, "6♣")],
        preset="kozel",
    )
    assert _reason(state, "discard", 2, "8♣") == (ReasonKind.FOLLOW_PARTNER, "A♠")


def test_leads_a_sure_winner_or_a_low_card() -> None:
    """With every trump and the higher spades played, the A♠ cannot be beaten."""
    state = _position(["A♠ 6♣ 7♣ 8♦", "6♦ 7♦ 9♦ J♦"], [])
    assert _reason(state, "lead", 0, "A♠") == (ReasonKind.SURE_WINNER, "A♠")
    out = _position(["A♠ 6♣ 7♣ 8♦", "6♦ 7♦ 9♦ 6♥"], [])
    assert _reason(out, "lead", 0, "6♣") == (ReasonKind.LEAD_LOW, "6♣")
    assert _reason(out, "lead", 0, "A♠")[0] is ReasonKind.BEST_ON_AVERAGE


def test_claims_combinations_and_letting_a_window_pass() -> None:
    view = view_for(_position(["A♠ 6♣ 7♣ 8♦", "6♦ 7♦ 9♦ J♦"], []), 0)
    assert reason_for(view, Action.claim(0)).kind is ReasonKind.CLAIM
    declare = Action.make("declare", 0, "6♣ 7♣")
    assert reason_for(view, declare).kind is ReasonKind.COMBINATION
    assert reason_for(view, None).kind is ReasonKind.HOLD


def _turns(seed: int) -> list[tuple[TableView, Action]]:
    """The first 12 moves of a two-player burkozel match of easy players, with
    the view each was made from."""
    rules = RuleSet.create("burkozel", {}, players=2)
    state = new_match(rules, ["A", "B"], seed)
    easy = [EasyPlayer(seed), EasyPlayer(seed + 1)]
    turns = []
    for _ in range(12):
        assert state.deal is not None
        turn = state.deal.turn
        view = view_for(state, turn)
        action = easy[turn].choose(view)
        assert action is not None
        turns.append((view, action))
        state, _ = apply(state, action)
    return turns


def _turn_views(seed: int) -> list[TableView]:
    return [view for view, _ in _turns(seed)]


def test_the_hint_is_the_hard_players_move() -> None:
    for view in _turn_views(4)[2:6]:
        given_hint = hint(view, seed=9, playouts=120)
        assert given_hint is not None
        assert given_hint.action == HardPlayer(9, playouts=120).choose(view)
        assert given_hint.reason == reason_for(view, given_hint.action)


def test_no_hint_off_turn_and_a_coach_is_not_changed_by_one() -> None:
    views = _turn_views(5)
    view = views[3]
    assert view.viewer is not None
    assert hint(view_for_other(view), seed=1) is None
    coach = Coach(2)
    coach.look(view)
    before = repr(coach.player.tracker._memory)
    first = hint(view, seed=2, playouts=80, coach=coach)
    assert repr(coach.player.tracker._memory) == before
    assert first == hint(view, seed=2, playouts=80, coach=coach)


def view_for_other(view: TableView) -> TableView:
    """The same position with nothing for the seat to do."""
    return replace(view, legal=())


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=5000), st.integers(min_value=0, max_value=11))
def test_every_reason_fits_its_move_and_names_only_cards_the_seat_can_place(
    seed: int, index: int
) -> None:
    view = _turn_views(seed)[index]
    table_cards = {card for play in view.trick for card in play.cards if card is not None}
    placeable = set(view.hand) | table_cards | set(still_out(view))
    fits = {
        Kind.LEAD: {ReasonKind.SURE_WINNER, ReasonKind.LEAD_LOW, ReasonKind.BEST_ON_AVERAGE},
        Kind.BEAT: {ReasonKind.TAKE_POINTS, ReasonKind.CHEAPEST_BEAT, ReasonKind.TAKE_LEAD},
        Kind.DISCARD: {
            ReasonKind.FOLLOW_PARTNER,
            ReasonKind.CANNOT_BEAT,
            ReasonKind.TRUMP_STILL_OUT,
            ReasonKind.KEEP_HIGH_CARD,
        },
        Kind.DECLARE: {ReasonKind.COMBINATION},
        Kind.CLAIM: {ReasonKind.CLAIM},
    }
    rng = random.Random(seed)
    for action in rng.sample(list(view.legal), min(6, len(view.legal))):
        reason = reason_for(view, action)
        assert reason.kind in fits[action.kind], (action, reason)
        assert set(reason.cards) <= placeable
        if reason.kind is ReasonKind.TRUMP_STILL_OUT:
            assert all(c.suit == view.trump and c not in view.seen for c in reason.cards)


def test_a_coach_that_followed_the_deal_gives_a_legal_hint_from_its_memory() -> None:
    turns = _turns(6)
    coach = Coach(3)
    for view, action in turns[:7]:
        if view.viewer == 0:
            coach.follow(view, action)
    view = next(v for v, _ in turns[7:] if v.viewer == 0)
    given_hint = hint(view, seed=3, playouts=80, coach=coach)
    assert given_hint is not None
    assert given_hint.action in view.legal
