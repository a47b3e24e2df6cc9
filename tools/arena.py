"""`python -m tools arena`: computer levels against each other, with error bars.

Deals are played from fixed seeds. Every seed is played once per distinct
rotation of the levels round the table (duplicate style: in a two-player
game each level plays both hands of the same shuffle), so neither the cards
nor the seat favour a level. A *deal* here is the first deal of a fresh match
dealt from the seed (bura deals voided by a tie are redealt and count as
the same deal); with `--matches` whole matches are played the same way.

Per level (per side in kozel: both partners share a level) the table shows:

- deal wins: the share of deals in which the level's side got 0 penalty
  points while some other side got penalty points (a deal where nobody is
  penalised, the 60-60 "eggs", is won by nobody), with a 95% Wilson interval;
- mean penalty points per deal, with a 95% normal-approximation interval;
- match wins (only with `--matches`): ranked first at the end of the match
  (tied first places all count), with a 95% Wilson interval;
- the mean card points its side took per deal (in the JSON);
- the median and 95th percentile of the time one decision takes (every call
  on the level's own turn, and every out-of-turn call it was asked), in ms of
  wall-clock time, and the 95th percentile of the CPU time the deciding
  thread used;
- for searching levels, the playouts per searched decision (mean and
  median, over decisions that searched more than one world).

Searching levels take `--budget-ms` per decision (`--clock cpu` counts only
their own CPU time, so a busy machine does not weaken them) or a fixed
`--playouts` count (deterministic).

The intervals treat every deal as independent; the two rotations of one
shuffle are correlated (that is the point: it cancels card luck), so the
intervals are somewhat conservative for the difference between levels.
Work is spread over `jobs` processes; decision times are measured inside
each process, so on a busy machine they include its load (use --jobs 1 for
clean timings).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.actions import Action
from engine.ai import Player, make_player, next_actor
from engine.events import DealScored, Event, MatchOver
from engine.game import apply, new_match
from engine.rules import RuleSet
from engine.state import MatchState
from engine.view import TableView
from tools.arena_report import ArenaReport, TaskResult

MAX_ACTIONS = 200_000


# -- playing ------------------------------------------------------------------------------


class TimedPlayer:
    """Wraps a player and records how long each decision takes, in seconds:
    wall-clock time, and the CPU time of this thread."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.level = inner.level
        self.times: list[float] = []
        self.cpu_times: list[float] = []
        self.playouts: list[int] = []  # per decision a search made (searching levels)

    def choose(self, view: TableView) -> Action | None:
        stats = getattr(self.inner, "stats", None)
        start = time.perf_counter()
        cpu = time.thread_time()
        action = self.inner.choose(view)
        self.cpu_times.append(time.thread_time() - cpu)
        self.times.append(time.perf_counter() - start)
        searched = getattr(self.inner, "stats", None)
        if searched is not stats and getattr(searched, "worlds", 0) > 1:
            self.playouts.append(searched.playouts)  # type: ignore[union-attr]
        return action


def build_player(
    level: str,
    seed: int,
    budget_ms: float | None,
    playouts: int | None,
    clock: str | None = None,
) -> Player:
    """A player of `level`; a searching player takes the budget, its clock or a
    fixed playout count (players without these settings ignore them)."""
    player = make_player(level, seed)
    if budget_ms is not None and hasattr(player, "budget_ms"):
        player.budget_ms = budget_ms
    if playouts is not None and hasattr(player, "playouts"):
        player.playouts = playouts
    if clock is not None and hasattr(player, "clock"):
        player.clock = clock
    return player


@dataclass(frozen=True)
class Task:
    index: int  # shuffle number
    rotation: int
    seat_levels: tuple[str, ...]
    seed: int  # the match seed (deck and dealer)
    whole_match: bool


@dataclass(frozen=True)
class ArenaSetup:
    rules: RuleSet
    players: int
    levels: tuple[str, ...]
    seed: int
    budget_ms: float | None = None
    playouts: int | None = None
    clock: str | None = None


def rotations(levels: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Distinct seatings: the base (levels repeated round the table) and its rotations."""
    base = tuple(levels[seat % len(levels)] for seat in range(players))
    found: list[tuple[str, ...]] = []
    for shift in range(players):
        seating = tuple(base[(seat + shift) % players] for seat in range(players))
        if seating not in found:
            found.append(seating)
    return found


def task_seed(seed: int, index: int) -> int:
    return random.Random(f"arena/{seed}/{index}").randrange(2**32)


def play_task(setup: ArenaSetup, task: Task) -> TaskResult:
    """One shuffle at one seating: its first deal, or the whole match."""
    rules = setup.rules
    names = tuple(f"P{seat}" for seat in range(setup.players))
    timed = {
        seat: TimedPlayer(
            build_player(
                level,
                random.Random(f"arena/{task.seed}/{task.rotation}/{seat}").randrange(2**32),
                setup.budget_ms,
                setup.playouts,
                setup.clock,
            )
        )
        for seat, level in enumerate(task.seat_levels)
    }
    players: dict[int, Player] = dict(timed)
    state = new_match(rules, names, task.seed)
    sides = rules.sides(setup.players)
    if task.whole_match:
        state, actions = _play_match(state, players)
        penalties = state.penalties
        card_points = (0,) * len(penalties)
        winners = tuple(placing.side for placing in state.standing or () if placing.rank == 1)
        deals = state.deals_dealt
    else:
        penalties, card_points, actions = _play_first_deal(state, players)
        winners = tuple(
            side for side, penalty in enumerate(penalties) if penalty == 0 and any(penalties)
        )
        deals = 1
    times: dict[str, list[float]] = {}
    cpu_times: dict[str, list[float]] = {}
    playouts: dict[str, list[int]] = {}
    for seat, player in timed.items():
        times.setdefault(task.seat_levels[seat], []).extend(player.times)
        cpu_times.setdefault(task.seat_levels[seat], []).extend(player.cpu_times)
        playouts.setdefault(task.seat_levels[seat], []).extend(player.playouts)
    return TaskResult(
        index=task.index,
        rotation=task.rotation,
        seat_levels=task.seat_levels,
        side_seats=sides,
        penalties=penalties,
        card_points=card_points,
        winners=winners,
        deals=deals,
        actions=actions,
        times=times,
        cpu_times=cpu_times,
        playouts=playouts,
    )


def _play_first_deal(
    state: MatchState, players: dict[int, Player]
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Penalties and card points per side in the match's first scored deal, and
    the actions it took."""
    if any(state.penalties):
        # Bura: a combination in a hand won the first deal as it was dealt.
        return state.penalties, (0,) * len(state.penalties), 0
    actions = 0
    while actions < MAX_ACTIONS:
        chosen = next_actor(state, players)
        if chosen is None:
            raise RuntimeError("no computer player acted")
        state, events = apply(state, chosen[1])
        actions += 1
        scored = _first_scored(events)
        if scored is not None:
            penalties = [0] * len(state.penalties)
            card_points = [0] * len(state.penalties)
            for result in scored.results:
                penalties[result.side] = result.penalty
                card_points[result.side] = result.points
            return tuple(penalties), tuple(card_points), actions
    raise RuntimeError("the deal does not end")


def _first_scored(events: Iterable[Event]) -> DealScored | None:
    for event in events:
        if isinstance(event, DealScored):
            return event
    return None


def _play_match(state: MatchState, players: dict[int, Player]) -> tuple[MatchState, int]:
    actions = 0
    while not state.over:
        if actions >= MAX_ACTIONS:
            raise RuntimeError("the match does not end")
        chosen = next_actor(state, players)
        if chosen is None:
            raise RuntimeError("no computer player acted")
        state, events = apply(state, chosen[1])
        actions += 1
        if any(isinstance(event, MatchOver) for event in events):
            break
    return state, actions


# -- running ---------------------------------------------------------------------------------


def _run_task(args: tuple[ArenaSetup, Task]) -> TaskResult:
    return play_task(*args)


def arena(
    rules: RuleSet,
    players: int,
    levels: Sequence[str],
    deals: int,
    seed: int = 1,
    matches: int = 0,
    budget_ms: float | None = None,
    playouts: int | None = None,
    jobs: int = 1,
    clock: str | None = None,
) -> ArenaReport:
    """Play `deals` deals (and `matches` matches) between `levels`, seats rotated."""
    rules.check_players(players)
    for level in levels:
        make_player(level, 0)  # unknown levels fail before anything is played
    seatings = rotations(levels, players)
    setup = ArenaSetup(rules, players, tuple(levels), seed, budget_ms, playouts, clock)
    tasks: list[tuple[ArenaSetup, Task]] = []
    shuffles = math.ceil(deals / len(seatings)) if deals > 0 else 0
    for index in range(shuffles):
        for rotation, seating in enumerate(seatings):
            tasks.append((setup, Task(index, rotation, seating, task_seed(seed, index), False)))
    match_shuffles = math.ceil(matches / len(seatings)) if matches > 0 else 0
    for index in range(match_shuffles):
        for rotation, seating in enumerate(seatings):
            match_seed = task_seed(seed + 1_000_003, index)
            tasks.append((setup, Task(index, rotation, seating, match_seed, True)))
    report = ArenaReport(
        preset=rules.preset.value,
        players=players,
        options=rules.options(),
        levels=tuple(levels),
        seatings=seatings,
        seed=seed,
        budget_ms=budget_ms,
        playouts=playouts,
        clock=clock,
        jobs=max(1, jobs),
    )
    start = time.perf_counter()
    for (_, task), result in zip(tasks, _map(tasks, jobs), strict=True):
        report.add(result, task.whole_match)
    report.wall_seconds = time.perf_counter() - start
    return report


def _map(tasks: list[tuple[ArenaSetup, Task]], jobs: int) -> Iterable[TaskResult]:
    if jobs <= 1 or len(tasks) <= 1:
        return map(_run_task, tasks)
    methods = multiprocessing.get_all_start_methods()
    # fork keeps levels registered at run time (tests, tuning scripts) in the workers.
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(min(jobs, len(tasks))) as pool:
        return list(pool.imap(_run_task, tasks, chunksize=1))


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))
