"""What `hard` reads from the table about cards it cannot see (issue 14).

Every fact comes from the seat's own views; the worlds it searches must
respect them."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest
from engine_builders import table

from engine import Action
from engine.ai.search.determinize import DealTracker, knowledge_of
from engine.ai.search.shortages import lack_mask
from engine.ai.search.worlds import sample_state
from engine.cards import DECK, Card, Suit, format_cards, parse_cards
from engine.game import apply, new_match
from engine.rules import RuleSet
from engine.state import MatchState
from engine.view import view_for


def _rest(used: str) -> str:
    taken = set(parse_cards(used))
    return format_cards(tuple(card for card in DECK if card not in taken))


def test_a_discard_before_this_seat_says_what_that_player_lacks() -> None:
    """Three-player burkozel: seat 1 throws a card on seat 0's 9♠ instead
    of beating it for free, so seat 2's worlds give seat 1 no higher spade."""
    hands = ["9♠ 6♣ 7♣ 8♣", "6♦ 7♦ 8♦ 9♦", "6♥ 7♥ 8♥ 9♥"]
    stock = _rest(" ".join(hands))
    state = table(hands, trump="♥", stock=stock, tricks_played=0)
    state, _ = apply(state, Action.make("lead", 0, "9♠"))
    state, _ = apply(state, Action.make("discard", 1, "6♦"))
    view = view_for(state, 2)
    memory = DealTracker().observe(view)
    assert memory is not None
    knowledge = knowledge_of(view, memory)
    higher = {card for card in DECK if card.suit == Suit.parse("♠") and card.rank > 3}
    # (Seat 0's lead says things about seat 0: tests/engine/ai/test_ai_leads.py.)
    assert [(seat, mask) for seat, mask, _ in knowledge.shortages if seat == 1] == [
        (1, lack_mask(Card.parse("9♠"), Suit.parse("♥"), 0))
    ]
    rng = random.Random(5)
    given = 0
    for _ in range(50):
        world = sample_state(view, knowledge, rng)
        assert world.deal is not None
        given += len(set(world.deal.hands[1]) & higher)
    # Without the inference seat 1's 3 cards would hold about 2 of the 5
    # higher spades in 3 worlds out of 10; with it only the slack's worlds do.
    assert given <= 25


def test_a_trick_this_seat_took_says_what_the_later_players_lacked() -> None:
    """Seat 0 leads K♠ (4 points) and takes the trick: seats 1 and 2 threw
    cards on it, so neither held 10♠, A♠ or a trump."""
    hands = ["K♠ 6♣ 7♣ 8♣", "6♦ 7♦ 8♦ 9♦", "J♦ Q♦ 6♠ 7♠"]
    stock = _rest(" ".join(hands))
    state = table(hands, trump="♥", stock=stock, tricks_played=0)
    tracker = DealTracker()
    tracker.observe(view_for(state, 0))
    tracker.note_lead(view_for(state, 0), 1, parse_cards("K♠"))
    state, _ = apply(state, Action.make("lead", 0, "K♠"))
    state, _ = apply(state, Action.make("discard", 1, "6♦"))
    state, _ = apply(state, Action.make("discard", 2, "6♠"))
    memory = tracker.observe(view_for(state, 0))
    assert memory is not None
    lacked = lack_mask(Card.parse("K♠"), Suit.parse("♥"), 4)
    # Each drew one card after the trick: one lacked card may have come back.
    assert sorted(memory.shortages) == [(1, lacked, 1), (2, lacked, 1)]
    assert lacked >> Card.parse("A♥").id & 1 and lacked >> Card.parse("10♠").id & 1


def test_the_shown_middle_trump_stays_in_the_stock_at_first() -> None:
    """Kozel, trump_card=middle: the shown card lies somewhere in the stock
    (neither first nor last), so before anybody drew, no world deals it to a
    hand, and none makes it the stock's last card."""
    rules = RuleSet.create("kozel", {})
    assert rules.trump_card == "middle"
    state = new_match(rules, ("a", "b", "c", "d"), 11)
    deal = state.deal
    assert deal is not None and deal.trump_hidden
    seat = next(s for s in range(4) if deal.trump_card not in deal.hands[s])
    view = view_for(state, seat)
    knowledge = knowledge_of(view)
    rng = random.Random(1)
    for _ in range(40):
        world = sample_state(view, knowledge, rng)
        assert world.deal is not None
        stock = world.deal.stock
        assert deal.trump_card in stock[:-1]


def test_face_down_discards_are_dealt_as_cheap_cards() -> None:
    """Kozel (closed discards): the cards thrown face down into the piles
    are mostly cheap, so the worlds deal them so (about 1.7 points a card,
    not the 3.3 of a uniform deal)."""
    from engine.ai import make_player, next_actor

    rules = RuleSet.create("kozel", {})
    players = {seat: make_player("easy", seat) for seat in range(4)}
    state = new_match(rules, ("a", "b", "c", "d"), 5)
    view = None
    while state.deal is not None:
        candidate = view_for(state, 0)
        if state.deal.turn == 0 and sum(candidate.pile_hidden) >= 4:
            view = candidate
            break
        chosen = next_actor(state, players)
        assert chosen is not None
        state, _ = apply(state, chosen[1])
    assert view is not None
    knowledge = knowledge_of(view)
    rng = random.Random(4)
    dealt: list[Card] = []
    for _ in range(200):
        world = sample_state(view, knowledge, rng)
        assert world.deal is not None
        for seat, cards in enumerate(world.deal.face_down):
            if seat != 0:
                dealt.extend(cards)
    uniform = sum(card.points for card in knowledge.unseen) / len(knowledge.unseen)
    assert sum(card.points for card in dealt) / len(dealt) < 0.75 * uniform


def test_kozel_search_leans_on_the_greedy_rules() -> None:
    """In kozel the rules of thumb the search must beat are the greedy
    player's (they play kozel better than normal's); elsewhere normal's.
    The position: kozel, seed 0, two plays into the first trick, where the
    two disagree (greedy beats with K♦, normal throws 7♥)."""
    from engine.ai import make_player, next_actor
    from engine.ai.players.easy import EasyPlayer
    from engine.ai.players.hard import HardPlayer
    from engine.ai.players.normal import NormalPlayer
    from engine.ai.tuning import ADVISORS

    state = new_match(RuleSet.create("kozel", {}), ("a", "b", "c", "d"), 0)
    players = {seat: make_player("easy", seat) for seat in range(4)}
    for _ in range(2):
        chosen = next_actor(state, players)
        assert chosen is not None
        state, _ = apply(state, chosen[1])
    assert state.deal is not None
    view = view_for(state, state.deal.turn)
    greedy, normal = EasyPlayer(1).choose(view), NormalPlayer(1).choose(view)
    assert greedy != normal
    advice, z = HardPlayer(1).advice(view)
    assert advice == greedy and z == ADVISORS["kozel"][1]
    burkozel = dataclasses.replace(view, rules=RuleSet.create("burkozel", {}, players=4))
    assert HardPlayer(1).advice(burkozel)[0] == NormalPlayer(1).choose(burkozel)


def test_a_seat_marked_for_casual_leads_leads_as_the_easy_player() -> None:
    """Kozel, trump ♥, every heart gone: the careful policy cashes A♠ (no
    card still out beats it); a seat whose playout leads are casual
    leads the point-free 6♣ first, as the easy player does."""
    from engine.ai.playout.easy_rules import easy_lead
    from engine.ai.playout.memory import PlayoutMemory
    from engine.ai.playout.policy import RolloutPolicy

    rules = RuleSet.create("kozel", {})
    hearts = Suit.parse("♥")
    hand = tuple(parse_cards("A♠ 6♣"))
    gone = 0
    for card in DECK:
        if card.suit == hearts:
            gone |= 1 << card.id
    policy = RolloutPolicy(0.0)
    rng = random.Random(0)
    careful = PlayoutMemory([0] * 4, gone, 4, True)
    marked = PlayoutMemory([0] * 4, gone, 4, True, casual_leads=0b0101)
    assert policy.lead(rules, 0, hand, hearts, 6, True, rng, careful).cards == parse_cards("A♠")
    led = policy.lead(rules, 0, hand, hearts, 6, True, rng, marked)
    assert led.cards == parse_cards("6♣") == easy_lead(hand, hearts, 2)
    # Only the marked seats: seat 1 still leads as the careful policy.
    assert policy.lead(rules, 1, hand, hearts, 6, True, rng, marked).cards == parse_cards("A♠")
    assert marked.copy().casual_leads == 0b0101


def _playout_lead_masks(
    preset: str, own_casual_leads: bool | None = None
) -> tuple[int, set[tuple[int, int]]]:
    """The seat on turn early in the second trick of an easy-played match,
    and the `casual_leads` and `casual` of every playout memory its search
    made."""
    from engine.ai import make_player, next_actor
    from engine.ai.players import hard as hard_module
    from engine.ai.playout.memory import PlayoutMemory
    from engine.ai.playout.rollout import memory_for as real

    players = 4 if preset == "kozel" else 3
    state = new_match(RuleSet.create(preset, {}), tuple("abcd"[:players]), 3)
    easy = {seat: make_player("easy", seat) for seat in range(players)}
    for _ in range(players + 1):
        chosen = next_actor(state, easy)
        assert chosen is not None
        state, _ = apply(state, chosen[1])
    assert state.deal is not None
    seat = state.deal.turn
    view = view_for(state, seat)
    made: list[PlayoutMemory] = []

    def recording(world: MatchState, seen: Sequence[int]) -> PlayoutMemory:
        memory = real(world, seen)
        made.append(memory)
        return memory

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hard_module, "memory_for", recording)
        player = hard_module.HardPlayer(seat, playouts=40, own_casual_leads=own_casual_leads)
        candidates = [action for action in view.legal if action.seat == seat][:3]
        assert len(candidates) > 1
        player.search(view, knowledge_of(view), candidates)
    assert made, "the search ran no playouts"
    return seat, {(memory.casual_leads, memory.casual) for memory in made}


def test_kozel_search_imagines_its_own_side_leading_casually() -> None:
    """Hard's kozel playouts let the seat and its partner lead as the rules
    of thumb do (`OWN_CASUAL_LEADS`), and nobody else; in other games, or
    with the option off, nobody."""
    seat, masks = _playout_lead_masks("kozel")
    assert {leads for leads, _ in masks} == {0b0101 << (seat % 2)}
    assert {leads for leads, _ in _playout_lead_masks("kozel", own_casual_leads=False)[1]} == {0}
    assert {leads for leads, _ in _playout_lead_masks("burkozel")[1]} == {0}
    seat, masks = _playout_lead_masks("burkozel", own_casual_leads=True)
    assert {leads for leads, _ in masks} == {1 << seat}
