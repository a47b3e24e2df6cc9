"""Full states ("worlds") that fit what one seat knows: `sample_state`.

`engine.ai.search.determinize` says where the unseen cards may lie (`Knowledge`);
this module deals them there at random and builds an ordinary engine
`MatchState` that shows the seat exactly its real view: the same view, only
the hidden cards differ. A search plays such states out with the engine's
own `legal_actions` and `apply` (determinization).

Where chance is not uniform, the deal follows what the seat knows of how
people play and of the rules:

- bura: no other hand holds a bura or a moscow (it would have won already),
  and the seat's own declarations are offered or refused as the view says;
- what the others showed they lack (`engine.ai.search.shortages`);
- face-down discards are dealt as cheap cards (`modelled_discards`);
- trump_card=middle: the shown card stays in the stock until somebody may
  have drawn it (`_place_hidden_trump`).

`sample_state` is `draw_draft` (the cards dealt) then `build_world` (the
state): a search that refuses most worlds it draws (kozel's clues,
`engine.ai.search.evidence`) weighs drafts and builds only the worlds it keeps.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple, cast

from engine.actions import Action, Kind
from engine.ai.search import shortages as lacks
from engine.ai.search.determinize import Knowledge, card_key
from engine.cards import DECK, Card, Suit
from engine.combos import Combo, combos_in_hand
from engine.dealing import shuffle
from engine.game import legal_actions
from engine.rules import Preset, RuleSet
from engine.state import Deal, MatchState, Play, PlayKind, Trick
from engine.view import TableView


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
    history: bool = True,
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
    if history and view.history:
        state = _with_history(state, view)
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
    rules = _LAST_DEAL_RULES.get(state.rules)
    if rules is None:
        if len(_LAST_DEAL_RULES) > 256:
            _LAST_DEAL_RULES.clear()
        rules = _LAST_DEAL_RULES[state.rules] = replace(
            state.rules, limit=2, end_at_first_loser=True
        )
    return state._replace(rules=rules, penalties=(2,) * len(state.penalties))


# Every world of a decision asks for the same rules: built once per rule set.
_LAST_DEAL_RULES: dict[RuleSet, RuleSet] = {}


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
    (an opponent holds a combination that outranks it, or the rightful
    leader a molodka too; docs/RULES.md 6)."""
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
    leader_molodka = view.rules.edition >= 3
    for other in range(len(view.players)):
        hand = deal.hands[other]
        if other != seat and len(hand) >= 3:
            if _impossible_bura_hand(hand, view.trump, view):
                return False
            if refused and any(
                combo is Combo.SMALL_MOSCOW
                or (leader_molodka and other == view.turn and combo is Combo.MOLODKA)
                for combo, _ in combos_in_hand(hand, view.trump, view.rules)
            ):
                outranked = True
    if refused and not outranked:
        return False  # the refusal said: a small moscow, or the leader's molodka
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


def modelled_discards(
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
    getrandbits = rng.getrandbits
    for count in events:
        size = min(max(hand_size, count), len(pool))
        if size < count:
            break
        if size == 2 and count == 1:
            # The cheaper of two cards (every face-down discard in the other
            # piles, many per world): `rng.sample(range(n), 2)` written out,
            # the same draws, a sixth of its time.
            n = len(pool)
            bits = n.bit_length()
            first = getrandbits(bits)
            while first >= n:
                first = getrandbits(bits)
            if n <= 21:  # random.sample's pool method
                bits = (n - 1).bit_length()
                second = getrandbits(bits)
                while second >= n - 1:
                    second = getrandbits(bits)
                if second == first:
                    second = n - 1
            else:  # its set method
                second = getrandbits(bits)
                while second >= n or second == first:
                    second = getrandbits(bits)
            if _cheapness(pool[second], trump) < _cheapness(pool[first], trump):
                first = second
            picked.append(pool.pop(first))
            continue
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
    place, neither the first nor the last card (docs/RULES.md 3.2). After D
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


class Draft(NamedTuple):
    """A world's cards before its state is built: enough to weigh it
    (`engine.ai.search.evidence`), cheaper to throw away than a `MatchState`."""

    dealt: list[list[Card]]  # per seat, unsorted (the viewer's own hand as seen)
    piles: list[tuple[Card, ...]]
    stock: list[Card]
    face_down: list[list[Card]]
    trick_cards: dict[int, list[Card]]  # per play on the table: its hidden cards


def _sample_once(view: TableView, knowledge: Knowledge, rng: random.Random) -> MatchState:
    return build_world(view, knowledge, draw_draft(view, knowledge, rng))


def draw_draft(view: TableView, knowledge: Knowledge, rng: random.Random) -> Draft:
    """The hidden cards dealt at random (the first half of `sample_state`)."""
    seat = knowledge.viewer
    n = len(view.players)
    pool = list(knowledge.unseen)
    fixed: dict[int, list[Card]] = {}
    trump_card = view.trump_card
    if knowledge.trump_holder is not None and trump_card is not None:
        pool.remove(trump_card)
        fixed[knowledge.trump_holder] = [trump_card]
    shuffle(pool, rng)
    own_hidden = knowledge.pile_slots[seat]
    if own_hidden and knowledge.own_hidden_points is not None:
        # show_own_points: the seat knows its pile's total, so the face-down
        # cards in it must make up the difference.
        _put_first(pool, own_hidden, knowledge.own_hidden_points, rng)
        mine = pool[:own_hidden]
        del pool[:own_hidden]
    elif own_hidden and knowledge.own_hidden_events:
        mine = modelled_discards(pool, knowledge.own_hidden_events, knowledge.hand_size, view, rng)
    else:
        mine = []
    apart: dict[int, list[Card]] = {seat: mine} if mine else {}
    # Face-down discards in the piles are mostly what their players threw
    # away: cheap cards, though partners throw points onto each other's
    # tricks. The cheaper of two cards, one card at a time, comes closest
    # (kozel, easy players: 1.7 points a card against 1.6 really there; 3.5
    # dealt uniformly, 0.8 as the cheapest of a full hand).
    for other, count in enumerate(knowledge.pile_slots):
        if count and other not in apart:
            apart[other] = modelled_discards(pool, (1,) * count, 2, view, rng)
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
    if knowledge.bottom is not None:
        stock.append(knowledge.bottom)
    return Draft(dealt, piles, stock, face_down, trick_cards)


def build_world(view: TableView, knowledge: Knowledge, draft: Draft) -> MatchState:
    """The state of a drawn draft (the second half of `sample_state`)."""
    seat = knowledge.viewer
    stock, piles, trick_cards = draft.stock, draft.piles, draft.trick_cards
    face_down = [list(cards) for cards in draft.face_down]
    hands = [
        view.hand if other == seat else tuple(sorted(cards, key=card_key))
        for other, cards in enumerate(draft.dealt)
    ]
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


def _with_history(state: MatchState, view: TableView) -> MatchState:
    """The world with the deal's finished tricks (a search that does not read
    them skips this: `history=False`). The face-down cards the viewer never saw
    are taken from the hidden cards this world put into the taker's pile; only
    the view of them must agree, nothing replays them."""
    deal = state.deal
    assert deal is not None
    left = [iter(pile[len(seen) :]) for pile, seen in zip(deal.piles, view.piles, strict=True)]
    spare = DECK[0]  # only if the counts disagree (a deal joined midway)
    offset = len(view.results) - len(view.history)
    history = []
    for index, plays in enumerate(view.history):
        taker = view.results[offset + index].seat if offset + index >= 0 else 0
        filled = []
        for play in plays:
            if None in play.cards:
                cards = tuple(
                    card if card is not None else next(left[taker], spare) for card in play.cards
                )
            else:
                cards = cast(tuple[Card, ...], play.cards)
            filled.append(Play(play.seat, play.kind, cards, play.face_down))
        history.append(tuple(filled))
    return state._replace(deal=deal._replace(history=tuple(history)))
