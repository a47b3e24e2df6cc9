"""The `hard` computer player: a search over the cards it cannot see.

Determinized Monte Carlo (perfect-information Monte Carlo with common random
numbers). For one decision:

1. From the seat's own view (and its memory of this deal, which is also made
   of views only) list where unseen cards may lie: `engine.ai.search.determinize`.
2. Sample a *world* (`engine.ai.search.worlds`): the unseen cards dealt at random
   into the other hands, the stock and the face-down slots, giving a full
   `MatchState` that shows this seat exactly its real view. In kozel a world
   is kept with the chance that the opponents' styles would have played
   what they played in it, and after the stock with fewer trumps face
   down, as players keep theirs (`engine.ai.search.evidence`; `WEIGH_WORLDS`).
3. In that world try every candidate action with the engine's own `apply`
   and play the deal out with the fast playout policy (`engine.ai.playout.rollout`),
   which also plays the out-of-turn combination windows; every candidate
   sees the same world and the same playout dice, so the differences between
   candidates are not drowned by luck.
4. Repeat while the time budget lasts (or up to a fixed number of playouts,
   which makes the player deterministic for its seed: tests use that),
   dropping candidates that are clearly worse than the best so far (a paired
   comparison over the shared worlds: `engine.ai.search.compare`).
5. Play the best mean, unless the rules of thumb's choice (the `normal`
   player's, in kozel the `easy` one's, which play kozel better: `ADVISORS`;
   computed from the same view) is still in the running and the best is
   not ahead of it by `prior_z` standard errors: with few playouts the
   search only overrules the rules of thumb when it has evidence.

A playout is scored for the deciding side as the other sides' mean penalty
points in the deal minus its own, plus `point_weight` (0.1) per card point
of margin: the card points are a much finer signal than the penalty steps,
and with a few hundred playouts that matters more than anything else tried
(`engine.ai.search.value`). Only the deal is played out, never the rest of
the match.

Playouts let each opponent answer in his own style: a casual player's
rules (`engine.ai.playout.easy_rules`) in the share of the worlds his plays so far make
likely, the careful playout policy in the rest (`engine.ai.search.opponents`
reads the style from what he played; `READ_STYLES`: burkozel and kozel,
where it measured better; the option `read_styles` forces it on or off).
The seat and its partner answer with the careful policy, and lead with it
too except in kozel, where they lead as the casual player does, as the
rules of thumb the search must beat lead there (`OWN_CASUAL_LEADS`, option
`own_casual_leads`).

Two-player burkozel after the stock is gone hides nothing any more; there
the rest of the deal is searched exactly (`engine.ai.search.endgame`, alpha-beta
within a node budget, else back to playouts).

What needs no search:
- a bura claim is made at once when the cards this seat saw go into its own
  pile reach 31 (with show_own_points, the shown total), because a correct
  claim is the best a deal can give. When the opponent's face-down discards
  in its pile could make up the rest, the claim becomes one more candidate
  of the search: the worlds deal those discards as a player throwing his
  cheapest cards would (`engine.ai.search.worlds`), so the claim is weighed
  on how often such cards reach 31, against playing on;
- actions that are dominated are not tried (`engine.ai.search.candidates`):
  discarding (or, when last to play, beating with) a higher zero-point
  card of a suit where a lower one would do the same;
- a single remaining candidate is played at once.

Off turn it is asked only when it holds a combination it could lead out of
turn; "not now" is then one of the candidates.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Kind
from engine.ai.base import ComputerPlayer, own_pile_points
from engine.ai.players.easy import EasyPlayer
from engine.ai.players.normal import NormalPlayer
from engine.ai.playout.fastplay import fast_play_out
from engine.ai.playout.rollout import (
    DealResult,
    RolloutPolicy,
    continue_after,
    memory_for,
    play_out,
)
from engine.ai.search.candidates import candidate_actions
from engine.ai.search.compare import best_of, clearly_better, prune
from engine.ai.search.determinize import DealTracker, Knowledge, knowledge_of
from engine.ai.search.endgame import exact_choice, hides_nothing
from engine.ai.search.evidence import NO_READING, Reading, pick_world, read
from engine.ai.search.opponents import OpponentReader
from engine.ai.search.value import playout_value
from engine.ai.search.worlds import Draft, build_world, deal_only_state, draw_draft, sample_state
from engine.ai.tuning import (
    ADVISORS,
    COUNTING_ANSWERS,
    DEFAULT_BUDGET_MS,
    OWN_CASUAL_LEADS,
    POINT_WEIGHT,
    PRUNE_Z,
    READ_STYLES,
    WEIGH_WORLDS,
)
from engine.errors import IllegalAction
from engine.game import apply
from engine.state import MatchState
from engine.view import TableView

# The candidates the playout simulator can play itself (`fast_play_out(first=)`).
_SIMULATED = (Kind.LEAD, Kind.BEAT, Kind.DISCARD)
MAX_WORLDS = 5_000  # a guard: worlds that contradict the view are thrown away
ENDGAME_NODES = 10_000  # positions an exact endgame search may visit with fixed playouts


@dataclass
class SearchStats:
    """What the last search did (for the arena and for tuning)."""

    candidates: int = 0
    worlds: int = 0
    drawn: int = 0  # worlds sampled: more than searched where clues refuse some
    playouts: int = 0
    seconds: float = 0.0


def side_of(view: TableView, seat: int) -> int:
    return seat % 2 if view.rules.is_teams else seat


def _for_game(option: bool | None, games: frozenset[str], view: TableView) -> bool:
    """An option left at None follows its tuned table of games (`engine.ai.tuning`)."""
    return view.rules.preset.value in games if option is None else option


class HardPlayer(ComputerPlayer):
    """Determinized search. `playouts` fixes how many playouts a decision may
    use (deterministic for the seed: every world is played out for every
    candidate still in the running, and a world is finished once started);
    without it `budget_ms` bounds each decision's time: wall-clock time, or
    with `clock="cpu"` the time this thread computes (for comparing levels on
    a machine other work keeps busy)."""

    level = "hard"

    def __init__(
        self,
        seed: int,
        budget_ms: float = DEFAULT_BUDGET_MS,
        playouts: int | None = None,
        clock: str = "wall",
        guess_claims: bool = True,
        fast_playouts: bool = True,
        read_styles: bool | None = None,
        weigh_worlds: bool | None = None,
        own_casual_leads: bool | None = None,
    ) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.playouts = playouts
        self.clock = clock
        self.guess_claims = guess_claims
        # The light simulator gives the engine's playout results exactly, in
        # about a third of the time; `False` plays them through `apply` (the
        # differential test's reference).
        self.fast = fast_playouts
        self.play_out = fast_play_out if fast_playouts else play_out
        # None: as READ_STYLES, WEIGH_WORLDS and OWN_CASUAL_LEADS say for the game.
        self.read_styles = read_styles
        self.weigh_worlds = weigh_worlds
        self.own_casual_leads = own_casual_leads
        # Plain attributes rather than options, so that `bench/ai_pairs.py
        # --set` can vary them on a copy of the player. None: no advisor.
        self.prior_z: float | None = 1.0
        self.point_weight = POINT_WEIGHT
        self.prune_z = PRUNE_Z
        self.reader = OpponentReader()
        self.advisor = NormalPlayer(seed)
        self.easy = EasyPlayer(seed)
        self.policy = RolloutPolicy()
        self.tracker = DealTracker()
        self.stats = SearchStats()
        self._deadline = 0.0

    def _now(self) -> float:
        return time.thread_time() if self.clock == "cpu" else time.perf_counter()

    def start_clock(self) -> None:
        """Start a decision's time budget: a timed `search` stops when it runs out."""
        self._deadline = self._now() + self.budget_ms / 1000.0

    def choose(self, view: TableView) -> Action | None:
        seat = view.viewer
        if seat is None or view.deal_number == 0 or view.turn is None or not view.legal:
            return None
        self.start_clock()
        memory = self.tracker.observe(view)
        knowledge: Knowledge | None = None
        reads = self._reads(view)
        if reads:
            knowledge = knowledge_of(view, memory)
            styles_rng = random.Random(f"{self.seed}/{view.deal_number}/{view.step}/{seat}/styles")
            self.reader.observe(view, knowledge, styles_rng, _plain_world)
        candidates: list[Action | None]
        if view.turn == seat:
            if (
                any(action.kind is Kind.CLAIM for action in view.legal)
                and own_pile_points(view) >= 31
            ):
                return Action.claim(seat)
            candidates = list(candidate_actions(view))
            if not candidates:  # only a claim is left (cannot happen: a leader has cards)
                return next(action for action in view.legal if action.seat == seat)
        else:
            declarations = [action for action in view.legal if action.kind is Kind.DECLARE]
            if not declarations:
                return None
            candidates = [*declarations, None]
        self.stats = SearchStats(candidates=len(candidates))
        advice, prior_z = self.advice(view) if self.prior_z is not None else (None, 0.0)
        if self.guess_claims and view.turn == seat:
            if knowledge is None:
                knowledge = knowledge_of(view, memory)
            if self._claim_possible(view, knowledge):
                candidates.append(Action.claim(seat))
        if len(candidates) == 1:
            choice = candidates[0]
        else:
            if knowledge is None:
                knowledge = knowledge_of(view, memory)
            default = (
                candidates.index(advice)
                if self.prior_z is not None and advice in candidates
                else None
            )
            solved, choice = self.solve_endgame(view, knowledge, candidates, default)
            if not solved:
                choice = self.search(view, knowledge, candidates, default, prior_z)
        if choice is not None and choice.kind in (Kind.LEAD, Kind.DECLARE):
            self.tracker.note_lead(view, len(choice.cards), choice.cards)
            self.advisor.tracker.note_lead(view, len(choice.cards))
        elif choice is not None and choice.kind is Kind.BEAT:
            self.tracker.note_answer(view, choice)
        if reads and choice is not None and view.turn == seat:
            self.reader.note_own(view, choice)
        return choice

    def advice(self, view: TableView) -> tuple[Action | None, float]:
        """The rules of thumb the search must beat, and by how many standard errors."""
        assert self.prior_z is not None
        name, z = ADVISORS.get(view.rules.preset.value, ("normal", self.prior_z))
        if name == "easy":
            return self.easy.choose(view), z
        return self.advisor.choose(view), z

    @staticmethod
    def _claim_possible(view: TableView, knowledge: Knowledge) -> bool:
        """A claim worth weighing: cards it has not seen lie in its own pile and
        the cards it saw there are short of 31 by less than they could hold."""
        seat = knowledge.viewer
        if not any(action.kind is Kind.CLAIM for action in view.legal):
            return False
        hidden = knowledge.pile_slots[seat]
        if not hidden or not knowledge.own_hidden_events:
            return False
        richest = sorted((card.points for card in knowledge.unseen), reverse=True)
        return own_pile_points(view) + sum(richest[:hidden]) >= 31

    # -- the search ---------------------------------------------------------------

    def solve_endgame(
        self,
        view: TableView,
        knowledge: Knowledge,
        candidates: Sequence[Action | None],
        default: int | None,
    ) -> tuple[bool, Action | None]:
        """Exact play once nothing is hidden (two-player burkozel, stock gone):
        (True, the choice), or (False, None) when that does not apply or the
        position is too big to solve in the budget."""
        if not hides_nothing(view, knowledge):
            return False, None
        world = sample_state(
            view, knowledge, self.decision_rng(view), deal_only=True, history=False
        )
        seat = knowledge.viewer
        start = time.perf_counter()
        nodes = ENDGAME_NODES if self.playouts is not None else int(self.budget_ms * 50)
        side = side_of(view, seat)
        solved, choice = exact_choice(
            world, seat, side, candidates, default, self.point_weight, nodes
        )
        if solved:
            self.stats.seconds = time.perf_counter() - start
            self.stats.worlds = 1
        return solved, choice

    def decision_rng(self, view: TableView) -> random.Random:
        """Dice for one decision, from the seed and the position the view shows:
        the same view always gets the same dice, whatever came before."""
        return random.Random(f"{self.seed}/{view.deal_number}/{view.step}/{view.viewer}")

    def draw_world(self, view: TableView, knowledge: Knowledge, rng: random.Random) -> MatchState:
        """One unweighed world for the search: the unseen cards dealt at random
        within what the view allows. A seam for measuring sticks that draw
        otherwise (`bench/ai_oracle.py` draws the real deal)."""
        return sample_state(view, knowledge, rng, deal_only=True, history=False)

    def value(self, result: DealResult, side: int, others: Sequence[int]) -> float:
        return playout_value(result, side, others, self.point_weight)

    def search(
        self,
        view: TableView,
        knowledge: Knowledge,
        candidates: Sequence[Action | None],
        default: int | None = None,
        prior_z: float | None = None,
    ) -> Action | None:
        now = self._now
        start = now()
        limit = self.playouts
        timed = limit is None
        seat = knowledge.viewer
        side = side_of(view, seat)
        others = [
            other for other in range(len(view.penalties)) if other != side and other not in view.out
        ]
        rng = self.decision_rng(view)
        deadline = self._deadline if timed else 0.0
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        worlds = playouts = 0
        number = view.deal_number
        checkpoint = 4
        reads = self._reads(view)
        playout_rng = random.Random()
        counting = view.rules.preset.value in COUNTING_ANSWERS
        reading, shares = self._reading(view, reads)
        own_leads = self._own_leads(view, side)
        drawn = 0

        def draw() -> MatchState:
            nonlocal drawn
            drawn += 1
            return self.draw_world(view, knowledge, rng)

        def draft() -> Draft:
            nonlocal drawn
            drawn += 1
            return draw_draft(view, knowledge, rng)

        while worlds < MAX_WORLDS:
            if limit is not None:
                if playouts >= limit:
                    break
            elif worlds >= 1 and now() >= deadline:
                break
            if reading:
                kept = pick_world(draft, reading, shares, rng)
                world = deal_only_state(build_world(view, knowledge, kept))
            else:
                world = draw()
            dice = rng.getrandbits(32)
            # Every candidate replays the same dice: seeding once and copying
            # the generator's state back costs about half as much as seeding.
            dice_state = random.Random(dice).getstate()
            start_memory = memory_for(world, knowledge.visible_points)
            start_memory.counting = counting
            start_memory.casual_leads = own_leads
            if reads:
                start_memory.casual = self._casual_seats(view, side, dice)
            row: list[float] = []
            for index in alive:
                action = candidates[index]
                seen = start_memory.copy()
                playout_rng.setstate(dice_state)
                if action is None:
                    state = world
                    result = None
                elif self.fast and action.kind in _SIMULATED:
                    # The simulator plays the candidate too (no state built).
                    result = fast_play_out(world, self.policy, playout_rng, seen, first=action)
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
                    result = self.play_out(state, self.policy, playout_rng, seen, passed)
                row.append(self.value(result, side, others))
                playouts += 1
                if timed and worlds >= 1 and now() >= deadline:
                    break  # out of time in the middle of a world: drop it
            worlds += 1
            if len(row) != len(alive):
                continue
            for index, value in zip(alive, row, strict=True):
                values[index].append(value)
            if len(values[alive[0]]) >= checkpoint and len(alive) > 1:
                alive = prune(alive, values, self.prune_z)
                checkpoint = max(checkpoint + 2, int(checkpoint * 1.5))
                if len(alive) == 1 and timed:
                    break
        self.stats.worlds = worlds
        self.stats.drawn = drawn
        self.stats.playouts = playouts
        self.stats.seconds = now() - start
        best = best_of(alive, values)
        if default is not None and default in alive and best != default:
            # Overrule the rules of thumb only when the playouts clearly say so.
            z = self.prior_z if prior_z is None else prior_z
            assert z is not None
            if not clearly_better(values[best], values[default], z):
                best = default
        return candidates[best]

    def _reading(self, view: TableView, reads: bool) -> tuple[Reading, dict[int, float]]:
        """The clues in the opponents' plays (`engine.ai.search.evidence`), and each
        one's share of casual play."""
        if not _for_game(self.weigh_worlds, WEIGH_WORLDS, view):
            return NO_READING, {}
        reading = read(view)
        seats = {clue.answer.seat for clue in reading.clues}
        return reading, {
            seat: self.reader.casual_share(view, seat) if reads else 0.0 for seat in seats
        }

    def _own_leads(self, view: TableView, side: int) -> int:
        """A bit per seat of this side that leads casually in the playouts
        (`OWN_CASUAL_LEADS`)."""
        if not _for_game(self.own_casual_leads, OWN_CASUAL_LEADS, view):
            return 0
        return sum(1 << seat for seat in view.active if side_of(view, seat) == side)

    def _reads(self, view: TableView) -> bool:
        return _for_game(self.read_styles, READ_STYLES, view)

    def _casual_seats(self, view: TableView, side: int, dice: int) -> int:
        """A bit per opponent who answers as a casual player in this world's playouts."""
        pick = random.Random(dice ^ 0x9E3779B9)
        mask = 0
        for other in view.active:
            if side_of(view, other) == side:
                continue
            if pick.random() < self.reader.casual_share(view, other):
                mask |= 1 << other
        return mask


def _plain_world(view: TableView, knowledge: Knowledge, rng: random.Random) -> MatchState:
    """A world without the deal's history (the style reader does not read it)."""
    return sample_state(view, knowledge, rng, history=False)
