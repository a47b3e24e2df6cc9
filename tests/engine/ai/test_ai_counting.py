"""Bura's playouts answer last as the `normal` player does (issue 14).

`engine.ai.playout.counting.counting_answer` rewrites `NormalPlayer`'s answer for
the last seat to play on plain values, so that playouts can answer the way
a card counter does. It must pick what `NormalPlayer` picks from the same
hand and knowledge: the same kind of answer, as many points and the same
ranks (it breaks exact ties with dice; this takes the first). Checked on
every last answer of bura matches played by computer players.
"""

from __future__ import annotations

import random

import pytest
from match_positions import positions

from engine import Kind, RuleSet, new_match
from engine.actions import Action
from engine.ai import NormalPlayer
from engine.ai.playout.counting import counting_answer
from engine.ai.search.determinize import DealTracker, knowledge_of
from engine.rules import Preset
from engine.seating import active_seats
from engine.state import MatchState
from engine.view import view_for


def measure(action: Action) -> tuple[object, ...]:
    """What `NormalPlayer` ranks tied answers by (equal for its dice's choices)."""
    return (
        action.kind,
        sum(card.points for card in action.cards),
        sum(card.rank for card in action.cards),
    )


def last_answer(state: MatchState) -> bool:
    """The seat on turn is the last to answer, and no card on the table is face down."""
    trick = state.deal.trick if state.deal is not None else None
    return (
        trick is not None
        and len(trick.plays) == len(active_seats(state)) - 1
        and not any(play.face_down for play in trick.plays)
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_counting_answers_are_the_normal_players_answers(players: int) -> None:
    rng = random.Random(f"counting/{players}")
    checked = beats = several = 0
    for match in range(8 if players == 2 else 16):
        rules = RuleSet.create(Preset.BURA, {"limit": 4}, players)
        state = new_match(rules, [f"P{seat}" for seat in range(players)], match)
        for position in positions(state, players, rng, last_answer):
            deal = position.deal
            assert deal is not None and deal.trick is not None
            seat = deal.turn
            view = view_for(position, seat)
            expected = NormalPlayer(0).choose(view)
            assert expected is not None
            knowledge = knowledge_of(view, DealTracker().observe(view))
            out = 0
            for card in knowledge.unseen:
                out |= 1 << card.id
            trick = deal.trick
            got = counting_answer(
                seat,
                deal.hands[seat],
                deal.trump,
                sum(card.points for play in trick.plays for card in play.cards),
                trick.owner_cards,
                not deal.stock,
                out,
            )
            assert got.seat == seat
            assert measure(got) == measure(expected), position.dumps()
            checked += 1
            beats += got.kind is Kind.BEAT
            several += len(got.cards) > 1
    assert checked > 80 and beats > 20 and several
