"""What each candidate of one decision is worth, from the seat's view only.

This is the `hard` player's search (`engine.ai.players.hard.HardPlayer.search`)
with three differences a review needs and a move does not:

- a fixed number of worlds, so that a review is deterministic for its seed
  and its cost is known in advance;
- the move the person actually played stays in the running to the end
  (`keep`): its value is measured on every world the best one is, so the
  difference between them is a paired comparison over all the worlds;
- each playout's result is kept in the units players read (the side's
  penalty points and card points), not only as the search's single value.

The worlds, their weights, the opponents' styles and the playouts are the
hard player's own (its methods are called, not copied), so the review
judges a move by the same search that plays. The loop itself is repeated
here rather than threaded through `HardPlayer.search`, which must keep its
choices byte for byte (`bench/ai_search_cost.py` prints their digest).

`Coach` keeps one seat's memory of a deal as the hard player would, but fed
with the moves the seat actually made.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine.actions import Action, Kind
from engine.ai.players.hard import _SIMULATED, MAX_WORLDS, HardPlayer, _plain_world, side_of
from engine.ai.playout.fastplay import fast_play_out
from engine.ai.playout.rollout import DealResult, continue_after, memory_for
from engine.ai.review.exact import exact_results
from engine.ai.search.compare import mean, prune
from engine.ai.search.determinize import Knowledge, knowledge_of
from engine.ai.search.endgame import hides_nothing
from engine.ai.search.evidence import pick_world
from engine.ai.search.worlds import Draft, build_world, deal_only_state, draw_draft, sample_state
from engine.ai.tuning import COUNTING_ANSWERS
from engine.errors import IllegalAction
from engine.game import apply
from engine.state import MatchState
from engine.view import TableView


@dataclass(frozen=True)
class Weighing:
    """Per candidate, one entry per world it was played out in (the same
    worlds, in order, for every candidate still in the running)."""

    candidates: tuple[Action | None, ...]
    values: tuple[tuple[float, ...], ...]  # the search's value (`engine.ai.search.value`)
    penalties: tuple[tuple[float, ...], ...]  # the side's own penalty points this deal
    points: tuple[tuple[float, ...], ...]  # the side's own card points this deal
    margins: tuple[tuple[float, ...], ...]  # the other sides' mean penalty minus the side's

    def best(self) -> int:
        """The candidate with the best mean value among those played out in every world."""
        full = max(len(values) for values in self.values)
        alive = [i for i, values in enumerate(self.values) if len(values) == full]
        return max(alive, key=lambda i: (mean(self.values[i]), -i))

    def paired(self, first: int, second: int) -> tuple[float, float]:
        """The mean of `first` minus `second` over the worlds both were played
        out in, and its standard error."""
        shared = min(len(self.values[first]), len(self.values[second]))
        diffs = [
            a - b
            for a, b in zip(self.values[first][:shared], self.values[second][:shared], strict=True)
        ]
        if not diffs:
            return 0.0, 0.0
        average = sum(diffs) / len(diffs)
        variance = sum((d - average) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
        return average, (variance / len(diffs)) ** 0.5

    def expected(self, index: int) -> tuple[float, float]:
        """The side's expected penalty points and card points after candidate `index`."""
        return mean(self.penalties[index]), mean(self.points[index])


class Coach:
    """One seat's hard-player memory of a deal, fed with what the seat played.

    `look` before a decision and `played` after it do the bookkeeping
    `HardPlayer.choose` does around its own search, with the seat's real
    move in place of the search's choice: what the seat noticed in its
    earlier views (face-down counts, who lacks what, the opponents' styles)
    shapes its worlds, and all of it comes from views.
    """

    def __init__(self, seed: int) -> None:
        self.player = HardPlayer(seed)
        self.seed = seed

    def look(self, view: TableView) -> Knowledge:
        player = self.player
        memory = player.tracker.observe(view)
        knowledge = knowledge_of(view, memory)
        if player._reads(view):
            styles_rng = random.Random(
                f"{self.seed}/{view.deal_number}/{view.step}/{view.viewer}/styles"
            )
            player.reader.observe(view, knowledge, styles_rng, _plain_world)
        return knowledge

    def follow(self, view: TableView, action: Action | None) -> None:
        """The seat made `action` from `view`: what the bot calls at each move
        of a person it keeps a coach for (practice hints), in the deal's order."""
        self.look(view)
        self.played(view, action)

    def played(self, view: TableView, action: Action | None) -> None:
        player = self.player
        if action is None:
            return
        if action.kind in (Kind.LEAD, Kind.DECLARE):
            player.tracker.note_lead(view, len(action.cards), action.cards)
            player.advisor.tracker.note_lead(view, len(action.cards))
        elif action.kind is Kind.BEAT:
            player.tracker.note_answer(view, action)
        if player._reads(view) and view.turn == view.viewer:
            player.reader.note_own(view, action)


def weigh(
    player: HardPlayer,
    view: TableView,
    knowledge: Knowledge,
    candidates: Sequence[Action | None],
    worlds: int,
    keep: Collection[int] = (),
) -> Weighing:
    """Play every candidate out in `worlds` worlds drawn from the view, as the
    hard player's search does, dropping clearly worse candidates at its
    checkpoints but never those in `keep`."""
    seat = knowledge.viewer
    side = side_of(view, seat)
    others = [
        other for other in range(len(view.penalties)) if other != side and other not in view.out
    ]
    if hides_nothing(view, knowledge):
        # One world, solved exactly, as the hard player does there.
        only = sample_state(
            view, knowledge, player.decision_rng(view), deal_only=True, history=False
        )
        exact = exact_results(only, seat, side, candidates, player.point_weight)
        if exact is not None:
            return Weighing(
                tuple(candidates),
                tuple((value,) for value, _ in exact),
                tuple((float(result.penalties[side]),) for _, result in exact),
                tuple((float(result.points[side]),) for _, result in exact),
                tuple((_margin(result, side, others),) for _, result in exact),
            )
    rng = player.decision_rng(view)
    values: list[list[float]] = [[] for _ in candidates]
    penalties: list[list[float]] = [[] for _ in candidates]
    points: list[list[float]] = [[] for _ in candidates]
    margins: list[list[float]] = [[] for _ in candidates]
    alive = list(range(len(candidates)))
    kept = set(keep)
    searched = tries = 0
    number = view.deal_number
    checkpoint = 4
    reads = player._reads(view)
    playout_rng = random.Random()
    counting = view.rules.preset.value in COUNTING_ANSWERS
    reading, shares = player._reading(view, reads)
    own_leads = player._own_leads(view, side)

    def draft() -> Draft:
        return draw_draft(view, knowledge, rng)

    while searched < worlds and tries < MAX_WORLDS:
        tries += 1
        world: MatchState
        if reading:
            world = deal_only_state(
                build_world(view, knowledge, pick_world(draft, reading, shares, rng))
            )
        else:
            world = player.draw_world(view, knowledge, rng)
        dice = rng.getrandbits(32)
        dice_state = random.Random(dice).getstate()
        start_memory = memory_for(world, knowledge.visible_points)
        start_memory.counting = counting
        start_memory.casual_leads = own_leads
        if reads:
            start_memory.casual = player._casual_seats(view, side, dice)
        row: list[DealResult] = []
        for index in alive:
            action = candidates[index]
            seen = start_memory.copy()
            playout_rng.setstate(dice_state)
            if action is None:
                state, result = world, None
            elif action.kind in _SIMULATED:
                result = fast_play_out(world, player.policy, playout_rng, seen, first=action)
                state = world
            else:
                try:
                    state, events = apply(world, action)
                except IllegalAction:
                    row = []  # the world contradicts the view; throw it away
                    break
                result = continue_after(state, events, number, seen)
            if result is None:
                passed = seat if action is None else None
                result = fast_play_out(state, player.policy, playout_rng, seen, passed)
            row.append(result)
        if len(row) != len(alive):
            continue
        searched += 1
        for index, result in zip(alive, row, strict=True):
            values[index].append(player.value(result, side, others))
            penalties[index].append(0.0 if result.void else float(result.penalties[side]))
            points[index].append(0.0 if result.void else float(result.points[side]))
            margins[index].append(_margin(result, side, others))
        if len(values[alive[0]]) >= checkpoint and len(alive) > 1:
            alive = sorted(set(prune(alive, values, player.prune_z)) | (kept & set(alive)))
            checkpoint = max(checkpoint + 2, int(checkpoint * 1.5))
    return Weighing(
        tuple(candidates),
        tuple(tuple(v) for v in values),
        tuple(tuple(p) for p in penalties),
        tuple(tuple(p) for p in points),
        tuple(tuple(m) for m in margins),
    )


def _margin(result: DealResult, side: int, others: Sequence[int]) -> float:
    """The other sides' mean penalty points minus the side's (0 for a void deal)."""
    if result.void or not others:
        return 0.0
    return sum(result.penalties[other] for other in others) / len(others) - result.penalties[side]
