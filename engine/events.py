"""What happened, as `apply` reports it: everything the bot must tell people.

Events are named tuples (cheap to build: `apply` makes a few per action and
the AI applies thousands of actions per decision); `Event` is their union.
Events carry full information (the cards of a face-down discard, the cards
each player drew). Before showing an event to anybody, the bot passes it
through `engine.view.event_for`, which hides what that viewer must not see.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple, TypeAlias

from engine.cards import Card, Suit


def to_plain(value: Any) -> Any:
    """JSON-ready copy of engine values: cards as '10♥', records as dicts."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        data = {name: to_plain(item) for name, item in zip(value._fields, value, strict=True)}
        if type(value) in EVENT_TYPES:
            data = {"type": type(value).__name__, **data}
        return data
    if isinstance(value, tuple | list):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    return value


def event_to_json(event: Event) -> dict[str, Any]:
    result: dict[str, Any] = to_plain(event)
    return result


class DealStarted(NamedTuple):
    number: int
    dealer: int
    trump: Suit
    trump_card: Card
    trump_hidden: bool  # option trump_card=middle
    leader: int
    stock_left: int
    multiplier: int  # 2 after "eggs" with the eggs_double option


class CombinationDeclared(NamedTuple):
    seat: int
    combination: str
    cards: tuple[Card, ...]
    out_of_turn: bool
    interrupt: bool  # option combo_interrupt: the trick was restarted


class DeclarationRefused(NamedTuple):
    """An out-of-turn declaration the rules refused for a reason the declarer
    could not see (docs/RULES.md 5: nothing offered depends on hidden cards).

    Announced to the table as it would be at a real one: who declared what,
    and the public reason. `reason` is "outranked" (bura: another player holds
    `by`, a bura, moscow or small moscow) or "leader_molodka" (bura, third
    edition: the rightful leader holds a molodka too; `by` is "molodka"). The
    declarer keeps the cards; the declaration is not offered again until the
    lead."""

    seat: int
    combination: str
    reason: str
    by: str | None


class TrickRestarted(NamedTuple):
    """A molodka interrupted a trick: every played card went back to its owner."""

    returned: tuple[tuple[int, tuple[Card, ...]], ...]


class CardsLed(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    combination: str | None


class CardsPlayed(NamedTuple):
    """A response: a beat (face up, now owns the trick) or a discard."""

    seat: int
    beat: bool
    cards: tuple[Card, ...]
    face_down: bool


class TrickTaken(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    points: int
    trick_number: int
    face_down: tuple[Card, ...]  # which of `cards` were discarded face down


class CardsDrawn(NamedTuple):
    draws: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards) in draw order
    stock_left: int


class ClaimMade(NamedTuple):
    """Bura: "I have 31". The claimant's pile is counted in front of everybody."""

    seat: int
    points: int
    success: bool


class DealWonByCombination(NamedTuple):
    """Bura: a bura or a moscow in hand wins the deal at once."""

    seat: int
    combination: str
    cards: tuple[Card, ...]


class DealVoid(NamedTuple):
    reason: str  # "tie" (bura ran out level) or "initial_combination"
    seat: int | None


class SideResult(NamedTuple):
    side: int
    seats: tuple[int, ...]
    points: int
    tricks: int
    penalty: int
    total: int


class DealScored(NamedTuple):
    number: int
    results: tuple[SideResult, ...]
    eggs: bool
    multiplier: int
    reason: str  # "cards" (all played), "claim", "combination"
    piles: tuple[tuple[Card, ...], ...]  # per seat, all revealed now


class SideEliminated(NamedTuple):
    side: int
    seats: tuple[int, ...]
    penalties: int


class Placing(NamedTuple):
    rank: int  # 1 is best; tied sides share a rank
    side: int
    seats: tuple[int, ...]
    penalties: int
    payout: int  # virtual chips from the bank (option stake), the whole side's
    shares: tuple[int, ...] = ()  # per seat of `seats`: partners split a side's chips


class MatchOver(NamedTuple):
    standing: tuple[Placing, ...]
    bank: int
    deals: int


Event: TypeAlias = (
    DealStarted
    | CombinationDeclared
    | DeclarationRefused
    | TrickRestarted
    | CardsLed
    | CardsPlayed
    | TrickTaken
    | CardsDrawn
    | ClaimMade
    | DealWonByCombination
    | DealVoid
    | DealScored
    | SideEliminated
    | MatchOver
)
EVENT_TYPES: tuple[type, ...] = (
    DealStarted,
    CombinationDeclared,
    DeclarationRefused,
    TrickRestarted,
    CardsLed,
    CardsPlayed,
    TrickTaken,
    CardsDrawn,
    ClaimMade,
    DealWonByCombination,
    DealVoid,
    DealScored,
    SideEliminated,
    MatchOver,
)
