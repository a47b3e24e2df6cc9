"""The playout policy: the cheap player in every seat of a playout.

It plays inside one sampled state (a determinization) and reads only what
its seat could know there: its own hand, the table, and which cards are
already in piles (card counting); face-down cards count at their points in
that state. Its rules of thumb, tuned against the `easy` and `normal` levels:

- bura: claim as soon as the cards the seat saw go into its own pile reach
  31 (face-down discards of others it cannot count);
- combinations: lead one whenever one may be led, on one's turn or out of
  turn in the window after a trick (nearest to the rightful leader first);
- lead: cash point cards that nothing still out can beat; otherwise as many
  point-free plain cards of one suit as may be led; otherwise the cheapest
  plain card, the one fewest cards still out can beat; trumps last (or, for
  the seats `PlayoutMemory.casual_leads` names, the casual player's lead);
- answer: every card in hand has a kept value (its points, discounted by
  the risk of losing it, plus what it is worth for taking tricks: trumps
  most, the master trump more); a beat gains the table and the card's
  points, a discard gives them away; play the best answer. Never beat the
  partner in kozel; throw points onto his trick when it is safe.

`noise` makes some moves random, so that playouts of one position differ.
The decisions read plain values, not engine records, so that both ways of
playing out (`engine.ai.playout.rollout`, `engine.ai.playout.fastplay`) share them exactly.
This is where a decision's time goes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from engine.actions import Action, Kind
from engine.ai.playout.combos import combo_cache, declaration, may_hold_combo
from engine.ai.playout.counting import ALL_CARDS, SUIT_MASKS, counting_answer, top_trump_out
from engine.ai.playout.easy_rules import easy_answer, easy_lead
from engine.ai.playout.memory import PlayoutMemory
from engine.ai.playout.style import Style
from engine.beating import beaten_by_mask, beats_masks, owner_masks
from engine.cards import DECK, RANK_POINTS, Card, Suit
from engine.game import clockwise_from, max_lead
from engine.rules import Preset, RuleSet
from engine.state import Deal, MatchState

LEAD, BEAT, DISCARD, DECLARE, CLAIM = Kind.LEAD, Kind.BEAT, Kind.DISCARD, Kind.DECLARE, Kind.CLAIM
BURA = Preset.BURA
# A mask per card rank that has points (jack to ace), with those points.
_POINT_RANKS = tuple(
    (sum(1 << (suit * 9 + rank) for suit in range(4)), points)
    for rank, points in enumerate(RANK_POINTS)
    if points
)


def points_in(mask: int) -> int:
    """The card points of the cards in `mask` (a bit per card id)."""
    return sum(points * (mask & ranks).bit_count() for ranks, points in _POINT_RANKS)


_new = tuple.__new__  # builds an Action without NamedTuple's Python-level __new__
# Every one-card lead, beat and discard, built once: `_ONE_*[seat][card.id]`.
_ONE_LEAD, _ONE_BEAT, _ONE_DISCARD = (
    tuple(tuple(Action(kind, seat, (card,)) for card in DECK) for seat in range(4))
    for kind in (LEAD, BEAT, DISCARD)
)


# -- the policy ------------------------------------------------------------------------


class RolloutPolicy:
    """The playout policy; `noise` is the chance of a random (sensible) move.

    Its decisions (`declaration`, `lead`, `answer`) read plain values (a
    hand, the trump, the cards on the table), not engine records, so that
    the engine-driven `play_out` and the light simulator
    (`engine.ai.playout.fastplay`) run the very same code and reach the same
    choices with the same dice.
    """

    def __init__(self, noise: float = 0.1, style: Style | None = None) -> None:
        self.noise = noise
        self.style = style or Style()
        # kept[endgame][trump][card.id]
        self.kept = tuple(
            tuple(self.style.kept_values(trump, endgame) for trump in range(4))
            for endgame in (False, True)
        )

    def window(self, state: MatchState, deal: Deal, skip: int | None = None) -> Action | None:
        """An out-of-turn combination somebody leads now, nearest the leader first.

        Asked when a lead is awaited after the first trick of a deal (the
        seat on turn leads its own combination through `act`). `skip` is a
        seat that lets this window pass.
        """
        return self.window_at(
            state.rules,
            deal.hands,
            clockwise_from(state, deal.turn),
            deal.turn,
            skip,
            deal.trump,
            max_lead(state, deal),
            deal.tricks_played,
            deal.refused,
        )

    @staticmethod
    def window_at(
        rules: RuleSet,
        hands: Sequence[tuple[Card, ...]],
        order: Sequence[int],
        turn: int,
        skip: int | None,
        trump: Suit,
        limit: int,
        tricks_played: int,
        refused: Sequence[int],
    ) -> Action | None:
        """`window` on plain values: `order` is the active seats clockwise from
        `turn`, `limit` the most cards a lead may have, `refused` the seats
        whose declaration was refused in this window (bura)."""
        cache = combo_cache(rules)
        for seat in order:
            if seat in (turn, skip):
                continue
            hand = hands[seat]
            possible = cache.get(hand)
            if possible is None:
                possible = may_hold_combo(hand, rules)
            if not possible:
                continue
            cards = declaration(rules, hands[seat], trump, limit, tricks_played, seat in refused)
            if cards is not None:
                return Action(DECLARE, seat, cards)
        return None

    def act(
        self, state: MatchState, deal: Deal, rng: random.Random, memory: PlayoutMemory
    ) -> Action:
        seat = deal.turn
        trick = deal.trick
        if trick is None:
            return self.lead(
                state.rules,
                seat,
                deal.hands[seat],
                deal.trump,
                deal.tricks_played,
                not deal.stock,
                rng,
                memory,
            )
        down_cards = 0
        for play in trick.plays:
            if play.face_down:
                for card in play.cards:
                    down_cards |= 1 << card.id
        return self.answer(
            seat,
            deal.hands[seat],
            deal.trump,
            [play.cards for play in trick.plays],
            trick.owner,
            trick.owner_cards,
            not deal.stock,
            rng,
            memory,
            down_cards,
        )

    def lead(
        self,
        rules: RuleSet,
        seat: int,
        hand: tuple[Card, ...],
        trump: Suit,
        tricks_played: int,
        stock_empty: bool,
        rng: random.Random,
        memory: PlayoutMemory,
    ) -> Action:
        """The lead of `seat` (on turn, nothing on the table), or its claim."""
        if rules.preset is BURA and memory.seen[seat] >= 31:
            return Action(CLAIM, seat)
        limit = len(hand)
        if rules.first_lead_max3 and tricks_played == 0 and limit > 3:
            limit = 3
        if may_hold_combo(hand, rules):
            cards = declaration(rules, hand, trump, limit, tricks_played, False, in_turn=True)
            if cards is not None:
                return Action(DECLARE, seat, cards)
        if self.noise and rng.random() < self.noise:
            plain = [card for card in hand if card.suit != trump]
            if plain:
                return _ONE_LEAD[seat][rng.choice(plain).id]
        if memory.casual_leads >> seat & 1:
            return _new(Action, (LEAD, seat, easy_lead(hand, trump, limit)))
        # What a card counter knows is still out: neither in a pile nor in hand.
        own = 0
        for card in hand:
            own |= 1 << card.id
        out = ALL_CARDS & ~memory.gone & ~own
        zeros: list[list[Card]] = [[], [], [], []]
        cash: list[list[Card]] = [[], [], [], []]
        cash_points = [0, 0, 0, 0]
        plain_points: list[Card] = []
        trumps: list[Card] = []
        for card in hand:
            suit = card.suit
            if suit == trump:
                trumps.append(card)
                if not stock_empty:
                    continue
            elif not card.points:
                zeros[suit].append(card)
                continue
            else:
                plain_points.append(card)
            if card.points and not beaten_by_mask(trump, card) & out:
                cash[suit].append(card)
                cash_points[suit] += card.points
        # Cash point cards that nothing still out can beat, a suit at a time.
        best_cash = max(range(4), key=cash_points.__getitem__)
        if cash_points[best_cash]:
            return _new(Action, (LEAD, seat, tuple(cash[best_cash][:limit])))
        # As many point-free plain cards of one suit as may be led, lowest first.
        best: list[Card] = []
        best_ranks = 0
        for group in zeros:
            if not group:
                continue
            group = group[:limit]
            ranks = sum(card.rank for card in group)
            if len(group) > len(best) or (len(group) == len(best) and ranks < best_ranks):
                best, best_ranks = group, ranks
        if best:
            return _new(Action, (LEAD, seat, tuple(best)))
        pool = plain_points or trumps
        card = min(
            pool,
            key=lambda c: (c.points, (beaten_by_mask(trump, c) & out).bit_count(), c.rank),
        )
        return _ONE_LEAD[seat][card.id]

    def answer(
        self,
        seat: int,
        hand: tuple[Card, ...],
        trump: Suit,
        played: Sequence[tuple[Card, ...]],
        owner: int,
        owner_cards: tuple[Card, ...],
        stock_empty: bool,
        rng: random.Random,
        memory: PlayoutMemory,
        down_cards: int = 0,
    ) -> Action:
        """The answer of `seat` to the trick on the table (`played`: the
        cards of each play so far, `owner` holds it with `owner_cards`;
        `down_cards`: a bit per card id of those that lie face down)."""
        down = points_in(down_cards) if down_cards else 0
        last = len(played) == memory.active - 1
        partner_owns = memory.teams and (owner - seat) % 4 == 2
        if memory.casual >> seat & 1:
            return easy_answer(seat, hand, trump, played, owner_cards, partner_owns, last, down)
        style = self.style
        on_table = 0
        table_mask = 0
        for cards in played:
            for card in cards:
                on_table += card.points
                table_mask |= 1 << card.id
        if last and memory.counting and not partner_owns:
            own = 0
            for card in hand:
                own |= 1 << card.id
            out = ALL_CARDS & ~(memory.gone | table_mask | own)
            return counting_answer(
                seat, hand, trump, on_table - down, owner_cards, stock_empty, out
            )
        # The careful answer takes the table at its points in this world,
        # face-down cards too.
        table = on_table
        kept = self.kept[stock_empty][trump]
        master = style.master_bonus * (style.endgame_hold if stock_empty else 1.0)
        top_out = _top_trump_out(trump, hand, table_mask | memory.gone)
        keep_trump = 1.0 if last else style.keep_trump
        keep_plain = 1.0 if last else style.keep_plain
        keep_partner = style.keep_partner_last if last else style.keep_partner
        lose_table = -style.discard_table * table
        noise = self.noise and rng.random() < self.noise
        if len(owner_cards) == 1:
            mask = beaten_by_mask(trump, owner_cards[0])
            best = hand[0]
            best_value = -1e9
            best_beat = False
            for card in hand:
                pts = card.points
                is_trump = card.suit == trump
                base = kept[card.id]
                if is_trump and card.rank > top_out:
                    base += master
                if partner_owns:
                    value = (2 * keep_partner - 1) * pts - base
                else:
                    value = lose_table - pts - base
                if noise:
                    value += rng.random() * 4
                if value > best_value:
                    best, best_value, best_beat = card, value, False
                if not partner_owns and mask >> card.id & 1:
                    keep = keep_trump if is_trump else keep_plain
                    value = (2 * keep - 1) * (table + pts) - base
                    if noise:
                        value += rng.random() * 4
                    if value > best_value:
                        best, best_value, best_beat = card, value, True
            return (_ONE_BEAT if best_beat else _ONE_DISCARD)[seat][best.id]
        # Several cards: every set of as many cards, in the order `legal_actions`
        # offers them (a beat before the same cards as a discard).
        chosen: Action | None = None
        chosen_value = -1e9
        masks = owner_masks(owner_cards, trump)
        for cards in combinations(hand, len(owner_cards)):
            pts = 0
            base = 0.0
            trumps = False
            for card in cards:
                pts += card.points
                base += kept[card.id]
                if card.suit == trump:
                    trumps = True
                    if card.rank > top_out:
                        base += master
            if not partner_owns and beats_masks(masks, cards):
                keep = keep_trump if trumps else keep_plain
                value = (2 * keep - 1) * (table + pts) - base
                if value > chosen_value:
                    chosen, chosen_value = _new(Action, (BEAT, seat, cards)), value
            value = (2 * keep_partner - 1) * pts - base if partner_owns else lose_table - pts - base
            if value > chosen_value:
                chosen, chosen_value = _new(Action, (DISCARD, seat, cards)), value
        assert chosen is not None
        return chosen


def _top_trump_out(trump: Suit, hand: tuple[Card, ...], seen: int) -> int:
    """Rank of the highest trump still out (not in `seen`: the piles and the
    trick; nor in the hand); 9 when the hand has no trump (no master bonus)."""
    own = 0
    for card in hand:
        own |= 1 << card.id
    if not own & SUIT_MASKS[trump]:
        return 9
    return top_trump_out(trump, ALL_CARDS & ~(seen | own))
