"""What a player can do. One small value type, so the bot can put an action on a
button, the AI can compare actions, and the log can store them as JSON."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from engine.cards import Card, format_cards, parse_cards, sort_cards


class Kind(StrEnum):
    LEAD = "lead"  # open a trick on one's own turn: 1..4 cards of one suit
    BEAT = "beat"  # answer face up, and the cards must beat the trick's owner
    DISCARD = "discard"  # answer with any cards; they never win the trick
    DECLARE = "declare"  # lead a combination, in turn or out of turn
    CLAIM = "claim"  # bura: "I have 31", on one's own turn before leading


class Action(NamedTuple):
    kind: Kind
    seat: int
    cards: tuple[Card, ...] = ()

    @classmethod
    def make(cls, kind: Kind | str, seat: int, cards: Iterable[Card | str] | str = ()) -> Action:
        """Parses and orders the cards so that equal choices make equal actions."""
        return cls(Kind(kind), seat, sort_cards(parse_cards(cards)))

    @classmethod
    def lead(cls, seat: int, cards: Iterable[Card | str] | str) -> Action:
        return cls.make(Kind.LEAD, seat, cards)

    @classmethod
    def beat(cls, seat: int, cards: Iterable[Card | str] | str) -> Action:
        return cls.make(Kind.BEAT, seat, cards)

    @classmethod
    def discard(cls, seat: int, cards: Iterable[Card | str] | str) -> Action:
        return cls.make(Kind.DISCARD, seat, cards)

    @classmethod
    def declare(cls, seat: int, cards: Iterable[Card | str] | str) -> Action:
        return cls.make(Kind.DECLARE, seat, cards)

    @classmethod
    def claim(cls, seat: int) -> Action:
        return cls(Kind.CLAIM, seat, ())

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "seat": self.seat, "cards": [str(c) for c in self.cards]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return cls.make(data["kind"], int(data["seat"]), data.get("cards", ()))

    def __str__(self) -> str:
        cards = f" {format_cards(self.cards)}" if self.cards else ""
        return f"seat {self.seat} {self.kind.value}{cards}"
