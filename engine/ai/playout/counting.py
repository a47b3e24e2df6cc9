"""The card counter's answer as the last to play, on plain values, for playouts.

A card counter (the `normal` level, `engine.ai.players.normal`) weighs every beat
and discard: a beat wins the table and its own cards' points, a discard
gives its cards' points away, and either way the cards leave the hand,
which costs what they were worth keeping (`hold_value`: a trump much, the
master trump more, a plain card little). As the last to play nobody can
beat again, so the weighing needs no probabilities and is cheap enough for
playouts. Ties go to a discard, then to fewer points and lower ranks.

The careful playout policy (`engine.ai.playout.policy`) answers `normal`'s last
plays in bura only 91% of the time (150 deals); this function 98%: the
difference is what the counter thinks a card is worth keeping (the policy
also keeps point cards for their points). Bura's playouts let every seat
that plays last answer so (`HardPlayer`, `COUNTING_ANSWERS`): better
evaluation of hard's own later answers, and a closer model of a counting
opponent. A test keeps it equal to `NormalPlayer`'s answers.
"""

from __future__ import annotations

from itertools import combinations

from engine.actions import Action, Kind
from engine.beating import beaten_by_mask, beats_masks, owner_masks
from engine.cards import DECK, Card, Suit

_new = tuple.__new__
BEAT, DISCARD = Kind.BEAT, Kind.DISCARD
_ONE_BEAT, _ONE_DISCARD = (
    tuple(tuple(Action(kind, seat, (card,)) for card in DECK) for seat in range(4))
    for kind in (BEAT, DISCARD)
)
SUIT_MASKS = tuple(((1 << 9) - 1) << (9 * suit) for suit in range(4))
ALL_CARDS = (1 << 36) - 1  # a bit per card id: the whole deck


def top_trump_out(trump: Suit, out: int) -> int:
    """Rank of the highest trump among the cards `out` (a bit per card id), or -1."""
    trumps = out & SUIT_MASKS[trump]
    return trumps.bit_length() - 1 - trump * 9 if trumps else -1


def keep_value(card: Card, trump: Suit, top_out: int, stock_empty: bool) -> float:
    """What a card counter thinks keeping `card` is worth, in card points (its
    own points aside); `top_out` is the rank of the highest trump he has not
    seen (-1: none). The `normal` player's `hold_value` is this."""
    if card.suit == trump:
        value = 5.0 + 1.2 * card.rank
        if card.rank > top_out:
            value += 3.0  # the master trump: nothing can take it
        if stock_empty:
            value *= 0.5  # the deal is almost over: fewer tricks to use it on
        return value
    return 0.3 * card.rank


def counting_answer(
    seat: int,
    hand: tuple[Card, ...],
    trump: Suit,
    table_points: int,
    owner_cards: tuple[Card, ...],
    stock_empty: bool,
    out: int,
) -> Action:
    """The last answer to a trick: `table_points` the points the seat sees
    on the table, `out` a bit per card it has not seen (for the master trump)."""
    top_out = top_trump_out(trump, out)
    if len(owner_cards) == 1:
        return _one_card(seat, hand, trump, table_points, owner_cards[0], stock_empty, top_out)
    masks = owner_masks(owner_cards, trump)
    best_kind = DISCARD
    best_cards: tuple[Card, ...] = ()
    best_key: tuple[float, int, int, int] | None = None
    for cards in combinations(hand, len(owner_cards)):
        points = 0
        hold = 0.0
        ranks = 0
        for card in cards:
            points += card.points
            hold += keep_value(card, trump, top_out, stock_empty)
            ranks += card.rank
        if beats_masks(masks, cards):
            key = (round(table_points + points - hold, 9), -1, -points, -ranks)
            if best_key is None or key > best_key:
                best_kind, best_cards, best_key = BEAT, cards, key
        key = (round(-points - hold, 9), 0, -points, -ranks)
        if best_key is None or key > best_key:
            best_kind, best_cards, best_key = DISCARD, cards, key
    if len(best_cards) == 1:
        return (_ONE_BEAT if best_kind is BEAT else _ONE_DISCARD)[seat][best_cards[0].id]
    return _new(Action, (best_kind, seat, best_cards))


def _one_card(
    seat: int,
    hand: tuple[Card, ...],
    trump: Suit,
    table_points: int,
    owner: Card,
    stock_empty: bool,
    top_out: int,
) -> Action:
    """`counting_answer` to a single card, the usual case, without building sets."""
    mask = beaten_by_mask(trump, owner)
    best = hand[0]
    best_beat = False
    best_key: tuple[float, int, int, int] | None = None
    for card in hand:
        points = card.points
        hold = keep_value(card, trump, top_out, stock_empty)
        if mask >> card.id & 1:
            key = (round(table_points + points - hold, 9), -1, -points, -card.rank)
            if best_key is None or key > best_key:
                best, best_beat, best_key = card, True, key
        key = (round(-points - hold, 9), 0, -points, -card.rank)
        if best_key is None or key > best_key:
            best, best_beat, best_key = card, False, key
    return (_ONE_BEAT if best_beat else _ONE_DISCARD)[seat][best.id]
