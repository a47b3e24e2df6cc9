"""When cards beat cards (docs/RULES.md 1 and 4.2).

A response beats the trick's owning cards when *some* one-to-one pairing
beats every owning card. A greedy pairing is wrong (lead A♠ 6♠ against 7♠ and
a small trump: 7♠ must take 6♠ so the trump is free for A♠), so this tries
every pairing; with at most four cards that is at most 24 and cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import Final

from engine.cards import DECK, Card, Suit, parse_cards


def _build_table() -> tuple[tuple[int, ...], ...]:
    """`_BEATEN_BY[trump][owner.id]` is a bitmask of the card ids that beat it."""
    table = []
    for trump in Suit:
        row = []
        for owner in DECK:
            mask = 0
            for card in DECK:
                if card_beats(card, owner, trump):
                    mask |= 1 << card.id
            row.append(mask)
        table.append(tuple(row))
    return tuple(table)


def card_beats(card: Card, owner: Card, trump: Suit) -> bool:
    """One card against one card: higher of the same suit, or trump over non-trump."""
    if card.suit == owner.suit:
        return card.rank > owner.rank
    return card.suit == trump


_BEATEN_BY: Final = _build_table()


def beaten_by_mask(trump: Suit, owner: Card) -> int:
    """Bit `card.id` is set for every card that beats `owner`."""
    return _BEATEN_BY[trump][owner.id]


def beats_cards(owner: Sequence[Card], response: Sequence[Card], trump: Suit) -> bool:
    """Fast path for the engine: `Card`s and a `Suit`, no parsing."""
    n = len(owner)
    if n != len(response) or n == 0:
        return False
    table = _BEATEN_BY[trump]
    if n == 1:
        return bool(table[owner[0].id] >> response[0].id & 1)
    return beats_masks([table[card.id] for card in owner], response)


def owner_masks(owner: Sequence[Card], trump: Suit) -> list[int]:
    """Per owning card, the mask of cards that beat it (see `beaten_by_mask`)."""
    table = _BEATEN_BY[trump]
    return [table[card.id] for card in owner]


def beats_masks(masks: Sequence[int], response: Sequence[Card]) -> bool:
    """`beats_cards` with the owner given by `owner_masks`, for checking many
    responses against one owner. Needs as many response cards as masks."""
    if len(masks) == 2:  # the usual case: try both pairings
        first, second = response
        mask1, mask2 = masks
        return bool(
            (mask1 >> first.id & 1 and mask2 >> second.id & 1)
            or (mask1 >> second.id & 1 and mask2 >> first.id & 1)
        )
    if not masks:
        return False
    bits = 0
    for card in response:
        bits |= 1 << card.id
    for mask in masks:
        if not mask & bits:
            return False  # nothing in the response beats this owning card
    for order in permutations(response):
        for mask, card in zip(masks, order, strict=True):
            if not mask >> card.id & 1:
                break
        else:
            return True
    return False


def beats(
    owner_cards: Iterable[Card | str] | str,
    response_cards: Iterable[Card | str] | str,
    trump: Suit | str,
) -> bool:
    """True when `response_cards` beat `owner_cards` one-to-one under `trump`.

    A deck holds each card once, so cards named twice (within either side or
    on both) never beat anything: the engine's fast paths take cards from a
    hand and need not check, this public helper takes any text."""
    owner = parse_cards(owner_cards)
    response = parse_cards(response_cards)
    if len(set(owner) | set(response)) != len(owner) + len(response):
        return False
    return beats_cards(owner, response, Suit.parse(trump))
