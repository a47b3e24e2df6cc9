"""What one seat (or a spectator) may see: the bot and the AI read only this.

Hidden from a viewer: other players' hands (only their sizes show), the
order of the stock (and, with trump_card=middle, where the trump card lies),
and face-down discards of other players until the deal is scored. Pile
points show only where the rules let a player know them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.cards import Card, Suit, points
from engine.events import CardsDrawn, CardsPlayed, Event, TrickRestarted, TrickTaken
from engine.game import active_seats, legal_actions
from engine.rules import Preset, RuleSet
from engine.state import MatchState, Play, PlayKind, TrickResult


@dataclass(frozen=True, slots=True)
class PlayView:
    seat: int
    kind: PlayKind
    cards: tuple[Card | None, ...]  # None: a face-down card this viewer may not see
    face_down: bool


@dataclass(frozen=True, slots=True)
class TableView:
    viewer: int | None  # None for a spectator (the group)
    rules: RuleSet
    players: tuple[str, ...]
    step: int
    over: bool
    deal_number: int
    dealer: int | None
    trump: Suit | None
    trump_card: Card | None
    trump_hidden: bool
    stock_left: int
    hand: tuple[Card, ...]  # the viewer's own hand; empty for spectators
    hand_sizes: tuple[int, ...]
    active: tuple[int, ...]
    turn: int | None
    leader: int | None  # who led the trick on the table
    owner: int | None  # who owns it now
    combination: str | None
    trick: tuple[PlayView, ...]
    tricks_won: tuple[int, ...]
    pile_points: tuple[int | None, ...]  # None where the viewer may not know them
    penalties: tuple[int, ...]  # per side
    out: tuple[int, ...]
    multiplier: int
    seen: tuple[Card, ...]  # cards this viewer has seen leave play this deal
    piles: tuple[tuple[Card, ...], ...]  # per seat: the cards of its pile this viewer saw
    legal: tuple[Action, ...]
    # Per seat: cards in its pile this viewer never saw (others' face-down
    # discards). Public: everybody saw them go in, face down.
    pile_hidden: tuple[int, ...] = ()
    # The deal's finished tricks: who took each and its visible points (public).
    results: tuple[TrickResult, ...] = ()
    # The plays of the deal's finished tricks, as this viewer saw them on the
    # table (everybody watched them: the group chat shows every play).
    history: tuple[tuple[PlayView, ...], ...] = ()


def pile_points_visible(rules: RuleSet, viewer: int | None, seat: int) -> bool:
    """Whether `viewer` is shown the points of `seat`'s pile. Only the cards
    the viewer saw are counted (bura's show_own_points: the owner's own pile,
    less the face-down cards others discarded into it)."""
    if rules.preset is Preset.BURA:
        return rules.show_own_points and viewer == seat
    return not rules.closed_discard


def view_for(state: MatchState, viewer: int | None) -> TableView:
    deal = state.deal
    rules = state.rules
    n = state.seats
    if deal is None:
        return TableView(
            viewer=viewer,
            rules=rules,
            players=state.players,
            step=state.step,
            over=state.over,
            deal_number=state.deals_dealt,
            dealer=None,
            trump=None,
            trump_card=None,
            trump_hidden=False,
            stock_left=0,
            hand=(),
            hand_sizes=(0,) * n,
            active=active_seats(state),
            turn=None,
            leader=None,
            owner=None,
            combination=None,
            trick=(),
            tricks_won=(0,) * n,
            pile_points=(None,) * n,
            penalties=state.penalties,
            out=state.out,
            multiplier=state.next_multiplier,
            seen=(),
            piles=((),) * n,
            legal=(),
            pile_hidden=(0,) * n,
        )
    trick = deal.trick
    plays: tuple[PlayView, ...] = ()
    if trick is not None:
        plays = tuple(_play_view(play, viewer) for play in trick.plays)
    hidden = {card for seat, cards in enumerate(deal.face_down) if seat != viewer for card in cards}
    piles = tuple(tuple(card for card in pile if card not in hidden) for pile in deal.piles)
    seen = tuple(card for pile in piles for card in pile)
    return TableView(
        viewer=viewer,
        rules=rules,
        players=state.players,
        step=state.step,
        over=False,
        deal_number=deal.number,
        dealer=deal.dealer,
        trump=deal.trump,
        trump_card=deal.trump_card,
        trump_hidden=deal.trump_hidden,
        stock_left=len(deal.stock),
        hand=deal.hands[viewer] if viewer is not None else (),
        hand_sizes=tuple(len(hand) for hand in deal.hands),
        active=active_seats(state),
        turn=deal.turn,
        leader=trick.leader if trick else None,
        owner=trick.owner if trick else None,
        combination=trick.combination if trick else None,
        trick=plays,
        tricks_won=deal.tricks_won,
        pile_points=tuple(
            points(piles[seat]) if pile_points_visible(rules, viewer, seat) else None
            for seat in range(n)
        ),
        penalties=state.penalties,
        out=state.out,
        multiplier=deal.multiplier,
        seen=seen,
        piles=piles,
        legal=tuple(legal_actions(state, viewer)) if viewer is not None else (),
        pile_hidden=tuple(len(deal.piles[seat]) - len(piles[seat]) for seat in range(n)),
        results=deal.results,
        history=tuple(
            tuple(_play_view(play, viewer) for play in trick_plays) for trick_plays in deal.history
        ),
    )


def _play_view(play: Play, viewer: int | None) -> PlayView:
    if play.face_down and viewer != play.seat:
        return PlayView(play.seat, play.kind, (None,) * len(play.cards), True)
    return PlayView(play.seat, play.kind, play.cards, play.face_down)


def event_for(event: Event, viewer: int | None, rules: RuleSet) -> Event:
    """The event as `viewer` may see it: others' draws and face-down cards hidden.

    Hidden cards are removed from the event's card tuples, so their number is
    not in the redacted event: how many cards a seat drew or discarded face
    down follows from the trick's size and `TableView.hand_sizes`.
    """
    if isinstance(event, CardsPlayed) and event.face_down and viewer != event.seat:
        return CardsPlayed(seat=event.seat, beat=False, cards=(), face_down=True)
    if isinstance(event, CardsDrawn):
        return CardsDrawn(
            draws=tuple((seat, cards if seat == viewer else ()) for seat, cards in event.draws),
            stock_left=event.stock_left,
        )
    if isinstance(event, TrickTaken) and event.face_down:
        visible = tuple(card for card in event.cards if card not in event.face_down)
        return TrickTaken(
            seat=event.seat,
            cards=visible,
            points=points(visible),
            trick_number=event.trick_number,
            face_down=(),
        )
    if isinstance(event, TrickRestarted) and rules.closed_discard:
        return TrickRestarted(
            returned=tuple(
                (seat, cards if seat == viewer else ()) for seat, cards in event.returned
            )
        )
    return event
