"""Kozel playout leads that imitate `hard`'s own leads (expert iteration).

The search values each of its candidates by playouts in which the team's
later leads are imagined. The casual lead imagines them as `hard` plays
them only about 42% of the time while the stock lasts (docs/PERFORMANCE.md,
thirty-third pass). This scores every lead the hand allows with a linear
model fitted to `hard`'s real leads (a conditional logit over the legal
leads, `bench/imitated_leads_fit.py`) and plays the best-scored one.

It reads only what the casual lead and the careful policy read: the hand,
the trump, the lead-size limit, the cards already in piles and whether the
stock is gone.
"""

from __future__ import annotations

from itertools import combinations

from engine.ai.casual import casual_lead
from engine.ai.counting import ALL_CARDS, SUIT_MASKS
from engine.cards import Card, Suit

# The fitted weights, in the order `lead_features` lists the features.
WEIGHTS: tuple[float, ...] = (
    0.628,
    2.303,
    0.527,
    -0.456,
    -1.095,
    -0.009,
    -0.015,
    -0.397,
    -0.825,
    0.172,
    -0.860,
    0.471,
    -1.016,
    0.336,
    -3.167,
    -1.840,
    -0.182,
    0.916,
    0.439,
    0.798,
    0.406,
    -0.928,
    -0.710,
    0.155,
    -0.588,
    0.554,
    2.041,
    -0.647,
)


def leads_of(hand: tuple[Card, ...], limit: int) -> list[tuple[Card, ...]]:
    """Every plain lead of `hand` (the cards of one suit, at most `limit`), in
    the order `imitated_lead` scores them: by suit, then size."""
    leads: list[tuple[Card, ...]] = []
    for suit in range(4):
        group = [card for card in hand if card.suit == suit]
        for size in range(1, min(limit, len(group)) + 1):
            leads.extend(combinations(group, size))
    return leads


def _measure(cards: tuple[Card, ...]) -> tuple[int, int, int, int]:
    """The points, top rank, low rank and rank sum of a lead's cards."""
    points = rank_sum = top = 0
    low = 8
    for card in cards:
        points += card.points
        rank = card.rank
        rank_sum += rank
        if rank > top:
            top = rank
        if rank < low:
            low = rank
    return points, top, low, rank_sum


def lead_features(
    cards: tuple[Card, ...],
    hand: tuple[Card, ...],
    trump: Suit,
    out: int,
    stock: bool,
    casual: tuple[Card, ...],
) -> list[float]:
    """The model's features of leading `cards` from `hand` (`out`: a bit per
    card neither in a pile nor in hand; `stock`: the stock is not gone)."""
    suit = cards[0].suit
    points, top, low, rank_sum = _measure(cards)
    suit_len = 0
    suit_low = 8
    kept = 0
    hand_trumps = 0
    for card in hand:
        if card.suit == trump:
            hand_trumps += 1
        if card.suit == suit:
            suit_len += 1
            if card.rank < suit_low:
                suit_low = card.rank
            if card not in cards:
                kept += card.points
    suit_out_mask = out & SUIT_MASKS[suit]
    suit_out = suit_out_mask.bit_count()
    higher_out = (suit_out_mask >> (9 * suit + top + 1)).bit_count()
    trumps_out = (out & SUIT_MASKS[trump]).bit_count()
    n = len(cards)
    is_trump = int(suit == trump)
    on = 1.0 if stock else 0.0
    ptsn = points / 11.0
    master = int(higher_out == 0)
    whole = int(n == suit_len)
    return [
        float(cards == casual),
        n,
        ptsn,
        is_trump,
        whole,
        kept / 11.0,
        higher_out,
        master,
        master * ptsn,
        is_trump * hand_trumps,
        is_trump * on,
        ptsn * on,
        int(top >= 7),
        int(low == suit_low),
        top / 8.0,
        suit_len,
        ptsn * trumps_out / 9.0,
        master * (1 - is_trump) * ptsn,
        (1 - on) * ptsn,
        (1 - on) * master,
        (1 - on) * is_trump,
        ptsn * (n > 1),
        suit_out / 9.0,
        int(suit_out == 0) * (1 - is_trump),
        n * on,
        whole * on,
        rank_sum / 8.0,
        int(n == 1 and suit_len == 1) * on,
    ]


def imitated_lead(
    hand: tuple[Card, ...], trump: Suit, limit: int, gone: int, stock: bool
) -> tuple[Card, ...]:
    """The lead the model scores best among every lead `hand` allows (the
    cards of one suit, at most `limit`; the first best in suit and size order).

    The score is `WEIGHTS` times `lead_features`, with the terms that do not
    change inside a hand or a suit added up once: the playouts of one
    decision make thousands of these leads."""
    (w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13) = WEIGHTS[:14]
    (w14, w15, w16, w17, w18, w19, w20, w21, w22, w23, w24, w25, w26, w27) = WEIGHTS[14:]
    casual = casual_lead(hand, trump, limit)
    own = 0
    hand_trumps = 0
    for card in hand:
        own |= 1 << card.id
        hand_trumps += card.suit == trump
    out = ALL_CARDS & ~gone & ~own
    on = 1.0 if stock else 0.0
    trumps_out = (out & SUIT_MASKS[trump]).bit_count()
    per_point = (w2 + w11 * on + w16 * trumps_out / 9.0 + w18 * (1.0 - on) - w5) / 11.0
    per_card = w1 + w24 * on
    per_whole = w4 + w25 * on
    per_master = w7 + w19 * (1.0 - on)
    best = casual
    best_score = 0.0
    first = True
    for suit in range(4):
        group = [card for card in hand if card.suit == suit]
        if not group:
            continue
        suit_len = len(group)
        is_trump = suit == trump
        suit_out_mask = out & SUIT_MASKS[suit]
        suit_out = suit_out_mask.bit_count()
        suit_points = 0
        suit_low = 8
        for card in group:
            suit_points += card.points
            if card.rank < suit_low:
                suit_low = card.rank
        base = w15 * suit_len + w22 * suit_out / 9.0 + w5 * suit_points / 11.0
        if is_trump:
            base += w3 + w9 * hand_trumps + w10 * on + w20 * (1.0 - on)
            master_point = w8 / 11.0
        else:
            base += w23 * (suit_out == 0)
            master_point = (w8 + w17) / 11.0
        shift = 9 * suit + 1
        for size in range(1, min(limit, suit_len) + 1):
            size_score = base + per_card * size + per_whole * (size == suit_len)
            if size == 1 and suit_len == 1:
                size_score += w27 * on
            for cards in combinations(group, size):
                points, top, low, rank_sum = _measure(cards)
                higher_out = (suit_out_mask >> (shift + top)).bit_count()
                score = (
                    size_score
                    + per_point * points
                    + w6 * higher_out
                    + w14 * top / 8.0
                    + w26 * rank_sum / 8.0
                )
                if size > 1:
                    score += w21 * points / 11.0
                if not higher_out:
                    score += per_master + master_point * points
                if top >= 7:
                    score += w12
                if low == suit_low:
                    score += w13
                if cards == casual:
                    score += w0
                if first or score > best_score:
                    best, best_score, first = cards, score, False
    return best
