"""Single-observer information-set search: `hard`'s later moves searched too.

The flat search (`engine.ai.hard`) values each candidate by playouts in
which the seat's own later moves are the playout policy's. This one grows a
tree of the seat's own decisions instead (Cowling, Powley and Whitehouse,
2012): each iteration draws a world, walks down the tree choosing the seat's
moves by UCB1 on their playout values, lets every other seat move by the
playout policy, and finishes with a playout. A node is what the seat knows
at that decision, not the world: its move, then what it saw the others play
(face-down cards only counted) and the hand it holds then. So the seat's
later moves are chosen from what it would know, never from the hidden
cards of one world (no strategy fusion).

An experiment (`HardPlayer.infoset`, off): docs/PERFORMANCE.md, "Issue 14,
thirty-seventh pass".
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from engine.actions import Action, Kind
from engine.ai.fastplay import fast_play_out
from engine.ai.playout_memory import PlayoutMemory
from engine.ai.policy import RolloutPolicy
from engine.ai.rollout import DealResult, continue_after
from engine.game import apply, legal_actions
from engine.state import MatchState

_TREE_KINDS = (Kind.LEAD, Kind.BEAT, Kind.DISCARD)
EXPLORATION = 3.0  # UCB1's constant, in value points (a deal's penalties are 2-6)


class Node:
    """One information set of the searching seat: its moves' statistics."""

    __slots__ = ("children", "squares", "totals", "visits")

    def __init__(self) -> None:
        self.visits: dict[Action, int] = {}
        self.totals: dict[Action, float] = {}
        self.squares: dict[Action, float] = {}
        self.children: dict[object, Node] = {}

    def choose(
        self, actions: Sequence[Action], preferred: Action | None = None
    ) -> tuple[Action, bool]:
        """(the move to try, whether it is tried here for the first time):
        `preferred` (the playout policy's) first, then the others untried,
        then by UCB1."""
        if preferred is not None and preferred in actions and preferred not in self.visits:
            return preferred, True
        for action in actions:
            if action not in self.visits:
                return action, True
        log_n = math.log(sum(self.visits[action] for action in actions))
        best = actions[0]
        best_score = -math.inf
        for action in actions:
            n = self.visits[action]
            score = self.totals[action] / n + EXPLORATION * math.sqrt(log_n / n)
            if score > best_score:
                best, best_score = action, score
        return best, False

    def update(self, action: Action, value: float) -> None:
        self.visits[action] = self.visits.get(action, 0) + 1
        self.totals[action] = self.totals.get(action, 0.0) + value
        self.squares[action] = self.squares.get(action, 0.0) + value * value

    def mean_and_error(self, action: Action) -> tuple[float, float]:
        n = self.visits.get(action, 0)
        if not n:
            return -math.inf, math.inf
        mean = self.totals[action] / n
        variance = max(self.squares[action] / n - mean * mean, 0.0) * n / max(n - 1, 1)
        return mean, math.sqrt(variance / n)


def _own_moves(state: MatchState, seat: int) -> list[Action]:
    return [action for action in legal_actions(state, seat) if action.kind in _TREE_KINDS]


def _advance(
    state: MatchState,
    seat: int,
    policy: RolloutPolicy,
    rng: random.Random,
    memory: PlayoutMemory,
    observed: list[object],
) -> tuple[MatchState, DealResult | None]:
    """Let the other seats move by the policy until the seat is to lead or
    answer (or the deal ends: its result). What the seat sees of their moves
    goes into `observed`."""
    deal = state.deal
    assert deal is not None
    number = deal.number
    for _ in range(200):
        action = None
        if deal.trick is None and deal.tricks_played:
            action = policy.window(state, deal)
        if action is None:
            if deal.turn == seat:
                return state, None
            action = policy.act(state, deal, rng, memory)
        state, events = apply(state, action)
        face_down = action.kind is Kind.DISCARD and state.rules.closed_discard
        observed.append(
            (action.seat, action.kind, len(action.cards) if face_down else action.cards)
        )
        result = continue_after(state, events, number, memory)
        if result is not None:
            return state, result
        deal = state.deal
        assert deal is not None
    sides = len(state.penalties)  # pragma: no cover - a livelock guard
    return state, DealResult((0,) * sides, (0,) * sides, True)  # pragma: no cover


def descend(
    node: Node,
    action: Action,
    world: MatchState,
    seat: int,
    policy: RolloutPolicy,
    rng: random.Random,
    memory: PlayoutMemory,
) -> tuple[DealResult, list[tuple[Node, Action]]]:
    """Play `action` in `world`, then the seat's later moves down the tree
    below `node` (by UCB1, a new node's first move then a playout), the
    others by the policy: the deal's result and the (node, move) pairs the
    seat chose by the tree."""
    deal = world.deal
    assert deal is not None
    number = deal.number
    path: list[tuple[Node, Action]] = []
    state = world
    while True:
        state, events = apply(state, action)
        result = continue_after(state, events, number, memory)
        if result is not None:
            return result, path
        observed: list[object] = []
        state, result = _advance(state, seat, policy, rng, memory, observed)
        if result is not None:
            return result, path
        now = state.deal
        assert now is not None
        moves = _own_moves(state, seat)
        if not moves:
            return fast_play_out(state, policy, rng, memory), path
        key = (action, tuple(observed), now.hands[seat])
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
        node = child
        preferred = policy.act(state, now, rng, memory) if not node.visits else None
        action, new = node.choose(moves, preferred)
        path.append((node, action))
        if new:
            return fast_play_out(state, policy, rng, memory, first=action), path


def infoset_search(
    seat: int,
    candidates: Sequence[Action],
    default: int | None,
    bar: float,
    policy: RolloutPolicy,
    draw: Callable[[], tuple[MatchState, PlayoutMemory, int]],
    value: Callable[[DealResult], float],
    more: Callable[[int], bool],
) -> tuple[Action, int]:
    """The seat's move among `candidates` (all leads, beats or discards), and
    the iterations played. `draw` gives a world, the playouts' memory at its
    start and dice; `more(iterations)` says whether time is left. The move
    is the root's most tried one, unless the rules of thumb's choice
    (`default`) is within `bar` standard errors of it."""
    root = Node()
    actions = list(candidates)
    iterations = 0
    while iterations == 0 or more(iterations):
        world, memory, dice = draw()
        deal = world.deal
        assert deal is not None
        number = deal.number
        rng = random.Random(dice)
        node, moves, state = root, actions, world
        path: list[tuple[Node, Action]] = []
        result: DealResult | None = None
        while result is None:
            action, new = node.choose(moves)
            path.append((node, action))
            if new:
                result = fast_play_out(state, policy, rng, memory, first=action)
                break
            state, events = apply(state, action)
            result = continue_after(state, events, number, memory)
            if result is not None:
                break
            observed: list[object] = []
            state, result = _advance(state, seat, policy, rng, memory, observed)
            if result is not None:
                break
            now = state.deal
            assert now is not None
            moves = _own_moves(state, seat)
            if not moves:
                result = fast_play_out(state, policy, rng, memory)
                break
            key = (action, tuple(observed), now.hands[seat])
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            node = child
        worth = value(result)
        for visited, action in path:
            visited.update(action, worth)
        iterations += 1
    best = max(actions, key=lambda action: (root.visits.get(action, 0), -actions.index(action)))
    if default is not None and actions[default] != best:
        advised = actions[default]
        best_mean, best_error = root.mean_and_error(best)
        advised_mean, advised_error = root.mean_and_error(advised)
        error = math.hypot(best_error, advised_error)
        if not best_mean - advised_mean > bar * error:
            best = advised
    return best, iterations
