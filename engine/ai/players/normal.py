"""The `normal` computer player: the easy player's rules, sharpened by counting cards.

From its view (and its memory of the deal, made of views only) it knows
which cards are still unseen (`engine.ai.search.determinize`), so it can
tell how likely the others are to hold a card that beats a given card,
which trumps are still out, and, once the stock is gone in a two-player
game, exactly what the opponent holds. Its choices:

- bura: claim as soon as the cards it saw go into its own pile reach 31
  (never falsely);
- combinations: lead one whenever it may, in turn or out of turn (they take
  many cards at once; measured in two-player burkozel, a player that never
  leads one out of turn wins about five points fewer deals against `easy`);
- lead: cash point cards nobody can beat any more; otherwise lead point-free
  plain cards, as many of one suit as it may (the others must beat all of
  them or throw as many cards); a point card it has to lead goes where the
  others are least likely to hold a beater; keep trumps;
- answer: weigh every beat and discard: the points that change hands (those
  on the table, its own cards' points) against what the cards it gives up
  are worth keeping (trumps, the master trump above all), and the chance
  that somebody after it beats again; a plain-suit beat is cheap, a trump
  is spent only on a trick that pays for it;
- kozel: never beats its partner; throws points onto a trick the partner
  will keep, and nothing of value onto one he may lose.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from engine.actions import Action, Kind
from engine.ai.base import own_pile_points
from engine.ai.players.easy import EasyPlayer
from engine.ai.playout.counting import keep_value
from engine.ai.search.determinize import DealTracker, Knowledge, knowledge_of
from engine.beating import card_beats
from engine.cards import Card, Suit
from engine.view import TableView


def hold_value(card: Card, trump: Suit, unseen: frozenset[Card], stock_left: int) -> float:
    """What keeping `card` in hand is worth, in card points (its own points
    aside): `engine.ai.playout.counting.keep_value`, which the playouts share."""
    top_out = max((other.rank for other in unseen if other.suit == trump), default=-1)
    return keep_value(card, trump, top_out, stock_left == 0)


def chance_to_hold(needed: int, good: int, pool: int, hand: int) -> float:
    """Chance that `hand` cards drawn from `pool` include at least `needed` of `good`."""
    if needed <= 0:
        return 1.0
    if hand <= 0 or good < needed or pool <= 0:
        return 0.0
    hand = min(hand, pool)
    total = comb(pool, hand)
    missing = sum(comb(good, k) * comb(pool - good, hand - k) for k in range(min(needed, good + 1)))
    return max(0.0, 1.0 - missing / total)


class NormalPlayer(EasyPlayer):
    """Card counting and weighed answers; deterministic for a seed."""

    level = "normal"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.tracker = DealTracker()

    def choose(self, view: TableView) -> Action | None:
        seat = view.viewer
        if seat is None or view.deal_number == 0 or view.turn is None:
            return None
        memory = self.tracker.observe(view)
        legal = view.legal
        if not legal:
            return None
        declarations = [action for action in legal if action.kind is Kind.DECLARE]
        if view.turn != seat:
            return self._best_declaration(declarations, view) if declarations else None
        knowledge = knowledge_of(view, memory)
        if not view.trick:
            action = self._lead_counting(view, seat, knowledge, declarations)
            self.tracker.note_lead(view, len(action.cards))
            return action
        return self._answer(view, seat, knowledge)

    def own_points(self, view: TableView) -> int:
        """The shown total, else the cards of its own pile it saw go in (no memory needed)."""
        return own_pile_points(view)

    # -- probabilities -------------------------------------------------------------------

    @staticmethod
    def _later(view: TableView, seat: int) -> list[int]:
        """Seats still to answer the trick after `seat`, in order."""
        n = len(view.players)
        played = {play.seat for play in view.trick}
        return [
            other
            for other in sorted(view.active, key=lambda s: (s - seat) % n)
            if other != seat and other not in played
        ]

    @staticmethod
    def _beat_chance(
        cards: Sequence[Card], seats: Sequence[int], view: TableView, knowledge: Knowledge
    ) -> float:
        """Chance that one of `seats` holds cards beating every one of `cards` (rough)."""
        trump = view.trump
        if trump is None or not seats:
            return 0.0
        unseen = knowledge.unseen
        pool = len(unseen)
        if knowledge.trump_holder is not None and view.trump_card is not None:
            pool += 1
            unseen = (*unseen, view.trump_card)
        escape = 1.0
        for other in seats:
            hand = view.hand_sizes[other]
            chance = 1.0
            for card in cards:
                good = sum(1 for c in unseen if card_beats(c, card, trump))
                chance *= chance_to_hold(1, good, pool, hand)
            escape *= 1.0 - chance
        return 1.0 - escape

    # -- leading ---------------------------------------------------------------------------

    def _lead_counting(
        self, view: TableView, seat: int, knowledge: Knowledge, declarations: list[Action]
    ) -> Action:
        if any(a.kind is Kind.CLAIM for a in view.legal) and self.own_points(view) >= 31:
            return Action.claim(seat)
        if declarations:
            return self._best_declaration(declarations, view)
        trump = view.trump
        assert trump is not None
        unseen = knowledge.unseen_set
        others = [other for other in view.active if other != seat]
        leads = [action for action in view.legal if action.kind is Kind.LEAD]
        # Cash: point cards nobody can beat (no unseen card beats any of them).
        sure = [
            action
            for action in leads
            if sum(card.points for card in action.cards) > 0
            and not any(card_beats(other, card, trump) for card in action.cards for other in unseen)
            and (view.stock_left == 0 or all(card.suit != trump for card in action.cards))
        ]
        if sure:
            return self._pick(
                sure, lambda a: (-sum(c.points for c in a.cards), -len(a.cards), 0, 0)
            )

        def key(action: Action) -> tuple[int, int, int, int]:
            cards = action.cards
            trumps = sum(1 for c in cards if c.suit == trump)
            pts = sum(c.points for c in cards)
            danger = int(100 * self._beat_chance(cards, others, view, knowledge)) if pts else 0
            return (int(trumps > 0), pts * 100 + danger, -len(cards), sum(c.rank for c in cards))

        return self._pick(leads, key)

    # -- answering --------------------------------------------------------------------------

    def _answer(self, view: TableView, seat: int, knowledge: Knowledge) -> Action:
        trump = view.trump
        assert trump is not None
        unseen = knowledge.unseen_set
        stock = view.stock_left
        teams = view.rules.is_teams
        partner = (seat + 2) % 4 if teams else None
        later = self._later(view, seat)
        opponents_later = [other for other in later if other != partner]
        on_table = sum(card.points for play in view.trick for card in play.cards if card)
        hidden = sum(1 for play in view.trick for card in play.cards if card is None)
        on_table += hidden  # a face-down card is worth about a point on average
        owner = view.owner
        partner_owns = partner is not None and owner == partner
        keep_owner = 1.0 - self._beat_chance(
            self._owner_cards(view), opponents_later, view, knowledge
        )

        def value(action: Action) -> float:
            cards = action.cards
            pts = sum(card.points for card in cards)
            hold = sum(hold_value(card, trump, unseen, stock) for card in cards)
            if action.kind is Kind.BEAT:
                if partner_owns:
                    return -1000.0  # never take the trick from the partner
                keep = 1.0 - self._beat_chance(cards, opponents_later, view, knowledge)
                return (2 * keep - 1) * (on_table + pts) - hold
            if partner_owns:
                return (2 * keep_owner - 1) * pts - hold
            return -pts - hold

        actions = [action for action in view.legal if action.kind in (Kind.BEAT, Kind.DISCARD)]
        scored = [(value(action), action) for action in actions]
        best = max(score for score, _ in scored)
        tied = [action for score, action in scored if score >= best - 1e-9]
        if len(tied) == 1:
            return tied[0]
        return self._pick(
            tied,
            lambda a: (
                int(a.kind is Kind.BEAT),
                sum(c.points for c in a.cards),
                sum(c.rank for c in a.cards),
                0,
            ),
        )

    @staticmethod
    def _owner_cards(view: TableView) -> tuple[Card, ...]:
        owner_cards: tuple[Card, ...] = ()
        for play in view.trick:
            if play.kind.value != "discard":
                owner_cards = tuple(card for card in play.cards if card is not None)
        return owner_cards
