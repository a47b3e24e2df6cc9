"""The rules in motion: `new_match`, `legal_actions`, `apply`.

`legal_actions` is the single authority on what may be played; `apply`
accepts exactly those actions and refuses everything else with an
`IllegalAction` that says why. Neither mutates its input nor reads a clock or
a global random generator: each deal's shuffle comes from the match seed and
the deal's number, so a seed plus the action log replays a match exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from operator import attrgetter
from random import Random
from typing import Any, NamedTuple

from engine.actions import Action, Kind
from engine.beating import beaten_by_mask, beats_cards, beats_masks, owner_masks
from engine.cards import DECK, Card, format_cards, points, sort_cards
from engine.combos import Combo, classify, combos_in_hand, top_trump
from engine.errors import IllegalAction
from engine.events import (
    CardsDrawn,
    CardsLed,
    CardsPlayed,
    ClaimMade,
    CombinationDeclared,
    DealScored,
    DealStarted,
    DealVoid,
    DealWonByCombination,
    DeclarationRefused,
    Event,
    MatchOver,
    SideEliminated,
    SideResult,
    TrickRestarted,
    TrickTaken,
)
from engine.rules import PLAYER_COUNTS, Preset, RuleSet
from engine.scoring import bura_penalties, standing, trick_game_penalties
from engine.state import Deal, MatchState, Play, PlayKind, Trick

_CARD_ID = attrgetter("id")

# The hot paths below build named tuples with `_new(Cls, (field, ...))`: the
# same tuple `Cls(field, ...)` gives, without the Python-level `__new__` that
# NamedTuple generates (it roughly halves the cost of every record `apply`
# builds). Enum members are read once into module constants for the same
# reason: `Kind.LEAD` is a metaclass attribute lookup, far slower than a global.
_new = tuple.__new__
LEAD, BEAT, DISCARD, DECLARE, CLAIM = Kind.LEAD, Kind.BEAT, Kind.DISCARD, Kind.DECLARE, Kind.CLAIM
BURA, KOZEL = Preset.BURA, Preset.KOZEL
_PLAY_LEAD, _PLAY_BEAT, _PLAY_DISCARD = PlayKind.LEAD, PlayKind.BEAT, PlayKind.DISCARD

_MAX_SEATS = max(max(counts) for counts in PLAYER_COUNTS.values())

# Every one-card action, built once: `_ONE_CARD[kind][seat][card.id]`. Most
# leads and answers are a single card, so `legal_actions` mostly picks these.
_ONE_CARD: dict[Kind, tuple[tuple[Action, ...], ...]] = {
    kind: tuple(tuple(Action(kind, seat, (card,)) for card in DECK) for seat in range(_MAX_SEATS))
    for kind in (LEAD, BEAT, DISCARD)
}

# -- seats and sides -----------------------------------------------------------


class Seating(NamedTuple):
    """Who sits where while some sides may be out; computed once per lineup."""

    side_of: tuple[int, ...]  # per seat
    active: tuple[int, ...]  # seats still in the match
    playing: tuple[bool, ...]  # per seat: still in the match
    next: tuple[int, ...]  # per seat: the next active seat clockwise
    order: tuple[tuple[int, ...], ...]  # per seat: active seats clockwise from it
    sides: tuple[tuple[int, ...], ...]  # per side: its seats (`RuleSet.sides`)
    active_sides: tuple[int, ...]  # sides still in the match


_SEATINGS: dict[tuple[int, Preset, tuple[int, ...]], Seating] = {}


def seating(state: MatchState) -> Seating:
    key = (len(state.players), state.rules.preset, state.out)
    found = _SEATINGS.get(key)
    if found is None:
        found = _SEATINGS[key] = _compute_seating(key[0], state.rules, key[2])
    return found


def _compute_seating(n: int, rules: RuleSet, out: tuple[int, ...]) -> Seating:
    groups = rules.sides(n)
    side = tuple(next(i for i, group in enumerate(groups) if seat in group) for seat in range(n))
    active = tuple(seat for seat in range(n) if side[seat] not in out)
    order = tuple(
        tuple(active[i] for i in sorted(range(len(active)), key=lambda i: (active[i] - start) % n))
        for start in range(n)
    )
    following = tuple(
        next((c for c in ((seat + k) % n for k in range(1, n + 1)) if c in active), seat)
        for seat in range(n)
    )
    playing = tuple(seat in active for seat in range(n))
    active_sides = tuple(i for i in range(len(groups)) if i not in out)
    return Seating(side, active, playing, following, order, groups, active_sides)


def side_of(state: MatchState, seat: int) -> int:
    return seating(state).side_of[seat]


def sides(state: MatchState) -> tuple[tuple[int, ...], ...]:
    return seating(state).sides


def active_seats(state: MatchState) -> tuple[int, ...]:
    """Seats still in the match (their side has not reached the limit)."""
    return seating(state).active


def next_active(state: MatchState, seat: int) -> int:
    """The next seat clockwise that is still in the match."""
    return seating(state).next[seat]


def clockwise_from(state: MatchState, seat: int) -> tuple[int, ...]:
    """Active seats in clockwise order starting with `seat` (itself if active)."""
    return seating(state).order[seat]


def max_lead(state: MatchState, deal: Deal) -> int:
    """How many cards a lead may have: the hand size, 3 for a deal's first lead
    with first_lead_max3, and never more than the smallest hand. Hands are
    always equal when a lead is awaited (every trick takes as many cards from
    each hand, and the stock always divides evenly), so the leader's hand is
    the smallest hand."""
    limit = len(deal.hands[deal.turn])
    if state.rules.first_lead_max3 and deal.tricks_played == 0 and limit > 3:
        return 3
    return limit


# -- a new match and new deals -------------------------------------------------


def new_match(rules: RuleSet, players: Sequence[str], seed: int) -> MatchState:
    """A match with its first deal dealt. The first dealer is drawn from the seed."""
    return start_match(rules, players, seed)[0]


def start_match(
    rules: RuleSet, players: Sequence[str], seed: int
) -> tuple[MatchState, list[Event]]:
    """`new_match` plus what happened while dealing: the deal started, and in
    bura maybe a redeal or a deal won at once by a dealt bura or moscow."""
    rules.check_players(len(players))
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
    )
    return _start_deal(state, first_dealer(seed, len(players)), [])


def first_dealer(seed: int, players: int) -> int:
    """The match's first dealer, drawn from the seed (RULES.md 3.1); the bank's
    odd chips go round from him (RULES.md 8)."""
    return Random(f"{seed}/dealer").randrange(players)


def _start_deal(
    state: MatchState, dealer: int, events: list[Event]
) -> tuple[MatchState, list[Event]]:
    rules = state.rules
    n = len(state.players)
    seats = seating(state)
    order = seats.order[seats.next[dealer]]  # from the dealer's left, clockwise
    players = len(order)
    dealt = rules.hand_size * players
    middle = rules.trump_card == "middle"
    number = state.deals_dealt
    while True:
        number += 1
        rng = Random(f"{state.seed}/deal/{number}")
        deck = list(DECK)
        _shuffle(deck, rng)
        # One card at a time, clockwise: the i-th player of `order` gets every
        # `players`-th card of the first `dealt`, starting with card i.
        hands: list[tuple[Card, ...]] = [()] * n
        for index, seat in enumerate(order):
            hands[seat] = sort_cards(deck[index:dealt:players])
        rest = deck[dealt:]
        if middle:
            shown = rest[rng.randrange(1, len(rest) - 1)]
            stock = tuple(rest)
        else:
            shown = rest[0]
            stock = (*rest[1:], rest[0])
        trump = shown.suit
        sorted_hands = tuple(hands)
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
        state = _match_with_new_deal(state, deals_dealt=number, deal=deal)
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
            return _check_bura_hands(state, events)
        return state, events


def _shuffle(deck: list[Card], rng: Random) -> None:
    """Exactly `rng.shuffle(deck)` for the 36 cards: CPython's Fisher-Yates,
    where `_randbelow(i + 1)` draws `(i + 1).bit_length()` random bits until
    the number is at most i. Written out because it runs once per deal and the
    library version spends most of its time in two Python-level calls per card."""
    assert len(deck) == len(DECK)
    getrandbits = rng.getrandbits
    for i, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]


_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in range(len(DECK) - 1, 0, -1))


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


# -- what may be played ----------------------------------------------------------


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Every action `seat` may take now, in a stable order."""
    deal = state.deal
    if deal is None or not 0 <= seat < len(state.players):
        return []
    if state.out and not seating(state).playing[seat]:
        return []
    hand = deal.hands[seat]
    trick = deal.trick
    if trick is None:
        result = _lead_actions(state, deal, seat, hand) if seat == deal.turn else []
        for combo, cards in combos_in_hand(hand, deal.trump, state.rules):
            if _lead_combo_allowed(state, deal, seat, combo, cards) is None:
                result.append(_new(Action, (DECLARE, seat, cards)))
        if seat == deal.turn and state.rules.preset is BURA:
            result.append(Action(CLAIM, seat))
        return result
    # The player to answer may also interrupt with a molodka instead (they
    # have not played to this trick yet), like anybody else who has not.
    result = _response_actions(seat, hand, trick.owner_cards, deal) if seat == deal.turn else []
    if state.rules.combo_interrupt:
        for combo, cards in combos_in_hand(hand, deal.trump, state.rules):
            if _interrupt_allowed(state, deal, trick, seat, combo) is None:
                result.append(_new(Action, (DECLARE, seat, cards)))
    return result


def _lead_actions(state: MatchState, deal: Deal, seat: int, hand: tuple[Card, ...]) -> list[Action]:
    """Leads: per suit (in hand order), every 1..limit cards of that suit."""
    limit = max_lead(state, deal)
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    single = _ONE_CARD[LEAD][seat]
    result = []
    for group in by_suit.values():
        for card in group:
            result.append(single[card.id])
        if len(group) > 1:
            for size in range(2, min(limit, len(group)) + 1):
                for cards in combinations(group, size):
                    result.append(_new(Action, (LEAD, seat, cards)))
    return result


def _response_actions(
    seat: int, hand: tuple[Card, ...], owner_cards: tuple[Card, ...], deal: Deal
) -> list[Action]:
    """Answers: every set of as many cards as own the trick, as a beat where
    it beats the owner and always as a discard."""
    result: list[Action] = []
    if len(owner_cards) == 1:
        beaten_by = beaten_by_mask(deal.trump, owner_cards[0])
        beat = _ONE_CARD[BEAT][seat]
        discard = _ONE_CARD[DISCARD][seat]
        add = result.append
        for card in hand:
            if beaten_by >> card.id & 1:
                add(beat[card.id])
            add(discard[card.id])
        return result
    masks = owner_masks(owner_cards, deal.trump)
    for cards in combinations(hand, len(owner_cards)):
        if beats_masks(masks, cards):
            result.append(_new(Action, (BEAT, seat, cards)))
        result.append(_new(Action, (DISCARD, seat, cards)))
    return result


def _distance(state: MatchState, start: int, seat: int) -> int:
    return (seat - start) % state.seats


def _lead_combo_allowed(
    state: MatchState, deal: Deal, seat: int, combo: Combo, cards: tuple[Card, ...]
) -> IllegalAction | None:
    """Why `seat` may not lead this combination now (None when it may)."""
    rules = state.rules
    if rules.preset is BURA and combo in (Combo.BURA, Combo.MOSCOW):
        return IllegalAction(
            "combo_wins_itself", f"{combo.value} wins the deal by itself; it is not led"
        )
    if len(cards) > max_lead(state, deal):
        return IllegalAction(
            "lead_size",
            f"at most {max_lead(state, deal)} cards may be led now",
            max=max_lead(state, deal),
        )
    if seat == deal.turn:
        return None
    if rules.preset is not BURA:
        if deal.tricks_played == 0:
            return IllegalAction(
                "window_closed", "no out-of-turn lead before the first trick of a deal"
            )
        return None
    # Bura: small moscow may always be led out of turn, a molodka unless an
    # opponent holds something stronger. That depends on hidden hands, so it
    # is decided in `apply` (`_outranked`); here only what the table saw: a
    # refusal already announced in this window.
    if seat in deal.refused:
        return IllegalAction(
            "declaration_refused", "your declaration was refused; wait for the next lead"
        )
    return None


def _outranked(state: MatchState, deal: Deal, seat: int, combo: Combo) -> Combo | None:
    """Bura: the combination of another player that outranks `seat`'s
    out-of-turn molodka (a bura, moscow or small moscow), or None. Reads
    hidden hands: only `apply` calls it, never `legal_actions`."""
    if combo is not Combo.MOLODKA or seat == deal.turn:
        return None
    for other in active_seats(state):
        if other != seat:
            for held, _ in combos_in_hand(deal.hands[other], deal.trump, state.rules):
                if held in _OUTRANK_MOLODKA:
                    return held
    return None


_OUTRANK_MOLODKA = frozenset({Combo.BURA, Combo.MOSCOW, Combo.SMALL_MOSCOW})


def _interrupt_allowed(
    state: MatchState, deal: Deal, trick: Trick, seat: int, combo: Combo
) -> IllegalAction | None:
    """Option combo_interrupt: a molodka may restart a trick already under way.

    Only from a player who has not played to this trick, not in a deal's first
    trick (no out-of-turn leads there), and not over another combination unless
    the new one is nearer to the rightful leader (which also makes interrupts
    finite).
    """
    if combo is not Combo.MOLODKA:
        return IllegalAction("interrupt_molodka_only", "only a molodka may interrupt a trick")
    if deal.tricks_played == 0:
        return IllegalAction(
            "window_closed", "no out-of-turn lead before the first trick of a deal"
        )
    if any(play.seat == seat for play in trick.plays):
        return IllegalAction("already_played", "you have already played to this trick")
    if trick.combination is not None and _distance(state, trick.origin, seat) >= _distance(
        state, trick.origin, trick.leader
    ):
        return IllegalAction(
            "priority", "a combination nearer to the rightful leader already leads this trick"
        )
    return None


# -- applying an action ----------------------------------------------------------


def apply(state: MatchState, action: Action) -> tuple[MatchState, list[Event]]:
    """The state after `action`, and what happened. Refuses illegal actions."""
    deal = state.deal
    if deal is None:
        raise IllegalAction("match_over", "the match is over")
    kind, seat, cards = action
    if not 0 <= seat < len(state.players):
        raise IllegalAction("no_such_seat", f"there is no seat {seat}", seat=seat)
    seats = seating(state)
    if not seats.playing[seat]:
        raise IllegalAction("eliminated", "you are out of this match")
    hand = deal.hands[seat]
    if len(cards) != 1 or cards[0] not in hand:  # one card from the hand is the usual case
        _check_cards_in_hand(hand, cards)
    if kind is BEAT or kind is DISCARD:
        return _apply_response(state, seats, deal, seat, cards, beat=kind is BEAT)
    if kind is LEAD:
        return _apply_lead(state, seats, deal, seat, cards)
    if kind is DECLARE:
        return _apply_declare(state, deal, seat, cards)
    if kind is CLAIM:
        if cards:
            raise IllegalAction("claim_no_cards", "a claim names no cards")
        return _apply_claim(state, deal, seat)
    raise IllegalAction("unknown_action", f"unknown action {kind!r}")


def _check_cards_in_hand(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> None:
    if len(set(cards)) != len(cards):
        raise IllegalAction("duplicate_cards", "a card was named twice")
    missing = [card for card in cards if card not in hand]
    if missing:
        raise IllegalAction(
            "not_in_hand",
            f"{format_cards(missing)} not in your hand",
            cards=format_cards(missing),
        )


def _not_your_turn(state: MatchState, deal: Deal) -> IllegalAction:
    return IllegalAction(
        "not_your_turn",
        f"it is {state.players[deal.turn]}'s turn",
        player=state.players[deal.turn],
        seat=deal.turn,
    )


def _apply_lead(
    state: MatchState, seats: Seating, deal: Deal, seat: int, cards: tuple[Card, ...]
) -> tuple[MatchState, list[Event]]:
    if deal.trick is not None:
        if seat == deal.turn:
            raise IllegalAction("must_respond", "answer the trick on the table: beat or discard")
        raise _not_your_turn(state, deal)
    if seat != deal.turn:
        raise _not_your_turn(state, deal)
    if len(cards) != 1:  # a single card from the hand is always a lead
        limit = max_lead(state, deal)
        if not 1 <= len(cards) <= limit:
            raise IllegalAction(
                "lead_size", f"lead 1 to {limit} cards", max=limit, count=len(cards)
            )
        suit = cards[0].suit
        for card in cards:
            if card.suit != suit:
                raise IllegalAction("lead_one_suit", "the cards of a lead must be of one suit")
    combination = _plain_combination(state, deal, cards) if len(cards) == 4 else None
    return _open_trick(state, seats, deal, seat, cards, seat, combination, [])


def _plain_combination(state: MatchState, deal: Deal, cards: tuple[Card, ...]) -> str | None:
    """The combination a plain lead forms: the rightful leader's bura or
    molodka keeps its priority however it is led (RULES.md 5, second edition).
    In burkozel and kozel a lead of one suit is a combination only with four
    cards (bura or molodka); in bura nothing interrupts a lead on the table."""
    rules = state.rules
    if rules.preset is BURA or rules.edition < 2:
        return None
    combo = classify(cards, deal.trump, rules)
    return combo.value if combo is not None else None


def _apply_declare(
    state: MatchState, deal: Deal, seat: int, cards: tuple[Card, ...]
) -> tuple[MatchState, list[Event]]:
    combo = classify(cards, deal.trump, state.rules)
    if combo is None:
        raise IllegalAction(
            "not_a_combination",
            f"{format_cards(cards)} is not a combination",
            cards=format_cards(cards),
        )
    trick = deal.trick
    if trick is None:
        refusal = _lead_combo_allowed(state, deal, seat, combo, cards)
        if refusal is not None:
            raise refusal
        if state.rules.preset is BURA:
            stronger = _outranked(state, deal, seat, combo)
            if stronger is not None:
                refused = _replace_deal(deal, refused=(*deal.refused, seat))
                return _replace_match(state, deal=refused, step=state.step + 1), [
                    DeclarationRefused(seat, combo.value, "outranked", stronger.value)
                ]
        events: list[Event] = [
            CombinationDeclared(
                seat=seat,
                combination=combo.value,
                cards=cards,
                out_of_turn=seat != deal.turn,
                interrupt=False,
            )
        ]
        return _open_trick(
            state,
            seating(state),
            deal,
            seat,
            cards,
            origin=deal.turn,
            combination=combo.value,
            events=events,
        )
    if not state.rules.combo_interrupt:
        if seat == deal.turn:
            raise IllegalAction("must_respond", "answer the trick on the table: beat or discard")
        raise _not_your_turn(state, deal)
    refusal = _interrupt_allowed(state, deal, trick, seat, combo)
    if refusal is not None:
        raise refusal
    # Every played card goes back to its owner; the molodka leads a fresh trick.
    hands = list(deal.hands)
    returned = []
    for play in trick.plays:
        hands[play.seat] = sort_cards(hands[play.seat] + play.cards)
        returned.append((play.seat, play.cards))
    face_down = list(deal.face_down)
    for play in trick.plays:
        if play.face_down:
            face_down[play.seat] = tuple(c for c in face_down[play.seat] if c not in play.cards)
    deal = _replace_deal(deal, hands=tuple(hands), trick=None, face_down=tuple(face_down))
    events = [
        TrickRestarted(returned=tuple(returned)),
        CombinationDeclared(
            seat=seat, combination=combo.value, cards=cards, out_of_turn=True, interrupt=True
        ),
    ]
    return _open_trick(
        state,
        seating(state),
        deal,
        seat,
        cards,
        origin=trick.origin,
        combination=combo.value,
        events=events,
    )


def _open_trick(
    state: MatchState,
    seats: Seating,
    deal: Deal,
    seat: int,
    cards: tuple[Card, ...],
    origin: int,
    combination: str | None,
    events: list[Event],
) -> tuple[MatchState, list[Event]]:
    trick = _new(
        Trick,
        (origin, seat, (_new(Play, (seat, _PLAY_LEAD, cards, False)),), seat, cards, combination),
    )
    events.append(_new(CardsLed, (seat, cards, combination)))
    if deal.refused:  # the window closes with the lead
        deal = _replace_deal(deal, refused=())
    deal = _deal_after_play(
        deal,
        hands=_without(deal.hands, seat, cards),
        face_down=deal.face_down,
        trick=trick,
        turn=seats.next[seat],
    )
    return _match_after_step(state, deal=deal, step=state.step + 1), events


def _apply_response(
    state: MatchState, seats: Seating, deal: Deal, seat: int, cards: tuple[Card, ...], beat: bool
) -> tuple[MatchState, list[Event]]:
    trick = deal.trick
    if trick is None:
        if seat == deal.turn:
            raise IllegalAction("nothing_to_answer", "there is no trick to answer: lead")
        raise _not_your_turn(state, deal)
    if seat != deal.turn:
        raise _not_your_turn(state, deal)
    need = len(trick.plays[0].cards)
    if len(cards) != need:
        raise IllegalAction(
            "wrong_count", f"play exactly {need} cards", need=need, count=len(cards)
        )
    if beat and not beats_cards(trick.owner_cards, cards, deal.trump):
        raise IllegalAction(
            "does_not_beat",
            f"{format_cards(cards)} do not beat {format_cards(trick.owner_cards)}",
            cards=format_cards(cards),
            owner_cards=format_cards(trick.owner_cards),
        )
    face_down = not beat and state.rules.closed_discard
    play = _new(Play, (seat, _PLAY_BEAT if beat else _PLAY_DISCARD, cards, face_down))
    plays = trick.plays + (play,)  # noqa: RUF005 (cheaper than unpacking)
    owner = seat if beat else trick.owner
    hands = _without(deal.hands, seat, cards)
    discarded = (
        _put(deal.face_down, seat, deal.face_down[seat] + cards) if face_down else deal.face_down
    )
    events: list[Event] = [_new(CardsPlayed, (seat, beat, cards, face_down))]
    if len(plays) >= len(seats.active):  # everybody has played
        return _take_trick(state, deal, seats, hands, discarded, plays, owner, events)
    trick = _new(
        Trick,
        (
            trick.origin,
            trick.leader,
            plays,
            owner,
            cards if beat else trick.owner_cards,
            trick.combination,
        ),
    )
    deal = _deal_after_play(
        deal, hands=hands, face_down=discarded, trick=trick, turn=seats.next[seat]
    )
    return _match_after_step(state, deal=deal, step=state.step + 1), events


def _take_trick(
    state: MatchState,
    deal: Deal,
    seats: Seating,
    hands: tuple[tuple[Card, ...], ...],
    face_down: tuple[tuple[Card, ...], ...],
    plays: tuple[Play, ...],
    taker: int,
    events: list[Event],
) -> tuple[MatchState, list[Event]]:
    """Everybody has answered: the owner (`taker`) takes the trick's `plays`,
    then players draw.

    `deal` is the deal before the last answer; `hands` and `face_down` are
    already after it."""
    taken: tuple[Card, ...] = ()
    down: tuple[Card, ...] = ()
    for play in plays:
        taken += play.cards
        if play.face_down:
            down += play.cards
    tricks_played = deal.tricks_played + 1
    events.append(_new(TrickTaken, (taker, taken, points(taken), tricks_played, down)))
    tricks_won = list(deal.tricks_won)
    tricks_won[taker] += 1
    piles = _put(deal.piles, taker, deal.piles[taker] + taken)
    stock = deal.stock
    order = seats.order[taker]
    # Players draw one card at a time, clockwise from the taker, until every
    # hand is full or the stock is empty. Hands are equal, so each player
    # needs the same number of cards and the round-robin is a simple stride.
    players = len(order)
    count = (state.rules.hand_size - len(hands[taker])) * players
    if count > len(stock):
        count = len(stock)
    if count:
        new_hands = list(hands)
        draws = []
        for index, seat in enumerate(order):
            cards = stock[index:count:players]
            if cards:
                new_hands[seat] = tuple(sorted(hands[seat] + cards, key=_CARD_ID))
                draws.append((seat, cards))
        hands = tuple(new_hands)
        stock = stock[count:]
        events.append(_new(CardsDrawn, (tuple(draws), len(stock))))
    deal = _deal_after_trick(
        deal,
        hands=hands,
        stock=stock,
        piles=piles,
        tricks_won=tuple(tricks_won),
        face_down=face_down,
        trick=None,
        turn=taker,
        tricks_played=tricks_played,
        last_taker=taker,
    )
    state = _match_after_step(state, deal=deal, step=state.step + 1)
    if not hands[taker]:
        if state.rules.preset is BURA:
            return _end_bura_deal_by_cards(state, deal, events)
        return _end_trick_game_deal(state, deal, events)
    if count and state.rules.preset is BURA:
        return _check_bura_hands(state, events)
    return state, events


# -- bura: claims and combinations that win by themselves --------------------------


def _apply_claim(state: MatchState, deal: Deal, seat: int) -> tuple[MatchState, list[Event]]:
    if state.rules.preset is not BURA:
        raise IllegalAction("no_claims", f"there are no claims in {state.rules.preset.value}")
    if deal.trick is not None or seat != deal.turn:
        raise IllegalAction("claim_own_turn", "claim 31 only on your own turn, before leading")
    claimed = points(deal.piles[seat])
    success = claimed >= 31
    events: list[Event] = [ClaimMade(seat=seat, points=claimed, success=success)]
    state = _replace_match(state, step=state.step + 1)
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


def _check_bura_hands(state: MatchState, events: list[Event]) -> tuple[MatchState, list[Event]]:
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


def _end_bura_deal_by_cards(
    state: MatchState, deal: Deal, events: list[Event]
) -> tuple[MatchState, list[Event]]:
    """Nobody claimed: the most points wins the deal; a tie voids it."""
    totals = {seat: points(deal.piles[seat]) for seat in active_seats(state)}
    best = max(totals.values())
    leaders = [seat for seat, total in totals.items() if total == best]
    if len(leaders) > 1:
        events.append(DealVoid(reason="tie", seat=None))
        state = _replace_match(state, next_leader=deal.last_taker)
        return _start_deal(state, deal.dealer, events)
    penalties = bura_penalties(
        state.rules, len(state.penalties), _active_sides(state), side_of(state, leaders[0]), None
    )
    return _score_deal(state, deal, penalties, False, "cards", events, winner=leaders[0])


# -- the end of a deal and of the match ----------------------------------------------


def _active_sides(state: MatchState) -> tuple[int, ...]:
    return seating(state).active_sides


def _end_trick_game_deal(
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
    state = _replace_match(
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
            first_dealer(state.seed, state.seats),
        )
        events.append(MatchOver(standing=final, bank=rules.stake * state.seats, deals=deal.number))
        return _replace_match(state, standing=final), events
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


# -- small immutable-update helpers (faster than dataclasses.replace) ----------------


def _put(
    values: tuple[tuple[Card, ...], ...], index: int, value: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def _without(
    hands: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """`hands` after `seat` has played `cards` from his hand."""
    hand = hands[seat]
    if len(cards) == 1:
        index = hand.index(cards[0])
        left = hand[:index] + hand[index + 1 :]
    else:
        left = tuple([card for card in hand if card not in cards])
    changed = list(hands)
    changed[seat] = left
    return tuple(changed)


def _replacer(cls: type) -> Any:
    """A fast `_replace` for a named tuple: keyword changes, positional rebuild."""
    names = cls._fields  # type: ignore[attr-defined]
    params = ", ".join(f"{n}=_KEEP" for n in names)
    values = ", ".join(f"obj.{n} if {n} is _KEEP else {n}" for n in names)
    source = f"def replace(obj, *, {params}):\n    return new(cls, ({values},))\n"
    namespace: dict[str, Any] = {"cls": cls, "new": tuple.__new__, "_KEEP": object()}
    exec(source, namespace)
    return namespace["replace"]


def _updater(cls: type, *changed: str) -> Any:
    """A faster `_replace` for one fixed set of fields, all of which must be given:
    `_updater(Deal, "turn")(deal, turn=1)` is `deal._replace(turn=1)`."""
    names = cls._fields  # type: ignore[attr-defined]
    assert set(changed) <= set(names), changed
    params = ", ".join(changed)
    values = ", ".join(n if n in changed else f"obj[{i}]" for i, n in enumerate(names))
    source = f"def update(obj, *, {params}):\n    return new(cls, ({values},))\n"
    namespace: dict[str, Any] = {"cls": cls, "new": tuple.__new__}
    exec(source, namespace)
    return namespace["update"]


_replace_deal = _replacer(Deal)
_replace_match = _replacer(MatchState)
_deal_after_play = _updater(Deal, "hands", "face_down", "trick", "turn")
_deal_after_trick = _updater(
    Deal,
    "hands",
    "stock",
    "piles",
    "tricks_won",
    "face_down",
    "trick",
    "turn",
    "tricks_played",
    "last_taker",
)
_match_after_step = _updater(MatchState, "deal", "step")
_match_with_new_deal = _updater(MatchState, "deals_dealt", "deal")
