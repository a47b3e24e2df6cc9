"""Penalty points for a deal and the final standing (docs/RULES.md 6, 7 and 8).

Burkozel and kozel share one table once piles are pooled per side: with two
sides, "most points" is the same as kozel's "61 or more", and 31 is the
passing score of both.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from engine.events import Placing
from engine.rules import RuleSet


def trick_game_penalties(
    rules: RuleSet,
    side_points: Sequence[int],
    side_tricks: Sequence[int],
    players: int,
    multiplier: int,
) -> tuple[tuple[int, ...], bool]:
    """Penalties per side for burkozel and kozel, and whether the deal was "eggs".

    "Eggs" is two sides level at 60–60: neither is penalised. With three or
    four players the others (who hold no points between them) score as usual,
    times the deal's multiplier, and the deal still counts as eggs for
    `eggs_double` (second edition; the first counted only two sides).
    """
    level = sum(1 for points in side_points if points == 60) == 2
    eggs = level and (len(side_points) == 2 or rules.edition >= 2)
    if eggs and len(side_points) == 2:
        return (0, 0), True
    best = max(side_points)
    passing = rules.passing_score(players)
    result = []
    for points, tricks in zip(side_points, side_tricks, strict=True):
        if points == best:
            penalty = 0
        elif tricks == 0 or (rules.six_for_zero_points and points == 0):
            penalty = 6
        elif points >= passing:
            penalty = 2
        else:
            penalty = 4
        result.append(penalty * multiplier)
    return tuple(result), eggs


def bura_penalties(
    rules: RuleSet,
    sides: int,
    active: Sequence[int],
    winner: int | None,
    false_claimant: int | None,
) -> tuple[int, ...]:
    """Bura: every loser of a deal gets 2; a false claim costs the claimant 4 (or 2)."""
    if false_claimant is not None:
        cost = 4 if rules.false_claim_double else 2
        return tuple(cost if side == false_claimant else 0 for side in range(sides))
    return tuple(2 if side in active and side != winner else 0 for side in range(sides))


def standing(
    rules: RuleSet,
    sides: Sequence[Sequence[int]],
    penalties: Sequence[int],
    out: Sequence[int],
    out_deals: Sequence[int] = (),
    first_dealer: int = 0,
) -> tuple[Placing, ...]:
    """Rank sides (docs/RULES.md 7): survivors by fewest penalties, then the
    eliminated, later out better, then fewer penalties. Sides equal on both
    share the place, numbered as in sports (1, 2, 2, 4).

    `out_deals[i]` is the deal in which `out[i]` went out: two sides put out
    in one deal with the same penalties share their place. Where it is
    missing (the earliest sides out of a state stored before it was kept, or
    any first-edition table) the order of `out` ranks them.

    With `end_at_first_loser` the match stops at the first elimination and the
    ranking is by fewest penalty points alone.
    """
    count = len(sides)
    second = rules.edition >= 2
    keys: dict[int, tuple[int, ...]]
    if rules.end_at_first_loser:
        keys = {side: (penalties[side],) for side in range(count)}
    else:
        went_out = _went_out(out, out_deals if second else ())
        keys = {
            side: (0, 0, penalties[side])
            if side not in went_out
            else (1, -went_out[side], penalties[side])
            for side in range(count)
        }
    ordered = sorted(range(count), key=lambda side: keys[side])
    ranks: dict[int, int] = {}
    for index, side in enumerate(ordered):
        if index and keys[side] == keys[ordered[index - 1]]:
            ranks[side] = ranks[ordered[index - 1]]
        else:
            ranks[side] = index + 1
    players = sum(len(seats) for seats in sides)
    bank = rules.stake * players
    side_ranks = [ranks[side] for side in range(count)]
    if second:
        shares = bank_payouts(bank, sides, side_ranks, first_dealer)
    else:
        totals = bank_shares_first_edition(bank, side_ranks)
        shares = [(total,) + (0,) * (len(sides[side]) - 1) for side, total in enumerate(totals)]
    return tuple(
        Placing(
            rank=ranks[side],
            side=side,
            seats=tuple(sides[side]),
            penalties=penalties[side],
            payout=sum(shares[side]),
            shares=shares[side],
        )
        for side in ordered
    )


def _went_out(out: Sequence[int], out_deals: Sequence[int]) -> dict[int, int]:
    """When each side went out, later larger: the deal of `out_deals`.

    `out_deals` runs parallel to the end of `out`: a state stored before it
    was kept lacks the earliest entries (and a first-edition table has none).
    Those sides went out before every side with a known deal, in the order
    of `out`, so they get values below any deal number; two sides put out in
    one deal still share their place whatever came before."""
    missing = len(out) - len(out_deals)
    return {
        side: out_deals[i - missing] if i >= missing else i - missing for i, side in enumerate(out)
    }


def bank_payouts(
    bank: int, sides: Sequence[Sequence[int]], ranks: Sequence[int], first_dealer: int
) -> list[tuple[int, ...]]:
    """The bank split by place (docs/RULES.md 8): per side, the chips of each seat.

    Places weigh n-1, n-2 … 0 from first down (n sides); sides that share a
    place share the weights of the places they cover equally, and partners
    (kozel) share their side's part equally. Payouts are whole chips,
    rounded down; the chips left over go one each to the best-placed
    players, in order of place and, within a place, clockwise from the first
    dealer. Two sides: the winner takes the bank.
    """
    count = len(sides)
    players = sum(len(seats) for seats in sides)
    if bank == 0 or count == 0:
        return [(0,) * len(seats) for seats in sides]
    weights: list[Fraction] = [Fraction(0)] * count
    for rank in set(ranks):
        tied = [i for i, r in enumerate(ranks) if r == rank]
        covered = sum(count - place for place in range(rank, rank + len(tied)))
        for i in tied:
            weights[i] = Fraction(covered, len(tied))
    total = sum(weights, Fraction(0))
    if total == 0:  # a single side: it takes the bank
        weights, total = [Fraction(1)] * count, Fraction(count)
    exact = {
        seat: bank * weights[side] / total / len(seats)
        for side, seats in enumerate(sides)
        for seat in seats
    }
    chips = {seat: int(share) for seat, share in exact.items()}
    side_of = {seat: side for side, seats in enumerate(sides) for seat in seats}
    order = sorted(chips, key=lambda seat: (ranks[side_of[seat]], (seat - first_dealer) % players))
    for seat in order[: bank - sum(chips.values())]:
        chips[seat] += 1
    return [tuple(chips[seat] for seat in seats) for seats in sides]


def bank_shares_first_edition(bank: int, ranks: Sequence[int]) -> list[int]:
    """The first edition's split, kept so stored first-edition tables end as
    they always would: weights as above, per side, the odd chip to the
    better-ranked side with a weight."""
    count = len(ranks)
    if bank == 0 or count == 0:
        return [0] * count
    weights = [0.0] * count
    for rank in set(ranks):
        tied = [i for i, r in enumerate(ranks) if r == rank]
        pooled = sum(count - (rank - 1 + k) - 1 for k in range(len(tied)))
        for i in tied:
            weights[i] = pooled / len(tied)
    total = sum(weights)
    if total == 0:
        weights = [1.0] * count
        total = float(count)
    shares = [int(bank * w // total) for w in weights]
    leftover = bank - sum(shares)
    for i in sorted(range(count), key=lambda i: (ranks[i], i)):
        if leftover == 0:
            break
        if weights[i] > 0:
            shares[i] += 1
            leftover -= 1
    return shares
