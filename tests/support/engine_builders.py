"""Shared engine test helpers: exact positions for rule tests (the hands,
stock and piles a rule case needs, without playing up to them from a
shuffle), and computer-only matches checked move by move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from engine import Action, Kind, MatchState, RuleSet, apply, legal_actions, new_match, parse_cards
from engine.ai import Player, next_actor
from engine.cards import Card, Suit
from engine.events import Event
from engine.state import Deal
from engine.view import TableView

E = TypeVar("E")


def table(
    hands: Sequence[str],
    trump: str = "♥",
    preset: str = "burkozel",
    options: Mapping[str, object] | None = None,
    stock: str = "",
    turn: int = 0,
    dealer: int | None = None,
    tricks_played: int = 1,
    piles: Sequence[str] | None = None,
    tricks_won: Sequence[int] | None = None,
    penalties: Sequence[int] | None = None,
    out: Sequence[int] = (),
    trump_card: str | None = None,
    multiplier: int = 1,
    seed: int = 7,
) -> MatchState:
    """A match in the middle of a deal, with a lead awaited from `turn`."""
    n = len(hands)
    rules = RuleSet.create(preset, options or {}, players=n)
    sides = len(rules.sides(n))
    stock_cards = parse_cards(stock)
    shown = (
        Card.parse(trump_card)
        if trump_card
        else (stock_cards[-1] if stock_cards else Card.of("6", trump))
    )
    pile_cards = tuple(parse_cards(p) for p in piles) if piles else ((),) * n
    deal = Deal(
        number=1,
        dealer=(turn - 1) % n if dealer is None else dealer,
        trump=Suit.parse(trump),
        trump_card=shown,
        trump_hidden=False,
        stock=stock_cards,
        hands=tuple(tuple(sorted(parse_cards(h), key=lambda c: c.id)) for h in hands),
        piles=pile_cards,
        tricks_won=tuple(tricks_won)
        if tricks_won is not None
        else tuple(1 if pile else 0 for pile in pile_cards),
        face_down=((),) * n,
        turn=turn,
        trick=None,
        tricks_played=tricks_played,
        last_taker=None,
        multiplier=multiplier,
    )
    return MatchState(
        rules=rules,
        players=tuple(f"P{i}" for i in range(n)),
        seed=seed,
        penalties=tuple(penalties) if penalties else (0,) * sides,
        out=tuple(out),
        out_deals=(0,) * len(out),  # out before this deal
        deal=deal,
        deals_dealt=1,
        next_leader=None,
        next_multiplier=1,
        step=0,
    )


def play(state: MatchState, *moves: tuple[str, int, str]) -> tuple[MatchState, list[Event]]:
    """Apply moves written as (kind, seat, cards); returns the state and all events."""
    events: list[Event] = []
    for kind, seat, cards in moves:
        state, new = apply(state, Action.make(kind, seat, cards))
        events.extend(new)
    return state, events


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    """The events of one kind, in order."""
    return [event for event in events if isinstance(event, kind)]


# -- computer-only matches ----------------------------------------------------------


class CheckedPlayer:
    """Wraps a player and fails the test the moment it returns a non-legal action."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.level = inner.level
        self.choices = 0

    def choose(self, view: TableView) -> Action | None:
        action = self.inner.choose(view)
        if action is not None:
            assert action in view.legal, f"{self.level} chose {action} outside {view.legal}"
            assert action.seat == view.viewer
            if view.turn != view.viewer:
                assert action.kind is Kind.DECLARE, "off turn only combinations may be led"
            self.choices += 1
        return action


def play_match(
    rules: RuleSet, players: Mapping[int, Player], seed: int, max_actions: int = 50_000
) -> tuple[MatchState, list[Action], list[Event]]:
    """Drive a computer-only match to its end, checking each action's legality."""
    state = new_match(rules, [f"P{seat}" for seat in range(len(players))], seed)
    log: list[Action] = []
    events: list[Event] = []
    while not state.over:
        chosen = next_actor(state, players)
        assert chosen is not None, "no computer player acted"
        seat, action = chosen
        assert action in legal_actions(state, seat)
        state, new_events = apply(state, action)
        log.append(action)
        events.extend(new_events)
        assert len(log) < max_actions, "the match does not end"
    return state, log, events
