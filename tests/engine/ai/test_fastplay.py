"""The light playout simulator plays exactly the engine's playouts (issue 14).

`engine.ai.playout.fastplay.fast_play_out` replaces `engine.ai.playout.rollout.play_out`
(the engine's `apply` for every card) in the `hard` player's search. It must
give the very same `DealResult`, and leave the policy's memory the same, for
any start state, policy and dice: otherwise the search would be judging
moves by a different game. Checked here on positions reached by random legal
play (declarations and claims included, seats already out, every preset and
player count, the options that change trick play), with every noise level of
the policy, and on a hand-made bura window where a molodka is refused;
also when the simulator plays the search's own candidate first, when
some seats answer as casual players and when the last to answer counts
cards.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from engine_builders import table

import engine.ai.playout.rollout as rollout
from engine import Kind, MatchState, RuleSet, apply, legal_actions, new_match, view_for
from engine.ai import HardPlayer
from engine.ai.playout.fastplay import fast_play_out
from engine.ai.playout.rollout import RolloutPolicy, continue_after, memory_for, play_out
from engine.events import CombinationDeclared, DealScored, Event
from engine.rules import PLAYER_COUNTS, Preset

LEAD, BEAT, DISCARD = Kind.LEAD, Kind.BEAT, Kind.DISCARD
GAMES = [(preset, players) for preset in Preset for players in PLAYER_COUNTS[preset]]


def random_rules(rng: random.Random, preset: Preset, players: int) -> RuleSet:
    """A table with random options (those that change how a deal is played
    or scored), sometimes of the first edition."""
    options: dict[str, Any] = {
        "trump_card": rng.choice(["bottom", "middle"]),
        "closed_discard": rng.random() < 0.5,
        "limit": rng.choice([2, 4, 12]),
        "end_at_first_loser": rng.random() < 0.2,
    }
    if preset is Preset.BURA:
        options.update(
            false_claim_double=rng.random() < 0.5,
            redeal_on_initial_combo=rng.random() < 0.3,
            small_moscow=rng.choice(["sixes", "tens"]),
            show_own_points=rng.random() < 0.3,
        )
    else:
        options.update(
            first_lead_max3=rng.random() < 0.4,
            four_ends=rng.random() < 0.6,
            combo_interrupt=rng.random() < 0.5,
            six_for_zero_points=rng.random() < 0.3,
            eggs_double=rng.random() < 0.4,
        )
        if preset is Preset.BURKOZEL:
            options["pass_21"] = rng.random() < 0.4
    rules = RuleSet.create(preset, options, players)
    return replace(rules, edition=1) if rng.random() < 0.15 else rules


def positions(rng: random.Random, rules: RuleSet, players: int) -> list[MatchState]:
    """Up to six positions of one match played with random legal actions (the
    seat on turn mostly, anybody's declarations sometimes)."""
    state = new_match(rules, [f"P{seat}" for seat in range(players)], rng.randrange(10**6))
    found: list[MatchState] = []
    for _ in range(3000):
        deal = state.deal
        if deal is None or len(found) >= 6:
            break
        if rng.random() < 0.08:
            found.append(state)
        actions = [action for seat in range(players) for action in legal_actions(state, seat)]
        mine = [action for action in actions if action.seat == deal.turn]
        pool = actions if rng.random() < 0.25 or not mine else mine
        state, _ = apply(state, rng.choice(pool))
    return found


def assert_same_playout(state: MatchState, rng: random.Random) -> None:
    """Both playouts from `state`, or after a lead, beat or discard of the seat
    on turn (how the search plays its candidates), agree."""
    deal = state.deal
    assert deal is not None
    seen = [rng.randrange(0, 40) for _ in state.players]
    passed = rng.choice([None, *range(len(state.players))]) if rng.random() < 0.3 else None
    policy = RolloutPolicy(rng.choice([0.0, 0.1, 0.3]))
    dice = rng.getrandbits(32)
    slow_memory = memory_for(state, seen)
    fast_memory = memory_for(state, seen)
    if rng.random() < 0.5:  # some seats answer as casual players (engine.ai.playout.easy_rules)
        slow_memory.casual = fast_memory.casual = rng.getrandbits(len(state.players))
    if rng.random() < 0.5:  # the last to answer counts cards (engine.ai.playout.counting)
        slow_memory.counting = fast_memory.counting = True
    # Some seats lead as casual players (hard's own side in kozel); dice of
    # their own, so that the other cases keep the positions they cover.
    leads = random.Random(str(seen)).getrandbits(len(state.players) + 1)
    slow_memory.casual_leads = fast_memory.casual_leads = leads >> 1 if leads & 1 else 0
    plays = [a for a in legal_actions(state, deal.turn) if a.kind in (LEAD, BEAT, DISCARD)]
    if plays and rng.random() < 0.5:
        first = rng.choice(plays)
        after, events = apply(state, first)
        expected = continue_after(after, events, deal.number, slow_memory)
        if expected is None:
            expected = play_out(after, policy, random.Random(dice), slow_memory)
        got = fast_play_out(state, policy, random.Random(dice), fast_memory, first=first)
    else:
        expected = play_out(state, policy, random.Random(dice), slow_memory, passed)
        got = fast_play_out(state, policy, random.Random(dice), fast_memory, passed)
    assert got == expected, state.dumps()
    assert (fast_memory.seen, fast_memory.gone) == (slow_memory.seen, slow_memory.gone)


@pytest.fixture
def happened(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """What the engine's playouts did: a count per kind of event."""
    counts: Counter[str] = Counter()
    real_apply = apply  # what rollout.apply is until it is patched

    def recording(state: MatchState, action: Any) -> tuple[MatchState, list[Event]]:
        after, events = real_apply(state, action)
        for event in events:
            name = type(event).__name__
            if isinstance(event, CombinationDeclared):
                name += "/out_of_turn" if event.out_of_turn else "/in_turn"
            elif isinstance(event, DealScored):
                name += "/" + event.reason
            counts[name] += 1
        return after, events

    monkeypatch.setattr(rollout, "apply", recording)
    return counts


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_fast_playouts_are_the_engine_playouts(
    preset: Preset, players: int, happened: Counter[str]
) -> None:
    rng = random.Random(f"fastplay/{preset.value}/{players}")
    count = out = 0
    for _ in range(70):
        rules = random_rules(rng, preset, players)
        for state in positions(rng, rules, players):
            assert_same_playout(state, rng)
            count += 1
            out += bool(state.out)
    assert count > 80
    # The playouts went through the cases that differ by game.
    assert happened["DealScored/cards"] and happened["TrickTaken"]
    if players > 2 and preset is not Preset.KOZEL:
        assert out  # started with a side already out of the match
    if preset is Preset.BURA:
        for name in ("DealScored/claim", "DealScored/combination", "DealVoid"):
            assert happened[name], name
        assert happened["CombinationDeclared/out_of_turn"]
    else:
        assert happened["CombinationDeclared/in_turn"]
        assert happened["CombinationDeclared/out_of_turn"]


def test_a_refused_molodka_plays_out_the_same(happened: Counter[str]) -> None:
    """Bura: seat 1's molodka is refused (seat 2 holds a small moscow), then
    seat 2 leads its small moscow out of turn."""
    state = table(
        ["7♦ 9♣ J♦", "6♠ 8♠ K♠", "6♥ 6♦ 6♣"],
        trump="♥",
        preset="bura",
        stock="7♣ 8♣ 10♣ Q♣ K♣ A♣ 9♦ Q♦ K♦ 7♥ 8♥ 9♥",
        piles=["A♦ 10♦", "", ""],
        tricks_won=[1, 0, 0],
    )
    rng = random.Random(3)
    for _ in range(20):
        assert_same_playout(state, rng)
    assert happened["DeclarationRefused"]
    assert happened["CombinationDeclared/out_of_turn"]


def test_a_tie_in_bura_voids_the_deal_the_same() -> None:
    """Bura, the last trick is worth nothing and the piles are level: the
    deal is void in both playouts (unless the dice make somebody claim)."""
    state = table(
        ["7♣", "6♣"],
        trump="♥",
        preset="bura",
        piles=["A♠ 10♠", "A♦ 10♦"],
        tricks_won=[1, 1],
        tricks_played=11,
    )
    rng = random.Random(5)
    voids = 0
    for _ in range(20):
        seen = [rng.randrange(0, 40) for _ in state.players]
        memory = memory_for(state, seen)
        result = fast_play_out(state, RolloutPolicy(0.1), random.Random(1), memory)
        assert result == play_out(
            state, RolloutPolicy(0.1), random.Random(1), memory_for(state, seen)
        )
        voids += result.void
    assert voids


@pytest.mark.parametrize(
    ("preset", "players"), [(Preset.BURA, 3), (Preset.BURKOZEL, 3), (Preset.KOZEL, 4)]
)
def test_hard_decides_the_same_with_either_playout(preset: Preset, players: int) -> None:
    """With a fixed number of playouts `hard` is deterministic: the simulator
    changes its speed, not one of its choices."""
    rules = RuleSet.create(preset, None, players)
    state = new_match(rules, [f"P{seat}" for seat in range(players)], 21)
    fast = [HardPlayer(seat, playouts=12) for seat in range(players)]
    slow = [HardPlayer(seat, playouts=12, fast_playouts=False) for seat in range(players)]
    number = state.deal.number if state.deal else 0
    moves = 0
    while state.deal is not None and state.deal.number == number:
        turn = state.deal.turn
        view = view_for(state, turn)
        choice = fast[turn].choose(view)
        assert choice == slow[turn].choose(view)
        assert choice is not None
        state, _ = apply(state, choice)
        moves += 1
    assert moves > 5
