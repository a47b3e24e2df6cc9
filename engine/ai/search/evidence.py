"""How likely a sampled world makes what the opponents have played so far.

A world deals the unseen cards at random within the hard facts (sizes,
shortages). But every card an opponent played was a choice made from his
hand then, and a player's choices say a lot about that hand: a casual
player who leads one small club holds no two cheap cards of one plain suit;
one who beat a point-free card with a trump had no plain card to beat it
with; one who threw cards face down onto a trick with points could not beat
it. So each lead and answer of this deal is a *clue*: in a world, rebuild
his hand when he played it (his cards there, plus what he played since,
less what he drew since: which cards those were is hidden, so a few guesses
are averaged) and ask whether his style (`engine.ai.search.opponents`: casual or
careful, in the share his plays so far make likely) would have played the
same (of a face-down answer, only that he did not beat). The world's weight
is the product over the clues of that chance, each at least `FLOOR` (no
model of a player is sure, and a human plays neither style exactly); the
search keeps a world with that chance (`pick_world`), so that it searches
the deals the table's play makes likely. Once the stock is gone the weight
also counts the trumps a world puts face down (`DOWN_TRUMP`): players keep
their trumps, and blind worlds put too many where nobody saw them. It
weighs drafts (`engine.ai.search.worlds.draw_draft`: the cards only), so a
refused world's state is never built.

Everything read here is public: `TableView.history` holds every play of the
deal's finished tricks as the table saw them (face-down cards hidden).
Partners are not modelled (the partner plays like the seat itself).
In kozel checking the clues costs two fifths of the playouts a decision
had, and still wins more deals (docs/PERFORMANCE.md, "Ideas tried").
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engine.actions import Action, Kind
from engine.ai.playout.memory import PlayoutMemory
from engine.ai.search.opponents import Answer, answer_of, styles_agree
from engine.ai.search.shortages import partners
from engine.ai.search.worlds import Draft
from engine.cards import DECK, Card, Suit
from engine.rules import RuleSet
from engine.state import MatchState, PlayKind
from engine.view import PlayView, TableView

FLOOR = 0.15  # the least chance one clue leaves a world (0.08 measured level)
# Worlds drawn at most for one kept world (then the likeliest of them): the
# search has playouts to spare and is short of information.
TRIES = 12
SUBSETS = 2  # guesses averaged at which cards a player drew since a clue
SURE = 0.02  # a style with less than this share is not asked
REORDER = 16  # worlds weighed between two reorderings of the clues
# Once the stock is gone, a world's weight is also e^-DOWN_TRUMP for every
# trump it puts among the face-down cards the viewer has not seen. Players
# keep their trumps: blind worlds put 1.95 trumps there against 1.70 really,
# and too few in the hands. 0 turns it off.
DOWN_TRUMP = 0.5

_KINDS = {PlayKind.BEAT: Kind.BEAT, PlayKind.DISCARD: Kind.DISCARD, PlayKind.LEAD: Kind.LEAD}


@dataclass(frozen=True)
class Clue:
    """One visible play of an opponent, with the table he played it at."""

    answer: Answer
    trick: int  # index of its trick in the deal (the trick on the table: len(history))
    drawn_since: int  # cards he drew after it
    # Face down (closed discards): only that he threw cards is known; a world
    # says which (`position`: the play's place in its trick).
    hidden: bool = False
    position: int = 0
    shown_since: tuple[Card, ...] = ()  # the face-up cards he played after it
    hidden_since: tuple[tuple[int, int], ...] = ()  # (trick, position) of his face-down plays


@dataclass
class Reading:
    """The clues of one decision, with what reading them in a world needs
    (and, mutable, what reading them in this decision's worlds taught)."""

    clues: tuple[Clue, ...]
    seen: int  # a bit per card id in the piles the viewer saw
    tricks: int  # finished tricks
    # The face-down plays, in order: (trick, position, taker, cards).
    hidden_plays: tuple[tuple[int, int, int, int], ...]
    memory: PlayoutMemory
    trump: Suit
    rules: RuleSet
    # (clue, a bit per card of his hand then) -> (casual agrees, careful agrees):
    # worlds of one decision often give a player the same hand.
    known: dict[tuple[int, int], tuple[bool, bool]] = field(default_factory=dict)
    # The clues in the order they are read, the most refusing first: most
    # worlds are then refused by the first clue read (`weight` reorders it).
    # Per clue, how often it was read and how often it refused the world.
    order: list[int] = field(init=False)
    refusals: list[int] = field(init=False)
    checks: list[int] = field(init=False)
    weighed: int = field(init=False, default=0)  # worlds weighed so far
    # Per clue, a bit per card known to be in his hand then: the clue's
    # face-up cards, and the cards he showed since unless he drew since
    # (then they may be among those drawn).
    masks: list[int] = field(init=False)

    def __post_init__(self) -> None:
        count = len(self.clues)
        self.masks = []
        for clue in self.clues:
            mask = 0
            shown = () if clue.drawn_since else clue.shown_since
            for card in (*clue.answer.action.cards, *shown):
                mask |= 1 << card.id
            self.masks.append(mask)
        self.order = list(range(count))
        self.refusals = [0] * count
        self.checks = [0] * count

    def __bool__(self) -> bool:
        return bool(self.clues)


NO_READING = Reading((), 0, 0, (), PlayoutMemory([], 0, 0, False), Suit(0), RuleSet())


def clues_of(view: TableView) -> list[Clue]:
    """The opponents' leads and answers of this deal, the sharpest first."""
    return list(read(view).clues)


def read(view: TableView) -> Reading:
    """The clues of this decision (`weight` reads them in a world)."""
    viewer = view.viewer
    if viewer is None or view.trump is None:
        return NO_READING
    n = len(view.players)
    size = view.rules.hand_size
    tricks = [*view.history, view.trick] if view.trick else list(view.history)
    offset = len(view.results) - len(view.history)
    if offset != 0:
        return NO_READING  # a deal stored before its plays were kept
    # Replay the hand sizes and the stock: every hand holds `held[t]` cards
    # when trick t is led (hands stay equal), the stock `stock[t]`.
    stock_now = len(DECK) - n * size
    held: list[int] = []
    stocks: list[int] = []
    hand = size
    for plays in tricks:
        held.append(hand)
        stocks.append(stock_now)
        led = len(plays[0].cards) if plays else 0
        hand -= led
        drawn = min(stock_now, n * led)
        stock_now -= drawn
        hand += drawn // n
    if view.trick:
        if held[-1] != view.hand_sizes[viewer] + _played_by(view.trick, viewer):
            return NO_READING  # the replay does not fit: read nothing
    elif hand != len(view.hand):
        return NO_READING
    found: list[Clue] = []
    gone = 0
    for index, plays in enumerate(tricks):
        current = index == len(view.history)
        combination = view.combination if current else view.results[index].combination
        for position, play in enumerate(plays):
            kind = _KINDS[play.kind]
            hidden = None in play.cards
            if (
                play.seat == viewer
                or partners(view, viewer, play.seat)
                or (position == 0 and (kind is not Kind.LEAD or combination is not None))
            ):
                continue
            cards = tuple(card for card in play.cards if card is not None)
            before = [
                (p.seat, _KINDS[p.kind], tuple(c for c in p.cards if c is not None))
                for p in plays[:position]
            ]
            action = Action(kind, play.seat, cards)
            played_after = sum(_played_by(later, play.seat) for later in tricks[index + 1 :])
            now = view.hand_sizes[play.seat]
            drawn = now - held[index] + len(play.cards) + played_after
            answer = answer_of(action, before, gone, index, stocks[index] == 0, held[index], ())
            later = [
                (number, place, later_play)
                for number, plays_then in enumerate(tricks[index + 1 :], start=index + 1)
                for place, later_play in enumerate(plays_then)
                if later_play.seat == play.seat
            ]
            shown = tuple(
                card for _, _, later_play in later for card in later_play.cards if card is not None
            )
            down = tuple(
                (number, place) for number, place, later_play in later if None in later_play.cards
            )
            found.append(Clue(answer, index, max(drawn, 0), hidden, position, shown, down))
        for play in plays:
            for card in play.cards:
                if card is not None:
                    gone |= 1 << card.id
    seen = 0
    for pile in view.piles:
        for card in pile:
            seen |= 1 << card.id
    hidden_plays = tuple(
        (
            number,
            place,
            view.results[number].seat if number < len(view.history) else -1,
            len(play.cards),
        )
        for number, plays in enumerate(tricks)
        for place, play in enumerate(plays)
        if None in play.cards
    )
    memory = PlayoutMemory([0] * n, 0, len(view.active), view.rules.is_teams)
    # The sharpest and cheapest first (nothing drawn since: one hand to try),
    # so that most refused worlds are refused early; `weight` then reorders
    # them by how often they refused this decision's worlds.
    clues = tuple(sorted(found, key=lambda clue: clue.drawn_since))
    return Reading(clues, seen, len(view.history), hidden_plays, memory, view.trump, view.rules)


def _played_by(plays: Sequence[PlayView], seat: int) -> int:
    return sum(len(play.cards) for play in plays if play.seat == seat)


Shares = dict[int, float]  # seat -> share of casual play


def weight(
    world: Draft | MatchState,
    reading: Reading,
    shares: Shares,
    rng: random.Random,
    bound: float = 0.0,
) -> float:
    """The chance that the opponents' styles play every clue in `world` (a
    drawn draft, or a whole state), times `DOWN_TRUMP`'s tilt once the stock
    is gone; once it falls below `bound`, that much (the rest is not read)."""
    if isinstance(world, MatchState):
        world = draft_of(world)
    hands = world.dealt
    memory = reading.memory
    down: dict[tuple[int, int], tuple[Card, ...]] | None = None
    total = 1.0
    if DOWN_TRUMP and not world.stock:
        down = _face_down_cards(world, reading)
        total = math.exp(-DOWN_TRUMP * _trumps_in(down, reading.trump))
    known = reading.known
    clues = reading.clues
    refusals = reading.refusals
    order = reading.order
    checks = reading.checks
    reading.weighed += 1
    if reading.weighed % REORDER == 0:
        # The likeliest to refuse first (Laplace's rule: a clue read rarely
        # is not written off).
        order.sort(key=lambda index: -(refusals[index] + 1) / (checks[index] + 2))
    for index in order:
        clue = clues[index]
        checks[index] += 1
        seat = clue.answer.seat
        if down is None and (clue.hidden or clue.hidden_since):
            down = _face_down_cards(world, reading)
        share, ask_casual, ask_careful = _asked(shares, seat)
        hand_now = hands[seat]
        # Which of his cards he drew since is hidden: average over a few guesses.
        drawn = clue.drawn_since
        guesses = SUBSETS if drawn else 1
        fixed = reading.masks[index]
        if clue.hidden:
            assert down is not None
            for card in down[(clue.trick, clue.position)]:
                fixed |= 1 << card.id
        whole: list[Card] = []
        if drawn:
            whole = [*hand_now, *clue.shown_since]
        for key in clue.hidden_since:
            assert down is not None
            if drawn:
                whole.extend(down[key])
            else:
                for card in down[key]:
                    fixed |= 1 << card.id
        chance = 0.0
        for _ in range(guesses):
            mask = fixed
            if drawn:
                for card in rng.sample(whole, max(len(whole) - drawn, 0)):
                    mask |= 1 << card.id
            else:
                for card in hand_now:
                    mask |= 1 << card.id
            key = (index, mask)
            agree = known.get(key)
            if agree is None:
                agree = known[key] = styles_agree(
                    clue.answer,
                    _cards_of(mask),
                    reading.trump,
                    memory,
                    reading.rules,
                    ask_casual,
                    ask_careful,
                    kind_only=clue.hidden,
                )
            casual, careful = agree
            chance += share * casual + (1 - share) * careful
        chance /= guesses
        if chance <= FLOOR:
            chance = FLOOR
            refusals[index] += 1
        total *= chance
        if total < bound:
            break
    return total


def trumps_face_down(world: Draft, reading: Reading) -> int:
    """The trumps `world` puts among the face-down cards the viewer never saw:
    in the piles, and in the face-down plays of the trick on the table."""
    return _trumps_in(_face_down_cards(world, reading), reading.trump)


def _trumps_in(down: dict[tuple[int, int], tuple[Card, ...]], trump: Suit) -> int:
    return sum(card.suit == trump for cards in down.values() for card in cards)


def _asked(shares: Shares, seat: int) -> tuple[float, bool, bool]:
    """His share of casual play, and which styles are asked: a style read
    with near certainty, the other is not."""
    share = shares.get(seat, 0.5)
    ask_casual = share > SURE
    ask_careful = share < 1 - SURE
    if not ask_careful:
        share = 1.0
    elif not ask_casual:
        share = 0.0
    return share, ask_casual, ask_careful


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit mask, in card order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(cards)


def draft_of(state: MatchState) -> Draft:
    """A whole state as a draft (to weigh a real deal)."""
    deal = state.deal
    assert deal is not None
    plays = deal.trick.plays if deal.trick is not None else ()
    return Draft(
        [list(hand) for hand in deal.hands],
        list(deal.piles),
        list(deal.stock),
        [list(cards) for cards in deal.face_down],
        {place: list(play.cards) for place, play in enumerate(plays)},
    )


def _face_down_cards(world: Draft, reading: Reading) -> dict[tuple[int, int], tuple[Card, ...]]:
    """Which cards each face-down play was in `world`: a finished trick's went
    into its taker's pile, in order, among the cards the viewer never saw."""
    seen = reading.seen
    left = [iter([card for card in pile if not seen >> card.id & 1]) for pile in world.piles]
    found: dict[tuple[int, int], tuple[Card, ...]] = {}
    for number, place, taker, count in reading.hidden_plays:
        if number >= reading.tricks:
            found[(number, place)] = tuple(world.trick_cards[place])
            continue
        found[(number, place)] = tuple(next(left[taker], DECK[0]) for _ in range(count))
    return found


World = TypeVar("World", Draft, MatchState)


def pick_world(
    sample: Callable[[], World], reading: Reading, shares: Shares, rng: random.Random
) -> World:
    """A world drawn in proportion to its weight (rejection sampling; after
    `TRIES` refusals the likeliest of them). Drafts: a refused world's state
    is never built (`engine.ai.search.worlds.build_world` builds the kept one)."""
    best: World | None = None
    best_weight = -1.0
    for _ in range(TRIES):
        world = sample()
        threshold = rng.random()
        chance = weight(world, reading, shares, rng, threshold)
        if chance > threshold:
            return world
        if chance > best_weight:
            best, best_weight = world, chance
    assert best is not None
    return best
