"""What one seat knows about the cards it cannot see, and full states that fit it.

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
  has not shown up (the seat that drew the last card of the stock).

- what the others showed they lacked (every game): a card thrown on a
  single card they could have beaten for free, or with points on the table,
  says they held no higher card of its suit (and no trump);
  `engine.ai.shortages` reads it and moves such cards out of their hands in
  the worlds (most of the time: `SHORTAGE_SLACK`, for players who play
  otherwise);
- the opponent's face-down discards are dealt as the cheapest cards of a
  random hand (`_modelled_discards`), not as any cards.

`sample_state` deals the unseen cards into those slots at random and builds
an ordinary engine `MatchState` that agrees with everything the seat can see:
the same view, only the hidden cards differ. A search plays such states out
with the engine's own `legal_actions` and `apply` (determinization).

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

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine.actions import Action, Kind
from engine.ai import shortages as lacks
from engine.cards import DECK, Card, Suit
from engine.combos import Combo, combos_in_hand
from engine.game import legal_actions
from engine.rules import Preset
from engine.state import Deal, MatchState, Play, PlayKind, Trick
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
    # (`engine.ai.shortages.my_play_of`).
    my_play: lacks.MyPlay | None = None
    # What the others showed they lacked: (seat, a bit per card id, cards he
    # has drawn since; each may have brought one back).
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
        the players after it must beat (see `engine.ai.shortages`)."""
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
    model_piles: bool = True  # deal others' face-down discards as cheap cards

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


def _impossible_bura_hand(hand: Sequence[Card], trump: Suit, view: TableView) -> bool:
    """Bura: a bura or moscow in hand would already have ended the deal."""
    return any(
        combo in (Combo.BURA, Combo.MOSCOW) for combo, _ in combos_in_hand(hand, trump, view.rules)
    )


def sample_state(
    view: TableView,
    knowledge: Knowledge,
    rng: random.Random,
    tries: int = 12,
    deal_only: bool = False,
) -> MatchState:
    """A full state that shows exactly `view` to its viewer, the hidden cards dealt at random.

    In bura a few samples are redrawn when they contradict what the seat
    knows: another hand with a bura or a moscow (it would have won the deal
    already), or combinations that would change which of the seat's own
    declarations are legal (a molodka is blocked by an opponent's small
    moscow, and the view shows whether it is).
    """
    bura = view.rules.preset is Preset.BURA and view.trump is not None
    state = _sample_once(view, knowledge, rng)
    if bura:
        state = _redraw_bura(state, view, knowledge, rng, tries)
    if deal_only:
        state = deal_only_state(state)
    return state


SHORTAGE_SLACK = 0.2  # the share of worlds dealt without the shortages


def deal_only_state(state: MatchState) -> MatchState:
    """The same position in a match that ends with this deal.

    A playout only wants the deal's result; without this, `apply` would deal
    the next deal (a shuffle and a fresh state) at the end of every playout.
    With limit 2, end_at_first_loser and every side already at the limit,
    the engine scores the deal and stops. The deal's own events (penalties
    of the deal, points) are unchanged: only match totals differ.
    """
    rules = replace(state.rules, limit=2, end_at_first_loser=True)
    return state._replace(rules=rules, penalties=(2,) * len(state.penalties))


def _redraw_bura(
    state: MatchState, view: TableView, knowledge: Knowledge, rng: random.Random, tries: int
) -> MatchState:
    assert view.trump is not None
    wanted = frozenset(action for action in view.legal if action.kind is Kind.DECLARE)
    check_declares = bool(combos_in_hand(view.hand, view.trump, view.rules))
    refused = check_declares and _own_declaration_refused(view, wanted)
    for _ in range(tries):
        if refused:
            state = _with_refusal(state, knowledge.viewer)
        if _consistent_bura(state, view, knowledge.viewer, wanted, check_declares, refused):
            break
        state = _sample_once(view, knowledge, rng)
    return _with_refusal(state, knowledge.viewer) if refused else state


def _own_declaration_refused(view: TableView, offered: frozenset[Action]) -> bool:
    """The seat holds a molodka, a lead is awaited from somebody else after the
    first trick, and it is not offered: the table refused it in this window
    (an opponent holds a combination that outranks it; RULES.md 6)."""
    if offered or view.trick or view.turn == view.viewer or not sum(view.tricks_won):
        return False
    assert view.trump is not None
    return any(
        combo is Combo.MOLODKA for combo, _ in combos_in_hand(view.hand, view.trump, view.rules)
    )


def _with_refusal(state: MatchState, seat: int) -> MatchState:
    deal = state.deal
    assert deal is not None
    if seat in deal.refused:
        return state
    return state._replace(deal=deal._replace(refused=(*deal.refused, seat)))


def _consistent_bura(
    state: MatchState,
    view: TableView,
    seat: int,
    wanted: frozenset[Action],
    check_declares: bool,
    refused: bool = False,
) -> bool:
    deal = state.deal
    assert deal is not None and view.trump is not None
    outranked = False
    for other in range(len(view.players)):
        hand = deal.hands[other]
        if other != seat and len(hand) >= 3:
            if _impossible_bura_hand(hand, view.trump, view):
                return False
            if refused and any(
                combo is Combo.SMALL_MOSCOW
                for combo, _ in combos_in_hand(hand, view.trump, view.rules)
            ):
                outranked = True
    if refused and not outranked:
        return False  # the refusal said somebody holds a small moscow
    if check_declares:
        found = frozenset(
            action for action in legal_actions(state, seat) if action.kind is Kind.DECLARE
        )
        return found == wanted
    return True


def _put_first(pool: list[Card], count: int, total: int, rng: random.Random) -> None:
    """Reorder `pool` so that its first `count` cards add up to `total` points, if
    a few random tries find such cards (else the closest found)."""
    best: list[int] | None = None
    best_gap = 10**9
    indices = list(range(len(pool)))
    for _ in range(64):
        chosen = rng.sample(indices, count)
        gap = abs(sum(pool[i].points for i in chosen) - total)
        if gap < best_gap:
            best, best_gap = chosen, gap
            if gap == 0:
                break
    assert best is not None
    chosen_set = set(best)
    picked = [pool[i] for i in best]
    rest = [card for i, card in enumerate(pool) if i not in chosen_set]
    # Then single swaps while they bring the sum closer.
    improved = best_gap > 0
    while improved:
        improved = False
        have = sum(card.points for card in picked)
        for a, out_card in enumerate(picked):
            for b, in_card in enumerate(rest):
                gap = abs(have - out_card.points + in_card.points - total)
                if gap < best_gap:
                    picked[a], rest[b] = in_card, out_card
                    best_gap = gap
                    improved = gap > 0
                    break
            else:
                continue
            break
    pool[:] = picked + rest


def _cheapness(card: Card, trump: Suit | None) -> tuple[int, bool, int]:
    return (card.points, card.suit == trump, card.rank)


def _modelled_discards(
    pool: list[Card],
    events: Sequence[int],
    hand_size: int,
    view: TableView,
    rng: random.Random,
) -> list[Card]:
    """The opponent's face-down discards in this seat's pile, drawn from `pool`
    (which loses them) as a player who throws his cheapest cards would: for
    each trick, a hand of `hand_size` cards from what is still unplaced, and
    the `count` cheapest of it (fewest points, no trumps, lowest rank).

    Dealing them uniformly instead would credit the pile with far more points
    than opponents throw away (aces and tens are hardly ever discarded), and
    a claim of 31 read from such worlds would be false too often.
    """
    trump = view.trump
    picked: list[Card] = []
    for count in events:
        size = min(max(hand_size, count), len(pool))
        if size < count:
            break
        hand = rng.sample(range(len(pool)), size)
        hand.sort(key=lambda index: _cheapness(pool[index], trump))
        chosen = sorted(hand[:count], reverse=True)
        for index in chosen:
            picked.append(pool.pop(index))
    return picked


def _discarder(view: TableView, seat: int, owner: int) -> int:
    others = [other for other in view.active if other not in (seat, owner)]
    if others:
        return others[0]
    return next(other for other in range(len(view.players)) if other != seat)


def _place_hidden_trump(
    pool: list[Card],
    card: Card,
    view: TableView,
    knowledge: Knowledge,
    fixed: dict[int, list[Card]],
    apart: dict[int, list[Card]],
    rng: random.Random,
) -> None:
    """trump_card=middle: the shown card went into the stock at a random
    place, neither the first nor the last card (RULES.md 3.2). After D
    draws it is still there with the chance that its place is D or later;
    if not, another player drew it (this seat would have seen it). Move it
    into the stock (not its last card) or out of it accordingly: uniform
    dealing would hand it to another player from the very first trick."""
    if card not in pool:
        return
    seat = knowledge.viewer
    players = len(view.active)
    full = len(DECK) - view.rules.hand_size * players
    drawn = full - view.stock_left
    still = max(full - 1 - max(drawn, 1), 0)
    gone = max(drawn - 1, 0) * (players - 1) / players
    if still + gone <= 0:
        return
    before = sum(
        slots - len(fixed.get(other, []))
        for other, slots in enumerate(knowledge.hand_slots)
        if other != seat
    )
    before += sum(count for _, count in knowledge.trick_slots)
    before += sum(count for other, count in enumerate(knowledge.pile_slots) if other not in apart)
    stock = knowledge.stock_slots
    index = pool.index(card)
    if rng.random() * (still + gone) < still:
        low, high = before, before + max(stock - 1, 1)  # never the stock's last card
    else:
        low, high = 0, before
    if high <= low or low <= index < high:
        return
    target = rng.randrange(low, high)
    pool[index], pool[target] = pool[target], pool[index]


def _sample_once(view: TableView, knowledge: Knowledge, rng: random.Random) -> MatchState:
    seat = knowledge.viewer
    n = len(view.players)
    pool = list(knowledge.unseen)
    fixed: dict[int, list[Card]] = {}
    trump_card = view.trump_card
    if knowledge.trump_holder is not None and trump_card is not None:
        pool.remove(trump_card)
        fixed[knowledge.trump_holder] = [trump_card]
    rng.shuffle(pool)
    own_hidden = knowledge.pile_slots[seat]
    if own_hidden and knowledge.own_hidden_points is not None:
        # show_own_points: the seat knows its pile's total, so the face-down
        # cards in it must make up the difference.
        _put_first(pool, own_hidden, knowledge.own_hidden_points, rng)
        mine = pool[:own_hidden]
        del pool[:own_hidden]
    elif own_hidden and knowledge.own_hidden_events:
        mine = _modelled_discards(pool, knowledge.own_hidden_events, knowledge.hand_size, view, rng)
    else:
        mine = []
    apart: dict[int, list[Card]] = {seat: mine} if mine else {}
    if knowledge.model_piles:
        # Face-down discards in the piles are mostly what their players
        # threw away: cheap cards, though partners throw points onto each
        # other's tricks. The cheaper of two cards, one card at a time, comes
        # closest (kozel, easy players: 1.7 points a card against 1.6 really
        # there; 3.5 dealt uniformly, 0.8 as the cheapest of a full hand).
        for other, count in enumerate(knowledge.pile_slots):
            if count and other not in apart:
                apart[other] = _modelled_discards(pool, (1,) * count, 2, view, rng)
    if view.trump_hidden and trump_card is not None and knowledge.stock_slots:
        _place_hidden_trump(pool, trump_card, view, knowledge, fixed, apart, rng)
    top = 0
    dealt: list[list[Card]] = []
    for other in range(n):
        if other == seat:
            dealt.append(list(view.hand))
            continue
        given = fixed.get(other, [])
        need = knowledge.hand_slots[other] - len(given)
        dealt.append(given + pool[top : top + need])
        top += need
    trick_cards: dict[int, list[Card]] = {}
    for index, count in knowledge.trick_slots:
        trick_cards[index] = pool[top : top + count]
        top += count
    face_down: list[list[Card]] = [[] for _ in range(n)]
    piles: list[tuple[Card, ...]] = []
    for other in range(n):
        count = knowledge.pile_slots[other]
        if other in apart:
            hidden = apart[other]
        else:
            hidden = pool[top : top + count]
            top += count
        piles.append(view.piles[other] + tuple(hidden))
        if hidden:
            # Somebody other than the viewer (and the pile's owner) discarded them.
            face_down[_discarder(view, seat, other)].extend(hidden)
    stock = pool[top : top + knowledge.stock_slots]
    top += knowledge.stock_slots
    if knowledge.shortages and rng.random() >= SHORTAGE_SLACK:
        locked = frozenset(card for cards in fixed.values() for card in cards)
        lacks.repair(dealt, stock, knowledge.shortages, locked, rng, seat)
    hands = [
        view.hand if other == seat else tuple(sorted(cards, key=card_key))
        for other, cards in enumerate(dealt)
    ]
    if knowledge.bottom is not None:
        stock.append(knowledge.bottom)
    trick: Trick | None = None
    if view.trick:
        plays = []
        owner_cards: tuple[Card, ...] = ()
        for index, play in enumerate(view.trick):
            if index in trick_cards:
                filled = iter(trick_cards[index])
                played = tuple(card if card is not None else next(filled) for card in play.cards)
                if play.face_down:
                    face_down[play.seat].extend(played)
            else:
                played = tuple(card for card in play.cards if card is not None)
                if play.face_down and play.seat == seat:
                    face_down[seat].extend(played)
            plays.append(Play(play.seat, play.kind, played, play.face_down))
            if play.kind is not PlayKind.DISCARD:
                owner_cards = played
        leader = view.leader if view.leader is not None else plays[0].seat
        owner = view.owner if view.owner is not None else leader
        trick = Trick(
            origin=leader,
            leader=leader,
            plays=tuple(plays),
            owner=owner,
            owner_cards=owner_cards,
            combination=view.combination,
        )
    tricks_played = sum(view.tricks_won)
    assert view.trump is not None and view.trump_card is not None and view.turn is not None
    origin = trick.origin if trick is not None else view.turn
    deal = Deal(
        number=view.deal_number,
        dealer=view.dealer if view.dealer is not None else 0,
        trump=view.trump,
        trump_card=view.trump_card,
        trump_hidden=view.trump_hidden,
        stock=tuple(stock),
        hands=tuple(hands),
        piles=tuple(piles),
        tricks_won=view.tricks_won,
        face_down=tuple(tuple(cards) for cards in face_down),
        turn=view.turn,
        trick=trick,
        tricks_played=tricks_played,
        last_taker=origin if tricks_played else None,
        multiplier=view.multiplier,
        results=view.results,
    )
    return MatchState(
        rules=view.rules,
        players=view.players,
        seed=0,
        penalties=view.penalties,
        out=view.out,
        deal=deal,
        deals_dealt=view.deal_number,
        next_leader=None,
        next_multiplier=1,
        step=view.step,
    )
