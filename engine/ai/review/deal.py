"""The review of one seat's play in one finished deal (issue 66, the coach).

The deal is replayed from its log; at every move the seat made, only the
seat's view at that moment (`engine.view.view_for`) reaches the search, and
the search is the hard player's (`engine.ai.review.weigh`). The hidden
cards of the log are needed to replay it, and read by nothing else: two
deals the seat saw alike are reviewed alike (tests/engine/ai/test_review_hidden.py).

What a decision cost is the paired difference, over the same worlds and
dice, between the best candidate and the move played, in the search's own
unit: the side's expected penalty points against the other sides', plus a
tenth of a penalty point per card point of margin (`engine.ai.search.value`).
A move is called costly when that difference is at least `COSTLY` and at
least `CONFIDENCE` standard errors: a deal played by the hard player
itself, reviewed at the default budget, shows the noise left
(tests/engine/ai/test_review_noise.py states the figure). The costs are
also given apart, as expected penalty points and card points, the units
players read. In kozel the side is the team.

The luck line compares what the seat's side could expect at its first
decision (with the best play the search found, the rest of the deal
played out by the playout policy) with what it got.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from engine.actions import Action, Kind
from engine.ai.base import own_pile_points
from engine.ai.players.hard import side_of
from engine.ai.review.weigh import Coach, Weighing, weigh
from engine.ai.search.candidates import candidate_actions
from engine.ai.search.compare import mean
from engine.ai.search.determinize import Knowledge
from engine.events import DealScored
from engine.game import apply, new_match
from engine.rules import RuleSet
from engine.shuffle import ShuffleKey
from engine.state import MatchState
from engine.view import TableView, view_for

# Worlds per decision. bench/review_cost.py, CPU of one core per review of one
# player's deal (easy players' deals): p95 3.0 s in two-player burkozel (18
# moves a deal), 1.4 s with three, 1.9 s in kozel, 0.9 s in bura: a fifth of
# the 15 s a review may take. tests/engine/ai/test_review_deal.py: the noise.
REVIEW_WORLDS = 48
# A move costs something worth saying at this value (penalty points, a
# tenth per card point of margin) and this many standard errors: the hard
# player's own PRUNE_Z, at which its search drops a candidate. At 2 the
# review flagged 4% of the hard player's own moves, at 3 about 1.5%, and
# the written mistakes alike (tests/engine/ai/test_review_corpus.py).
COSTLY = 0.5
CONFIDENCE = 3.0
MAX_Z = 99.0
# A decision whose cost lies between BORDER and SURE standard errors (and
# is at least half of COSTLY) is weighed again with EXTEND times the worlds.
BORDER = 1.0
SURE = 4.0
EXTEND = 3
# The costly moves a review lists at most.
SHOWN = 3
# A hand expected to end this far (penalty points) ahead of or behind the
# other sides' mean is strong or weak.
STRONG = 1.0
# Bumped when the search or the thresholds change, so cached reviews go stale.
VERSION = 1


class HandKind(StrEnum):
    STRONG = "strong"
    AVERAGE = "average"
    WEAK = "weak"


class Decision(NamedTuple):
    """One move the seat made, judged from its view at the time."""

    step: int  # the match's step before the move (its place in the log)
    trick: int  # tricks finished in the deal before the move
    played: Action
    better: Action | None  # the search's best, when it is not the move played
    cost: float  # the search's unit: penalty points, a tenth per card point of margin
    penalty_cost: float  # the side's expected penalty points: after played minus after better
    points_cost: float  # the side's expected card points: after better minus after played
    z: float  # the cost in standard errors (0 when nothing is better)
    costly: bool
    candidates: int  # moves weighed (1: nothing to choose)


class Luck(NamedTuple):
    """The hand against the play: what was to be expected, and what came."""

    hand: HandKind
    expected_penalty: float  # the side's, with the best play from its first decision
    expected_points: float
    expected_margin: float  # the other sides' mean penalty minus the side's
    actual_penalty: int
    actual_points: int
    actual_margin: float


class DealReview(NamedTuple):
    seat: int
    side: int
    seats: tuple[int, ...]  # the side's seats (two partners in kozel)
    preset: str
    deal_number: int
    decisions: tuple[Decision, ...]  # every move of the seat, in order
    costliest: tuple[Decision, ...]  # the costly ones, costliest first, at most SHOWN
    clean: bool  # no costly move
    total_cost: float  # of the costly moves
    luck: Luck | None  # None for a deal the seat made no move in
    worlds: int
    seed: int


def review_key(deal_id: str, seat: int, worlds: int = REVIEW_WORLDS, seed: int = 0) -> str:
    """The cache key of a review: the same deal, seat, budget and seed give the same review."""
    return f"review/{VERSION}/{deal_id}/{seat}/{worlds}/{seed}"


def deal_log(
    rules: RuleSet,
    players: Sequence[str],
    seed: int,
    actions: Sequence[Action],
    number: int,
    key: ShuffleKey | None = None,
) -> tuple[MatchState, list[Action]]:
    """From a match's seed (and its checkable-shuffle key, if it has one) and
    log: the state as deal `number` starts, and the deal's actions."""
    state = new_match(rules, players, seed, key)
    index = 0
    while state.deal is not None and state.deal.number < number and index < len(actions):
        state, _ = apply(state, actions[index])
        index += 1
    if state.deal is None or state.deal.number != number:
        raise ValueError(f"the log holds no deal {number}")
    return state, list(actions[index:])


def review_deal(
    start: MatchState,
    actions: Sequence[Action],
    seat: int,
    *,
    seed: int = 0,
    worlds: int = REVIEW_WORLDS,
) -> DealReview:
    """Review `seat`'s moves in the deal under way in `start`, played as `actions`
    (actions after the deal's end are ignored)."""
    if start.deal is None:
        raise ValueError("no deal under way")
    if not 0 <= seat < start.seats:
        raise ValueError(f"no seat {seat}")
    number = start.deal.number
    coach = Coach(seed)
    state = start
    decisions: list[Decision] = []
    first: Weighing | None = None
    scored: DealScored | None = None
    view0 = view_for(start, seat)
    side = side_of(view0, seat)
    for action in actions:
        if state.deal is None or state.deal.number != number:
            break
        if action.seat == seat:
            view = view_for(state, seat)
            if action not in view.legal:
                raise ValueError(f"the log's move {action} is not legal at step {state.step}")
            decision, weighing = _decide(coach, view, action, worlds, need=first is None)
            decisions.append(decision)
            if first is None:
                first = weighing
        state, events = apply(state, action)
        for event in events:
            if isinstance(event, DealScored) and event.number == number:
                scored = event
    costly = sorted((d for d in decisions if d.costly), key=lambda d: -d.cost)
    luck = None if first is None else _luck(first, scored, side, view0)
    return DealReview(
        seat=seat,
        side=side,
        seats=tuple(s for s in range(start.seats) if side_of(view0, s) == side),
        preset=start.rules.preset.value,
        deal_number=number,
        decisions=tuple(decisions),
        costliest=tuple(costly[:SHOWN]),
        clean=not costly,
        total_cost=sum(d.cost for d in costly),
        luck=luck,
        worlds=worlds,
        seed=seed,
    )


def candidates_for(
    coach: Coach, view: TableView, knowledge: Knowledge, played: Action | None
) -> list[Action | None]:
    """What the seat could sensibly have done here: the hard player's candidates,
    a claim when one could stand, and the move played in any case."""
    seat = view.viewer
    candidates: list[Action | None]
    if view.turn == seat:
        candidates = list(candidate_actions(view))
        claim = Action.claim(seat) if seat is not None else None
        worth = own_pile_points(view) >= 31 or coach.player._claim_possible(view, knowledge)
        if claim in view.legal and claim != played and worth:
            candidates.append(claim)
    else:
        candidates = [a for a in view.legal if a.kind is Kind.DECLARE and a.seat == seat]
        candidates.append(None)
    if played not in candidates:
        candidates.append(played)
    return candidates


def _decide(
    coach: Coach, view: TableView, played: Action, worlds: int, need: bool
) -> tuple[Decision, Weighing | None]:
    knowledge = coach.look(view)
    candidates = candidates_for(coach, view, knowledge, played)
    if played.kind is Kind.CLAIM and own_pile_points(view) >= 31:
        # A claim the seat counted right wins the deal: nothing does better
        # (the card points a longer deal would add are not scored in bura).
        candidates = [played]
    index = candidates.index(played)
    if len(candidates) == 1 and not need:
        coach.played(view, played)
        return _judge(view, candidates, index, None), None
    weighing = weigh(coach.player, view, knowledge, candidates, worlds, keep={index})
    decision = _judge(view, candidates, index, weighing)
    if decision.cost >= COSTLY / 2 and BORDER <= decision.z < SURE:
        # Close to the line either way: look again with more worlds (the first
        # ones come again, the dice being the decision's own).
        weighing = weigh(coach.player, view, knowledge, candidates, worlds * EXTEND, {index})
        decision = _judge(view, candidates, index, weighing)
    coach.played(view, played)
    return decision, weighing


def _judge(
    view: TableView,
    candidates: Sequence[Action | None],
    index: int,
    weighing: Weighing | None,
) -> Decision:
    """The played candidate `index` against the best of the weighing."""
    played = candidates[index]
    assert played is not None
    trick = sum(view.tricks_won)
    best = weighing.best() if weighing is not None else index
    if weighing is None or best == index:
        return Decision(view.step, trick, played, None, 0.0, 0.0, 0.0, 0.0, False, len(candidates))
    cost, error = weighing.paired(best, index)
    penalty_best, points_best = weighing.expected(best)
    penalty_played, points_played = weighing.expected(index)
    # Capped: a difference the same in every world has no scatter at all.
    z = min(cost / error, MAX_Z) if error > 1e-9 else (MAX_Z if cost > 1e-9 else 0.0)
    return Decision(
        step=view.step,
        trick=trick,
        played=played,
        better=candidates[best],
        cost=cost,
        penalty_cost=penalty_played - penalty_best,
        points_cost=points_best - points_played,
        z=z,
        costly=cost >= COSTLY and z >= CONFIDENCE,
        candidates=len(candidates),
    )


def _luck(first: Weighing, scored: DealScored | None, side: int, view: TableView) -> Luck:
    best = first.best()
    penalty, points = first.expected(best)
    margin = mean(first.margins[best])
    actual_penalty = actual_points = 0
    actual_margin = 0.0
    if scored is not None:
        by_side = {result.side: result for result in scored.results}
        own = by_side.get(side)
        if own is not None:
            actual_penalty, actual_points = own.penalty, own.points
        others = [r.penalty for s, r in by_side.items() if s != side and s not in view.out]
        if others:
            actual_margin = sum(others) / len(others) - actual_penalty
    hand = (
        HandKind.STRONG
        if margin >= STRONG
        else HandKind.WEAK
        if margin <= -STRONG
        else HandKind.AVERAGE
    )
    return Luck(hand, penalty, points, margin, actual_penalty, actual_points, actual_margin)
