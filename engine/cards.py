"""Cards of the 36-card deck (docs/RULES.md section 1).

There are exactly 36 `Card` objects; every constructor path returns one of
them, so cards compare by identity and hashing is free. The engine's hot
loops (legal actions, beating, AI playouts) lean on that.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from operator import attrgetter
from typing import Final


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    def __str__(self) -> str:
        return SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        if isinstance(text, Suit):
            return text
        key = text.strip().upper() if isinstance(text, str) else ""
        if key in _SUIT_ALIASES:
            return _SUIT_ALIASES[key]
        raise ValueError(f"unknown suit {text!r}: use one of ♠ ♥ ♦ ♣ or S H D C")


SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")
_SUIT_ALIASES: Final = {
    "♠": Suit.SPADES,
    "S": Suit.SPADES,
    "SPADES": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "H": Suit.HEARTS,
    "HEARTS": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "D": Suit.DIAMONDS,
    "DIAMONDS": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "C": Suit.CLUBS,
    "CLUBS": Suit.CLUBS,
    "♧": Suit.CLUBS,
}

# Ranks low to high inside a suit: the ten sits between the king and the ace.
RANKS: Final = ("6", "7", "8", "9", "J", "Q", "K", "10", "A")
RANK_POINTS: Final = (0, 0, 0, 0, 2, 3, 4, 10, 11)
_RANK_ALIASES: Final = {
    "6": 0,
    "7": 1,
    "8": 2,
    "9": 3,
    "J": 4,
    "В": 4,  # валет
    "Q": 5,
    "Д": 5,  # дама
    "K": 6,
    "К": 6,  # король
    "10": 7,
    "T": 7,
    "A": 8,
    "Т": 8,  # туз
}
ACE: Final = 8
TEN: Final = 7
SIX: Final = 0


class Card:
    """One of the 36 cards. Build with `Card.parse` or `Card.of`."""

    __slots__ = ("id", "points", "rank", "suit")
    id: int
    suit: Suit
    rank: int
    points: int

    def __new__(cls, text: str) -> Card:
        return cls.parse(text)

    @classmethod
    def _make(cls, suit: Suit, rank: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "points", RANK_POINTS[rank])
        object.__setattr__(card, "id", suit * 9 + rank)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def of(cls, rank: str | int, suit: str | Suit) -> Card:
        r = rank if isinstance(rank, int) else _parse_rank(rank)
        return DECK[Suit.parse(suit) * 9 + r]

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card is written like '10♥' or 'QS', not {text!r}")
        found = _BY_TEXT.get(text.strip().upper())
        if found is None:
            raise ValueError(
                f"malformed card {text!r}: write a rank (6 7 8 9 10 J Q K A, or В Д К Т) "
                "followed by a suit (♠ ♥ ♦ ♣ or S H D C), e.g. '10♥' or 'QS'"
            )
        return found

    @property
    def rank_text(self) -> str:
        return RANKS[self.rank]

    def __str__(self) -> str:
        return _NAMES[self.id]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        """Display order: by suit, then rank. Not 'beats'; see `engine.beating`."""
        return self.id < other.id


def _parse_rank(text: str) -> int:
    key = text.strip().upper()
    if key not in _RANK_ALIASES:
        raise ValueError(f"unknown rank {text!r}: use 6 7 8 9 10 J Q K A (or В Д К Т)")
    return _RANK_ALIASES[key]


DECK: Final[tuple[Card, ...]] = tuple(
    Card._make(suit, rank) for suit in Suit for rank in range(len(RANKS))
)
"""The 36 cards in a fixed canonical order; `DECK[card.id] is card`."""

_NAMES: Final = tuple(RANKS[card.rank] + SUIT_SYMBOLS[card.suit] for card in DECK)

_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    for _rank, _index in _RANK_ALIASES.items():
        if _index != _card.rank:
            continue
        for _alias, _suit in _SUIT_ALIASES.items():
            if _suit == _card.suit and len(_alias) == 1:
                _BY_TEXT[_rank + _alias] = _card

DECK_POINTS: Final = sum(card.points for card in DECK)
assert DECK_POINTS == 120


def parse_cards(cards: Iterable[str | Card] | str) -> tuple[Card, ...]:
    """Cards from `Card`s, strings, or one space-separated string ("A♠ 10♠")."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return tuple(Card.parse(card) for card in cards)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Canonical order used in actions and hands, so equal sets compare equal."""
    return tuple(sorted(cards, key=_CARD_ID))


_CARD_ID = attrgetter("id")


def points(cards: Iterable[Card]) -> int:
    return sum(map(_CARD_POINTS, cards))


_CARD_POINTS = attrgetter("points")


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
