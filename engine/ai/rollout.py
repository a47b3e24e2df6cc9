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
from typing import NamedTuple

from engine.actions import Action, Kind
from engine.beating import beaten_by_mask
from engine.cards import ACE, SIX, TEN, Card
from engine.events import DealScored, Event, TrickTaken
from engine.game import active_seats, apply, legal_actions
from engine.rules import Preset, RuleSet
from engine.state import Deal, MatchState

LEAD, BEAT, DISCARD, DECLARE, CLAIM = Kind.LEAD, Kind.BEAT, Kind.DISCARD, Kind.DECLARE, Kind.CLAIM


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


def may_hold_combo(hand: tuple[Card, ...], trump: int, rules: RuleSet) -> bool:
    """A cheap necessary condition for a combination in hand (most hands fail it)."""
    if len(hand) < 3:
        return False
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
    if rules.preset is Preset.BURA:
        return max(suits) >= 3 or aces >= 3 or sixes >= 3
    return max(suits) >= 4 or aces >= 3 or (rules.four_ends and high >= 4)


class RolloutPolicy:
    """The playout policy; `noise` is the chance of a random (sensible) move."""

    def __init__(self, noise: float = 0.1) -> None:
        self.noise = noise

    def act(
        self, state: MatchState, deal: Deal, rng: random.Random, seen_points: list[int]
    ) -> Action:
        seat = deal.turn
        if deal.trick is None:
            return self._lead(state, deal, seat, rng, seen_points)
        return self._answer(state, deal, seat, rng)

    def _lead(
        self,
        state: MatchState,
        deal: Deal,
        seat: int,
        rng: random.Random,
        seen_points: list[int],
    ) -> Action:
        rules = state.rules
        if rules.preset is Preset.BURA and seen_points[seat] >= 31:
            return Action(CLAIM, seat)
        hand = deal.hands[seat]
        trump = deal.trump
        if may_hold_combo(hand, trump, rules):
            declares = [a for a in legal_actions(state, seat) if a.kind is DECLARE]
            if declares and rng.random() < 0.85:
                return declares[0] if len(declares) == 1 else rng.choice(declares)
        limit = len(hand)
        if rules.first_lead_max3 and deal.tricks_played == 0 and limit > 3:
            limit = 3
        plain = [card for card in hand if card.suit != trump]
        if plain and rng.random() < self.noise:
            return Action(LEAD, seat, (rng.choice(plain),))
        # As many point-free plain cards of one suit as may be led, lowest first.
        best: list[Card] = []
        best_ranks = 0
        for suit in range(4):
            if suit == trump:
                continue
            group = [card for card in plain if card.suit == suit and not card.points][:limit]
            if not group:
                continue
            ranks = sum(card.rank for card in group)
            if len(group) > len(best) or (len(group) == len(best) and ranks < best_ranks):
                best, best_ranks = group, ranks
        if best:
            return Action(LEAD, seat, tuple(best))
        pool = plain or list(hand)
        card = min(pool, key=lambda c: (c.points, c.rank))
        return Action(LEAD, seat, (card,))

    def _answer(self, state: MatchState, deal: Deal, seat: int, rng: random.Random) -> Action:
        trick = deal.trick
        assert trick is not None
        trump = deal.trump
        hand = deal.hands[seat]
        owner_cards = trick.owner_cards
        active = active_seats(state)
        last = len(trick.plays) == len(active) - 1
        teams = state.rules.preset is Preset.KOZEL
        on_table = 0
        for play in trick.plays:
            for card in play.cards:
                on_table += card.points
        partner_owns = teams and (trick.owner - seat) % 4 == 2
        if len(owner_cards) == 1:
            mask = beaten_by_mask(trump, owner_cards[0])
            beats = [card for card in hand if mask >> card.id & 1]
            if partner_owns:
                return Action(DISCARD, seat, (self._dump(hand, trump, last),))
            discard = self._cheapest(hand, trump)
            if beats:
                beat = min(
                    beats,
                    key=lambda c: (trump_cost(c.rank) if c.suit == trump else 0) - c.points,
                )
                cost = trump_cost(beat.rank) if beat.suit == trump else 0
                worth = on_table + discard.points + (0 if last else -3)
                if rng.random() < self.noise:
                    worth += rng.randint(-6, 6)
                if cost == 0 or worth >= cost:
                    return Action(BEAT, seat, (beat,))
            return Action(DISCARD, seat, (discard,))
        actions = legal_actions(state, seat)
        best_beat: Action | None = None
        best_beat_key = 0
        best_discard: Action | None = None
        best_discard_key: tuple[int, int, int] | None = None
        for action in actions:
            cost, pts = _action_cost(action.cards, trump)
            if action.kind is BEAT:
                key = cost - pts
                if best_beat is None or key < best_beat_key:
                    best_beat, best_beat_key = action, key
            elif action.kind is DISCARD:
                ranks = sum(card.rank for card in action.cards)
                dkey = (-pts, -cost, -ranks) if partner_owns and last else (pts, cost, ranks)
                if best_discard_key is None or dkey < best_discard_key:
                    best_discard, best_discard_key = action, dkey
        assert best_discard is not None
        if best_beat is not None and not partner_owns:
            cost, _ = _action_cost(best_beat.cards, trump)
            _, lost = _action_cost(best_discard.cards, trump)
            if cost == 0 or on_table + lost >= cost:
                return best_beat
        return best_discard

    @staticmethod
    def _cheapest(hand: tuple[Card, ...], trump: int) -> Card:
        return min(hand, key=lambda card: (card.points, card.suit == trump, card.rank))

    @staticmethod
    def _dump(hand: tuple[Card, ...], trump: int, last: bool) -> Card:
        """Onto the partner's trick: points when it is safe (playing last), else nothing."""
        if last:
            return min(hand, key=lambda card: (card.suit == trump, -card.points, card.rank))
        return min(hand, key=lambda card: (card.points, card.suit == trump, card.rank))


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


def play_out(
    state: MatchState,
    policy: RolloutPolicy,
    rng: random.Random,
    seen_points: list[int],
    max_actions: int = 400,
) -> DealResult:
    """Play the deal under way to its end; `seen_points` is updated in place."""
    deal = state.deal
    assert deal is not None
    number = deal.number
    sides = len(state.penalties)
    bura = state.rules.preset is Preset.BURA
    for _ in range(max_actions):
        action = policy.act(state, deal, rng, seen_points)
        state, events = apply(state, action)
        new = state.deal
        if new is None or new.number != number:
            found = deal_result(events, number, sides)
            if found is not None:
                return found
            return DealResult((0,) * sides, (0,) * sides, True)
        if bura:
            for event in events:
                if isinstance(event, TrickTaken):
                    hidden = sum(card.points for card in event.face_down)
                    seen_points[event.seat] += event.points - hidden
        deal = new
    return DealResult((0,) * sides, (0,) * sides, True)  # pragma: no cover - a livelock guard


def continue_after(
    state: MatchState,
    events: list[Event],
    number: int,
    seen_points: list[int],
) -> DealResult | None:
    """The deal's result if `events` (of the action just applied) ended it, else None;
    otherwise updates `seen_points` for a trick just taken."""
    new = state.deal
    sides = len(state.penalties)
    if new is None or new.number != number:
        found = deal_result(events, number, sides)
        return found if found is not None else DealResult((0,) * sides, (0,) * sides, True)
    if state.rules.preset is Preset.BURA:
        for event in events:
            if isinstance(event, TrickTaken):
                hidden = sum(card.points for card in event.face_down)
                seen_points[event.seat] += event.points - hidden
    return None
