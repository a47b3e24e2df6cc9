"""What kind of player each opponent is, read from the answers he plays.

Players answer a trick in two broad styles. A casual player follows plain
rules of thumb (`engine.ai.playout.easy_rules`: beat when it costs no trump or the table
holds points, else throw the cheapest card); a careful one weighs what each
card is worth keeping, as the playout policy does (`engine.ai.playout.policy`).
Modelling an opponent in the wrong style costs the search dearly: letting
every opponent answer casually in the playouts won 2-3 points of deals
against `easy` (a casual player) in three- and four-player burkozel, and
lost 9.5 points against `normal` (a careful one) in two-player burkozel.

So the search learns the style from the answers it sees: every opponent's
answer on the table before the seat's own turn is a piece of evidence, and
so is the answer of the one player after it in a trick it led or answered
(his cards are the ones that went into a pile besides those the seat saw;
he beat if he took the trick). His hand at that moment is hidden, so it is
taken from sampled worlds: his hand there plus the cards he played since;
when players drew since, a random part of it stands for what he drew. In how
many of them would each style have played exactly what he played? The ratio of the
two shares (each at least `FLOOR`, so that one surprise is not a proof)
moves his log-odds of being casual, within `STEP` per answer. The playouts
then let him answer casually in that share of the worlds (`casual_share`).

Face-down answers show nothing and are skipped, as are partners (kozel).
Everything read here is in the seat's views. The odds carry over to the
next deal of the same match (the players keep their seats); a new match
starts from the prior.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.actions import Action, Kind
from engine.ai.playout.combos import declaration
from engine.ai.playout.easy_rules import answer_measure, easy_answer, easy_lead, lead_measure
from engine.ai.playout.memory import PlayoutMemory, memory_for
from engine.ai.playout.policy import RolloutPolicy
from engine.ai.search.determinize import Knowledge, card_key
from engine.ai.search.shortages import partners
from engine.cards import Card, Suit
from engine.rules import RuleSet
from engine.state import MatchState, PlayKind
from engine.view import TableView

PRIOR = 0.5  # the share of casual answers before any evidence
FLOOR = 0.1  # the least share of worlds a style is granted for any answer
STEP = 1.5  # the most one answer moves the log-odds
WORLDS = 24  # worlds sampled to judge one answer

Sampler = Callable[[TableView, Knowledge, random.Random], MatchState]
_CAREFUL = RolloutPolicy(0.0)
_DICE = random.Random(0)  # the careful style without noise never rolls them
_KINDS = {PlayKind.BEAT: Kind.BEAT, PlayKind.DISCARD: Kind.DISCARD}


@dataclass(frozen=True)
class _Trick:
    """The seat's own turn in a trick, kept to read the answer played after it."""

    tricks_done: int
    plays: tuple[tuple[int, Kind, tuple[Card, ...]], ...]  # visible cards, own play last
    gone: int  # a bit per card id in the piles the seat saw
    seen: frozenset[Card]
    hand_sizes: tuple[int, ...]
    stock_left: int


@dataclass
class _Odds:
    deal: int
    log_odds: dict[int, float] = field(default_factory=dict)  # seat -> log-odds of casual
    read: set[tuple[int, int]] = field(default_factory=set)  # (tricks done, play index)
    own: _Trick | None = None


@dataclass(frozen=True)
class Answer:
    """One answer to judge: who, what, and the table he answered."""

    seat: int
    action: Action
    played: tuple[tuple[Card, ...], ...]
    owner: int
    owner_cards: tuple[Card, ...]
    gone: int
    stock_empty: bool
    held: int  # his hand size when he answered
    since: tuple[Card, ...]  # cards he played after it (in the trick on the table)
    tricks_played: int


class OpponentReader:
    """Per seat that asks, the log-odds that each opponent answers casually."""

    def __init__(self, prior: float = PRIOR) -> None:
        self.prior = math.log(prior / (1 - prior)) if 0 < prior < 1 else 0.0
        self._odds: dict[int, _Odds] = {}

    def casual_share(self, view: TableView, seat: int) -> float:
        """The share of worlds in which `seat` answers casually."""
        odds = self._odds.get(view.viewer) if view.viewer is not None else None
        log_odds = self.prior
        if odds is not None and odds.deal <= view.deal_number:
            log_odds += odds.log_odds.get(seat, 0.0)
        return 1 / (1 + math.exp(-log_odds))

    def note_own(self, view: TableView, action: Action) -> None:
        """The seat plays `action` now: keep the trick to read the answer after it."""
        odds = self._odds.get(view.viewer) if view.viewer is not None else None
        if odds is None or odds.deal != view.deal_number or action.kind is Kind.DECLARE:
            return
        plays = tuple(
            (play.seat, _KINDS.get(play.kind, Kind.LEAD), tuple(c for c in play.cards if c))
            for play in view.trick
        )
        odds.own = _Trick(
            sum(view.tricks_won),
            (*plays, (action.seat, action.kind, action.cards)),
            _pile_mask(view),
            frozenset(view.seen),
            view.hand_sizes,
            view.stock_left,
        )

    def observe(
        self, view: TableView, knowledge: Knowledge, rng: random.Random, sample: Sampler
    ) -> None:
        """Read the opponents' answers not read yet."""
        viewer = view.viewer
        if viewer is None:
            return
        odds = self._odds.get(viewer)
        if odds is None or odds.deal > view.deal_number:  # a new match
            odds = self._odds[viewer] = _Odds(view.deal_number)
        elif odds.deal != view.deal_number:  # the same players, a new deal
            odds = self._odds[viewer] = _Odds(view.deal_number, odds.log_odds)
        answers = self._after_own(view, odds) + self._on_table(view, odds)
        if not answers:
            return
        counts = [[0, 0] for _ in answers]  # casual, careful
        for _ in range(WORLDS):
            world = sample(view, knowledge, rng)
            deal = world.deal
            assert deal is not None
            memory = memory_for(world, [0] * len(world.players))
            for answer, count in zip(answers, counts, strict=True):
                hand = _hand_then(deal.hands[answer.seat], answer, rng)
                casual, careful = styles_agree(answer, hand, deal.trump, memory, world.rules)
                count[0] += casual
                count[1] += careful
        for answer, count in zip(answers, counts, strict=True):
            casual_share, careful_share = (max(number / WORLDS, FLOOR) for number in count)
            step = max(-STEP, min(STEP, math.log(casual_share / careful_share)))
            odds.log_odds[answer.seat] = odds.log_odds.get(answer.seat, 0.0) + step

    def _on_table(self, view: TableView, odds: _Odds) -> list[Answer]:
        """Answers in the trick on the table, before the seat's turn."""
        viewer = view.viewer
        assert viewer is not None
        done = sum(view.tricks_won)
        found = []
        plays = view.trick
        gone = _pile_mask(view)
        for index, play in enumerate(plays):
            lead = index == 0 and play.kind is PlayKind.LEAD and view.combination is None
            if (
                (play.kind not in _KINDS and not lead)
                or play.seat == viewer
                or partners(view, viewer, play.seat)
                or None in play.cards
                or (done, index) in odds.read
            ):
                continue
            odds.read.add((done, index))
            before = [
                (p.seat, _KINDS.get(p.kind, Kind.LEAD), tuple(c for c in p.cards if c))
                for p in plays[:index]
            ]
            kind = Kind.LEAD if lead else _KINDS[play.kind]
            action = Action(kind, play.seat, tuple(c for c in play.cards if c))
            held = view.hand_sizes[play.seat] + len(action.cards)  # nobody drew since
            found.append(answer_of(action, before, gone, done, view.stock_left == 0, held, ()))
        return found

    def _after_own(self, view: TableView, odds: _Odds) -> list[Answer]:
        """The answer of the one player after the seat in the trick it last played to."""
        own, odds.own = odds.own, None
        if own is None or sum(view.tricks_won) != own.tricks_done + 1:
            return []
        viewer = view.viewer
        assert viewer is not None
        leader = own.plays[0][0]
        order = sorted(view.active, key=lambda seat: (seat - leader) % len(view.players))
        after = order[len(own.plays) :]
        if len(after) != 1 or partners(view, viewer, after[0]):
            return []
        seat = after[0]
        shown = {card for _, _, cards in own.plays for card in cards}
        cards = tuple(sorted(set(view.seen) - own.seen - shown, key=card_key))
        if len(cards) != len(own.plays[-1][2]):
            return []  # face down, or more than one answer
        took = bool(view.results) and view.results[-1].seat == seat
        action = Action(Kind.BEAT if took else Kind.DISCARD, seat, cards)
        since = tuple(c for play in view.trick if play.seat == seat for c in play.cards if c)
        return [
            answer_of(
                action,
                list(own.plays),
                own.gone,
                own.tricks_done,
                own.stock_left == 0,
                own.hand_sizes[seat],
                since,
            )
        ]


def answer_of(
    action: Action,
    before: Sequence[tuple[int, Kind, tuple[Card, ...]]],
    gone: int,
    tricks_played: int,
    stock_empty: bool,
    held: int,
    since: tuple[Card, ...],
) -> Answer:
    """The play `action` after the visible plays `before` it (none: a lead)."""
    owner, owner_cards = action.seat, action.cards
    if before:
        owner, _, owner_cards = before[0]
    for seat, kind, cards in before[1:]:
        if kind is Kind.BEAT:
            owner, owner_cards = seat, cards
    return Answer(
        action.seat,
        action,
        tuple(cards for _, _, cards in before),
        owner,
        owner_cards,
        gone,
        stock_empty,
        held,
        since,
        tricks_played,
    )


def _hand_then(now: tuple[Card, ...], answer: Answer, rng: random.Random) -> tuple[Card, ...]:
    """His hand when he answered, in one world: the cards he holds there and
    played since, less as many as he drew since (at random), plus his answer."""
    pool = [*now, *answer.since]
    keep = answer.held - len(answer.action.cards)
    if keep < len(pool):
        pool = rng.sample(pool, max(keep, 0))
    return tuple(sorted((*pool, *answer.action.cards), key=card_key))


def _pile_mask(view: TableView) -> int:
    """A bit per card id in the piles the seat saw."""
    mask = 0
    for pile in view.piles:
        for card in pile:
            mask |= 1 << card.id
    return mask


def styles_agree(
    answer: Answer,
    hand: tuple[Card, ...],
    trump: Suit,
    memory: PlayoutMemory,
    rules: RuleSet,
    ask_casual: bool = True,
    ask_careful: bool = True,
    kind_only: bool = False,
) -> tuple[bool, bool]:
    """Whether the casual and the careful style would have played his play
    (a style not asked: False)."""
    seat = answer.seat
    action = answer.action
    then = PlayoutMemory(memory.seen, answer.gone, memory.active, memory.teams)
    if action.kind is Kind.LEAD:
        limit = answer.held
        if rules.first_lead_max3 and answer.tricks_played == 0:
            limit = min(limit, 3)
        if declaration(rules, hand, trump, limit, answer.tricks_played, False, in_turn=True):
            return False, False  # both would have led the combination
        measure = lead_measure(action.cards, trump)
        casual = ask_casual and lead_measure(easy_lead(hand, trump, limit), trump) == measure
        same = False
        if ask_careful:
            careful = _CAREFUL.lead(
                rules, seat, hand, trump, answer.tricks_played, answer.stock_empty, _DICE, then
            )
            same = careful.kind is Kind.LEAD and lead_measure(careful.cards, trump) == measure
        return casual, same
    partner_owns = memory.teams and (answer.owner - seat) % 4 == 2
    last = len(answer.played) == memory.active - 1
    measure_partner = partner_owns and last
    played = answer_measure(action, trump, measure_partner)

    def matches(play: Action) -> bool:
        if kind_only:  # a face-down answer: only whether he beat is known
            return play.kind is action.kind
        return answer_measure(play, trump, measure_partner) == played

    casual_match = careful_match = False
    if ask_casual:
        casual_play = easy_answer(
            seat, hand, trump, answer.played, answer.owner_cards, partner_owns, last
        )
        casual_match = matches(casual_play)
    if ask_careful:
        careful_play = _CAREFUL.answer(
            seat,
            hand,
            trump,
            answer.played,
            answer.owner,
            answer.owner_cards,
            answer.stock_empty,
            _DICE,
            then,
        )
        careful_match = matches(careful_play)
    return casual_match, careful_match
