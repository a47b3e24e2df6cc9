"""The playouts' casual opponents answer as the `easy` player does (issue 14).

`engine.ai.playout.easy_rules.easy_answer` rewrites `EasyPlayer`'s answer
on plain values, so that playouts can let an opponent answer the way casual
players do. It must pick what `EasyPlayer` picks from the same hand: the same kind
of answer and cards that are as cheap by its measure (it breaks ties among
equally cheap cards with dice; this takes the first). Checked on every
answer of matches played by computer players, in every game.
"""

from __future__ import annotations

import random

import pytest
from match_positions import positions

from engine import Kind, RuleSet, new_match
from engine.actions import Action
from engine.ai import EasyPlayer
from engine.ai.playout.easy_rules import easy_answer
from engine.cards import Suit
from engine.rules import PLAYER_COUNTS, Preset
from engine.seating import active_seats
from engine.view import view_for

GAMES = [(preset, players) for preset in Preset for players in PLAYER_COUNTS[preset]]


def measure(action: Action, trump: Suit, partner_last: bool) -> tuple[object, ...]:
    """What `EasyPlayer` ranks an answer by (equal for its tied choices)."""
    trumps = sum(card.suit == trump for card in action.cards)
    points = sum(card.points for card in action.cards)
    ranks = sum(card.rank for card in action.cards)
    if partner_last:
        return action.kind, trumps, -points, ranks
    return action.kind, trumps, points, ranks


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_easy_rules_answer_as_the_easy_player(preset: Preset, players: int) -> None:
    rng = random.Random(f"casual/{preset.value}/{players}")
    checked = beats = several = 0
    for match in range(10):
        rules = RuleSet.create(preset, {"limit": 4}, players)
        state = new_match(rules, [f"P{seat}" for seat in range(players)], match)
        for position in positions(
            state, players, rng, lambda s: s.deal is not None and s.deal.trick is not None
        ):
            deal = position.deal
            assert deal is not None and deal.trick is not None
            seat = deal.turn
            expected = EasyPlayer(0).choose(view_for(position, seat))
            assert expected is not None
            trick = deal.trick
            partner_owns = rules.is_teams and (trick.owner - seat) % 4 == 2
            last = len(trick.plays) == len(active_seats(position)) - 1
            got = easy_answer(
                seat,
                deal.hands[seat],
                deal.trump,
                [play.cards for play in trick.plays],
                trick.owner_cards,
                partner_owns,
                last,
                sum(card.points for play in trick.plays if play.face_down for card in play.cards),
            )
            assert got.seat == seat
            partner_last = partner_owns and last
            assert measure(got, deal.trump, partner_last) == measure(
                expected, deal.trump, partner_last
            ), position.dumps()
            checked += 1
            beats += got.kind is Kind.BEAT
            several += len(got.cards) > 1
    assert checked > 100 and beats > 20
    if preset is not Preset.BURA:
        assert several  # answers to multi-card leads went through the general path
