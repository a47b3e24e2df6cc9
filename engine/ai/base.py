"""What a computer player is, and how a table asks its computer players to act.

A computer player decides only from `engine.view.view_for(state, seat)`: the
same information a person at that seat has. That keeps the AI honest (it
cannot peek at hidden hands or the stock) and lets the bot drive people and
computers through one code path. Every player owns its `random.Random`, seeded
by the table, so a match between computers replays exactly from its seeds.

The helpers at the bottom (`choose_for`, `pending_declarations`,
`next_actor`) are the glue a driver (the bot, the CLI, the simulator) needs:
they build each seat's view and apply docs/RULES.md 5's priority for out-of-turn
combinations, so no driver has to reimplement it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from engine.actions import Action, Kind
from engine.cards import points
from engine.game import legal_actions
from engine.state import MatchState
from engine.view import TableView, view_for


@runtime_checkable
class Player(Protocol):
    """Anything that picks an action for one seat from that seat's view.

    `choose` returns None when the seat has nothing it wants to do now (it is
    not its turn and it does not want to declare a combination out of turn).
    Whatever it returns must be one of `view.legal`.
    """

    level: str

    def choose(self, view: TableView) -> Action | None: ...


class ComputerPlayer:
    """Base for the built-in players: a level name and a private, seeded RNG.

    The RNG is per player, never the module-level `random`, so two tables in
    one process never disturb each other's play and a seed replays a match.
    """

    level = "base"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: TableView) -> Action | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def own_pile_points(view: TableView, counted: int | None = None) -> int:
    """Card points the viewing seat knows to be in its own pile (0 for a spectator).

    The total the rules show the seat (`view.pile_points`), else `counted`,
    what the player counted into its pile itself, else the points of the
    cards of its pile the seat saw go in (`view.piles`). Never more than the
    pile holds, so a claim of 31 made on it is never false.
    """
    seat = view.viewer
    if seat is None:
        return 0
    shown = view.pile_points[seat]
    if shown is not None:
        return shown
    if counted is not None:
        return counted
    return points(view.piles[seat])


PlayerFactory = Callable[[int], Player]

_LEVELS: dict[str, PlayerFactory] = {}


def register_level(name: str, factory: PlayerFactory, *, replace: bool = False) -> None:
    """Add a difficulty level; later modules (normal, hard, ...) register here.

    Refuses to overwrite a level silently, because two modules claiming one
    name would make the bot's level setting mean different things depending on
    import order.
    """
    key = name.strip().lower()
    if key in _LEVELS and not replace:
        raise ValueError(f"player level {key!r} is already registered")
    _LEVELS[key] = factory


def levels() -> tuple[str, ...]:
    """Registered level names, in registration order (for help texts and menus)."""
    return tuple(_LEVELS)


def make_player(level: str, seed: int) -> Player:
    """A fresh computer player of `level`, deterministic for `seed`."""
    key = level.strip().lower()
    factory = _LEVELS.get(key)
    if factory is None:
        raise ValueError(f"unknown player level {level!r}: choose one of {', '.join(_LEVELS)}")
    return factory(seed)


# -- driving computer players ---------------------------------------------------


def choose_for(state: MatchState, seat: int, player: Player) -> Action | None:
    """Ask `player` what `seat` does now, showing it only that seat's view."""
    if state.deal is None:
        return None
    return player.choose(view_for(state, seat))


def rightful_leader(state: MatchState) -> int | None:
    """Who has the lead by right: priority for combinations counts from here."""
    deal = state.deal
    if deal is None:
        return None
    return deal.trick.origin if deal.trick is not None else deal.turn


def priority_distance(state: MatchState, seat: int) -> int:
    """Clockwise distance from the rightful leader: smaller goes first (docs/RULES.md 5)."""
    origin = rightful_leader(state)
    return 0 if origin is None else (seat - origin) % state.seats


def pending_declarations(state: MatchState, players: Mapping[int, Player]) -> list[Action]:
    """Out-of-turn combinations the computer players want to lead now.

    Only seats other than the one whose turn it is are asked (the seat on turn
    declares through its ordinary `choose`). The result is ordered by docs/RULES.md
    5's priority, nearest to the rightful leader clockwise first, so a driver
    applies `result[0]` and the rest lose the window. Seats without any
    declaration in `legal_actions` are skipped before building a view, which
    keeps this cheap enough to call after every action.
    """
    deal = state.deal
    if deal is None:
        return []
    wanted: list[Action] = []
    for seat, player in players.items():
        if seat == deal.turn:
            continue
        if not any(action.kind is Kind.DECLARE for action in legal_actions(state, seat)):
            continue
        action = choose_for(state, seat, player)
        if action is not None and action.kind is Kind.DECLARE and action.seat == seat:
            wanted.append(action)
    wanted.sort(key=lambda action: priority_distance(state, action.seat))
    return wanted


def next_actor(state: MatchState, players: Mapping[int, Player]) -> tuple[int, Action] | None:
    """The next action computer players take, or None if they wait for a person.

    Order: the seat on turn, if it is a computer that declares a combination
    (it has priority); then out-of-turn declarations, nearest to the rightful
    leader first; then the turn seat's ordinary action. None means the match is
    over or the seat on turn is not in `players` and no computer declares.
    """
    deal = state.deal
    if deal is None:
        return None
    turn = deal.turn
    own: Action | None = None
    player = players.get(turn)
    if player is not None:
        own = choose_for(state, turn, player)
        if own is not None and own.kind is Kind.DECLARE:
            return turn, own
    declarations = pending_declarations(state, players)
    if declarations:
        return declarations[0].seat, declarations[0]
    if own is not None:
        return turn, own
    return None
