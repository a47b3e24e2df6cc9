"""Parallel rollouts in `hard`'s search (`LEAD_PLANS`, issue 14).

With the constant set, every candidate is also played out with the seat's
own later leads (bit 1) or answers (bit 2) made the other way, casual or
careful, and is valued at its better plan. It measured level in kozel
(docs/PERFORMANCE.md, "Issue 14, twenty-ninth pass"), so it is off; these
tests check that the plans really are played when it is on, and that the
search then still plays only legal actions.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine.ai.hard as hard_module
from engine import RuleSet, apply, new_match
from engine.ai import EasyPlayer, HardPlayer
from engine.ai.base import Player, next_actor
from engine.ai.policy import PlayoutMemory, RolloutPolicy
from engine.events import DealScored

SEAT = 0


class SpyPolicy(RolloutPolicy):
    """The careful policy, noting for seat 0 how each playout let it lead and answer."""

    def __init__(self) -> None:
        super().__init__(0.1)
        self.lead_styles: set[int] = set()
        self.answer_styles: set[int] = set()

    def lead(self, rules: Any, seat: int, *rest: Any) -> Any:
        memory: PlayoutMemory = rest[-1]
        if seat == SEAT:
            self.lead_styles.add(memory.casual_leads >> seat & 1)
        return super().lead(rules, seat, *rest)

    def answer(
        self,
        seat: int,
        hand: Any,
        trump: Any,
        played: Any,
        owner: int,
        owner_cards: Any,
        stock_empty: bool,
        rng: Any,
        memory: PlayoutMemory,
        down_cards: int = 0,
    ) -> Any:
        if seat == SEAT:
            self.answer_styles.add(memory.casual >> seat & 1)
        return super().answer(
            seat, hand, trump, played, owner, owner_cards, stock_empty, rng, memory, down_cards
        )


def _play_deal(plans: int, monkeypatch: pytest.MonkeyPatch) -> SpyPolicy:
    monkeypatch.setattr(hard_module, "LEAD_PLANS", plans)
    hard = HardPlayer(seed=3, playouts=40)
    spy = SpyPolicy()
    hard.policy = spy
    players: dict[int, Player] = {SEAT: hard, 1: EasyPlayer(1), 2: EasyPlayer(2), 3: EasyPlayer(3)}
    state = new_match(RuleSet.create("kozel"), ["a", "b", "c", "d"], 11)
    for _ in range(200):
        chosen = next_actor(state, players)
        assert chosen is not None
        state, events = apply(state, chosen[1])  # refuses an illegal action
        if any(isinstance(event, DealScored) for event in events):
            return spy
    raise AssertionError("the deal did not end")


def test_without_plans_the_seat_leads_one_way_and_answers_one_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = _play_deal(0, monkeypatch)
    assert spy.lead_styles == {1}  # kozel: the own side leads casually
    assert spy.answer_styles == {0}  # and answers with the careful policy


@pytest.mark.parametrize(
    ("plans", "leads", "answers"),
    [(1, {0, 1}, {0}), (2, {1}, {0, 1}), (4, {0, 1}, {0, 1}), (7, {0, 1}, {0, 1})],
)
def test_each_plan_plays_the_seat_the_other_way(
    plans: int, leads: set[int], answers: set[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = _play_deal(plans, monkeypatch)
    assert spy.lead_styles == leads
    assert spy.answer_styles == answers
