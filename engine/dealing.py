"""A match's deals: the first dealer, dealing, trump and first leader (docs/RULES.md
3), bura's claims and combinations that win a deal by themselves (6), and
the end of a deal: penalties, eliminations, the next dealer and the final
standing (6, 7, 8). `engine.game` plays the tricks in between.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random

from engine.cards import DECK, Card, points, sort_cards
from engine.combos import Combo, combos_in_hand, top_trump
from engine.errors import IllegalAction
from engine.events import (
    ClaimMade,
    DealScored,
    DealStarted,
    DealVoid,
    DealWonByCombination,
    Event,
    MatchOver,
    SideEliminated,
    SideResult,
)
from engine.rules import Preset, RuleSet
from engine.scoring import bura_penalties, standing, trick_game_penalties
from engine.seating import Seating, active_seats, clockwise_from, seating, side_of
from engine.shuffle import ShuffleKey, Stream, check_table, shuffled
from engine.shuffle import first_dealer as keyed_first_dealer
from engine.state import Deal, MatchState
from engine.state_updates import match_with_new_deal, replace_match

BURA = Preset.BURA  # enum class attribute lookups are slow in Python 3.11

# -- a new match and new deals -------------------------------------------------


def new_match(
    rules: RuleSet, players: Sequence[str], seed: int, key: ShuffleKey | None = None
) -> MatchState:
    """A match with its first deal dealt. The first dealer is drawn from the seed
    (from the key, with the checkable shuffle)."""
    return start_match(rules, players, seed, key)[0]


def start_match(
    rules: RuleSet, players: Sequence[str], seed: int, key: ShuffleKey | None = None
) -> tuple[MatchState, list[Event]]:
    """`new_match` plus what happened while dealing: the deal started, and in
    bura maybe a redeal or a deal won at once by a dealt bura or moscow.

    Which shuffle deals the match is its shuffle edition (docs/RULES.md 9):
    without a key, the first (Python's `Random` from the seed, as every table
    was dealt before the checkable shuffle); with a key, the second, where
    the seed decides nothing of the deals."""
    rules.check_players(len(players))
    if key is not None:
        check_table(key, rules.preset, len(players), rules.trump_card)
    state = MatchState(
        rules=rules,
        players=tuple(players),
        seed=int(seed),
        penalties=(0,) * len(rules.sides(len(players))),
        out=(),
        deal=None,
        deals_dealt=0,
        next_leader=None,
        next_multiplier=1,
        step=0,
        shuffle=key,
    )
    return _start_deal(state, match_first_dealer(state), [])


def first_dealer(seed: int, players: int) -> int:
    """The first dealer of a match dealt by the first shuffle edition, drawn
    from the seed (docs/RULES.md 3.1); `match_first_dealer` for any match."""
    return Random(f"{seed}/dealer").randrange(players)


def match_first_dealer(state: MatchState) -> int:
    """The match's first dealer (docs/RULES.md 3.1 and 9); the bank's odd chips
    go round from him (docs/RULES.md 8)."""
    if state.shuffle is None:
        return first_dealer(state.seed, state.seats)
    return keyed_first_dealer(state.shuffle, state.seats)


def _start_deal(
    state: MatchState, dealer: int, events: list[Event]
) -> tuple[MatchState, list[Event]]:
    rules = state.rules
    n = len(state.players)
    seats = seating(state)
    order = seats.order[seats.next[dealer]]  # from the dealer's left, clockwise
    middle = rules.trump_card == "middle"
    number = state.deals_dealt
    key = state.shuffle
    while True:
        number += 1
        if key is None:  # the first shuffle edition, byte for byte as it dealt
            rng = Random(f"{state.seed}/deal/{number}")
            deck = list(DECK)
            shuffle(deck, rng)
            # `1 + rng.randrange(n)` is `rng.randrange(1, n + 1)`, the middle
            # trump's draw as it has always been made.
            below: Callable[[int], int] = rng.randrange
        else:
            stream = Stream(key, number)
            deck = shuffled(stream, DECK)
            below = stream.below
        sorted_hands, shown, stock = lay_out(deck, n, order, rules.hand_size, middle, below)
        trump = shown.suit
        if rules.preset is BURA and rules.redeal_on_initial_combo:
            holder = next((s for s in order if combos_in_hand(sorted_hands[s], trump, rules)), None)
            if holder is not None:
                events.append(DealVoid(reason="initial_combination", seat=holder))
                continue
        leader = _first_leader(state, seats, order, sorted_hands, trump)
        deal = Deal(
            number=number,
            dealer=dealer,
            trump=trump,
            trump_card=shown,
            trump_hidden=middle,
            stock=stock,
            hands=sorted_hands,
            piles=((),) * n,
            tricks_won=(0,) * n,
            face_down=((),) * n,
            turn=leader,
            trick=None,
            tricks_played=0,
            last_taker=None,
            multiplier=state.next_multiplier,
        )
        state = match_with_new_deal(state, deals_dealt=number, deal=deal)
        events.append(
            DealStarted(
                number=number,
                dealer=dealer,
                trump=trump,
                trump_card=shown,
                trump_hidden=middle,
                leader=leader,
                stock_left=len(stock),
                multiplier=deal.multiplier,
            )
        )
        if rules.preset is BURA:
            return check_bura_hands(state, events)
        return state, events


def lay_out(
    deck: Sequence[Card],
    seats: int,
    order: Sequence[int],
    hand_size: int,
    middle: bool,
    below: Callable[[int], int],
) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
    """A shuffled deck dealt (docs/RULES.md 3.1, 3.2 and 9.6): the hands by seat
    (a seat not in `order` gets none), the trump card, and the stock. `order`
    is who is dealt, from the dealer's left; `below(n)` draws the middle trump.

    One card at a time, clockwise: the i-th player of `order` gets every
    `players`-th card of the first `dealt`, starting with card i."""
    players = len(order)
    dealt = hand_size * players
    hands: list[tuple[Card, ...]] = [()] * seats
    for index, seat in enumerate(order):
        hands[seat] = sort_cards(deck[index:dealt:players])
    rest = deck[dealt:]
    if middle:  # never the stock's first or last card
        shown = rest[1 + below(len(rest) - 2)]
        stock = tuple(rest)
    else:
        shown = rest[0]
        stock = (*rest[1:], rest[0])
    return tuple(hands), shown, stock


def shuffle(cards: list[Card], rng: Random) -> None:
    """Exactly `rng.shuffle(cards)` for up to 36 cards: CPython's Fisher-Yates,
    where `_randbelow(i + 1)` draws `(i + 1).bit_length()` random bits until
    the number is at most i. Written out because it runs once per deal (and
    once per world a computer player searches) and the library version
    spends most of its time in two Python-level calls per card."""
    getrandbits = rng.getrandbits
    for i, bits in _SHUFFLE_STEPS[len(cards)]:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


_SHUFFLE_STEPS = tuple(
    tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    for size in range(len(DECK) + 1)
)


def _first_leader(
    state: MatchState,
    seats: Seating,
    order: Sequence[int],
    hands: tuple[tuple[Card, ...], ...],
    trump: int,
) -> int:
    """Left of the dealer, or the lowest trump in the match's first deal; later
    the last deal's last taker (or the next one still playing after him)."""
    if state.next_leader is not None:
        leader = state.next_leader
        return leader if seats.playing[leader] else seats.next[leader]
    if state.deals_dealt and state.rules.edition >= 2:
        return order[0]  # the last deal ended before any trick: left of the dealer
    if state.rules.first_lead == "lowest_trump":
        lowest: tuple[int, int] | None = None
        for seat in order:
            for card in hands[seat]:
                if card.suit == trump and (lowest is None or card.rank < lowest[0]):
                    lowest = (card.rank, seat)
        if lowest is not None:
            return lowest[1]
    return order[0]


# -- bura: claims and combinations that win by themselves --------------------------


def apply_claim(state: MatchState, deal: Deal, seat: int) -> tuple[MatchState, list[Event]]:
    if state.rules.preset is not BURA:
        raise IllegalAction("no_claims", f"there are no claims in {state.rules.preset.value}")
    if deal.trick is not None or seat != deal.turn:
        raise IllegalAction("claim_own_turn", "claim 31 only on your own turn, before leading")
    claimed = points(deal.piles[seat])
    success = claimed >= 31
    events: list[Event] = [ClaimMade(seat=seat, points=claimed, success=success)]
    state = replace_match(state, step=state.step + 1)
    side = side_of(state, seat)
    if success:
        penalties = bura_penalties(
            state.rules, len(state.penalties), _active_sides(state), side, None
        )
    else:
        penalties = bura_penalties(
            state.rules, len(state.penalties), _active_sides(state), None, side
        )
    winner = seat if success else None
    return _score_deal(state, deal, penalties, False, "claim", events, winner=winner)


def check_bura_hands(state: MatchState, events: list[Event]) -> tuple[MatchState, list[Event]]:
    """A moscow (three aces) or a bura (three trumps) in hand wins the deal at once."""
    deal = state.deal
    assert deal is not None
    rules = state.rules
    winner: tuple[int, Combo, tuple[Card, ...]] | None = None
    best_top = -1
    for seat in clockwise_from(state, deal.turn):
        for combo, cards in combos_in_hand(deal.hands[seat], deal.trump, rules):
            if combo is Combo.MOSCOW:
                winner = (seat, combo, cards)
                best_top = 99
            elif combo is Combo.BURA:
                top = top_trump(cards, deal.trump)
                if top > best_top:
                    winner, best_top = (seat, combo, cards), top
    if winner is None:
        return state, events
    seat, combo, cards = winner
    events.append(DealWonByCombination(seat=seat, combination=combo.value, cards=cards))
    penalties = bura_penalties(
        rules, len(state.penalties), _active_sides(state), side_of(state, seat), None
    )
    return _score_deal(state, deal, penalties, False, "combination", events, winner=seat)


def end_bura_deal_by_cards(
    state: MatchState, deal: Deal, events: list[Event]
) -> tuple[MatchState, list[Event]]:
    """Nobody claimed: the most points wins the deal; a tie voids it."""
    totals = {seat: points(deal.piles[seat]) for seat in active_seats(state)}
    best = max(totals.values())
    leaders = [seat for seat, total in totals.items() if total == best]
    if len(leaders) > 1:
        events.append(DealVoid(reason="tie", seat=None))
        state = replace_match(state, next_leader=deal.last_taker)
        return _start_deal(state, deal.dealer, events)
    penalties = bura_penalties(
        state.rules, len(state.penalties), _active_sides(state), side_of(state, leaders[0]), None
    )
    return _score_deal(state, deal, penalties, False, "cards", events, winner=leaders[0])


# -- the end of a deal and of the match ----------------------------------------------


def _active_sides(state: MatchState) -> tuple[int, ...]:
    return seating(state).active_sides


def end_trick_game_deal(
    state: MatchState, deal: Deal, events: list[Event]
) -> tuple[MatchState, list[Event]]:
    seats = seating(state)
    active = seats.active_sides
    pooled = _pooled(deal, seats)
    scored, eggs = trick_game_penalties(
        state.rules, pooled[0], pooled[1], len(seats.active), deal.multiplier
    )
    penalties = [0] * len(state.penalties)
    for side, penalty in zip(active, scored, strict=True):
        penalties[side] = penalty
    return _score_deal(state, deal, tuple(penalties), eggs, "cards", events, pooled)


def _pooled(deal: Deal, seats: Seating) -> tuple[list[int], list[int]]:
    """Points and tricks per active side: partners pool their piles."""
    pile_points = [points(pile) for pile in deal.piles]
    groups = seats.sides
    side_points = []
    side_tricks = []
    for side in seats.active_sides:
        side_points.append(sum([pile_points[seat] for seat in groups[side]]))
        side_tricks.append(sum([deal.tricks_won[seat] for seat in groups[side]]))
    return side_points, side_tricks


def _score_deal(
    state: MatchState,
    deal: Deal,
    penalties: tuple[int, ...],
    eggs: bool,
    reason: str,
    events: list[Event],
    pooled: tuple[list[int], list[int]] | None = None,
    winner: int | None = None,
) -> tuple[MatchState, list[Event]]:
    """Penalties added, eliminations, then the next deal or the standing.

    `winner` is the seat that won a bura deal (None after a false claim):
    in the second edition it deals the next deal."""
    seats = seating(state)
    groups = seats.sides
    active = seats.active_sides
    side_points, side_tricks = pooled or _pooled(deal, seats)
    totals = tuple([total + added for total, added in zip(state.penalties, penalties, strict=True)])
    results = tuple(
        [
            SideResult(
                side, groups[side], side_points[i], side_tricks[i], penalties[side], totals[side]
            )
            for i, side in enumerate(active)
        ]
    )
    events.append(
        DealScored(
            number=deal.number,
            reason=reason,
            eggs=eggs,
            multiplier=deal.multiplier,
            piles=deal.piles,
            results=results,
        )
    )
    limit = state.rules.limit
    newly_out = [side for side in active if totals[side] >= limit]
    if len(newly_out) > 1:
        newly_out.sort(key=lambda side: -totals[side])
    for side in newly_out:
        events.append(SideEliminated(side=side, seats=groups[side], penalties=totals[side]))
    out = state.out + tuple(newly_out)
    rules = state.rules
    second = rules.edition >= 2
    multiplier = deal.multiplier * 2 if eggs and rules.eggs_double else 1
    last = deal.last_taker
    if last is None and not second:
        last = state.next_leader  # the first edition kept an older deal's taker
    state = replace_match(
        state,
        penalties=totals,
        out=out,
        deal=None,
        next_leader=last,  # None: left of the next dealer leads (a deal won at once)
        next_multiplier=multiplier,
        out_deals=state.out_deals + (deal.number,) * len(newly_out),
    )
    remaining = len(groups) - len(out)
    if remaining <= 1 or (newly_out and rules.end_at_first_loser):
        final = standing(
            rules,
            groups,
            totals,
            out,
            state.out_deals,
            match_first_dealer(state),
        )
        events.append(MatchOver(standing=final, bank=rules.stake * state.seats, deals=deal.number))
        return replace_match(state, standing=final), events
    return _start_deal(state, _next_dealer(state, deal, winner), events)


def _next_dealer(state: MatchState, deal: Deal, winner: int | None) -> int:
    """The deal passes clockwise; in bura (second edition) the winner of the
    deal deals, and after a false claim the same dealer deals again. A dealer
    who is out passes the deal to the next seat still playing."""
    seats = seating(state)  # `out` may have changed
    if state.rules.preset is BURA and state.rules.edition >= 2:
        dealer = winner if winner is not None else deal.dealer
        return dealer if seats.playing[dealer] else seats.next[dealer]
    return seats.next[deal.dealer]
