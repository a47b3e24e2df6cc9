"""The rules in motion: `new_match`, `legal_actions`, `apply`.

`legal_actions` is the single authority on what may be played; `apply`
accepts exactly those actions and refuses everything else with an
`IllegalAction` that says why. Neither mutates its input nor reads a clock or
a global random generator: each deal's shuffle comes from the match seed and
the deal's number, so a seed plus the action log replays a match exactly.

Here: leads, answers, tricks and draws. Dealing and the end of a deal live in
`engine/dealing.py`, who may lead a combination out of turn in
`engine/priority.py`, seats and sides in `engine/seating.py`.
"""

from __future__ import annotations

from itertools import combinations
from operator import attrgetter

from engine.actions import Action, Kind
from engine.beating import beaten_by_mask, beats_cards, beats_masks, owner_masks
from engine.cards import DECK, Card, format_cards, points, sort_cards
from engine.combos import classify, combos_in_hand
from engine.dealing import (
    apply_claim,
    check_bura_hands,
    end_bura_deal_by_cards,
    end_trick_game_deal,
    first_dealer,
    new_match,
    start_match,
)
from engine.errors import IllegalAction
from engine.events import (
    CardsDrawn,
    CardsLed,
    CardsPlayed,
    CombinationDeclared,
    DeclarationRefused,
    Event,
    TrickRestarted,
    TrickTaken,
)
from engine.priority import interrupt_allowed, lead_combo_allowed, outranked, plain_combination
from engine.rules import PLAYER_COUNTS, Preset
from engine.seating import (
    Seating,
    active_seats,
    clockwise_from,
    max_lead,
    next_active,
    seating,
    side_of,
    sides,
)
from engine.state import Deal, MatchState, Play, PlayKind, Trick, TrickResult
from engine.state_updates import (
    deal_after_play,
    deal_after_trick,
    match_after_step,
    put,
    replace_deal,
    replace_match,
    without,
)

__all__ = [  # the rules' entry points, and the seat helpers callers reach through here
    "Seating",
    "active_seats",
    "apply",
    "clockwise_from",
    "first_dealer",
    "legal_actions",
    "max_lead",
    "new_match",
    "next_active",
    "seating",
    "side_of",
    "sides",
    "start_match",
]

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
            if lead_combo_allowed(state, deal, seat, combo, cards) is None:
                result.append(_new(Action, (DECLARE, seat, cards)))
        if seat == deal.turn and state.rules.preset is BURA:
            result.append(Action(CLAIM, seat))
        return result
    # The player to answer may also interrupt with a molodka instead (they
    # have not played to this trick yet), like anybody else who has not.
    result = _response_actions(seat, hand, trick.owner_cards, deal) if seat == deal.turn else []
    if state.rules.combo_interrupt:
        for combo, cards in combos_in_hand(hand, deal.trump, state.rules):
            if interrupt_allowed(state, deal, trick, seat, combo) is None:
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
        return apply_claim(state, deal, seat)
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
    combination = plain_combination(state, deal, cards) if len(cards) == 4 else None
    return _open_trick(state, seats, deal, seat, cards, seat, combination, [])


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
        refusal = lead_combo_allowed(state, deal, seat, combo, cards)
        if refusal is not None:
            raise refusal
        if state.rules.preset is BURA:
            refusal_why = outranked(state, deal, seat, combo)
            if refusal_why is not None:
                reason, by = refusal_why
                refused = replace_deal(deal, refused=(*deal.refused, seat))
                return replace_match(state, deal=refused, step=state.step + 1), [
                    DeclarationRefused(seat, combo.value, reason, by.value)
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
    refusal = interrupt_allowed(state, deal, trick, seat, combo)
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
    deal = replace_deal(deal, hands=tuple(hands), trick=None, face_down=tuple(face_down))
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
        deal = replace_deal(deal, refused=())
    deal = deal_after_play(
        deal,
        hands=without(deal.hands, seat, cards),
        face_down=deal.face_down,
        trick=trick,
        turn=seats.next[seat],
    )
    return match_after_step(state, deal=deal, step=state.step + 1), events


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
    hands = without(deal.hands, seat, cards)
    discarded = (
        put(deal.face_down, seat, deal.face_down[seat] + cards) if face_down else deal.face_down
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
    deal = deal_after_play(
        deal, hands=hands, face_down=discarded, trick=trick, turn=seats.next[seat]
    )
    return match_after_step(state, deal=deal, step=state.step + 1), events


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
    worth = points(taken)
    events.append(_new(TrickTaken, (taker, taken, worth, tricks_played, down)))
    trick = deal.trick
    result = TrickResult(taker, worth - points(down), trick.combination if trick else None)
    tricks_won = list(deal.tricks_won)
    tricks_won[taker] += 1
    piles = put(deal.piles, taker, deal.piles[taker] + taken)
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
    deal = deal_after_trick(
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
        results=(*deal.results, result),
        history=(*deal.history, plays),
    )
    state = match_after_step(state, deal=deal, step=state.step + 1)
    if not hands[taker]:
        if state.rules.preset is BURA:
            return end_bura_deal_by_cards(state, deal, events)
        return end_trick_game_deal(state, deal, events)
    if count and state.rules.preset is BURA:
        return check_bura_hands(state, events)
    return state, events
