"""Exact play at the end of a two-player trick-game deal.

Once the stock is gone in two-player burkozel with open discards, nothing is
hidden any more: every unseen card is in the opponent's hand. The rest of
the deal is then a small game of perfect information (at most four cards
each), and `solve` searches it completely with alpha-beta and a
transposition table, using the engine's own `legal_actions` and `apply`.

Values are for the deciding side: the opponent's penalty points in the deal
minus its own, plus `point_weight` per card point of margin (the same scale
the playouts use). The opponent is assumed to play as well as possible.
Out-of-turn combinations are included: at every lead after a trick, the
player not on turn may first declare one.

A search that would take more than `max_nodes` positions gives up (returns
None) and the caller falls back to sampling and playouts.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Kind
from engine.ai.search.determinize import Knowledge
from engine.events import DealScored, Event
from engine.game import apply, legal_actions
from engine.rules import Preset
from engine.state import MatchState
from engine.view import TableView

_KEY_ACTIONS = (Kind.DECLARE, Kind.LEAD, Kind.BEAT, Kind.DISCARD)
_EXACT, _LOWER, _UPPER = 0, 1, 2  # transposition table: the value is exact or a bound


class _Budget(Exception):
    """Raised inside the search when it has visited too many positions."""


class EndgameSolver:
    def __init__(self, side: int, point_weight: float, max_nodes: int = 6000) -> None:
        self.side = side
        self.point_weight = point_weight
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[object, tuple[float, int]] = {}

    def value_of(self, events: Sequence[Event], number: int) -> float | None:
        for event in events:
            if isinstance(event, DealScored) and event.number == number:
                mine = theirs = 0
                my_points = their_points = 0
                for result in event.results:
                    if result.side == self.side:
                        mine, my_points = result.penalty, result.points
                    else:
                        theirs, their_points = result.penalty, result.points
                return theirs - mine + self.point_weight * (my_points - their_points)
        return None

    def moves(self, state: MatchState) -> list[tuple[int, Action]]:
        """(seat, action) pairs playable now: the turn seat's actions, and, when a
        lead is awaited, the other seat's out-of-turn combinations."""
        deal = state.deal
        assert deal is not None
        turn = deal.turn
        found = [(turn, action) for action in legal_actions(state, turn)]
        if deal.trick is None and deal.tricks_played:
            other = 1 - turn
            found.extend(
                (other, action)
                for action in legal_actions(state, other)
                if action.kind is Kind.DECLARE
            )
        return found

    def search(self, state: MatchState, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _Budget
        deal = state.deal
        assert deal is not None
        key = _key(state)
        cached = self.table.get(key)
        if cached is not None:
            value, flag = cached
            if (
                flag == _EXACT
                or (flag == _LOWER and value >= beta)
                or (flag == _UPPER and value <= alpha)
            ):
                return value
        low, high = alpha, beta
        number = deal.number
        moves = self.moves(state)
        # The turn seat moves; an out-of-turn combination is the other seat's
        # choice, and it comes first if he wants it, so a lead node is the
        # other seat's node over {declare...} and "let the leader lead".
        turn = deal.turn
        declares = [action for seat, action in moves if seat != turn]
        own = [action for seat, action in moves if seat == turn]
        if declares:
            other_max = (1 - turn) == self.side
            best = self._node(state, own, turn == self.side, alpha, beta, number)
            for action in declares:
                value = self._child(state, action, number, alpha, beta)
                if other_max:
                    best = max(best, value)
                    alpha = max(alpha, best)
                else:
                    best = min(best, value)
                    beta = min(beta, best)
                if alpha >= beta:
                    break
        else:
            best = self._node(state, own, turn == self.side, alpha, beta, number)
        if best <= low:
            self.table[key] = (best, _UPPER)
        elif best >= high:
            self.table[key] = (best, _LOWER)
        else:
            self.table[key] = (best, _EXACT)
        return best

    def _node(
        self,
        state: MatchState,
        actions: list[Action],
        maximize: bool,
        alpha: float,
        beta: float,
        number: int,
    ) -> float:
        best = -1e9 if maximize else 1e9
        for action in _ordered(actions):
            value = self._child(state, action, number, alpha, beta)
            if maximize:
                if value > best:
                    best = value
                alpha = max(alpha, best)
            else:
                if value < best:
                    best = value
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def _child(
        self, state: MatchState, action: Action, number: int, alpha: float, beta: float
    ) -> float:
        after, events = apply(state, action)
        deal = after.deal
        if deal is None or deal.number != number:
            value = self.value_of(events, number)
            return 0.0 if value is None else value
        return self.search(after, alpha, beta)


def _key(state: MatchState) -> object:
    deal = state.deal
    assert deal is not None
    trick = deal.trick
    return (
        deal.hands,
        deal.turn,
        None if trick is None else (trick.plays, trick.owner),
        tuple(sum(card.points for card in pile) for pile in deal.piles),
        tuple(won > 0 for won in deal.tricks_won),
    )


def _ordered(actions: list[Action]) -> list[Action]:
    """Beats before discards, cheap cards first: good moves early prune more."""
    return sorted(
        actions,
        key=lambda a: (
            _KEY_ACTIONS.index(a.kind) if a.kind in _KEY_ACTIONS else 9,
            sum(card.points for card in a.cards),
        ),
    )


def solvable(state: MatchState, seat: int) -> bool:
    """A two-player trick-game deal with an empty stock and nothing face down."""
    deal = state.deal
    return (
        deal is not None
        and state.rules.preset is Preset.BURKOZEL
        and state.seats == 2
        and not state.out
        and not deal.stock
        and not state.rules.closed_discard
        and seat in (0, 1)
    )


def solve(
    state: MatchState,
    seat: int,
    side: int,
    candidates: Sequence[Action | None],
    point_weight: float,
    max_nodes: int = 6000,
) -> list[float] | None:
    """Exact values of `candidates` for `seat` (None: pass a combination window),
    or None when the search is too big."""
    solver = EndgameSolver(side, point_weight, max_nodes)
    deal = state.deal
    assert deal is not None
    number = deal.number
    values: list[float] = []
    try:
        for action in candidates:
            if action is None:
                # Letting the window pass: the seat on turn plays on.
                turn = deal.turn
                own = legal_actions(state, turn)
                values.append(solver._node(state, own, turn == side, -1e9, 1e9, number))
            else:
                values.append(solver._child(state, action, number, -1e9, 1e9))
    except _Budget:
        return None
    return values


def hides_nothing(view: TableView, knowledge: Knowledge) -> bool:
    """Whether every card `view`'s seat has not seen is in a hand it knows:
    no stock left, nothing face down in a pile or on the table."""
    if view.stock_left or len(knowledge.unseen) != sum(knowledge.hand_slots):
        return False
    return not any(knowledge.pile_slots) and not knowledge.trick_slots


def exact_choice(
    world: MatchState,
    seat: int,
    side: int,
    candidates: Sequence[Action | None],
    default: int | None,
    point_weight: float,
    max_nodes: int,
) -> tuple[bool, Action | None]:
    """(True, the best candidate) when `world` (the one world a view that
    `hides_nothing` allows) can be solved exactly within `max_nodes`, the
    candidate at `default` among equals; else (False, None): play it out."""
    if not solvable(world, seat):
        return False, None
    values = solve(world, seat, side, candidates, point_weight, max_nodes)
    if values is None:
        return False, None
    best = max(values)
    tied = [index for index, value in enumerate(values) if value >= best - 1e-9]
    return True, candidates[default if default in tied else tied[0]]
