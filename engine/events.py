"""What happened, as `apply` reports it: everything the bot must tell people.

Events carry full information (the cards of a face-down discard, the cards
each player drew). Before showing an event to anybody, the bot passes it
through `engine.view.event_for`, which hides what that viewer must not see.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any

from engine.cards import Card, Suit


def to_plain(value: Any) -> Any:
    """JSON-ready copy of engine values: cards as '10♥', tuples as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        data = {f.name: to_plain(getattr(value, f.name)) for f in fields(value)}
        if isinstance(value, Event):
            data = {"type": type(value).__name__, **data}
        return data
    if isinstance(value, tuple | list):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    return value


class Event:
    """Base of all events."""

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        result: dict[str, Any] = to_plain(self)
        return result


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    number: int
    dealer: int
    trump: Suit
    trump_card: Card
    trump_hidden: bool  # option trump_card=middle
    leader: int
    stock_left: int
    multiplier: int  # 2 after "eggs" with the eggs_double option


@dataclass(frozen=True, slots=True)
class CombinationDeclared(Event):
    seat: int
    combination: str
    cards: tuple[Card, ...]
    out_of_turn: bool
    interrupt: bool  # option combo_interrupt: the trick was restarted


@dataclass(frozen=True, slots=True)
class TrickRestarted(Event):
    """A molodka interrupted a trick: every played card went back to its owner."""

    returned: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class CardsLed(Event):
    seat: int
    cards: tuple[Card, ...]
    combination: str | None


@dataclass(frozen=True, slots=True)
class CardsPlayed(Event):
    """A response: a beat (face up, now owns the trick) or a discard."""

    seat: int
    beat: bool
    cards: tuple[Card, ...]
    face_down: bool


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    seat: int
    cards: tuple[Card, ...]
    points: int
    trick_number: int
    face_down: tuple[Card, ...]  # which of `cards` were discarded face down


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    draws: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards) in draw order
    stock_left: int


@dataclass(frozen=True, slots=True)
class ClaimMade(Event):
    """Bura: "I have 31". The claimant's pile is counted in front of everybody."""

    seat: int
    points: int
    success: bool


@dataclass(frozen=True, slots=True)
class DealWonByCombination(Event):
    """Bura: a bura or a moscow in hand wins the deal at once."""

    seat: int
    combination: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DealVoid(Event):
    reason: str  # "tie" (bura ran out level) or "initial_combination"
    seat: int | None


@dataclass(frozen=True, slots=True)
class SideResult:
    side: int
    seats: tuple[int, ...]
    points: int
    tricks: int
    penalty: int
    total: int


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    number: int
    results: tuple[SideResult, ...]
    eggs: bool
    multiplier: int
    reason: str  # "cards" (all played), "claim", "combination"
    piles: tuple[tuple[Card, ...], ...]  # per seat, all revealed now


@dataclass(frozen=True, slots=True)
class SideEliminated(Event):
    side: int
    seats: tuple[int, ...]
    penalties: int


@dataclass(frozen=True, slots=True)
class Placing:
    rank: int  # 1 is best; tied sides share a rank
    side: int
    seats: tuple[int, ...]
    penalties: int
    payout: int  # virtual chips from the bank (option stake)


@dataclass(frozen=True, slots=True)
class MatchOver(Event):
    standing: tuple[Placing, ...]
    bank: int
    deals: int
