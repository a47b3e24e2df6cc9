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
from engine.ai.candidates import candidate_actions
from engine.ai.playout_memory import PlayoutMemory
from engine.ai.policy import RolloutPolicy
from engine.ai.rollout import DealResult
from engine.events import DealScored
from engine.view import view_for

SEAT = 0


class SpyPolicy(RolloutPolicy):
    """The careful policy, noting for seat 0 how each playout let it lead and answer."""

    def __init__(self) -> None:
        super().__init__(0.1)
        self.lead_styles: set[int] = set()
        self.answer_styles: set[int] = set()
        self.partner_lead_styles: set[int] = set()

    def lead(self, rules: Any, seat: int, *rest: Any) -> Any:
        memory: PlayoutMemory = rest[-1]
        if seat == SEAT:
            self.lead_styles.add(memory.casual_leads >> seat & 1)
        elif seat == SEAT + 2:
            self.partner_lead_styles.add(memory.casual_leads >> seat & 1)
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
    assert spy.partner_lead_styles == {1}
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


def _leader_view() -> tuple[Any, list[Any]]:
    """Seat 0's view when it first leads a trick in a kozel deal, and its candidates."""
    players: dict[int, Player] = {seat: EasyPlayer(seat) for seat in range(4)}
    state = new_match(RuleSet.create("kozel"), ["a", "b", "c", "d"], 11)
    for _ in range(200):
        view = view_for(state, SEAT)
        if view.turn == SEAT and not view.trick:
            candidates = list(candidate_actions(view))
            if len(candidates) >= 2:
                return view, candidates
        chosen = next_actor(state, players)
        assert chosen is not None
        state, _ = apply(state, chosen[1])
    raise AssertionError("seat 0 never led with a choice")


@pytest.mark.parametrize("advised", [False, True])
def test_the_best_plan_decides_which_candidate_is_played(
    advised: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Candidate B loses under the seat's usual later leads and wins big
    under the other plan; A wins a little either way. Without plans the
    search plays A; with the leads plan it plays B, even with A as the rules
    of thumb's choice, since B's better plan clearly beats A in every world."""
    view, candidates = _leader_view()
    first, second = candidates[0], candidates[1]
    bit = 1 << SEAT

    def fake_play_out(*args: Any, first: Any = None, **kwargs: Any) -> DealResult:
        memory: PlayoutMemory = args[3]
        usual = bool(memory.casual_leads & bit)  # kozel: the own side leads casually
        if first == second and usual:
            return DealResult((2, 0), (59, 61), False)
        if first == second:
            return DealResult((0, 6), (120, 0), False)
        return DealResult((0, 2), (61, 59), False)

    monkeypatch.setattr(hard_module, "fast_play_out", fake_play_out)
    chosen = {}
    for plans in (0, 1):
        monkeypatch.setattr(hard_module, "LEAD_PLANS", plans)
        hard = HardPlayer(seed=3, playouts=60)
        knowledge = hard._knowledge(view, None)
        default = 0 if advised else None
        chosen[plans] = hard.search(view, knowledge, candidates, default, 0.5)
    assert chosen[0] == first
    assert chosen[1] == second


def test_the_seat_may_imagine_its_own_leads_careful_and_its_partners_casual(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hard_module, "OWN_CASUAL_SELF", False)
    spy = _play_deal(0, monkeypatch)
    assert spy.lead_styles == {0}
    assert spy.partner_lead_styles == {1}
    assert spy.answer_styles == {0}


def test_the_rules_of_thumb_hold_when_their_choices_better_plan_is_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A is advised. Under the other plan B is ahead of A by 0.1 a world on
    average, with worlds that swing by 6 either way: not clearly better, so
    A stands, because A's other plan counts for A too (not only its usual one,
    which B's other plan beats in every world)."""
    view, candidates = _leader_view()
    first, second = candidates[0], candidates[1]
    bit = 1 << SEAT
    worlds: dict[tuple[object, bool], int] = {}
    # value = 6 + 0.1 * (our points - theirs): 13 / 7 for B's other plan,
    # 12.9 / 6.9 the other way round for A's, world by world.
    swings = {
        second: (DealResult((0, 6), (95, 25), False), DealResult((0, 6), (65, 55), False)),
        first: (DealResult((0, 6), (60, 51), False), DealResult((0, 6), (94, 25), False)),
    }

    def fake_play_out(*args: Any, first: Any = None, **kwargs: Any) -> DealResult:
        memory: PlayoutMemory = args[3]
        usual = bool(memory.casual_leads & bit)
        if first not in swings:  # every other candidate loses
            return DealResult((4, 0), (20, 100), False)
        if usual:  # A wins a little, B loses
            won = first != second
            return DealResult((0, 2) if won else (2, 0), (61, 59) if won else (59, 61), False)
        index = worlds.get((first, usual), 0)
        worlds[first, usual] = index + 1
        return swings[first][index % 2]

    monkeypatch.setattr(hard_module, "fast_play_out", fake_play_out)
    monkeypatch.setattr(hard_module, "LEAD_PLANS", 1)
    hard = HardPlayer(seed=3, playouts=120)
    choice = hard.search(view, hard._knowledge(view, None), candidates, 0, 0.5)
    assert choice == first
    # Without advice the best mean is played: B under its other plan.
    worlds.clear()
    hard = HardPlayer(seed=3, playouts=120)
    assert hard.search(view, hard._knowledge(view, None), candidates, None, 0.5) == second
