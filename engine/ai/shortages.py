"""What the other players showed they lack, and worlds that respect it.

No player is obliged to beat (RULES.md 4.2), but players do beat when it is
cheap: a higher card of the led suit costs no trump, and a trick with points
on it is worth a trump. So a player who throws cards on a single card he
could have beaten that way most likely held no such card: no higher card of
its suit (and, when points lay on the table, no trump either). That is read
from what the seat itself saw:

- the plays before its own turn in the trick on the table (a discard onto
  the owner's single card, the points visible on the table so far);
- a trick it took with a single card it led or beat with: everybody who
  played after it threw cards on that card.

Partners (kozel) are left out both ways: a player does not beat his
partner, and this seat's own partner plays by other rules than the rules of
thumb read here.

Each fact is a *shortage*: (seat, a bit per card id he lacked, cards he has
drawn since). Every card drawn since may have brought one of those cards
back, so a world may give him at most that many of them. `repair` moves the
surplus out of his hand into the stock (or another hand that may take it),
so worlds respect the facts without rejection sampling. The sampler skips it
for a share of the worlds (`SHORTAGE_SLACK` in `engine.ai.worlds`), for
players who do not play by these rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.cards import DECK, Card, Suit
from engine.state import PlayKind
from engine.view import TableView

Shortage = tuple[int, int, int]  # (seat, mask of card ids he lacked, cards drawn since)
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


def _partners(view: TableView, a: int, b: int) -> bool:
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
        if other != seat and not _partners(view, other, seat)
    ]


def from_trick(view: TableView, seat: int) -> list[Shortage]:
    """Discards before this seat's turn in the trick on the table."""
    trump = view.trump
    if trump is None or not view.trick:
        return []
    found: list[Shortage] = []
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
            and not _partners(view, other, seat)
            and not _partners(view, other, owner)
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
            broken = next(
                (
                    mask
                    for mask, since in rules
                    if sum(1 for card in hand if mask >> card.id & 1) > since
                ),
                None,
            )
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
