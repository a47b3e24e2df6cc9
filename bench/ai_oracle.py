"""How much `hard` would gain from knowing the cards it cannot see.

    python -m bench.ai_oracle --preset bura --players 2 --levels oracle,normal \\
        --deals 400 --seed 21 --playouts 300 --jobs 2

Adds one arena level, `oracle`: `hard`, except that every world it searches
is the real deal (the other hands, the piles' face-down cards), with only the
stock's order shuffled again. Partial oracles size what each part of that
knowledge is worth: `oracle-partner` (kozel) searches hard's own worlds with
the partner's real hand put in them, `oracle-opponents` with the opponents'
real hands, `oracle-trumps` and `oracle-aces` with only the opponents' real
trumps, or aces and tens (each swapped in from wherever the world had put
them; a world where that fails, about one in ten, stays as sampled).

They cheat, so they live here and not in `engine.ai`: they are measuring
sticks. Against the same deals, the gap between `oracle` and `hard` is what
better guessing of the hidden cards could buy at most; what `oracle` still
loses is the search's and the playout policy's share.

The arena hands a player only its view, so the real state is taken from the
engine's `view_for` call that made that view (`engine.ai.base` asks for the
view of the seat on turn just before the player decides). The other options
are the arena's (`python -m tools arena --help`).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import engine.ai.base as ai_base
from bench.real_deal import real_states, spy_view
from engine.ai import HardPlayer, register_level
from engine.ai.search.determinize import Knowledge
from engine.ai.search.worlds import deal_only_state
from engine.cards import Card, Suit
from engine.state import MatchState
from engine.view import TableView
from tools.cli import main

_OPPONENTS = {"oracle-opponents", "oracle-trumps", "oracle-aces"}
_CLASSES: dict[str, Callable[[Card, Suit], bool]] = {
    "oracle-partner": lambda card, trump: True,
    "oracle-opponents": lambda card, trump: True,
    "oracle-trumps": lambda card, trump: card.suit == trump,
    "oracle-aces": lambda card, trump: card.points >= 10,
}


class OraclePlayer(HardPlayer):
    """`hard` whose search's worlds are the real deal, the stock shuffled again."""

    level = "oracle"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        # Weighed worlds are drawn as drafts that would bypass `draw_world`
        # (and the oracle needs no clues).
        self.weigh_worlds = False

    def draw_world(self, view: TableView, knowledge: Knowledge, rng: random.Random) -> MatchState:
        """The real deal with its stock shuffled (the shown trump card stays last)."""
        state = real_states.get(knowledge.viewer)
        if state is None or state.step != view.step:
            return super().draw_world(view, knowledge, rng)
        world = deal_only_state(state)
        deal = world.deal
        assert deal is not None
        if deal.stock:
            stock = list(deal.stock)
            last = [] if deal.trump_hidden else stock[-1:]
            body = stock[: len(stock) - len(last)]
            rng.shuffle(body)
            world = world._replace(deal=deal._replace(stock=(*body, *last)))
        return world


class PartialOracle(OraclePlayer):
    """Hard's own worlds, with some seats' real cards of a class (its level) swapped in."""

    def draw_world(self, view: TableView, knowledge: Knowledge, rng: random.Random) -> MatchState:
        world = HardPlayer.draw_world(self, view, knowledge, rng)
        state = real_states.get(knowledge.viewer)
        if state is None or state.step != view.step:
            return world
        wanted = _CLASSES[self.level]
        seat = knowledge.viewer
        count = len(view.players)
        teams = view.rules.is_teams
        if self.level in _OPPONENTS:
            seats = [
                other
                for other in range(count)
                if other != seat and not (teams and (other - seat) % 2 == 0)
            ]
        elif teams:
            seats = [(seat + 2) % count]
        else:
            return world  # no partner
        trump = view.trump
        assert trump is not None  # a searched decision is always within a deal
        return _reveal(world, state, seat, seats, lambda card: wanted(card, trump))


def _reveal(
    world: MatchState,
    real: MatchState,
    viewer: int,
    seats: list[int],
    wanted: Callable[[Card], bool],
) -> MatchState:
    deal, truth = world.deal, real.deal
    assert deal is not None and truth is not None
    hands = [list(hand) for hand in deal.hands]
    stock = list(deal.stock)
    piles = [list(pile) for pile in deal.piles]
    down = [list(cards) for cards in deal.face_down]
    fixed = {viewer, *seats}
    shown = deal.stock[-1] if deal.stock and not deal.trump_hidden else None
    places: list[list[Card]] = [
        *(hands[other] for other in range(len(hands)) if other not in fixed),
        stock,
        *piles,
    ]
    for seat in seats:
        real_cards = {card for card in truth.hands[seat] if wanted(card)}
        hand = hands[seat]
        for card in [c for c in truth.hands[seat] if c in real_cards and c not in hand]:
            # Out goes a card of his that is not one of them, a wrong one of the class first.
            spare = sorted((c for c in hand if c not in real_cards), key=lambda c: not wanted(c))
            place = next((p for p in places if card in p), None)
            if not spare or place is None:
                return world
            _swap(hand, spare[0], place, card, down)
        for card in [card for card in hand if wanted(card) and card not in real_cards]:
            pool = [
                (p, c)
                for p in places[: -len(piles)]
                for c in p
                if not wanted(c) and c != shown  # the shown bottom card stays
            ]
            if not pool:
                return world
            place, other = pool[(card.id * 7919) % len(pool)]
            _swap(hand, card, place, other, down)
    new_hands = tuple(
        deal.hands[other] if other == viewer else tuple(sorted(hand, key=lambda c: c.id))
        for other, hand in enumerate(hands)
    )
    return world._replace(
        deal=deal._replace(
            hands=new_hands,
            stock=tuple(stock),
            piles=tuple(tuple(pile) for pile in piles),
            face_down=tuple(tuple(cards) for cards in down),
        )
    )


def _swap(
    hand: list[Card], out: Card, place: list[Card], into: Card, down: list[list[Card]]
) -> None:
    """`into` comes from `place` into `hand`, `out` takes its place there."""
    place[place.index(into)] = out
    hand[hand.index(out)] = into
    for cards in down:
        if into in cards:
            cards[cards.index(into)] = out


def _partial(name: str) -> type[PartialOracle]:
    return type(name, (PartialOracle,), {"level": name})


setattr(ai_base, "view_for", spy_view)  # noqa: B010 - the real state behind each view
register_level("oracle", OraclePlayer)
for _name in _CLASSES:
    register_level(_name, _partial(_name))

if __name__ == "__main__":
    raise SystemExit(main(["arena", *sys.argv[1:]]))
