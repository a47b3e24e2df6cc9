"""Penalty points for a deal and the final standing (RULES.md 6, 7 and 8).

Burkozel and kozel share one table once piles are pooled per side: with two
sides, "most points" is the same as kozel's "61 or more", and 31 is the
passing score of both.
"""

from __future__ import annotations

from collections.abc import Sequence

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

    "Eggs" is two sides level at 60–60: nobody is penalised. With three or four
    players two can tie at 60 only if the others took nothing; those others are
    still scored, since the rule speaks of two players splitting the deck.
    """
    if len(side_points) == 2 and side_points[0] == side_points[1] == 60:
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
    return tuple(result), False


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
) -> tuple[Placing, ...]:
    """Rank sides: survivors by fewest penalties, then the eliminated, last out first.

    With `end_at_first_loser` the match stops at the first elimination and the
    ranking is by fewest penalty points alone.
    """
    count = len(sides)
    keys: dict[int, tuple[int, ...]]
    if rules.end_at_first_loser:
        keys = {side: (penalties[side],) for side in range(count)}
    else:
        out_order = {side: index for index, side in enumerate(out)}
        keys = {
            side: (0, 0, penalties[side])
            if side not in out_order
            else (1, -out_order[side], penalties[side])
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
    payouts = bank_shares(rules.stake * players, [ranks[side] for side in range(count)])
    return tuple(
        Placing(
            rank=ranks[side],
            side=side,
            seats=tuple(sides[side]),
            penalties=penalties[side],
            payout=payouts[side],
        )
        for side in ordered
    )


def bank_shares(bank: int, ranks: Sequence[int]) -> list[int]:
    """Split the bank by rank: weight n-1 for first place down to 0 for last.

    Two sides: the winner takes all. Three: 2/3 and 1/3. Four: 3/6, 2/6, 1/6.
    Tied sides pool their weights and split evenly; the odd chip goes to the
    better-ranked side so the whole bank is always paid out.
    """
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
    if total == 0:  # everybody tied: everybody gets their stake back
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
