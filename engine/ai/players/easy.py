"""The `easy` computer player: one look at the table, no memory, no search.

Also offered as the level "greedy", its first name. The heuristics are the
ones a casual player uses: lead low cards of a plain
suit and keep trumps; take a trick that holds points with the cheapest cards
that beat it; otherwise throw away the least valuable cards; lead a
combination when holding one; in kozel never take a trick from the partner.
In bura it claims 31 only when the cards it has itself watched go into its
own pile add up to 31, so it never claims falsely.

The playouts of `hard` play these rules on plain values
(`engine.ai.playout.easy_rules`); a differential test keeps the two equal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.actions import Action, Kind
from engine.ai.base import ComputerPlayer, own_pile_points
from engine.cards import Card, Suit, points
from engine.view import TableView


@dataclass
class _PileMemory:
    """What this seat has counted into its own pile during one deal.

    The view lists every card seen leaving play (`view.seen`) and how many
    tricks each seat took, but not whose pile each card went to. Every active
    seat acts in every trick, so between two consecutive calls at most one
    trick is completed: when only our trick count grew, every newly seen card
    is ours. If the counts of several seats grew (a driver that skipped a
    call), nothing is credited; the count stays a lower bound, which is all a
    claim needs to be never false.
    """

    deal: int
    seen: frozenset[Card]
    tricks_won: tuple[int, ...]
    own_points: int


Score = tuple[int, ...]
ScoreFn = Callable[[Action], Score]


def _trumps(cards: tuple[Card, ...], trump: Suit | None) -> int:
    return sum(1 for card in cards if card.suit == trump)


def _rank_sum(cards: tuple[Card, ...]) -> int:
    return sum(card.rank for card in cards)


class EasyPlayer(ComputerPlayer):
    """Deterministic for a seed: ties are broken by the engine's stable order,
    and the RNG only picks among options the heuristics score equal."""

    level = "easy"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._memory: dict[int, _PileMemory] = {}

    # -- public ------------------------------------------------------------

    def choose(self, view: TableView) -> Action | None:
        seat = view.viewer
        if seat is None or view.deal_number == 0:
            return None
        self._track(view, seat)
        legal = view.legal
        if not legal:
            return None
        declarations = [action for action in legal if action.kind is Kind.DECLARE]
        if view.turn != seat:
            return self._best_declaration(declarations, view) if declarations else None
        if not view.trick:
            return self._lead(view, seat, declarations)
        return self._respond(view, seat)

    def own_points(self, view: TableView) -> int:
        """Points this seat knows to be in its own pile (a lower bound in bura):
        the shown total, else what it has counted itself during this deal."""
        return own_pile_points(view, counted=self._counted(view))

    def _counted(self, view: TableView) -> int:
        memory = self._memory.get(view.viewer) if view.viewer is not None else None
        if memory is None or memory.deal != view.deal_number:
            return 0
        return memory.own_points

    # -- memory --------------------------------------------------------------

    def _track(self, view: TableView, seat: int) -> None:
        seen = frozenset(view.seen)
        memory = self._memory.get(seat)
        if memory is None or memory.deal != view.deal_number:
            # A deal we join at its start has an empty own pile; joining later
            # (a restarted bot) we cannot tell which seen cards are ours: 0.
            self._memory[seat] = _PileMemory(view.deal_number, seen, view.tricks_won, 0)
            return
        if len(view.tricks_won) != len(memory.tricks_won):
            return
        gained = [
            now - before for now, before in zip(view.tricks_won, memory.tricks_won, strict=True)
        ]
        own = memory.own_points
        if gained[seat] > 0 and sum(gained) == gained[seat]:
            own += points(seen - memory.seen)
        self._memory[seat] = _PileMemory(view.deal_number, seen, view.tricks_won, own)

    # -- decisions -------------------------------------------------------------

    def _pick(self, actions: list[Action], key: ScoreFn) -> Action:
        """The best action by `key`; the RNG only breaks exact ties."""
        scored = [(key(action), action) for action in actions]
        best = min(score for score, _ in scored)
        tied = [action for score, action in scored if score == best]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def _best_declaration(self, declarations: list[Action], view: TableView) -> Action:
        """Lead the combination that risks the fewest trumps and points."""
        trump = view.trump
        return self._pick(
            declarations,
            lambda a: (_trumps(a.cards, trump), points(a.cards), -len(a.cards)),
        )

    def _lead(self, view: TableView, seat: int, declarations: list[Action]) -> Action:
        if any(action.kind is Kind.CLAIM for action in view.legal) and self.own_points(view) >= 31:
            return Action.claim(seat)
        if declarations:
            return self._best_declaration(declarations, view)
        leads = [action for action in view.legal if action.kind is Kind.LEAD]
        trump = view.trump
        # Keep trumps; give away as few points as possible; among point-free
        # leads prefer more cards (the others must beat all of them or give
        # up as many cards) and lower ranks.
        return self._pick(
            leads,
            lambda a: (
                int(_trumps(a.cards, trump) > 0),
                points(a.cards),
                -len(a.cards),
                _rank_sum(a.cards),
            ),
        )

    def _respond(self, view: TableView, seat: int) -> Action:
        trump = view.trump
        beats = [action for action in view.legal if action.kind is Kind.BEAT]
        discards = [action for action in view.legal if action.kind is Kind.DISCARD]
        last_to_play = len(view.trick) == len(view.active) - 1
        partner = (seat + 2) % 4 if view.rules.is_teams else None
        if partner is not None and view.owner == partner:
            if last_to_play:
                # The trick is the team's for sure: throw points onto it,
                # but never trumps.
                return self._pick(
                    discards,
                    lambda a: (_trumps(a.cards, trump), -points(a.cards), _rank_sum(a.cards)),
                )
            return self._pick(discards, self._cheap_discard(trump))
        cheapest_discard = self._pick(discards, self._cheap_discard(trump))
        if beats:
            cheapest_beat = self._pick(
                beats,
                lambda a: (_trumps(a.cards, trump), points(a.cards), _rank_sum(a.cards)),
            )
            on_table = sum(
                card.points for play in view.trick for card in play.cards if card is not None
            )
            free = _trumps(cheapest_beat.cards, trump) == 0
            if on_table > 0 or points(cheapest_discard.cards) > 0 or free:
                return cheapest_beat
        return cheapest_discard

    @staticmethod
    def _cheap_discard(trump: Suit | None) -> ScoreFn:
        return lambda a: (points(a.cards), _trumps(a.cards, trump), _rank_sum(a.cards))
