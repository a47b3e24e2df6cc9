"""What one seat knows about the cards it cannot see.

A computer player decides from `TableView` alone. `Knowledge` turns a view
(plus, optionally, what the same seat noticed in its earlier views of this
deal: `DealTracker`) into the facts a search needs:

- `unseen`: every card the seat has not seen and cannot place: all 36, minus
  its own hand, minus the visible cards of every pile, minus the face-up cards
  on the table, minus the bottom trump card while it still lies under the
  stock (it is drawn last, everybody saw it);
- the *slots* those cards fill: each other hand (its size is public), the
  stock (below the bottom trump), the face-down cards of the trick on the
  table, and the face-down discards inside the piles;
- which seat must hold the bottom trump card once the stock is gone and it
  has not shown up (the seat that drew the last card of the stock);
- what the others showed they lacked (every game): a card thrown on a
  single card they could have beaten for free, or with points on the table,
  says they held no higher card of its suit (and no trump):
  `engine.ai.search.shortages`.

`engine.ai.search.worlds.sample_state` deals the unseen cards into those slots (not
uniformly where the seat knows better: see there) and builds an ordinary
engine `MatchState` that agrees with everything the seat can see: the same
view, only the hidden cards differ.

Face-down discards in piles (option closed_discard) are counted, not seen:
a pile's size is not part of the view. The tracker counts them trick by
trick (a trick of k cards led at a table of n puts n*k cards into the
taker's pile; the cards the seat saw go in face up, the rest face down).
Without a reliable count (a player that joined in the middle of a deal) the
hidden cards are spread over the piles in proportion to tricks taken; with
two players that is exact anyway, since the only face-down cards are the
opponent's discards and they always land in this seat's pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import Action, Kind
from engine.ai.search import shortages as lacks
from engine.cards import DECK, Card
from engine.view import TableView


def card_key(card: Card) -> int:
    return card.id


@dataclass
class DealMemory:
    """What a seat has counted so far in one deal (see `DealTracker`)."""

    deal: int
    reliable: bool  # False: joined mid-deal or lost track; use the estimate instead
    tricks_won: tuple[int, ...]
    pile_sizes: tuple[int, ...]  # visible cards per pile at the last look
    stock_left: int
    lead_size: int | None  # cards led in the trick under way (None: not known yet)
    hidden_in_pile: list[int]  # face-down cards counted into each pile
    hidden_events: list[list[int]]  # per pile: the face-down cards of each trick, in order
    trump_holder: int | None  # who drew the bottom trump card as the stock ran out
    my_lead: tuple[Card, ...] = ()  # what this seat led to the trick under way
    # The single card this seat led or beat with in the trick under way
    # (`engine.ai.search.shortages.my_play_of`).
    my_play: lacks.MyPlay | None = None
    # What the others showed they lacked: (seat, a bit per card id, how many
    # of them he may hold; see `engine.ai.search.shortages`).
    shortages: list[lacks.Shortage] = field(default_factory=list)
    trick_noted: tuple[int, int, int] = (-1, -1, 0)  # (tricks, leader, plays read)


class DealTracker:
    """Per-seat memory across calls within a deal; everything it uses is in the views.

    Only counts: how many face-down cards went into which pile, and who drew
    the last card of the stock. Losing this memory (a fresh player object)
    only makes the estimates rougher, never illegal.
    """

    def __init__(self) -> None:
        self._memory: dict[int, DealMemory] = {}

    def observe(self, view: TableView) -> DealMemory | None:
        seat = view.viewer
        if seat is None or view.over or view.turn is None:
            return None
        memory = self._memory.get(seat)
        sizes = tuple(len(pile) for pile in view.piles)
        lead = len(view.trick[0].cards) if view.trick else None
        if (
            memory is None
            or memory.deal != view.deal_number
            or len(memory.tricks_won) != len(view.tricks_won)
            or any(
                now < before for now, before in zip(view.tricks_won, memory.tricks_won, strict=True)
            )
        ):  # a new deal (or a new match that reuses this player)
            fresh = sum(view.tricks_won) == 0
            memory = DealMemory(
                deal=view.deal_number,
                reliable=fresh,
                tricks_won=view.tricks_won,
                pile_sizes=sizes,
                stock_left=view.stock_left,
                lead_size=lead,
                hidden_in_pile=[0] * len(view.players),
                hidden_events=[[] for _ in view.players],
                trump_holder=None,
            )
            self._memory[seat] = memory
            if view.trick and view.turn == seat:
                _note_trick(memory, view, seat)
            return memory
        gained = [
            now - before for now, before in zip(view.tricks_won, memory.tricks_won, strict=True)
        ]
        completed = sum(gained)
        drawn = memory.stock_left - view.stock_left
        if completed == 1:
            each = -(-drawn // len(view.active)) if drawn > 0 else 0
            memory.shortages = lacks.after_draw(memory.shortages, each)
            memory.shortages += lacks.from_taken(view, seat, gained.index(1), memory.my_play, each)
            taker = gained.index(1)
            if memory.lead_size is None:
                memory.reliable = False
            else:
                total = memory.lead_size * len(view.active)
                visible = sizes[taker] - memory.pile_sizes[taker]
                hidden = total - visible
                if 0 <= hidden <= total:
                    memory.hidden_in_pile[taker] += hidden
                    if hidden:
                        memory.hidden_events[taker].append(hidden)
                else:
                    memory.reliable = False
            if memory.stock_left > 0 and view.stock_left == 0 and not view.trump_hidden:
                order = _clockwise(view.active, taker, len(view.players))
                memory.trump_holder = order[(memory.stock_left - 1) % len(order)]
        elif completed > 1:
            memory.reliable = False
            memory.shortages = lacks.after_draw(memory.shortages, max(drawn, 0))
        memory.tricks_won = view.tricks_won
        memory.pile_sizes = sizes
        memory.stock_left = view.stock_left
        if lead is not None:
            memory.lead_size = lead
        elif completed:
            memory.lead_size = None
        if completed or (view.trick and view.trick[0].seat != seat):
            memory.my_lead = ()
        if completed or not any(play.seat == seat for play in view.trick):
            memory.my_play = None
        if view.trick and view.turn == seat:
            _note_trick(memory, view, seat)
        return memory

    def note_lead(self, view: TableView, size: int, cards: tuple[Card, ...] = ()) -> None:
        """The seat leads `size` cards now (a lead is not in the view it decided from)."""
        if view.viewer is None:
            return
        memory = self._memory.get(view.viewer)
        if memory is not None and memory.deal == view.deal_number:
            memory.lead_size = size
            memory.my_lead = cards
            memory.my_play = lacks.my_play_of(view, cards[0]) if len(cards) == 1 else None

    def note_answer(self, view: TableView, action: Action) -> None:
        """The seat answers now: a single-card beat makes its card the one
        the players after it must beat (see `engine.ai.search.shortages`)."""
        if view.viewer is None:
            return
        memory = self._memory.get(view.viewer)
        if memory is not None and memory.deal == view.deal_number:
            single = action.kind is Kind.BEAT and len(action.cards) == 1
            memory.my_play = lacks.my_play_of(view, action.cards[0]) if single else None


def _note_trick(memory: DealMemory, view: TableView, seat: int) -> None:
    """Read the plays before this seat's turn once per trick."""
    key = (sum(view.tricks_won), view.trick[0].seat)
    tricks, leader, read = memory.trick_noted
    if (tricks, leader) != key:
        read = 0
    found = lacks.from_trick(view, seat)
    memory.shortages += found[read:]
    memory.trick_noted = (*key, max(read, len(found)))


def _clockwise(active: Sequence[int], start: int, seats: int) -> list[int]:
    return sorted(active, key=lambda seat: (seat - start) % seats)


@dataclass(frozen=True)
class Knowledge:
    """Where the unseen cards may be, from one seat's point of view."""

    viewer: int
    unseen: tuple[Card, ...]  # canonical order; excludes the bottom trump under the stock
    hand_slots: tuple[int, ...]  # per seat: cards to deal into it (0 for the viewer)
    stock_slots: int  # stock cards above the bottom trump (or the whole stock)
    bottom: Card | None  # the known last card of the stock
    trick_slots: tuple[tuple[int, int], ...]  # (play index, count) of face-down plays
    pile_slots: tuple[int, ...]  # per seat: face-down cards inside its pile
    trump_holder: int | None  # seat whose hand holds the drawn bottom trump
    visible_points: tuple[int, ...] = field(default=())  # per seat: points seen in its pile
    own_hidden_points: int | None = None  # show_own_points: points face down in own pile
    own_hidden_events: tuple[int, ...] = ()  # two at the table: the opponent's discards, by trick
    shortages: tuple[lacks.Shortage, ...] = ()  # see DealMemory
    hand_size: int = 4

    @property
    def unseen_set(self) -> frozenset[Card]:
        return frozenset(self.unseen)


def knowledge_of(view: TableView, memory: DealMemory | None = None) -> Knowledge:
    """The facts a view (and the seat's own memory of this deal) give about hidden cards."""
    seat = view.viewer
    if seat is None or view.trump is None or view.turn is None:
        raise ValueError("knowledge needs a seated viewer in a running deal")
    n = len(view.players)
    known: set[Card] = set(view.hand)
    for pile in view.piles:
        known.update(pile)
    trick_slots = []
    for index, play in enumerate(view.trick):
        hidden = 0
        for card in play.cards:
            if card is None:
                hidden += 1
            else:
                known.add(card)
        if hidden:
            trick_slots.append((index, hidden))
    bottom: Card | None = None
    stock_slots = view.stock_left
    if not view.trump_hidden and view.stock_left > 0 and view.trump_card is not None:
        bottom = view.trump_card
        known.add(bottom)
        stock_slots -= 1
    unseen = tuple(card for card in DECK if card not in known)
    hand_slots = tuple(0 if other == seat else view.hand_sizes[other] for other in range(n))
    hidden_piles = (
        len(unseen) - sum(hand_slots) - stock_slots - sum(count for _, count in trick_slots)
    )
    pile_slots = _pile_slots(view, memory, max(hidden_piles, 0))
    holder: int | None = None
    trump_card = view.trump_card
    if (
        not view.trump_hidden
        and view.stock_left == 0
        and trump_card is not None
        and trump_card not in known
    ):
        others = [other for other in view.active if other != seat]
        if memory is not None and memory.trump_holder is not None:
            holder = memory.trump_holder
        elif len(others) == 1:
            holder = others[0]
        if holder is not None and (holder == seat or hand_slots[holder] == 0):
            holder = None
    visible_points = tuple(sum(card.points for card in pile) for pile in view.piles)
    shown = view.pile_points[seat]
    own_hidden_points = None
    if shown is not None and view.rules.edition < 2:
        # First edition: the shown total counted the face-down cards too.
        own_hidden_points = max(shown - visible_points[seat], 0)
    own_events: tuple[int, ...] = ()
    if (
        memory is not None
        and memory.reliable
        and len(view.active) == 2
        and sum(memory.hidden_events[seat]) == pile_slots[seat]
    ):
        own_events = tuple(memory.hidden_events[seat])
    return Knowledge(
        viewer=seat,
        unseen=unseen,
        hand_slots=hand_slots,
        stock_slots=stock_slots,
        bottom=bottom,
        trick_slots=tuple(trick_slots),
        pile_slots=pile_slots,
        trump_holder=holder,
        visible_points=visible_points,
        own_hidden_points=own_hidden_points,
        own_hidden_events=own_events,
        shortages=tuple(memory.shortages) if memory is not None else (),
        hand_size=view.rules.hand_size,
    )


def _pile_slots(view: TableView, memory: DealMemory | None, hidden: int) -> tuple[int, ...]:
    n = len(view.players)
    if hidden == 0:
        return (0,) * n
    if len(view.pile_hidden) == n and sum(view.pile_hidden) == hidden:
        return view.pile_hidden  # the table saw them go in: the counts are public
    if (
        memory is not None
        and memory.reliable
        and memory.deal == view.deal_number
        and sum(memory.hidden_in_pile) == hidden
    ):
        return tuple(memory.hidden_in_pile)
    seat = view.viewer
    others = [other for other in view.active if other != seat]
    if len(others) == 1 and seat is not None:
        # Two at the table: the opponent's face-down discards always answer
        # this seat's leads, so they all lie in this seat's pile.
        slots = [0] * n
        slots[seat] = hidden
        return tuple(slots)
    weights = list(view.tricks_won)
    total = sum(weights)
    if total == 0:
        weights = [1 if other in view.active else 0 for other in range(n)]
        total = sum(weights)
    slots = [hidden * weight // total for weight in weights]
    left = hidden - sum(slots)
    for other in sorted(range(n), key=lambda s: (-weights[s], s)):
        if left == 0:
            break
        if weights[other]:
            slots[other] += 1
            left -= 1
    return tuple(slots)
