"""Combinations: burkozel/kozel out-of-turn leads (docs/RULES.md 5) and bura (6)."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

import pytest
from engine_builders import of_type, play, table

from engine import Action, IllegalAction, MatchState, RuleSet, apply, legal_actions, new_match
from engine.cards import Suit, parse_cards
from engine.combos import Combo, classify, combos_in_hand
from engine.events import (
    CardsLed,
    CombinationDeclared,
    DealScored,
    DealWonByCombination,
    DeclarationRefused,
    TrickRestarted,
)


def refused(state: MatchState, action: Action, code: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    assert error.value.code == code, str(error.value)
    assert state.to_json() == before
    assert action not in legal_actions(state, action.seat)


BURKOZEL = RuleSet.create("burkozel")
NO_FOUR_ENDS = RuleSet.create("burkozel", {"four_ends": "off"})
BURA = RuleSet.create("bura")
BURA_TENS = RuleSet.create("bura", {"small_moscow": "tens"})


@pytest.mark.parametrize(
    ("cards", "rules", "expected"),
    [
        ("6♥ 7♥ 8♥ A♥", BURKOZEL, Combo.BURA),
        ("6♠ 7♠ 8♠ A♠", BURKOZEL, Combo.MOLODKA),
        ("A♠ A♥ A♦", BURKOZEL, Combo.MOSCOW),
        ("A♠ A♣ A♦", BURKOZEL, None),  # no trump ace
        ("A♠ A♥ A♦ A♣", BURKOZEL, Combo.GOLDEN_MOSCOW),
        ("A♠ 10♥ A♦ 10♣", BURKOZEL, Combo.FOUR_ENDS),
        ("A♠ 10♥ A♦ 10♣", NO_FOUR_ENDS, None),
        ("10♠ 10♥ 10♦ 10♣", BURKOZEL, Combo.FOUR_ENDS),
        ("A♠ 10♥ A♦ K♣", BURKOZEL, None),
        ("6♠ 7♠ 8♠", BURKOZEL, None),
        ("6♥ 7♥ 8♥", BURA, Combo.BURA),
        ("6♠ 7♠ 8♠", BURA, Combo.MOLODKA),
        ("A♠ A♣ A♦", BURA, Combo.MOSCOW),
        ("6♠ 6♥ 6♦", BURA, Combo.SMALL_MOSCOW),
        ("6♠ 6♣ 6♦", BURA, None),  # small moscow needs the trump six
        ("10♠ 10♥ 10♦", BURA, None),
        ("10♠ 10♥ 10♦", BURA_TENS, Combo.SMALL_MOSCOW),
        ("6♠ 6♥ 6♦", BURA_TENS, None),
        ("10♠ 10♣ 10♦", BURA_TENS, None),  # three tens need the trump ten
    ],
)
def test_classify(cards: str, rules: RuleSet, expected: Combo | None) -> None:
    assert classify(parse_cards(cards), Suit.HEARTS, rules) is expected


def test_combos_in_hand_finds_every_option() -> None:
    found = combos_in_hand(parse_cards("A♠ A♥ A♦ A♣"), Suit.HEARTS, BURKOZEL)
    kinds = sorted(combo.value for combo, _ in found)
    assert kinds == ["golden_moscow", "moscow", "moscow", "moscow"]


class TestWindow:
    HANDS = ("7♠ 8♠ 9♣ 8♦", "6♠ K♥ Q♣ 10♦", "J♦ Q♦ K♦ A♦", "6♣ 7♣ 7♦ 9♦")

    def test_out_of_turn_molodka_after_a_trick(self) -> None:
        state = table(self.HANDS, trump="♥", turn=0)
        declare = Action.declare(2, "J♦ Q♦ K♦ A♦")
        assert declare in legal_actions(state, 2)
        state, events = apply(state, declare)
        declared = of_type(events, CombinationDeclared)[0]
        assert declared.combination == "molodka" and declared.out_of_turn
        assert of_type(events, CardsLed)[0].seat == 2
        assert state.deal is not None and state.deal.turn == 3
        # The rightful leader now answers like everybody else.
        refused(state, Action.lead(0, "7♠"), "not_your_turn")

    def test_no_out_of_turn_lead_before_the_first_trick(self) -> None:
        state = table(self.HANDS, trump="♥", turn=0, tricks_played=0)
        refused(state, Action.declare(2, "J♦ Q♦ K♦ A♦"), "window_closed")

    def test_window_closes_once_the_leader_has_led(self) -> None:
        state = table(self.HANDS, trump="♥", turn=0)
        state, _ = play(state, ("lead", 0, "7♠"))
        refused(state, Action.declare(2, "J♦ Q♦ K♦ A♦"), "not_your_turn")

    def test_the_leaders_unshown_combination_does_not_stop_a_declaration(self) -> None:
        hands = ("7♠ 8♠ 9♠ 10♠", "6♣ K♥ Q♣ 10♦", "J♦ Q♦ K♦ A♦", "6♥ 7♥ 7♦ 9♦")
        state = table(hands, trump="♥", turn=0)
        state, events = apply(state, Action.declare(2, "J♦ Q♦ K♦ A♦"))
        assert of_type(events, CombinationDeclared)[0].seat == 2

    def test_first_declaration_wins_the_window(self) -> None:
        hands = ("7♠ 8♠ 9♣ 8♦", "6♣ 7♣ 8♣ 10♣", "J♦ Q♦ K♦ A♦", "6♥ 7♥ 7♦ 9♦")
        state = table(hands, trump="♥", turn=0)
        assert legal_actions(state, 1) and legal_actions(state, 2)
        state, _ = apply(state, Action.declare(2, "J♦ Q♦ K♦ A♦"))
        refused(state, Action.declare(1, "6♣ 7♣ 8♣ 10♣"), "not_your_turn")

    def test_rightful_leader_leads_a_mixed_suit_combination(self) -> None:
        state = table(("A♠ A♥ A♦ 8♦", "6♠ K♥ Q♣ 10♦"), trump="♥", turn=0, tricks_played=0)
        refused(state, Action.lead(0, "A♠ A♥ A♦"), "lead_one_suit")
        state, events = apply(state, Action.declare(0, "A♠ A♥ A♦"))
        declared = of_type(events, CombinationDeclared)[0]
        assert declared.combination == "moscow" and not declared.out_of_turn
        assert state.deal is not None and state.deal.trick is not None
        assert state.deal.trick.combination == "moscow"

    def test_a_combination_is_an_ordinary_trick_and_can_be_beaten(self) -> None:
        state = table(("A♠ A♥ A♦ 8♦", "6♥ 7♥ 8♥ 10♦"), trump="♥", turn=0)
        state, _ = apply(state, Action.declare(0, "A♠ A♥ A♦"))
        # A♥ is the top trump: 6♥ 7♥ 8♥ beat A♠ and A♦ but nothing beats A♥.
        assert not [a for a in legal_actions(state, 1) if a.kind == "beat"]
        state = table(("A♠ 10♥ A♦ 10♣", "6♥ 7♥ 8♥ A♥"), trump="♥", turn=0)
        state, _ = apply(state, Action.declare(0, "A♠ 10♥ A♦ 10♣"))
        assert Action.beat(1, "6♥ 7♥ 8♥ A♥") in legal_actions(state, 1)

    def test_four_ends_only_with_the_option(self) -> None:
        hands = ("7♠ 8♠ 9♣ 8♦", "A♠ 10♥ A♦ 10♣")
        state = table(hands, trump="♥", options={"four_ends": "off"})
        refused(state, Action.declare(1, "A♠ 10♥ A♦ 10♣"), "not_a_combination")
        state = table(hands, trump="♥")
        apply(state, Action.declare(1, "A♠ 10♥ A♦ 10♣"))

    def test_not_a_combination(self) -> None:
        state = table(self.HANDS, trump="♥", turn=0)
        refused(state, Action.declare(1, "6♠ K♥ Q♣ 10♦"), "not_a_combination")

    def test_combination_lead_respects_first_lead_max3(self) -> None:
        state = table(
            ("J♦ Q♦ K♦ A♦", "6♠ K♥ Q♣ 10♦"),
            trump="♥",
            turn=0,
            tricks_played=0,
            options={"first_lead_max3": "on"},
        )
        refused(state, Action.declare(0, "J♦ Q♦ K♦ A♦"), "lead_size")


class TestInterrupt:
    HANDS = ("7♠ 8♠ 9♣ 8♦", "6♠ K♥ Q♣ 10♦", "J♦ Q♦ K♦ A♦", "6♣ 7♣ 8♣ 10♣")

    def test_molodka_interrupts_and_cards_return(self) -> None:
        state = table(self.HANDS, trump="♥", options={"combo_interrupt": "on"})
        state, _ = play(state, ("lead", 0, "7♠"), ("discard", 1, "6♠"))
        state, events = apply(state, Action.declare(2, "J♦ Q♦ K♦ A♦"))
        restarted = of_type(events, TrickRestarted)[0]
        assert dict(restarted.returned) == {0: parse_cards("7♠"), 1: parse_cards("6♠")}
        assert state.deal is not None and state.deal.trick is not None
        assert state.deal.trick.leader == 2 and state.deal.turn == 3
        assert len(state.deal.hands[0]) == 4 and len(state.deal.hands[1]) == 4

    def test_the_player_to_answer_may_interrupt_too(self) -> None:
        state = table(self.HANDS, trump="♥", options={"combo_interrupt": "on"})
        state, _ = play(state, ("lead", 0, "7♠"), ("discard", 1, "6♠"))
        assert state.deal is not None and state.deal.turn == 2
        declare = Action.declare(2, "J♦ Q♦ K♦ A♦")
        assert declare in legal_actions(state, 2)
        state, events = apply(state, declare)
        assert of_type(events, TrickRestarted)

    def test_without_the_option_no_interrupt(self) -> None:
        state = table(self.HANDS, trump="♥")
        state, _ = play(state, ("lead", 0, "7♠"))
        refused(state, Action.declare(2, "J♦ Q♦ K♦ A♦"), "not_your_turn")

    def test_nearer_molodka_outranks_a_farther_one(self) -> None:
        state = table(self.HANDS, trump="♥", options={"combo_interrupt": "on"})
        state, _ = play(state, ("lead", 0, "7♠"))
        # Seat 3 interrupts first; seat 2 is nearer to the rightful leader (0).
        state, _ = apply(state, Action.declare(3, "6♣ 7♣ 8♣ 10♣"))
        state, events = apply(state, Action.declare(2, "J♦ Q♦ K♦ A♦"))
        assert of_type(events, TrickRestarted)
        assert state.deal is not None and state.deal.trick is not None
        assert state.deal.trick.leader == 2
        # Seat 3, farther away, cannot take it back.
        refused(state, Action.declare(3, "6♣ 7♣ 8♣ 10♣"), "priority")

    def test_only_a_molodka_interrupts(self) -> None:
        hands = ("7♠ 8♠ 9♣ 8♦", "6♠ K♥ Q♣ 10♦", "A♠ A♥ A♦ 9♦", "6♣ 7♣ 7♦ 10♣")
        state = table(hands, trump="♥", options={"combo_interrupt": "on"})
        state, _ = play(state, ("lead", 0, "7♠"))
        refused(state, Action.declare(2, "A♠ A♥ A♦"), "interrupt_molodka_only")

    def test_no_interrupt_in_the_first_trick(self) -> None:
        state = table(self.HANDS, trump="♥", options={"combo_interrupt": "on"}, tricks_played=0)
        state, _ = play(state, ("lead", 0, "7♠"))
        refused(state, Action.declare(2, "J♦ Q♦ K♦ A♦"), "window_closed")


class TestPlainLeadKeepsPriority:
    """Issue 14, defect 1: the rightful leader's combination led as a plain
    lead keeps its priority, as if he had declared it (docs/RULES.md 5)."""

    ON: ClassVar[dict[str, str]] = {"combo_interrupt": "on"}

    def test_plain_molodka_is_not_interrupted(self) -> None:
        hands = ("6♦ 7♦ 8♦ 9♦", "6♠ K♥ Q♠ 10♠", "7♣ 9♣ Q♣ K♣")
        state = table(hands, trump="♥", options=self.ON)
        interrupt = Action.declare(2, "7♣ 9♣ Q♣ K♣")
        for lead in (Action.lead(0, "6♦ 7♦ 8♦ 9♦"), Action.declare(0, "6♦ 7♦ 8♦ 9♦")):
            led, events = apply(state, lead)
            assert of_type(events, CardsLed)[0].combination == "molodka"
            refused(led, interrupt, "priority")
            answered, _ = play(led, ("discard", 1, "6♠ K♥ Q♠ 10♠"))
            refused(answered, interrupt, "priority")

    def test_plain_bura_is_not_interrupted(self) -> None:
        hands = ("6♥ 7♥ 8♥ 9♥", "6♠ K♦ Q♠ 10♠", "7♣ 9♣ Q♣ K♣")
        state = table(hands, trump="♥", options=self.ON)
        led, _ = apply(state, Action.lead(0, "6♥ 7♥ 8♥ 9♥"))
        assert led.deal is not None and led.deal.trick is not None
        assert led.deal.trick.combination == "bura"
        refused(led, Action.declare(2, "7♣ 9♣ Q♣ K♣"), "priority")

    def test_kozel_plain_molodka_is_not_interrupted(self) -> None:
        hands = ("6♦ 7♦ 8♦ 9♦", "6♠ K♥ Q♠ 10♠", "7♣ 9♣ Q♣ K♣", "J♠ A♠ 7♠ 8♠")
        state = table(hands, trump="♥", preset="kozel", options=self.ON)
        led, _ = apply(state, Action.lead(0, "6♦ 7♦ 8♦ 9♦"))
        refused(led, Action.declare(2, "7♣ 9♣ Q♣ K♣"), "priority")
        refused(led, Action.declare(3, "7♠ 8♠ J♠ A♠"), "priority")

    def test_a_plain_lead_of_fewer_cards_may_still_be_interrupted(self) -> None:
        hands = ("6♦ 7♦ 8♦ 9♦", "6♠ K♥ Q♠ 10♠", "7♣ 9♣ Q♣ K♣")
        state = table(hands, trump="♥", options=self.ON)
        led, _ = apply(state, Action.lead(0, "6♦ 7♦ 8♦"))
        _, events = apply(led, Action.declare(2, "7♣ 9♣ Q♣ K♣"))
        assert of_type(events, TrickRestarted)

    def test_first_edition_tables_keep_their_rule(self) -> None:
        # A table stored before the second edition replays as it was played.
        hands = ("6♦ 7♦ 8♦ 9♦", "6♠ K♥ Q♠ 10♠", "7♣ 9♣ Q♣ K♣")
        state = table(hands, trump="♥", options=self.ON)
        old = state._replace(
            rules=RuleSet.from_json(
                {k: v for k, v in state.rules.to_json().items() if k != "edition"}
            )
        )
        assert old.rules.edition == 1
        led, _ = apply(old, Action.lead(0, "6♦ 7♦ 8♦ 9♦"))
        _, events = apply(led, Action.declare(2, "7♣ 9♣ Q♣ K♣"))
        assert of_type(events, TrickRestarted)


class TestBura:
    def test_bura_in_hand_after_a_draw_wins_the_deal(self) -> None:
        state = table(("6♠ K♥ Q♥", "7♣ 8♣ 9♦"), preset="bura", trump="♥", stock="A♥ 6♦")
        state, events = play(state, ("lead", 0, "6♠"), ("discard", 1, "7♣"))
        won = of_type(events, DealWonByCombination)[0]
        assert (won.seat, won.combination) == (0, "bura")
        scored = of_type(events, DealScored)[0]
        assert scored.reason == "combination"
        assert {r.side: r.penalty for r in scored.results} == {0: 0, 1: 2}

    def test_moscow_beats_bura(self) -> None:
        state = table(("6♠ K♥ Q♥", "A♠ A♣ 9♦"), preset="bura", trump="♥", stock="A♥ A♦")
        state, events = play(state, ("lead", 0, "6♠"), ("discard", 1, "9♦"))
        won = of_type(events, DealWonByCombination)[0]
        assert (won.seat, won.combination) == (1, "moscow")
        assert {r.side: r.penalty for r in of_type(events, DealScored)[0].results} == {0: 2, 1: 0}

    def test_two_buras_higher_top_trump_wins(self) -> None:
        state = table(("6♠ 6♥ 7♥", "7♠ 8♥ 9♥"), preset="bura", trump="♥", stock="J♥ A♥")
        state, events = play(state, ("lead", 0, "6♠"), ("discard", 1, "7♠"))
        won = of_type(events, DealWonByCombination)[0]
        assert (won.seat, won.combination) == (1, "bura")

    def test_molodka_out_of_turn_and_refused_against_small_moscow(self) -> None:
        hands = ("7♠ 9♣ 8♦", "J♦ Q♦ K♦", "6♣ 7♣ 10♠")
        state = table(hands, preset="bura", trump="♥", turn=0, tricks_played=0)
        assert Action.declare(1, "J♦ Q♦ K♦") in legal_actions(state, 1)
        blocked = table(("7♠ 9♣ 8♦", "J♦ Q♦ K♦", "6♣ 6♥ 6♠"), preset="bura", trump="♥", turn=0)
        # Offered all the same: seat 1 cannot see seat 2's small moscow.
        declare = Action.declare(1, "J♦ Q♦ K♦")
        assert declare in legal_actions(blocked, 1)
        after, events = apply(blocked, declare)
        assert events == [DeclarationRefused(1, "molodka", "outranked", "small_moscow")]
        assert after.deal is not None and blocked.deal is not None
        assert after.deal.hands == blocked.deal.hands and after.deal.trick is None
        assert after.deal.turn == 0 and after.step == blocked.step + 1
        # The refusal was announced: not offered again until the lead.
        refused(after, declare, "declaration_refused")
        after, _ = play(after, ("lead", 0, "7♠"))
        assert after.deal is not None and after.deal.refused == ()
        # Small moscow may be led out of turn even against a molodka.
        state, events = apply(blocked, Action.declare(2, "6♣ 6♥ 6♠"))
        assert of_type(events, CombinationDeclared)[0].combination == "small_moscow"

    def test_refusal_round_trips_through_json(self) -> None:
        blocked = table(("7♠ 9♣ 8♦", "J♦ Q♦ K♦", "6♣ 6♥ 6♠"), preset="bura", trump="♥", turn=0)
        after, _ = apply(blocked, Action.declare(1, "J♦ Q♦ K♦"))
        assert MatchState.from_json(after.to_json()) == after

    def test_the_rightful_leaders_molodka_refuses_an_out_of_turn_molodka(self) -> None:
        # docs/RULES.md 6 (third edition; seeds 002 and 003): "if both
        # players hold a molodka, the lead stays with the one who was to lead".
        hands = ("K♠ Q♠ 8♠", "7♣ 9♣ 8♦", "J♦ A♣ 10♦", "6♥ 8♥ K♥")
        state = table(hands, preset="bura", trump="♦", turn=0)
        declare = Action.declare(3, "6♥ 8♥ K♥")
        # Offered all the same: seat 3 cannot see the leader's hand.
        assert declare in legal_actions(state, 3)
        after, events = apply(state, declare)
        assert events == [DeclarationRefused(3, "molodka", "leader_molodka", "molodka")]
        assert after.deal is not None and state.deal is not None
        assert after.deal.hands == state.deal.hands and after.deal.trick is None
        assert after.deal.turn == 0 and after.deal.refused == (3,)
        refused(after, declare, "declaration_refused")
        # The lead stays with the one who was to lead, molodka and all.
        led, events = apply(after, Action.declare(0, "K♠ Q♠ 8♠"))
        assert of_type(events, CombinationDeclared)[0].seat == 0
        assert led.deal is not None and led.deal.refused == ()

    def test_without_the_leaders_molodka_the_declaration_stands(self) -> None:
        hands = ("K♠ Q♣ 8♠", "7♣ 9♣ 8♦", "J♦ A♣ 10♦", "6♥ 8♥ K♥")
        state = table(hands, preset="bura", trump="♦", turn=0)
        state, events = apply(state, Action.declare(3, "6♥ 8♥ K♥"))
        assert of_type(events, CombinationDeclared)[0].seat == 3
        assert state.deal is not None and state.deal.trick is not None

    def test_another_players_molodka_does_not_refuse_it(self) -> None:
        # Only the rightful leader's molodka keeps the lead.
        hands = ("K♠ Q♣ 8♠", "7♣ 9♣ Q♣", "J♦ A♣ 10♦", "6♥ 8♥ K♥")
        state = table(hands, preset="bura", trump="♦", turn=0)
        _, events = apply(state, Action.declare(3, "6♥ 8♥ K♥"))
        assert of_type(events, CombinationDeclared)[0].seat == 3

    def test_small_moscow_stands_against_the_leaders_molodka(self) -> None:
        hands = ("K♠ Q♠ 8♠", "6♣ 6♦ 6♥")
        state = table(hands, preset="bura", trump="♦", turn=0)
        _, events = apply(state, Action.declare(1, "6♣ 6♦ 6♥"))
        assert of_type(events, CombinationDeclared)[0].combination == "small_moscow"

    def test_second_edition_tables_let_the_molodka_stand(self) -> None:
        # A table dealt under the second edition replays as it was played.
        hands = ("K♠ Q♠ 8♠", "7♣ 9♣ 8♦", "J♦ A♣ 10♦", "6♥ 8♥ K♥")
        state = table(hands, preset="bura", trump="♦", turn=0)
        old = state._replace(rules=replace(state.rules, edition=2))
        old, events = apply(old, Action.declare(3, "6♥ 8♥ K♥"))
        assert of_type(events, CombinationDeclared)[0].seat == 3
        assert old.deal is not None and old.deal.trick is not None

    def test_small_moscow_of_tens_with_the_option(self) -> None:
        hands = ("7♠ 9♣ 8♦", "10♠ 10♥ 10♦", "6♣ 7♣ 8♣")
        state = table(hands, preset="bura", trump="♥", options={"small_moscow": "tens"})
        declare = Action.declare(1, "10♠ 10♥ 10♦")
        assert declare in legal_actions(state, 1)
        _, events = apply(state, declare)
        assert of_type(events, CombinationDeclared)[0].combination == "small_moscow"
        # Three tens hold off a molodka as three sixes do.
        _, events = apply(state, Action.declare(2, "6♣ 7♣ 8♣"))
        assert events == [DeclarationRefused(2, "molodka", "outranked", "small_moscow")]
        plain = table(hands, preset="bura", trump="♥")
        assert declare not in legal_actions(plain, 1)

    def test_a_molodka_does_not_interrupt_a_lead_on_the_table(self) -> None:
        hands = ("7♠ 9♣ 8♦", "J♦ Q♦ K♦", "6♣ 7♣ 10♠")
        state = table(hands, preset="bura", trump="♥", turn=0)
        state, _ = play(state, ("lead", 0, "7♠"))
        refused(state, Action.declare(1, "J♦ Q♦ K♦"), "must_respond")

    def test_redeal_on_initial_combination(self) -> None:
        # Find seeds whose first deal has a combination, then check the option
        # redeals them until no hand holds one.
        rules = RuleSet.create("bura")
        redeal = RuleSet.create("bura", {"redeal_on_initial_combo": "on"})
        checked = 0
        for seed in range(200):
            plain = new_match(rules, ["a", "b", "c", "d"], seed)
            assert plain.deal is not None
            if plain.deals_dealt != 1:
                continue  # the first deal was won outright by a bura or moscow
            hands = plain.deal.hands
            if not any(combos_in_hand(h, plain.deal.trump, rules) for h in hands):
                continue
            state = new_match(redeal, ["a", "b", "c", "d"], seed)
            assert state.deal is not None and state.deals_dealt > 1
            assert not any(combos_in_hand(h, state.deal.trump, redeal) for h in state.deal.hands)
            checked += 1
        assert checked >= 5
