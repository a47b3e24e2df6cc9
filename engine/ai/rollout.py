"""Fast playouts of one deal on a full engine state, for the search in `hard`.

A playout runs the engine's own `legal_actions` and `apply` to the end of
the deal with a cheap policy in every seat, and reports each side's penalty
points and card points. The policy sees only the sampled state it plays
in (a determinization), never the real game. It is the casual player's
rules of thumb with a little noise so that playouts of one position differ:

- lead: a combination if one may be led; otherwise plain cards, as many
  low cards of one suit as possible, few points, no trumps;
- answer: beat when what the trick is worth (its points, plus the points a
  discard would give away) pays for the trumps spent; a plain-suit beat is
  free; never beat the partner in kozel, and throw points on his trick when
  playing last;
- bura: claim as soon as the cards the seat saw go into its own pile reach
  31 (face-down discards of others it cannot count).

Seat-to-seat calls in the hot loop avoid building views; this is where a
move's time goes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.actions import Action, Kind
from engine.beating import beaten_by_mask
from engine.cards import ACE, RANK_POINTS, SIX, TEN, Card
from engine.events import DealScored, Event, TrickTaken
from engine.game import active_seats, apply, clockwise_from, legal_actions
from engine.rules import Preset, RuleSet
from engine.state import Deal, MatchState

LEAD, BEAT, DISCARD, DECLARE, CLAIM = Kind.LEAD, Kind.BEAT, Kind.DISCARD, Kind.DECLARE, Kind.CLAIM


ALL_CARDS = (1 << 36) - 1


class DealResult(NamedTuple):
    penalties: tuple[int, ...]  # per side, this deal only
    points: tuple[int, ...]  # per side: card points in the side's piles
    void: bool  # bura: nobody won (a tie), the deal was redealt


def trump_cost(rank: int) -> int:
    """What spending a trump of this rank costs, in card points (a rough price)."""
    return 4 + rank


def _action_cost(cards: tuple[Card, ...], trump: int) -> tuple[int, int]:
    """(trump cost, points) of cards answered or led."""
    cost = 0
    pts = 0
    for card in cards:
        pts += card.points
        if card.suit == trump:
            cost += trump_cost(card.rank)
    return cost, pts


_COMBO_CACHE: dict[tuple[tuple[Card, ...], bool, bool], bool] = {}


def may_hold_combo(hand: tuple[Card, ...], trump: int, rules: RuleSet) -> bool:
    """A cheap necessary condition for a combination in hand (most hands fail it)."""
    if len(hand) < 3:
        return False
    key = (hand, rules.preset is Preset.BURA, rules.four_ends)
    found = _COMBO_CACHE.get(key)
    if found is None:
        if len(_COMBO_CACHE) > 100_000:
            _COMBO_CACHE.clear()
        found = _COMBO_CACHE[key] = _may_hold_combo(hand, key[1], key[2])
    return found


def _may_hold_combo(hand: tuple[Card, ...], bura: bool, four_ends: bool) -> bool:
    suits = [0, 0, 0, 0]
    aces = high = sixes = 0
    for card in hand:
        suits[card.suit] += 1
        rank = card.rank
        if rank == ACE:
            aces += 1
            high += 1
        elif rank == TEN:
            high += 1
        elif rank == SIX:
            sixes += 1
    if bura:
        return max(suits) >= 3 or aces >= 3 or sixes >= 3
    return max(suits) >= 4 or aces >= 3 or (four_ends and high >= 4)


@dataclass(frozen=True)
class Style:
    """The numbers behind the playout policy's answers.

    Every card in hand is worth, kept: its points times (1 - 2 * risk), where
    risk is the chance it ends in another side's pile (a trump ace never
    does, a plain ten often does), plus `hold`, what it is worth as a card
    that takes tricks (trumps, high trumps most). Playing it:
    - as a beat the side gains the table and the card's points (if nobody
      beats again later: `keep_*`);
    - as a discard to an opponent's trick the side loses both.
    The policy plays the answer with the best value minus what it gives up.
    """

    trump_hold: float = 6.0
    trump_hold_step: float = 1.0
    plain_hold_step: float = 0.3
    trump_risk: tuple[float, ...] = (0.25,) * 7 + (0.15, 0.0)
    plain_risk: tuple[float, ...] = (0.4,) * 8 + (0.3,)
    keep_trump: float = 0.85
    keep_plain: float = 0.6
    keep_partner: float = 0.6
    keep_partner_last: float = 1.0
    discard_table: float = 0.5  # how much of the table a discard is counted as losing
    master_bonus: float = 3.0  # extra hold for a trump above every trump still out
    endgame_hold: float = 1.0  # trumps' hold once the stock is gone (fewer tricks left)

    @property
    def hold(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        return (
            tuple(self.plain_hold_step * rank for rank in range(9)),
            tuple(self.trump_hold + self.trump_hold_step * rank for rank in range(9)),
        )

    @property
    def risk(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        return (self.plain_risk, self.trump_risk)


def best_declaration(declarations: Sequence[Action], trump: int) -> Action:
    """The combination that risks the fewest trumps and points (the greedy player's pick)."""
    return min(
        declarations,
        key=lambda a: (
            sum(1 for card in a.cards if card.suit == trump),
            sum(card.points for card in a.cards),
            -len(a.cards),
        ),
    )


class RolloutPolicy:
    """The playout policy; `noise` is the chance of a random (sensible) move."""

    def __init__(self, noise: float = 0.1, style: Style | None = None) -> None:
        self.noise = noise
        chosen = style or Style()
        self.style = chosen
        plain_hold, trump_hold = chosen.hold
        # Per rank: the kept value of a plain card, and of a trump without its hold.
        self.plain_base = tuple(
            RANK_POINTS[rank] * (1 - 2 * chosen.plain_risk[rank]) + plain_hold[rank]
            for rank in range(9)
        )
        self.trump_base = tuple(
            RANK_POINTS[rank] * (1 - 2 * chosen.trump_risk[rank]) for rank in range(9)
        )
        self.trump_hold = trump_hold

    def window(self, state: MatchState, deal: Deal, skip: int | None = None) -> Action | None:
        """An out-of-turn combination somebody leads now, nearest the leader first.

        Asked when a lead is awaited after the first trick of a deal (the
        seat on turn leads its own combination through `act`). `skip` is a
        seat that lets this window pass.
        """
        rules = state.rules
        trump = deal.trump
        hands = deal.hands
        for seat in clockwise_from(state, deal.turn):
            if seat == deal.turn or seat == skip or not may_hold_combo(hands[seat], trump, rules):
                continue
            declares = [a for a in legal_actions(state, seat) if a.kind is DECLARE]
            if declares:
                return best_declaration(declares, trump)
        return None

    def act(
        self, state: MatchState, deal: Deal, rng: random.Random, memory: PlayoutMemory
    ) -> Action:
        seat = deal.turn
        if deal.trick is None:
            return self._lead(state, deal, seat, rng, memory)
        return self._answer(state, deal, seat, rng, memory)

    def _lead(
        self,
        state: MatchState,
        deal: Deal,
        seat: int,
        rng: random.Random,
        memory: PlayoutMemory,
    ) -> Action:
        rules = state.rules
        if rules.preset is Preset.BURA and memory.seen[seat] >= 31:
            return Action(CLAIM, seat)
        hand = deal.hands[seat]
        trump = deal.trump
        if may_hold_combo(hand, trump, rules):
            declares = [a for a in legal_actions(state, seat) if a.kind is DECLARE]
            if declares:
                return best_declaration(declares, trump)
        limit = len(hand)
        if rules.first_lead_max3 and deal.tricks_played == 0 and limit > 3:
            limit = 3
        if self.noise and rng.random() < self.noise:
            plain = [card for card in hand if card.suit != trump]
            if plain:
                return Action(LEAD, seat, (rng.choice(plain),))
        # What a card counter knows is still out: neither in a pile nor in hand.
        own = 0
        for card in hand:
            own |= 1 << card.id
        out = ALL_CARDS & ~memory.gone & ~own
        stock_empty = not deal.stock
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
            return Action(LEAD, seat, tuple(cash[best_cash][:limit]))
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
            return Action(LEAD, seat, tuple(best))
        pool = plain_points or trumps
        card = min(
            pool,
            key=lambda c: (c.points, (beaten_by_mask(trump, c) & out).bit_count(), c.rank),
        )
        return Action(LEAD, seat, (card,))

    def _answer(
        self, state: MatchState, deal: Deal, seat: int, rng: random.Random, memory: PlayoutMemory
    ) -> Action:
        trick = deal.trick
        assert trick is not None
        trump = deal.trump
        hand = deal.hands[seat]
        owner_cards = trick.owner_cards
        plays = trick.plays
        last = len(plays) == len(active_seats(state)) - 1
        style = self.style
        partner_owns = state.rules.preset is Preset.KOZEL and (trick.owner - seat) % 4 == 2
        on_table = 0
        for play in plays:
            for card in play.cards:
                on_table += card.points
        top_out = -1
        if any(card.suit == trump for card in hand):
            # The highest trump still out: a trump above it is the master trump.
            seen = memory.gone
            for play in plays:
                for card in play.cards:
                    seen |= 1 << card.id
            for card in hand:
                seen |= 1 << card.id
            first = trump * 9
            for rank in range(8, -1, -1):
                if not seen >> (first + rank) & 1:
                    top_out = rank
                    break
        endgame = style.endgame_hold if not deal.stock else 1.0
        master = style.master_bonus
        plain_base = self.plain_base
        trump_base = self.trump_base
        trump_hold = self.trump_hold
        # Values relative to keeping the cards, in points of margin (see Style).
        keep_trump = 1.0 if last else style.keep_trump
        keep_plain = 1.0 if last else style.keep_plain
        keep_partner = style.keep_partner_last if last else style.keep_partner
        lose_table = -style.discard_table * on_table
        noise = self.noise and rng.random() < self.noise
        if len(owner_cards) == 1:
            mask = beaten_by_mask(trump, owner_cards[0])
            best = hand[0]
            best_value = -1e9
            best_beat = False
            for card in hand:
                pts = card.points
                rank = card.rank
                is_trump = card.suit == trump
                if is_trump:
                    held = trump_hold[rank] + (master if rank > top_out else 0.0)
                    base = trump_base[rank] + held * endgame
                else:
                    base = plain_base[rank]
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
                    value = (2 * keep - 1) * (on_table + pts) - base
                    if noise:
                        value += rng.random() * 4
                    if value > best_value:
                        best, best_value, best_beat = card, value, True
            return Action(BEAT if best_beat else DISCARD, seat, (best,))
        chosen: Action | None = None
        chosen_value = -1e9
        for action in legal_actions(state, seat):
            beat = action.kind is BEAT
            if beat and partner_owns:
                continue
            pts = 0
            base = 0.0
            trumps = False
            for card in action.cards:
                rank = card.rank
                pts += card.points
                if card.suit == trump:
                    trumps = True
                    held = trump_hold[rank] + (master if rank > top_out else 0.0)
                    base += trump_base[rank] + held * endgame
                else:
                    base += plain_base[rank]
            if beat:
                keep = keep_trump if trumps else keep_plain
                value = (2 * keep - 1) * (on_table + pts) - base
            elif partner_owns:
                value = (2 * keep_partner - 1) * pts - base
            else:
                value = lose_table - pts - base
            if value > chosen_value:
                chosen, chosen_value = action, value
        assert chosen is not None
        return chosen


def deal_result(events: list[Event], number: int, sides: int) -> DealResult | None:
    """The result of deal `number` if these events scored it (None if they did not)."""
    for event in events:
        if isinstance(event, DealScored) and event.number == number:
            penalties = [0] * sides
            pts = [0] * sides
            for result in event.results:
                penalties[result.side] = result.penalty
                pts[result.side] = result.points
            return DealResult(tuple(penalties), tuple(pts), False)
    return None


class PlayoutMemory:
    """What the playout policy remembers during one playout.

    `seen`: per seat, the points it saw go into its own pile (bura claims);
    `gone`: a bit per card id for every card already in a pile (card counting).
    """

    __slots__ = ("gone", "seen")

    def __init__(self, seen: list[int], gone: int) -> None:
        self.seen = seen
        self.gone = gone

    def copy(self) -> PlayoutMemory:
        return PlayoutMemory(list(self.seen), self.gone)

    def note(self, events: list[Event]) -> None:
        for event in events:
            if type(event) is TrickTaken:
                gone = self.gone
                for card in event.cards:
                    gone |= 1 << card.id
                self.gone = gone
                hidden = 0
                for card in event.face_down:
                    hidden += card.points
                self.seen[event.seat] += event.points - hidden


def memory_for(state: MatchState, seen: Sequence[int]) -> PlayoutMemory:
    """A playout memory at `state`, with `seen` points per seat so far."""
    deal = state.deal
    assert deal is not None
    gone = 0
    for pile in deal.piles:
        for card in pile:
            gone |= 1 << card.id
    return PlayoutMemory(list(seen), gone)


def play_out(
    state: MatchState,
    policy: RolloutPolicy,
    rng: random.Random,
    memory: PlayoutMemory,
    passed: int | None = None,
    max_actions: int = 400,
) -> DealResult:
    """Play the deal under way to its end; `memory` is updated in place.

    `passed`: a seat that lets the combination window open now go by.
    """
    deal = state.deal
    assert deal is not None
    number = deal.number
    sides = len(state.penalties)
    skip = passed
    for _ in range(max_actions):
        action = None
        if deal.trick is None and deal.tricks_played:
            action = policy.window(state, deal, skip)
            skip = None
        if action is None:
            action = policy.act(state, deal, rng, memory)
        state, events = apply(state, action)
        new = state.deal
        if new is None or new.number != number:
            found = deal_result(events, number, sides)
            if found is not None:
                return found
            return DealResult((0,) * sides, (0,) * sides, True)
        if len(events) > 1:
            memory.note(events)
        deal = new
    return DealResult((0,) * sides, (0,) * sides, True)  # pragma: no cover - a livelock guard


def continue_after(
    state: MatchState,
    events: list[Event],
    number: int,
    memory: PlayoutMemory,
) -> DealResult | None:
    """The deal's result if `events` (of the action just applied) ended it, else None
    (and `memory` notes a trick just taken)."""
    new = state.deal
    sides = len(state.penalties)
    if new is None or new.number != number:
        found = deal_result(events, number, sides)
        return found if found is not None else DealResult((0,) * sides, (0,) * sides, True)
    memory.note(events)
    return None
