"""Nothing a seat is offered or shown depends on cards it cannot see (docs/RULES.md 5,
second edition; issue 14).

The property: take any position and any seat, exchange the cards that seat
cannot see among the places it cannot see (other hands, the stock, other
players' face-down discards), and `legal_actions` and `view_for` for that seat
stay exactly the same.
"""

from __future__ import annotations

import random

from engine_builders import table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import SETUPS, matches

from engine import Action, MatchState, RuleSet, apply, legal_actions, new_match, view_for
from engine.cards import Card, parse_cards
from engine.game import active_seats
from engine.state import Deal, Play, Trick


def hidden_cards(state: MatchState, viewer: int) -> list[Card]:
    """The cards `viewer` cannot see, wherever they lie. The trump card's
    identity is public (and at the bottom of the stock, so is its place)."""
    deal = state.deal
    assert deal is not None
    cards = [c for seat, hand in enumerate(deal.hands) if seat != viewer for c in hand]
    cards += deal.stock
    cards += [c for seat, down in enumerate(deal.face_down) if seat != viewer for c in down]
    return sorted({c for c in cards if c != deal.trump_card}, key=lambda c: c.id)


def exchange(state: MatchState, mapping: dict[Card, Card]) -> MatchState:
    """The same position with every card renamed by `mapping` wherever it lies."""
    deal = state.deal
    assert deal is not None

    def swap(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(mapping.get(card, card) for card in cards)

    trick = deal.trick
    if trick is not None:
        trick = Trick(
            trick.origin,
            trick.leader,
            tuple(Play(p.seat, p.kind, swap(p.cards), p.face_down) for p in trick.plays),
            trick.owner,
            swap(trick.owner_cards),
            trick.combination,
        )
    changed: Deal = deal._replace(
        hands=tuple(tuple(sorted(swap(hand), key=lambda c: c.id)) for hand in deal.hands),
        stock=swap(deal.stock),
        piles=tuple(swap(pile) for pile in deal.piles),
        face_down=tuple(swap(down) for down in deal.face_down),
        trick=trick,
        history=tuple(
            tuple(Play(p.seat, p.kind, swap(p.cards), p.face_down) for p in plays)
            for plays in deal.history
        ),
    )
    return state._replace(deal=changed)


def assert_same_for(state: MatchState, other: MatchState, viewer: int) -> None:
    assert legal_actions(other, viewer) == legal_actions(state, viewer)
    assert view_for(other, viewer) == view_for(state, viewer)


def played_position(rules: RuleSet, players: int, seed: int, steps: int) -> MatchState:
    """A position reached by random legal moves, out-of-turn declarations included."""
    state = new_match(rules, [f"p{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        assert state.deal is not None
        pool = [a for s in active_seats(state) for a in legal_actions(state, s)]
        declarations = [a for a in pool if a.kind == "declare"]
        if declarations and rng.random() < 0.5:
            action = rng.choice(declarations)
        else:
            action = rng.choice(legal_actions(state, state.deal.turn))
        state, _ = apply(state, action)
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches(), st.integers(0, 120), st.data())
def test_hidden_cards_change_nothing_offered_or_shown(
    setup: tuple[RuleSet, int, int], steps: int, data: st.DataObject
) -> None:
    rules, players, seed = setup
    state = played_position(rules, players, seed, steps)
    if state.deal is None:
        return
    viewer = data.draw(st.sampled_from(active_seats(state)))
    hidden = hidden_cards(state, viewer)
    for _ in range(3):
        order = data.draw(st.permutations(hidden))
        exchanged = exchange(state, dict(zip(hidden, order, strict=True)))
        assert_same_for(state, exchanged, viewer)


def test_every_setup_with_many_exchanges() -> None:
    """A broader sweep than hypothesis's examples: every setup, many positions."""
    rng = random.Random(14)
    for preset, players in SETUPS:
        for options in ({}, {"closed_discard": "on"}):
            rules = RuleSet.create(preset, options)
            for seed in range(6):
                state = played_position(rules, players, seed, rng.randrange(0, 80))
                if state.deal is None:
                    continue
                for viewer in active_seats(state):
                    hidden = hidden_cards(state, viewer)
                    for _ in range(4):
                        order = rng.sample(hidden, len(hidden))
                        mapping = dict(zip(hidden, order, strict=True))
                        assert_same_for(state, exchange(state, mapping), viewer)


def test_issue_example_molodka_offered_whatever_the_leader_holds() -> None:
    """Issue 14: seat 3's 6♥ 8♥ K♥ stopped being offered when the rightful
    leader's hidden hand became K♠ Q♠ 8♠."""
    hands = ("7♣ 9♣ 8♦", "K♠ Q♠ 8♠", "J♦ A♣ 10♦", "6♥ 8♥ K♥")
    state = table(hands, preset="bura", trump="♦", turn=0, stock="6♣ 7♠ Q♣", trump_card="Q♣")
    mapping = dict(
        zip(parse_cards("7♣ 9♣ 8♦ K♠ Q♠ 8♠"), parse_cards("K♠ Q♠ 8♠ 7♣ 9♣ 8♦"), strict=True)
    )
    swapped = exchange(state, mapping)
    assert swapped.deal is not None and swapped.deal.hands[0] == parse_cards("8♠ Q♠ K♠")
    declare = Action.declare(3, "6♥ 8♥ K♥")
    assert declare in legal_actions(state, 3)
    assert_same_for(state, swapped, 3)


def test_show_own_points_counts_only_seen_cards() -> None:
    """Bura's show_own_points: a face-down discard in one's own pile is not
    counted (its owner never saw it), only how many such cards there are."""
    rules = {"show_own_points": "on"}
    state = table(("A♠ 7♣", "6♠ K♦"), preset="bura", trump="♥", options=rules, stock="")
    led, _ = apply(state, Action.lead(0, "A♠"))
    taken, _ = apply(led, Action.discard(1, "K♦"))
    view = view_for(taken, 0)
    assert view.pile_points[0] == 11
    assert view.pile_hidden[0] == 1
    assert view_for(taken, 1).pile_points[0] is None
