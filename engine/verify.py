"""Every deal of a match dealt by the checkable shuffle, recomputed from its
secret and public value alone (docs/RULES.md 9): what `/verify` in the bot
and `python -m tools verify` show.

The secret and the public value fix each deal's deck, but who receives which
hand also depends on who deals, and only the first dealer is drawn from the
key: later dealers follow the play (docs/RULES.md 3.1). So a deal's hands
are given from the dealer's left, and only the first deal names its dealer.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import DECK, Card
from engine.dealing import lay_out
from engine.rules import RuleSet
from engine.shuffle import ShuffleKey, Stream, first_dealer, read_public, shuffled

MAX_DEALS = 500  # a match of this many deals has never been played


class Dealt(NamedTuple):
    number: int
    dealer: int | None  # a seat from 0; None after the first deal (the play decides)
    hands: tuple[tuple[Card, ...], ...]  # from the dealer's left, clockwise; the dealer's last
    trump_card: Card
    stock: tuple[Card, ...]  # drawn from the front; the trump card last with trump_card=bottom

    def seat_of(self, position: int) -> int | None:
        """The seat the `position`-th hand (0: the dealer's left) went to, if known."""
        if self.dealer is None:
            return None
        return (self.dealer + 1 + position) % len(self.hands)


def recompute(key: ShuffleKey, deals: int) -> list[Dealt]:
    """Deals 1 to `deals`, dealt to every seat of the table (a deal after a
    side went out was dealt to fewer: its deck is the same, the hands not)."""
    if not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"from 1 to {MAX_DEALS} deals, not {deals}")
    public = read_public(key.public)
    players = public.players
    hand_size = RuleSet(preset=public.game).hand_size
    middle = public.trump_card == "middle"
    found = []
    for number in range(1, deals + 1):
        stream = Stream(key, number)
        deck = shuffled(stream, DECK)
        hands, shown, stock = lay_out(
            deck, players, range(players), hand_size, middle, stream.below
        )
        dealer = first_dealer(key, players) if number == 1 else None
        found.append(Dealt(number, dealer, hands, shown, stock))
    return found
