"""A hint in practice (issue 66): the hard player's move and why, as codes.

The move is exactly what `HardPlayer.choose` plays from this view with a
fixed number of playouts (deterministic for the seed). The reason is read
from the same view afterwards, by a few rules a player would say out loud
("discard the 7♣: the ace of trumps is still out"); it names a kind and
the cards the sentence needs, and the bot puts it in words. It never looks
beyond the view: the cards "still out" are those the seat has not seen
played, wherever they are.
"""

from __future__ import annotations

import copy
from enum import StrEnum
from typing import NamedTuple

from engine.actions import Action, Kind
from engine.ai.players.hard import HardPlayer, side_of
from engine.ai.review.weigh import Coach
from engine.cards import DECK, Card, sort_cards
from engine.view import PlayView, TableView

# Playouts a hint may use: more than a move's 270 ms buys, and well inside
# the 1.5 s a hint must answer in (bench/review_cost.py, CPU of one core:
# p95 0.74 s in kozel, 0.34 s in burkozel, 0.22 s in bura).
HINT_PLAYOUTS = 600
# Card points on the table that make a beat "to take the points".
WORTH_TAKING = 10


class ReasonKind(StrEnum):
    CLAIM = "claim"  # bura: the pile holds 31
    COMBINATION = "combination"  # lead the combination (cards: it)
    HOLD = "hold"  # let an out-of-turn combination wait
    TAKE_POINTS = "take-points"  # beat: the table holds points (cards: the point cards)
    CHEAPEST_BEAT = "cheapest-beat"  # beat with the least (cards: what a dearer beat would spend)
    TAKE_LEAD = "take-lead"  # beat to lead the next trick (cards: the trick's owning cards)
    FOLLOW_PARTNER = "follow-partner"  # kozel: the partner owns the trick (cards: his)
    TRUMP_STILL_OUT = "trump-still-out"  # do not spend a trump (cards: the higher trump still out)
    KEEP_HIGH_CARD = (
        "keep-high-card"  # the trick is not worth them (cards: what a beat would spend)
    )
    CANNOT_BEAT = "cannot-beat"  # nothing beats: throw the cheapest (cards: the trick's owners)
    SURE_WINNER = "sure-winner"  # lead what nothing still out can beat (cards: the lead)
    LEAD_LOW = "lead-low"  # lead cards without points, keep the strong ones (cards: the lead)
    BEST_ON_AVERAGE = "best-on-average"  # no rule of thumb says it; the search does


class Reason(NamedTuple):
    kind: ReasonKind
    cards: tuple[Card, ...] = ()


class Hint(NamedTuple):
    action: Action | None  # None: let the moment pass (an out-of-turn combination)
    reason: Reason
    playouts: int
    seed: int


def hint(
    view: TableView,
    *,
    seed: int = 0,
    playouts: int = HINT_PLAYOUTS,
    coach: Coach | None = None,
) -> Hint | None:
    """The hard player's move for the seat whose view this is, and a reason;
    None when the seat has nothing to do. `coach`: the seat's memory of the
    deal so far (its worlds are then the hard player's own; it is not changed)."""
    seat = view.viewer
    if seat is None or view.turn is None or not any(a.seat == seat for a in view.legal):
        return None
    player = copy.deepcopy(coach.player) if coach is not None else HardPlayer(seed)
    player.playouts = playouts
    action = player.choose(view)
    return Hint(action, reason_for(view, action), playouts, player.seed)


def still_out(view: TableView) -> tuple[Card, ...]:
    """The cards the seat has not seen played: not in its hand, its piles' seen
    cards or face up on the table."""
    known = set(view.hand) | set(view.seen)
    known.update(card for play in view.trick for card in play.cards if card is not None)
    return tuple(card for card in DECK if card not in known)


def _owner_cards(view: TableView) -> tuple[Card, ...]:
    plays: list[PlayView] = [
        play for play in view.trick if play.seat == view.owner and play.kind.value != "discard"
    ]
    return tuple(card for card in plays[-1].cards if card is not None) if plays else ()


def _spend(action: Action) -> tuple[int, int]:
    """How dear a beat is: its points, then its top rank."""
    return (sum(card.points for card in action.cards), max(c.rank for c in action.cards))


def reason_for(view: TableView, action: Action | None) -> Reason:
    """Why a player would make `action` here, from what the view shows."""
    if action is None:
        return Reason(ReasonKind.HOLD)
    if action.kind is Kind.CLAIM:
        return Reason(ReasonKind.CLAIM)
    if action.kind is Kind.DECLARE:
        return Reason(ReasonKind.COMBINATION, action.cards)
    out = still_out(view)
    trump = view.trump
    if action.kind is Kind.LEAD:
        if all(not _beatable(card, out, trump) for card in action.cards):
            return Reason(ReasonKind.SURE_WINNER, action.cards)
        if not any(card.points for card in action.cards):
            return Reason(ReasonKind.LEAD_LOW, action.cards)
        return Reason(ReasonKind.BEST_ON_AVERAGE, action.cards)
    seat = action.seat
    owners = _owner_cards(view)
    on_table = sort_cards(
        card for play in view.trick for card in play.cards if card is not None and card.points
    )
    beats = [a for a in view.legal if a.seat == seat and a.kind is Kind.BEAT]
    if action.kind is Kind.BEAT:
        if sum(card.points for card in on_table) >= WORTH_TAKING:
            return Reason(ReasonKind.TAKE_POINTS, on_table)
        dearer = [a for a in beats if _spend(a) > _spend(action)]
        if dearer:
            return Reason(ReasonKind.CHEAPEST_BEAT, max(dearer, key=_spend).cards)
        return Reason(ReasonKind.TAKE_LEAD, owners)
    # A discard.
    owner = view.owner
    if (
        owner is not None
        and owner != seat
        and view.rules.is_teams
        and side_of(view, owner) == side_of(view, seat)
    ):
        return Reason(ReasonKind.FOLLOW_PARTNER, owners)
    if not beats:
        return Reason(ReasonKind.CANNOT_BEAT, owners)
    cheapest = min(beats, key=_spend)
    if trump is not None:
        spent = [card for card in cheapest.cards if card.suit == trump]
        higher = [
            card
            for card in out
            if card.suit == trump and spent and card.rank > max(c.rank for c in spent)
        ]
        if higher:
            return Reason(ReasonKind.TRUMP_STILL_OUT, (max(higher, key=lambda c: c.rank),))
    return Reason(ReasonKind.KEEP_HIGH_CARD, cheapest.cards)


def _beatable(card: Card, out: tuple[Card, ...], trump: object) -> bool:
    """Whether some card still out beats `card` alone."""
    for other in out:
        if other.suit == card.suit and other.rank > card.rank:
            return True
        if other.suit == trump and card.suit != trump:
            return True
    return False
