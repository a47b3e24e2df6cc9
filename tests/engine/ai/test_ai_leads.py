"""What a lead says about the leader's hand (`engine.ai.search.shortages.lead_facts`).

Players lead point-free plain cards first (the largest group of one suit,
lowest first) and trumps last; `hard` reads that from the trick on the table."""

from __future__ import annotations

import random

import pytest
from engine_builders import table

from engine import Action
from engine.ai import make_player, next_actor
from engine.ai.search.determinize import DealTracker, knowledge_of
from engine.ai.search.shortages import fits, from_trick, lead_facts
from engine.ai.search.worlds import sample_state
from engine.cards import DECK, Suit, format_cards, parse_cards
from engine.game import apply, new_match
from engine.rules import RuleSet
from engine.view import view_for

HEARTS = Suit.parse("♥")


def _rest(used: str) -> str:
    taken = set(parse_cards(used))
    return format_cards(tuple(card for card in DECK if card not in taken))


def _mask(cards: str) -> int:
    mask = 0
    for card in parse_cards(cards):
        mask |= 1 << card.id
    return mask


def _facts_after_lead(hands: list[str], lead: str) -> list[tuple[int, int, int]]:
    """Seat 0 leads `lead` (three-player burkozel, trumps ♥); seat 1's facts about seat 0."""
    stock = _rest(" ".join(hands))
    state = table(hands, trump="♥", stock=stock, tricks_played=1)
    state, _ = apply(state, Action.make("lead", 0, lead))
    return [fact for fact in from_trick(view_for(state, 1), 1) if fact[0] == 0]


def test_a_point_card_led_means_no_point_free_plain_card() -> None:
    """Seat 0 leads K♠ while seat 1 holds A♠ that beats it (so it was no
    sure cash): seat 0 held no 6-9 of a plain suit, and seat 1's worlds
    give it none (but for the slack's worlds)."""
    hands = ["K♠ J♣ Q♦ A♥", "A♠ 6♦ 7♦ 8♦", "6♥ 7♥ 8♥ 9♥"]
    facts = _facts_after_lead(hands, "K♠")
    zero_plain = {card for card in DECK if card.suit != HEARTS and not card.points}
    assert len(facts) == 1
    seat, mask, allowed = facts[0]
    assert (seat, allowed) == (0, 0)
    assert {card for card in DECK if mask >> card.id & 1} == zero_plain

    stock = _rest(" ".join(hands))
    state = table(hands, trump="♥", stock=stock, tricks_played=1)
    state, _ = apply(state, Action.make("lead", 0, "K♠"))
    view = view_for(state, 1)
    memory = DealTracker().observe(view)
    knowledge = knowledge_of(view, memory)
    rng = random.Random(3)
    broken = 0
    for _ in range(100):
        world = sample_state(view, knowledge, rng)
        assert world.deal is not None
        broken += any(card in zero_plain for card in world.deal.hands[0])
    # Uniformly, 3 cards from ~25 unseen (12 of them point-free plain) would
    # almost always hold one; the slack leaves a fifth of the worlds free.
    assert broken <= 35


def test_a_lead_nobody_else_can_beat_says_nothing() -> None:
    """A♠ with no trump or higher spade in seat 1's hand or on the table:
    the leader may have known it was safe (cashing), so nothing is read."""
    assert _facts_after_lead(["A♠ 6♣ 7♣ 8♥", "6♦ 7♦ 8♦ 9♦", "6♥ 7♥ 9♥ 10♥"], "A♠") == []


def test_a_trump_led_means_no_plain_card() -> None:
    facts = _facts_after_lead(["6♥ 7♥ A♥ K♥", "6♦ 7♦ 8♦ 9♦", "J♠ Q♠ K♠ 10♠"], "6♥")
    plain = {card for card in DECK if card.suit != HEARTS}
    assert [(seat, allowed) for seat, _, allowed in facts] == [(0, 0)]
    assert {card for card in DECK if facts[0][1] >> card.id & 1} == plain


@pytest.mark.parametrize(
    ("hand", "consistent"),
    [
        ("8♣ 9♦ J♠ A♥", True),  # the lowest point-free plain card, one of each suit
        ("8♣ 8♦ J♠ A♥", True),  # an equal rank elsewhere: either could go first
        ("8♣ 6♦ J♠ A♥", False),  # 6♦ is lower: it would have been led
        ("8♣ 9♣ J♠ A♥", False),  # 8♣ 9♣ would have been led together
        ("8♣ 8♦ 9♦ A♥", False),  # 8♦ 9♦: a larger group
    ],
)
def test_a_single_point_free_card_led(hand: str, consistent: bool) -> None:
    """8♣ led alone (up to 4 cards allowed): the leader had no lower
    point-free plain card and no two point-free cards of one plain suit."""
    facts = lead_facts(parse_cards("8♣"), HEARTS, own=0, stock_empty=False, limit=4)
    shortages = [(0, mask, allowed) for mask, allowed in facts]
    assert fits([parse_cards(hand)], shortages) is consistent


def test_a_full_lead_says_nothing_of_group_sizes() -> None:
    """Three point-free clubs when three is the most one may lead: a larger
    group elsewhere would have been cut to three too."""
    facts = lead_facts(parse_cards("6♣ 7♣ 8♣"), HEARTS, own=0, stock_empty=False, limit=3)
    assert fits([parse_cards("6♣ 7♣ 8♣ 6♦ 7♦ 8♦ 9♦")], [(0, m, a) for m, a in facts])
    facts = lead_facts(parse_cards("6♣ 7♣"), HEARTS, own=0, stock_empty=False, limit=3)
    assert not fits([parse_cards("6♣ 7♣ 6♦ 7♦ 8♦")], [(0, m, a) for m, a in facts])


@pytest.mark.parametrize(
    ("preset", "players", "level"),
    [
        ("bura", 2, "normal"),
        ("bura", 2, "easy"),
        ("burkozel", 3, "easy"),
        ("burkozel", 3, "normal"),
        ("kozel", 4, "easy"),
    ],
)
def test_what_leads_say_is_true_of_the_rules_of_thumb(
    preset: str, players: int, level: str
) -> None:
    """Against the real hands: every fact read from a lead by the rules of
    thumb holds (over 25 deals; hundreds of facts)."""
    rules = RuleSet.create(preset, {})
    facts = false = 0
    for number in range(25):
        state = new_match(rules, tuple(f"P{seat}" for seat in range(players)), 500 + number)
        bots = {seat: make_player(level, seat + 10 * number) for seat in range(players)}
        first = state.deals_dealt
        while state.deal is not None and state.deals_dealt == first and not state.over:
            deal = state.deal
            if deal.trick is not None and deal.turn is not None:
                view = view_for(state, deal.turn)
                leader = view.trick[0].seat
                for fact in from_trick(view, deal.turn):
                    if fact[0] == leader != deal.turn:
                        facts += 1
                        false += not fits(deal.hands, [fact])
            chosen = next_actor(state, bots)
            if chosen is None:
                break
            state, _ = apply(state, chosen[1])
    assert facts >= 100
    assert false == 0


def test_a_lead_by_the_partner_says_nothing() -> None:
    """Kozel: the partner plays by other rules than these; nothing is read."""
    hands = ["K♠ J♣ Q♦ A♥", "A♠ 6♦ 7♦ 8♦", "6♥ 7♥ 8♥ 9♥", "6♣ 7♣ 8♣ 9♣"]
    stock = _rest(" ".join(hands))
    state = table(hands, trump="♥", preset="kozel", stock=stock, tricks_played=1)
    state, _ = apply(state, Action.make("lead", 0, "K♠"))
    state, _ = apply(state, Action.make("discard", 1, "6♦"))
    assert [fact for fact in from_trick(view_for(state, 2), 2) if fact[0] == 0] == []
