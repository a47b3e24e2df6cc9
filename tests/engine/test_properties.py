"""Properties over random matches of every preset, player count and option:
cards are conserved, deals hold 120 points, hands stay equal, every legal
action applies, illegal ones are refused without a change, states survive
JSON, a seed plus the action log replays the match, and every match ends."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    DECK,
    Action,
    IllegalAction,
    MatchState,
    RuleSet,
    apply,
    legal_actions,
    new_match,
    replay,
)
from engine.actions import Kind
from engine.cards import points
from engine.combos import Combo, classify, combos_in_hand
from engine.events import DealScored, DeclarationRefused, Event
from engine.game import active_seats
from engine.rules import OPTIONS, Preset

SETUPS = [("burkozel", 2), ("burkozel", 3), ("burkozel", 4), ("kozel", 4),
          ("bura", 2), ("bura", 3), ("bura", 4)]  # fmt: skip


@st.composite
def matches(draw: st.DrawFn) -> tuple[RuleSet, int, int]:
    preset, players = draw(st.sampled_from(SETUPS))
    options: dict[str, Any] = {}
    for name, spec in OPTIONS.items():
        if Preset(preset) not in spec.presets or not draw(st.booleans()):
            continue
        if spec.kind is bool:
            options[name] = draw(st.booleans())
        elif spec.choices:
            options[name] = draw(st.sampled_from(spec.choices))
        else:
            options[name] = draw(st.integers(spec.minimum, min(spec.maximum, 100)))
    rules = RuleSet.create(preset, options, players=players)
    return rules, players, draw(st.integers(0, 2**31))


def check_invariants(state: MatchState) -> None:
    deal = state.deal
    assert MatchState.from_json(state.to_json()) == state
    if deal is None:
        assert state.over
        return
    cards = [c for h in deal.hands for c in h] + list(deal.stock)
    cards += [c for p in deal.piles for c in p]
    if deal.trick is not None:
        cards += [c for play in deal.trick.plays for c in play.cards]
    assert len(cards) == 36 and set(cards) == set(DECK), "cards lost or duplicated"
    active = active_seats(state)
    if deal.trick is None:
        assert len({len(deal.hands[s]) for s in active}) == 1, "hands differ at a lead"
    for seat in range(state.seats):
        if seat not in active:
            assert deal.hands[seat] == ()
    assert deal.turn in active
    # The public record of the deal's tricks agrees with the piles: one entry
    # per trick taken, each seat's count, and the points everybody saw go in.
    assert len(deal.results) == deal.tricks_played
    for seat in range(state.seats):
        taken = [r for r in deal.results if r.seat == seat]
        assert len(taken) == deal.tricks_won[seat]
        seen = [c for c in deal.piles[seat] if c not in {x for f in deal.face_down for x in f}]
        assert sum(r.points for r in taken) == points(tuple(seen))


def random_illegal(state: MatchState, rng: random.Random) -> Action:
    """An action drawn from everything a confused or forged tap could send."""
    seat = rng.randrange(-1, state.seats + 1)
    kind = rng.choice(list(Kind))
    deal = state.deal
    if deal is not None and 0 <= seat < state.seats and deal.hands[seat] and rng.random() < 0.7:
        hand = deal.hands[seat]
        cards = rng.sample(hand, rng.randint(0, len(hand)))
    else:
        cards = rng.sample(DECK, rng.randint(0, 5))
    return Action.make(kind, seat, cards)


def play_match(rules: RuleSet, players: int, seed: int, check_all: bool) -> None:
    names = [f"p{i}" for i in range(players)]
    state = new_match(rules, names, seed)
    rng = random.Random(seed)
    log: list[Action] = []
    for _ in range(20_000):
        check_invariants(state)
        if state.over:
            break
        assert state.deal is not None
        turn = state.deal.turn
        legal = legal_actions(state, turn)
        assert legal, "the player to act has no legal action"
        if check_all:
            for action in legal:
                apply(state, action)  # every legal action applies
        # Out-of-turn declarations by anybody are part of the game too.
        others = [a for s in active_seats(state) if s != turn for a in legal_actions(state, s)]
        for _ in range(3):
            bad = random_illegal(state, rng)
            if bad in legal or bad in others:
                continue
            before = state.to_json()
            try:
                apply(state, bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"illegal {bad} was accepted")
            assert state.to_json() == before
        pool = legal + others if others and rng.random() < 0.5 else legal
        action = rng.choice(pool)
        before_action = state
        state, events = apply(state, action)
        log.append(action)
        if rules.preset is Preset.BURA and action.kind is Kind.DECLARE and action.seat != turn:
            check_bura_declaration(before_action, action, state, events)
        for event in events:
            if (
                isinstance(event, DealScored)
                and event.reason == "cards"
                and (rules.preset is not Preset.BURA)
            ):
                assert sum(result.points for result in event.results) == 120
    else:
        raise AssertionError("the match did not end")
    assert state.over and state.standing is not None
    assert sorted(s for p in state.standing for s in p.seats) == list(range(players))
    # The whole bank is paid out, in whole chips per seat (docs/RULES.md 8).
    assert sum(p.payout for p in state.standing) == rules.stake * players
    assert all(sum(p.shares) == p.payout and len(p.shares) == len(p.seats) for p in state.standing)
    assert replay(rules, names, seed, log) == state
    check_shared_places(state)


def check_shared_places(state: MatchState) -> None:
    """docs/RULES.md 7: sides equal on everything (out in the same deal, or
    still in, with the same penalty points) share a place, numbered as in
    sports; a better place is never paid less."""
    assert state.standing is not None
    if state.rules.end_at_first_loser:
        return
    went_out = dict(zip(state.out, state.out_deals, strict=True))
    key = {p.side: (went_out.get(p.side), p.penalties) for p in state.standing}
    ranks = [p.rank for p in state.standing]
    assert ranks[0] == 1
    for index, (a, b) in enumerate(itertools.pairwise(state.standing)):
        assert (a.rank == b.rank) == (key[a.side] == key[b.side]), state.standing
        if a.rank != b.rank:
            assert b.rank == index + 2  # 1, 2, 2, 4
        per_seat_a = a.payout / len(a.seats)
        assert per_seat_a + 1 >= b.payout / len(b.seats)


def check_bura_declaration(
    before: MatchState, action: Action, after: MatchState, events: list[Event]
) -> None:
    """Bura, docs/RULES.md 6: an out-of-turn molodka is refused exactly when
    another player holds a bura, moscow or small moscow, or the rightful
    leader a molodka too; a refusal changes no hand and keeps the lead."""
    deal = before.deal
    assert deal is not None
    if classify(action.cards, deal.trump, before.rules) is not Combo.MOLODKA:
        return
    held = {
        seat: {combo for combo, _ in combos_in_hand(deal.hands[seat], deal.trump, before.rules)}
        for seat in active_seats(before)
        if seat != action.seat
    }
    stronger = {Combo.BURA, Combo.MOSCOW, Combo.SMALL_MOSCOW}
    expected = any(combos & stronger for combos in held.values()) or (
        Combo.MOLODKA in held[deal.turn]
    )
    refusals = [e for e in events if isinstance(e, DeclarationRefused)]
    assert bool(refusals) == expected, (action, deal.hands, deal.turn)
    if refusals:
        assert after.deal is not None
        assert after.deal.hands == deal.hands and after.deal.turn == deal.turn
        assert after.deal.trick is None and action.seat in after.deal.refused


@pytest.mark.slow(
    reason="40 whole random matches through the engine, every invariant checked each move"
)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_random_matches_keep_every_invariant(setup: tuple[RuleSet, int, int]) -> None:
    rules, players, seed = setup
    play_match(rules, players, seed, check_all=True)


def test_every_setup_plays_to_the_end_with_defaults() -> None:
    for preset, players in SETUPS:
        for seed in range(3):
            play_match(RuleSet.create(preset), players, seed, check_all=False)


def test_apply_does_not_touch_its_input() -> None:
    state = new_match(RuleSet.create("burkozel"), ["a", "b", "c"], 5)
    snapshot = state.to_json()
    assert state.deal is not None
    for action in legal_actions(state, state.deal.turn):
        apply(state, action)
    assert state.to_json() == snapshot
