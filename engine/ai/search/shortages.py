"""What the other players showed they lack, and worlds that respect it.

No player is obliged to beat (docs/RULES.md 4.2), but players do beat when it is
cheap: a higher card of the led suit costs no trump, and a trick with points
on it is worth a trump. So a player who throws cards on a single card he
could have beaten that way most likely held no such card: no higher card of
its suit (and, when points lay on the table, no trump either). That is read
from what the seat itself saw:

- the plays before its own turn in the trick on the table (a discard onto
  the owner's single card, the points visible on the table so far);
- a trick it took with a single card it led or beat with: everybody who
  played after it threw cards on that card;
- the lead of the trick on the table: players lead their point-free plain
  cards first (as many of one suit as they may, lowest first) and trumps
  last. So a leader who led only point cards held no point-free plain card;
  one who led a trump held no plain card at all; one who led k point-free
  cards of a suit held no other point-free card of it and at most k of any
  other plain suit (unless k was the most he could lead), and one who led a
  single one held none lower. Not read from a combination (led for itself),
  nor from point cards the leader may have been cashing because he knew
  nobody could beat them (every card that beats one of them is unseen by
  this seat, so it may be his own). Checked against the real hands: every
  fact read from `easy` and `normal` leads is true
  (`tests/engine/ai/test_ai_leads.py`).

Partners (kozel) are left out both ways: a player does not beat his
partner, and this seat's own partner plays by other rules than the rules of
thumb read here.

Each fact is a *shortage*: (seat, a bit per card id he lacked, how many of
them he may hold). That count starts at 0 (at k for the other suits after a
lead of k cards) and grows by one for every card he draws since: each may
have brought one of those cards back. `repair` moves the
surplus out of his hand into the stock (or another hand that may take it),
so worlds respect the facts without rejection sampling. The sampler skips it
for a share of the worlds (`SHORTAGE_SLACK` in `engine.ai.search.worlds`), for
players who do not play by these rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.beating import beaten_by_mask
from engine.cards import DECK, Card, Suit
from engine.rules import Preset
from engine.state import PlayKind
from engine.view import TableView

Shortage = tuple[int, int, int]  # (seat, mask of card ids he lacked, how many he may hold)
MyPlay = tuple[Card, int, tuple[int, ...]]  # (my single card, table points, who played after)


def lack_mask(card: Card, trump: Suit, table_points: int) -> int:
    """The cards a player who did not beat `card` most likely did not hold:
    a higher card of its suit when that beat is free (a plain suit) or worth
    it (points on the table), and any trump when points lay on the table."""
    mask = 0
    plain = card.suit != trump
    for other in DECK:
        if other.suit == card.suit:
            if other.rank > card.rank and (plain or table_points):
                mask |= 1 << other.id
        elif plain and table_points and other.suit == trump:
            mask |= 1 << other.id
    return mask


def partners(view: TableView, a: int, b: int) -> bool:
    return view.rules.is_teams and a != b and (a - b) % 2 == 0


def after_draw(shortages: Sequence[Shortage], drawn_each: int) -> list[Shortage]:
    """Everybody drew `drawn_each` cards since (at most)."""
    if drawn_each <= 0:
        return list(shortages)
    return [(seat, mask, since + drawn_each) for seat, mask, since in shortages]


def from_taken(
    view: TableView, seat: int, taker: int, my_play: MyPlay | None, drawn_each: int
) -> list[Shortage]:
    """The trick just taken by `seat` with the single card it played: every
    player after it threw cards on that card."""
    if taker != seat or my_play is None or view.trump is None:
        return []
    card, table_points, later = my_play
    mask = lack_mask(card, view.trump, table_points)
    if not mask:
        return []
    return [
        (other, mask, max(drawn_each, 0))
        for other in later
        if other != seat and not partners(view, other, seat)
    ]


def lead_facts(
    cards: Sequence[Card], trump: Suit, own: int, stock_empty: bool, limit: int
) -> list[tuple[int, int]]:
    """What the leader of `cards` most likely held, as (mask, at most how many
    of those cards); empty when the lead tells nothing. `own`: a bit per card
    id this seat knows the leader did not hold (its hand, the table);
    `limit`: the most cards he could lead."""
    if not cards:
        return []
    trumps = any(card.suit == trump for card in cards)
    if not trumps and not any(card.points for card in cards):
        return _zero_lead_facts(cards, trump, limit)
    if not trumps and not all(card.points for card in cards):
        return []
    if all(card.points for card in cards) and (stock_empty or not trumps):
        # A cash lead? Only if every card out that beats them may be his.
        beaters = 0
        for card in cards:
            beaters |= beaten_by_mask(trump, card)
        if not beaters & own:
            return []
    mask = 0
    for other in DECK:
        if other.suit != trump and (trumps or not other.points):
            mask |= 1 << other.id
    return [(mask, 0)]


def _zero_lead_facts(cards: Sequence[Card], trump: Suit, limit: int) -> list[tuple[int, int]]:
    """Point-free plain cards led: the largest such group of one suit, lowest first."""
    suit = cards[0].suit
    if any(card.suit != suit for card in cards):
        return []
    count = len(cards)
    led = 0
    for card in cards:
        led |= 1 << card.id
    facts: list[tuple[int, int]] = []
    if count < limit:
        for other_suit in range(4):
            if other_suit == trump:
                continue
            mask = 0
            for other in DECK:
                if other.suit == other_suit and not other.points and not led >> other.id & 1:
                    mask |= 1 << other.id
            # His own suit's other point-free cards would have gone with them.
            facts.append((mask, 0 if other_suit == suit else count))
    if count == 1:
        rank = cards[0].rank
        lower = 0
        for other in DECK:
            if other.suit != trump and not other.points and other.rank < rank:
                lower |= 1 << other.id
        if lower:
            facts.append((lower, 0))
    return [fact for fact in facts if fact[0]]


def _lead_fact(view: TableView, seat: int, trump: Suit) -> list[Shortage]:
    first = view.trick[0]
    leader = first.seat
    if (
        leader == seat
        or partners(view, leader, seat)
        or view.combination is not None
        or first.face_down
        or any(card is None for card in first.cards)
    ):
        return []
    own = 0
    for card in view.hand:
        own |= 1 << card.id
    for play in view.trick[1:]:
        for shown in play.cards:
            if shown is not None:
                own |= 1 << shown.id
    cards = tuple(card for card in first.cards if card is not None)
    limit = min(
        3 if view.rules.preset is Preset.BURA else 4,
        len(view.hand),
        *(view.hand_sizes[other] + len(cards) for other in view.active if other != seat),
    )
    if view.rules.first_lead_max3 and sum(view.tricks_won) == 0:
        limit = min(limit, 3)
    facts = lead_facts(cards, trump, own, view.stock_left == 0, limit)
    return [(leader, mask, allowed) for mask, allowed in facts]


def from_trick(view: TableView, seat: int) -> list[Shortage]:
    """The lead and the discards before this seat's turn in the trick on the table."""
    trump = view.trump
    if trump is None or not view.trick:
        return []
    found: list[Shortage] = _lead_fact(view, seat, trump)
    first = view.trick[0]
    owner = first.seat
    owner_cards = first.cards
    table_points = sum(card.points for card in owner_cards if card is not None)
    for play in view.trick[1:]:
        other = play.seat
        if play.kind is PlayKind.BEAT:
            owner, owner_cards = other, play.cards
        elif (
            play.kind is PlayKind.DISCARD
            and other != seat
            and not partners(view, other, seat)
            and not partners(view, other, owner)
            and len(owner_cards) == 1
            and owner_cards[0] is not None
        ):
            mask = lack_mask(owner_cards[0], trump, table_points)
            if mask:
                found.append((other, mask, 0))
        table_points += sum(card.points for card in play.cards if card is not None)
    return found


def my_play_of(view: TableView, card: Card) -> MyPlay:
    """What `from_taken` needs of a single card this seat plays now (a lead,
    or a beat that makes it the trick's owner)."""
    seat = view.viewer
    assert seat is not None
    played = {play.seat for play in view.trick}
    table_points = card.points + sum(
        c.points for play in view.trick for c in play.cards if c is not None
    )
    n = len(view.players)
    later = tuple(
        other
        for other in sorted(view.active, key=lambda s: (s - seat) % n)
        if other != seat and other not in played
    )
    return card, table_points, later


def fits(hands: Sequence[Sequence[Card]], shortages: Sequence[Shortage]) -> bool:
    for seat, mask, since in shortages:
        held = 0
        for card in hands[seat]:
            held |= 1 << card.id
        if (held & mask).bit_count() > since:
            return False
    return True


def repair(
    hands: list[list[Card]],
    stock: list[Card],
    shortages: Sequence[Shortage],
    locked: frozenset[Card],
    rng: random.Random,
    viewer: int,
) -> None:
    """Swap cards a player showed he lacks (beyond what he drew since) out of
    his hand, for stock cards he may hold, else for another hand's cards that
    may change places. `locked` cards stay (a hand known to hold them)."""
    by_seat: dict[int, list[tuple[int, int]]] = {}
    for seat, mask, since in shortages:
        if seat != viewer:
            by_seat.setdefault(seat, []).append((mask, since))
    for seat, rules in by_seat.items():
        lacked = 0
        for mask, _ in rules:
            lacked |= mask
        hand = hands[seat]
        for _ in range(2 * len(hand) + 2):
            held = 0
            for card in hand:
                held |= 1 << card.id
            broken = None
            for mask, since in rules:
                if (held & mask).bit_count() > since:
                    broken = mask
                    break
            if broken is None:
                break
            culprits = [
                index
                for index, card in enumerate(hand)
                if broken >> card.id & 1 and card not in locked
            ]
            options = [index for index, card in enumerate(stock) if not lacked >> card.id & 1]
            if not culprits:
                break
            index = rng.choice(culprits)
            if options:
                other = rng.choice(options)
                hand[index], stock[other] = stock[other], hand[index]
                continue
            moved = hand[index]
            swaps = [
                (owner, position)
                for owner, cards in enumerate(hands)
                if owner not in (seat, viewer) and _accepts(by_seat.get(owner, ()), cards, moved)
                for position, card in enumerate(cards)
                if not lacked >> card.id & 1 and card not in locked
            ]
            if not swaps:
                break
            owner, position = rng.choice(swaps)
            hand[index], hands[owner][position] = hands[owner][position], moved


def _accepts(rules: Sequence[tuple[int, int]], cards: Sequence[Card], card: Card) -> bool:
    """Whether a hand may take `card` (in place of one of its cards) and keep its shortages."""
    for mask, since in rules:
        if mask >> card.id & 1 and sum(1 for c in cards if mask >> c.id & 1) + 1 > since:
            return False
    return True
