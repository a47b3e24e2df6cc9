"""Playouts without the engine's records: the same deal, several times cheaper.

`rollout.play_out` drives the engine's `apply`, which rebuilds the match's
immutable records (and their events) for every card played: more than half
of a playout's time. A playout needs far less: the hands, the stock, the
cards on the table, each seat's pile points and tricks, and whose turn it
is. `fast_play_out` keeps exactly those in a few local lists, asks the same
`RolloutPolicy` for every move with the same dice, and applies the moves as
the engine does:

- a lead or a declared combination opens a trick; everybody answers in
  turn (a beat takes the ownership); closed discards go face down (the
  policy's memory does not count them as seen);
- the taker adds the trick's points and a trick, then players draw one card
  at a time clockwise from him until the hands are full;
- bura: a moscow or a bura dealt by the draw wins the deal at once; an
  out-of-turn molodka is refused when another player holds a combination
  that outranks it (or the rightful leader a molodka too); a claim ends the
  deal; a tie when the cards run out voids it;
- the deal is scored with the engine's own functions (`engine.scoring`), so
  penalties, eggs and multipliers agree.

Nothing here decides anything of its own: for any start state, policy and
dice it returns exactly the `DealResult` of `rollout.play_out` and leaves
the policy's memory as that leaves it (the differential test in
tests/engine/ai/test_fastplay.py plays both over every preset, player count and
the options that change trick play). Playouts never interrupt a trick with
a combination (the policy does not), so that is not simulated.
"""

from __future__ import annotations

import random

from engine.actions import Action, Kind
from engine.ai.playout.combos import combo_cache, declaration, may_hold_combo
from engine.ai.playout.memory import PlayoutMemory
from engine.ai.playout.policy import RolloutPolicy, points_in
from engine.ai.playout.rollout import DealResult
from engine.cards import Card, Suit
from engine.combos import Combo, classify, combos_in_hand, top_trump
from engine.priority import molodka_refusal
from engine.rules import Preset, RuleSet
from engine.scoring import bura_penalties, trick_game_penalties
from engine.seating import seating
from engine.state import MatchState

LEAD, BEAT, DISCARD = Kind.LEAD, Kind.BEAT, Kind.DISCARD
DECLARE, CLAIM = Kind.DECLARE, Kind.CLAIM
BURA = Preset.BURA


def _points(cards: tuple[Card, ...]) -> int:
    total = 0
    for card in cards:
        total += card.points
    return total


def fast_play_out(
    state: MatchState,
    policy: RolloutPolicy,
    rng: random.Random,
    memory: PlayoutMemory,
    passed: int | None = None,
    max_actions: int = 400,
    first: Action | None = None,
) -> DealResult:
    """`rollout.play_out`, the same result, without building engine states.

    `passed`: a seat that lets the combination window open now go by.
    `first`: a lead, beat or discard of the seat on turn to play before the
    policy takes over: the same as `apply` of it, then `continue_after` and
    `play_out` (the search's candidate, without building its state)."""
    assert first is None or first.kind in (LEAD, BEAT, DISCARD), first
    deal = state.deal
    assert deal is not None
    rules = state.rules
    seats = seating(state)
    bura = rules.preset is BURA
    closed = rules.closed_discard
    hand_size = rules.hand_size
    following = seats.next
    orders = seats.order
    players = len(seats.active)
    trump = deal.trump
    hands = list(deal.hands)
    stock = deal.stock
    piles = [_points(pile) for pile in deal.piles]
    tricks_won = list(deal.tricks_won)
    tricks_played = deal.tricks_played
    refused = list(deal.refused)
    turn = deal.turn
    trick = deal.trick
    # The trick on the table: each play's cards, who owns it with which cards,
    # and the cards that went face down (a bit per card id).
    played: list[tuple[Card, ...]] = []
    owner = -1
    owner_cards: tuple[Card, ...] = ()
    down_cards = 0
    if trick is not None:
        for play in trick.plays:
            played.append(play.cards)
            if play.face_down:
                for card in play.cards:
                    down_cards |= 1 << card.id
        owner, owner_cards = trick.owner, trick.owner_cards
    on_table = trick is not None
    lead = policy.lead
    answer = policy.answer
    combos = combo_cache(rules)
    skip = passed

    def result(penalties: tuple[int, ...]) -> DealResult:
        """The deal scored: penalties and pooled pile points per active side."""
        count = len(seats.sides)
        pens = [0] * count
        pts = [0] * count
        for side in seats.active_sides:
            pens[side] = penalties[side]
            pts[side] = sum([piles[seat] for seat in seats.sides[side]])
        return DealResult(tuple(pens), tuple(pts), False)

    def void() -> DealResult:
        count = len(seats.sides)
        return DealResult((0,) * count, (0,) * count, True)

    sides = len(seats.sides)
    for _ in range(max_actions + (first is not None)):
        stock_empty = not stock
        if not on_table:
            action: Action | None = first
            if first is not None:
                first = None
            elif tricks_played:
                # The window for out-of-turn combinations (`RolloutPolicy.window_at`).
                for other in orders[turn]:
                    if other in (turn, skip):
                        continue
                    hand = hands[other]
                    possible = combos.get(hand)
                    if possible is None:
                        possible = may_hold_combo(hand, rules)
                    if possible:
                        cards = declaration(
                            rules, hand, trump, len(hands[turn]), tricks_played, other in refused
                        )
                        if cards is not None:
                            action = Action(DECLARE, other, cards)
                            break
                skip = None
            if action is None:
                action = lead(
                    rules, turn, hands[turn], trump, tricks_played, stock_empty, rng, memory
                )
            kind, seat, cards = action
            if kind is CLAIM:
                side = seats.side_of[seat]
                if piles[seat] >= 31:
                    return result(bura_penalties(rules, sides, seats.active_sides, side, None))
                return result(bura_penalties(rules, sides, seats.active_sides, None, side))
            if (
                kind is DECLARE
                and bura
                and seat != turn
                and classify(cards, trump, rules) is Combo.MOLODKA
                and _outranked(rules, hands, seats.active, seat, turn, trump)
            ):
                refused.append(seat)
                continue
            hands[seat] = _without(hands[seat], cards)
            played = [cards]
            owner, owner_cards = seat, cards
            down_cards = 0
            refused = []
            turn = following[seat]
            on_table = True
            continue
        hand = hands[turn]
        if first is not None:
            kind, seat, cards = first
            first = None
        else:
            kind, seat, cards = answer(
                turn,
                hand,
                trump,
                played,
                owner,
                owner_cards,
                stock_empty,
                rng,
                memory,
                down_cards,
            )
        if len(cards) == 1:
            index = hand.index(cards[0])
            hands[seat] = hand[:index] + hand[index + 1 :]
        else:
            hands[seat] = tuple([card for card in hand if card not in cards])
        played.append(cards)
        if kind is BEAT:
            owner, owner_cards = seat, cards
        elif closed:
            for card in cards:
                down_cards |= 1 << card.id
        if len(played) < players:
            turn = following[seat]
            continue
        # Everybody has played: the owner takes the trick, then players draw.
        taker = owner
        worth = 0
        taken = 0
        for cards in played:
            for card in cards:
                worth += card.points
                taken |= 1 << card.id
        tricks_played += 1
        tricks_won[taker] += 1
        piles[taker] += worth
        order = orders[taker]
        count = (hand_size - len(hands[taker])) * players
        if count > len(stock):
            count = len(stock)
        if count:
            for index, drawer in enumerate(order):
                drawn = stock[index:count:players]
                if len(drawn) == 1:
                    hands[drawer] = _insert(hands[drawer], drawn[0])
                elif drawn:
                    hands[drawer] = tuple(sorted(hands[drawer] + drawn, key=_card_id))
            stock = stock[count:]
        turn = taker
        on_table = False
        if not hands[taker]:
            if bura:
                best = max(piles[seat] for seat in seats.active)
                leaders = [seat for seat in seats.active if piles[seat] == best]
                if len(leaders) > 1:
                    return void()
                winner = seats.side_of[leaders[0]]
                return result(bura_penalties(rules, sides, seats.active_sides, winner, None))
            side_points = []
            side_tricks = []
            for side in seats.active_sides:
                side_points.append(sum([piles[seat] for seat in seats.sides[side]]))
                side_tricks.append(sum([tricks_won[seat] for seat in seats.sides[side]]))
            scored, _ = trick_game_penalties(
                rules, side_points, side_tricks, players, deal.multiplier
            )
            penalties = [0] * sides
            for side, penalty in zip(seats.active_sides, scored, strict=True):
                penalties[side] = penalty
            return result(tuple(penalties))
        if count and bura:
            won = _combination_winner(rules, hands, order, trump)
            if won is not None:
                side = seats.side_of[won]
                return result(bura_penalties(rules, sides, seats.active_sides, side, None))
        # The deal goes on: the policy remembers the trick.
        memory.gone |= taken
        memory.seen[taker] += worth - (points_in(down_cards) if down_cards else 0)
    return void()  # pragma: no cover - a livelock guard, as in play_out


def _card_id(card: Card) -> int:
    return card.id


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`hand` (in card order) with `card` put in its place."""
    rank = card.id
    for index, other in enumerate(hand):
        if other.id > rank:
            return (*hand[:index], card, *hand[index:])
    return (*hand, card)


def _without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    if len(cards) == 1:
        index = hand.index(cards[0])
        return hand[:index] + hand[index + 1 :]
    return tuple([card for card in hand if card not in cards])


def _outranked(
    rules: RuleSet,
    hands: list[tuple[Card, ...]],
    active: tuple[int, ...],
    seat: int,
    turn: int,
    trump: Suit,
) -> bool:
    """Bura: the engine refuses this out-of-turn molodka (`engine.priority`)."""
    return molodka_refusal(rules, hands, active, seat, turn, trump) is not None


def _combination_winner(
    rules: RuleSet, hands: list[tuple[Card, ...]], order: tuple[int, ...], trump: Suit
) -> int | None:
    """Bura, after a draw: the seat whose moscow or bura wins the deal at once
    (as `engine.dealing._check_bura_hands` picks it), or None."""
    winner: int | None = None
    best_top = -1
    for seat in order:
        for combo, cards in combos_in_hand(hands[seat], trump, rules):
            if combo is Combo.MOSCOW:
                winner = seat
                best_top = 99
            elif combo is Combo.BURA:
                top = top_trump(cards, trump)
                if top > best_top:
                    winner, best_top = seat, top
    return winner
