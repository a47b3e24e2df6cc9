"""The `easy` player's rules on plain values: its answers and leads, for playouts.

The playout policy (`engine.ai.playout.policy`) answers by weighing what
each card is worth keeping; the rules of thumb of the `easy` level
(`engine.ai.players.easy`) are simpler: beat when it costs no trump or the
table holds points, with the cheapest cards that beat (fewest trumps, then
fewest points, then lowest ranks); otherwise throw the cheapest cards
(fewest points, then fewest trumps, then lowest ranks). Never beat the
partner; as the last to play on his trick, throw him points (never trumps).

`easy_answer` returns what `EasyPlayer` answers from the same hand (up to
its dice among equally cheap choices: `answer_measure`), without a view;
the differential test tests/engine/ai/test_ai_easy_rules.py keeps the two
equal. A seat that plays by these rules in a playout is called *casual*
(`PlayoutMemory.casual`, `casual_leads`), one that plays by the policy
*careful*. The search lets an opponent answer casually in the share of
playouts his plays make likely (`engine.ai.players.hard`,
`engine.ai.search.opponents`, which also reads leads with `easy_lead`):
the careful policy predicts only about 71% of `easy`'s answers and 77% of
`normal`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.actions import Action, Kind
from engine.beating import beaten_by_mask, beats_masks, owner_masks
from engine.cards import DECK, Card, Suit

_new = tuple.__new__
_ONE_BEAT, _ONE_DISCARD = (
    tuple(tuple(Action(kind, seat, (card,)) for card in DECK) for seat in range(4))
    for kind in (Kind.BEAT, Kind.DISCARD)
)
BEAT, DISCARD = Kind.BEAT, Kind.DISCARD


def _key(cards: tuple[Card, ...], trump: Suit) -> tuple[int, int, int]:
    """(trumps, points, rank sum) of a set of cards."""
    trumps = points = ranks = 0
    for card in cards:
        trumps += card.suit == trump
        points += card.points
        ranks += card.rank
    return trumps, points, ranks


def easy_answer(
    seat: int,
    hand: tuple[Card, ...],
    trump: Suit,
    played: Sequence[tuple[Card, ...]],
    owner_cards: tuple[Card, ...],
    partner_owns: bool,
    last: bool,
    down: int = 0,
) -> Action:
    """The answer of `seat` to the trick on the table (`played`: the cards of
    each play so far, `owner_cards` the cards that hold it, `down` the points
    among them that lie face down: a player sees only the others)."""
    size = len(owner_cards)
    if size == 1 and not partner_owns:
        return _one_card(seat, hand, trump, played, owner_cards[0], down)
    sets: list[tuple[Card, ...]] = (
        [(card,) for card in hand] if size == 1 else list(combinations(hand, size))
    )
    keys = [_key(cards, trump) for cards in sets]
    if partner_owns:
        if last:  # the trick is the team's: points onto it, never trumps
            index = min(range(len(sets)), key=lambda i: (keys[i][0], -keys[i][1], keys[i][2]))
        else:
            index = min(range(len(sets)), key=lambda i: (keys[i][1], keys[i][0], keys[i][2]))
        return _new(Action, (DISCARD, seat, sets[index]))
    discard = min(range(len(sets)), key=lambda i: (keys[i][1], keys[i][0], keys[i][2]))
    masks = owner_masks(owner_cards, trump)
    beat: int | None = None
    for i, cards in enumerate(sets):
        if beats_masks(masks, cards) and (beat is None or keys[i] < keys[beat]):
            beat = i
    if beat is not None and (
        _table_points(played) > down or keys[discard][1] > 0 or keys[beat][0] == 0
    ):
        return _new(Action, (BEAT, seat, sets[beat]))
    return _new(Action, (DISCARD, seat, sets[discard]))


def _one_card(
    seat: int,
    hand: tuple[Card, ...],
    trump: Suit,
    played: Sequence[tuple[Card, ...]],
    owner: Card,
    down: int,
) -> Action:
    """`easy_answer` to a single card, the usual case, without building sets."""
    mask = beaten_by_mask(trump, owner)
    discard = beat = hand[0]
    discard_key = beat_key = (99, 99, 99)  # (points, trump, rank); (trump, points, rank)
    for card in hand:
        is_trump = int(card.suit == trump)
        points = card.points
        key = (points, is_trump, card.rank)
        if key < discard_key:
            discard, discard_key = card, key
        if mask >> card.id & 1:
            key = (is_trump, points, card.rank)
            if key < beat_key:
                beat, beat_key = card, key
    if beat_key[0] != 99 and (not beat_key[0] or discard_key[0] or _table_points(played) > down):
        return _ONE_BEAT[seat][beat.id]
    return _ONE_DISCARD[seat][discard.id]


def _table_points(played: Sequence[tuple[Card, ...]]) -> int:
    total = 0
    for cards in played:
        for card in cards:
            total += card.points
    return total


def answer_measure(action: Action, trump: Suit, partner_last: bool) -> tuple[object, ...]:
    """What the casual player ranks answers by: answers it holds equally
    cheap (6♣ or 6♦ thrown) measure the same, and it picks among them by dice."""
    trumps, points, ranks = _key(action.cards, trump)
    if partner_last:
        return action.kind, trumps, -points, ranks
    return action.kind, trumps, points, ranks


def easy_lead(hand: tuple[Card, ...], trump: Suit, limit: int) -> tuple[Card, ...]:
    """The casual lead (not a combination): no trump if it can be helped, as
    few points as may be, as many cards of one suit as may be, lowest first."""
    best: tuple[Card, ...] = ()
    best_key: tuple[int, int, int, int] | None = None
    for suit in range(4):
        group = [card for card in hand if card.suit == suit]
        if not group:
            continue
        zeros = tuple([card for card in group if not card.points][:limit])
        cards = zeros or (min(group, key=_cheapness),)
        key = lead_measure(cards, trump)
        if best_key is None or key < best_key:
            best, best_key = cards, key
    return best


def lead_measure(cards: tuple[Card, ...], trump: Suit) -> tuple[int, int, int, int]:
    """What the casual player ranks leads by (equal leads: its dice pick)."""
    trumps, points, ranks = _key(cards, trump)
    return int(trumps > 0), points, -len(cards), ranks


def _cheapness(card: Card) -> tuple[int, int]:
    return card.points, card.rank
