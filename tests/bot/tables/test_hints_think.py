"""The worker's half of 💡 (bot/tables/hints.py `think`): the seat's memory of
the deal replayed from the log, and a hint that is a legal move of the seat;
a log that does not lead to the position costs the memory, not the hint."""

from __future__ import annotations

from bot.tables.hints import _coach, think
from engine import Action, MatchState, RuleSet, apply, new_match, view_for
from engine.ai.players.easy import EasyPlayer

NAMES = ("Ann", "Bob", "Cid")


def _played(moves: int, seed: int = 4) -> tuple[MatchState, list[Action]]:
    rules = RuleSet.create("burkozel", {}, players=3)
    state = new_match(rules, NAMES, seed)
    easy = [EasyPlayer(seat) for seat in range(3)]
    log: list[Action] = []
    for _ in range(moves):
        assert state.deal is not None
        seat = state.deal.turn
        action = easy[seat].choose(view_for(state, seat))
        assert action is not None
        state, _ = apply(state, action)
        log.append(action)
    return state, log


def test_the_coach_follows_the_seats_moves_of_the_deal() -> None:
    state, log = _played(7)
    assert state.deal is not None
    seat = state.deal.turn
    coach = _coach(state, seat, NAMES, 4, log)
    assert coach is not None
    assert _coach(state, seat, NAMES, 4, log[:-1]) is None  # a log short of the position
    assert _coach(state, seat, NAMES, 5, log) is None  # another match's deal


def test_the_hint_is_a_legal_move_of_the_seat_whatever_the_log() -> None:
    state, log = _played(5)
    assert state.deal is not None
    seat = state.deal.turn
    legal = view_for(state, seat).legal
    for actions in (log, [], log[:2]):
        given = think(state, seat, NAMES, 4, actions)
        assert given is not None
        assert given.action in legal and given.action is not None
        assert given.action.seat == seat
