"""Scoring a deal (docs/RULES.md 6), the match (7) and the bank (8)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from engine_builders import of_type, play, table

from engine import Action, IllegalAction, RuleSet, apply, legal_actions, new_match
from engine.events import (
    ClaimMade,
    DealScored,
    DealStarted,
    DealVoid,
    Event,
    MatchOver,
    SideEliminated,
)
from engine.scoring import bank_payouts, bank_shares_first_edition, trick_game_penalties
from engine.state import MatchState

# Filler cards worth nothing, used for the last trick of a deal.
ZERO = ["6♠", "7♠", "8♠", "9♠"]
ZERO_OFF = ["6♣", "7♣", "8♣", "9♣"]


def last_trick(
    piles: Sequence[str],
    tricks_won: Sequence[int] | None = None,
    preset: str = "burkozel",
    options: dict[str, object] | None = None,
    penalties: Sequence[int] | None = None,
    multiplier: int = 1,
    out: Sequence[int] = (),
) -> tuple[MatchState, list[Event]]:
    """Play a zero-point last trick that seat 0 takes; return the events."""
    n = len(piles)
    active = [s for s in range(n) if (s % 2 if preset == "kozel" else s) not in out]
    hands = [ZERO[0] if s == 0 else (ZERO_OFF[s] if s in active else "") for s in range(n)]
    state = table(
        hands,
        trump="♦",
        preset=preset,
        options=options,
        piles=piles,
        tricks_won=tricks_won,
        penalties=penalties,
        multiplier=multiplier,
        out=out,
    )
    moves = [("lead", 0, ZERO[0])] + [("discard", s, ZERO_OFF[s]) for s in active if s != 0]
    return play(state, *moves)


def penalties_of(events: Sequence[Event]) -> dict[int, int]:
    scored = of_type(events, DealScored)[0]
    return {result.side: result.penalty for result in scored.results}


class TestBurkozelScoring:
    def test_most_points_zero_exactly_31_two_below_four(self) -> None:
        _, events = last_trick(["10♥ A♥ 10♣", "A♠ A♣ 10♠ A♦ K♥"], tricks_won=[1, 1])
        # Seat 0: 31 points, seat 1: 46: the leader scores 0, exactly 31 gets 2.
        assert penalties_of(events) == {0: 2, 1: 0}
        _, events = last_trick(["10♥ A♥ J♥ 9♥", "A♠ A♣ 10♠ A♦ K♥"], tricks_won=[1, 1])
        assert penalties_of(events) == {0: 4, 1: 0}  # 23 points

    def test_no_trick_six_zero_points_four_or_six_with_option(self) -> None:
        _, events = last_trick(["A♠", "", "6♥"], tricks_won=[1, 0, 1])
        assert penalties_of(events) == {0: 0, 1: 6, 2: 4}
        _, events = last_trick(
            ["A♠", "", "6♥"], tricks_won=[1, 0, 1], options={"six_for_zero_points": "on"}
        )
        assert penalties_of(events) == {0: 0, 1: 6, 2: 6}

    def test_pass_21_with_three_players(self) -> None:
        piles = ["A♠ A♥ A♦ A♣ 10♠", "10♥ 10♦ K♠", "K♥"]
        _, events = last_trick(piles, tricks_won=[1, 1, 1])
        assert penalties_of(events) == {0: 0, 1: 4, 2: 4}  # 24 and 4 points
        _, events = last_trick(piles, tricks_won=[1, 1, 1], options={"pass_21": "on"})
        assert penalties_of(events) == {0: 0, 1: 2, 2: 4}

    def test_tie_for_most_points_both_score_zero(self) -> None:
        _, events = last_trick(["A♠ 10♠", "A♥ 10♥", "K♥"], tricks_won=[1, 1, 1])
        assert penalties_of(events) == {0: 0, 1: 0, 2: 4}

    def test_sixty_sixty_eggs_nobody_penalised(self) -> None:
        left = "A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥"  # 60
        right = "A♦ 10♦ K♦ Q♦ J♦ A♣ 10♣ K♣ Q♣ J♣"  # 60
        state, events = last_trick([left, right], tricks_won=[3, 3])
        scored = of_type(events, DealScored)[0]
        assert scored.eggs and penalties_of(events) == {0: 0, 1: 0}
        assert state.next_multiplier == 1  # no doubling without the option

    def test_eggs_double_doubles_the_next_deal(self) -> None:
        left = "A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥"
        right = "A♦ 10♦ K♦ Q♦ J♦ A♣ 10♣ K♣ Q♣ J♣"
        _state, events = last_trick([left, right], tricks_won=[3, 3], options={"eggs_double": "on"})
        started = of_type(events, DealStarted)[0]
        assert started.multiplier == 2
        _, events = last_trick(
            ["10♥ A♥ J♥ 9♥", "A♠ A♣ 10♠ A♦ K♥"],
            tricks_won=[1, 1],
            options={"eggs_double": "on"},
            multiplier=2,
        )
        assert penalties_of(events) == {0: 8, 1: 0}

    def test_direct_table(self) -> None:
        rules = RuleSet.create("burkozel")
        assert trick_game_penalties(rules, [90, 30], [5, 1], 2, 1) == ((0, 4), False)
        assert trick_game_penalties(rules, [89, 31], [5, 1], 2, 1) == ((0, 2), False)
        assert trick_game_penalties(rules, [120, 0], [5, 0], 2, 1) == ((0, 6), False)
        assert trick_game_penalties(rules, [60, 60], [3, 3], 2, 1) == ((0, 0), True)


class TestKozelScoring:
    def test_teams_pool_their_piles(self) -> None:
        # Seats 0 and 2 against 1 and 3.
        piles = ["A♠ A♥ 10♠", "K♠", "10♥ A♦ 10♦", "Q♠"]  # team 0: 63, team 1: 7
        _, events = last_trick(piles, preset="kozel", tricks_won=[1, 1, 1, 1])
        assert penalties_of(events) == {0: 0, 1: 4}
        scored = of_type(events, DealScored)[0]
        assert {r.side: r.seats for r in scored.results} == {0: (0, 2), 1: (1, 3)}

    def test_losing_team_31_to_59_gets_two_no_trick_six(self) -> None:
        piles = ["A♠ A♥ 10♠ K♠", "A♦ A♣ 10♣", "10♥ 10♦", ""]  # 36+20=56 vs 32
        _, events = last_trick(piles, preset="kozel", tricks_won=[1, 1, 1, 0])
        assert penalties_of(events) == {0: 0, 1: 2}
        _, events = last_trick(["A♠", "", "", ""], preset="kozel", tricks_won=[1, 0, 0, 0])
        assert penalties_of(events) == {0: 0, 1: 6}


class TestBuraScoring:
    def bura(self, pile: str, options: dict[str, object] | None = None) -> list[Event]:
        state = table(
            ["6♠ 7♠ 8♠", "6♣ 7♣ 8♣", "6♦ 7♦ 8♦"],
            preset="bura",
            trump="♥",
            piles=[pile, "", ""],
            options=options,
        )
        state, events = apply(state, Action.claim(0))
        return events

    def test_true_claim_wins_everybody_else_two(self) -> None:
        events = self.bura("A♠ 10♠ K♠ Q♠ J♠ J♥")  # 32
        claim = of_type(events, ClaimMade)[0]
        assert claim.success and claim.points == 32
        assert penalties_of(events) == {0: 0, 1: 2, 2: 2}

    def test_exactly_31_wins_and_30_loses(self) -> None:
        events = self.bura("A♠ 10♠ 10♥")  # 31
        claim = of_type(events, ClaimMade)[0]
        assert claim.success and claim.points == 31
        assert penalties_of(events) == {0: 0, 1: 2, 2: 2}
        events = self.bura("A♠ 10♠ K♠ Q♠ J♠ 6♥")  # 30
        claim = of_type(events, ClaimMade)[0]
        assert not claim.success and claim.points == 30
        assert penalties_of(events) == {0: 4, 1: 0, 2: 0}

    def test_false_claim_costs_four_or_two(self) -> None:
        events = self.bura("A♠ 10♠")
        assert penalties_of(events) == {0: 4, 1: 0, 2: 0}
        events = self.bura("A♠ 10♠", options={"false_claim_double": "off"})
        assert penalties_of(events) == {0: 2, 1: 0, 2: 0}

    def test_claim_only_on_own_turn_before_leading(self) -> None:
        state = table(["6♠ 7♠ 8♠", "6♣ 7♣ 8♣"], preset="bura", trump="♥", piles=["A♠ 10♠ 10♥", ""])
        with pytest.raises(IllegalAction) as error:
            apply(state, Action.claim(1))
        assert error.value.code == "claim_own_turn"
        state, _ = play(state, ("lead", 0, "6♠"))
        with pytest.raises(IllegalAction):
            apply(state, Action.claim(0))
        with pytest.raises(IllegalAction) as error:
            apply(table(["6♠", "7♠"]), Action.claim(0))
        assert error.value.code == "no_claims"

    def test_out_of_cards_most_points_wins_and_a_tie_is_void(self) -> None:
        state = table(["6♠", "6♣"], preset="bura", trump="♥", piles=["A♠", "10♠"])
        _, events = play(state, ("lead", 0, "6♠"), ("discard", 1, "6♣"))
        assert penalties_of(events) == {0: 0, 1: 2}
        state = table(["6♠", "6♣"], preset="bura", trump="♥", piles=["A♠", "A♥"])
        state, events = play(state, ("lead", 0, "6♠"), ("discard", 1, "6♣"))
        assert of_type(events, DealVoid)[0].reason == "tie"
        assert not of_type(events, DealScored)
        assert state.penalties == (0, 0) and state.deal is not None


class TestMatch:
    def test_reaching_the_limit_eliminates_and_play_goes_on(self) -> None:
        state, events = last_trick(["A♠", "", "6♥"], tricks_won=[1, 0, 1], penalties=[0, 8, 0])
        eliminated = of_type(events, SideEliminated)
        assert [e.side for e in eliminated] == [1]
        assert state.out == (1,) and not state.over
        assert state.deal is not None and state.deal.hands[1] == ()
        assert all(len(state.deal.hands[s]) == 4 for s in (0, 2))
        assert legal_actions(state, 1) == []
        with pytest.raises(IllegalAction) as error:
            apply(state, Action.lead(1, "6♠"))
        assert error.value.code in {"eliminated", "not_in_hand"}

    def test_last_one_standing_wins(self) -> None:
        state, events = last_trick(
            ["A♠", "", "6♥"], tricks_won=[1, 0, 1], penalties=[0, 12, 10], out=[1]
        )
        over = of_type(events, MatchOver)[0]
        assert state.over and state.deal is None
        ranking = [(p.rank, p.side) for p in over.standing]
        assert ranking == [(1, 0), (2, 2), (3, 1)]
        with pytest.raises(IllegalAction) as error:
            apply(state, Action.lead(0, "6♠"))
        assert error.value.code == "match_over"
        assert legal_actions(state, 0) == []

    def test_end_at_first_loser_ranks_by_penalties(self) -> None:
        _state, events = last_trick(
            ["A♠", "", "6♥"],
            tricks_won=[1, 0, 1],
            penalties=[4, 8, 2],
            options={"end_at_first_loser": "on"},
        )
        over = of_type(events, MatchOver)[0]
        assert [(p.rank, p.side, p.penalties) for p in over.standing] == [
            (1, 0, 4),
            (2, 2, 6),
            (3, 1, 14),
        ]

    def test_limit_option(self) -> None:
        state, events = last_trick(["A♠", "6♥"], tricks_won=[1, 1], options={"limit": "4"})
        assert of_type(events, MatchOver) and state.over

    def test_kozel_team_reaching_the_limit_ends_the_match(self) -> None:
        _state, events = last_trick(
            ["A♠", "", "", ""], preset="kozel", tricks_won=[1, 0, 0, 0], penalties=[0, 8]
        )
        over = of_type(events, MatchOver)[0]
        assert [(p.rank, p.seats) for p in over.standing] == [(1, (0, 2)), (2, (1, 3))]

    def test_stake_bank_split(self) -> None:
        _state, events = last_trick(
            ["A♠", "6♥"], tricks_won=[1, 1], options={"limit": "4", "stake": "10"}
        )
        over = of_type(events, MatchOver)[0]
        assert over.bank == 20
        assert {p.side: p.payout for p in over.standing} == {0: 20, 1: 0}
        assert bank_shares_first_edition(30, [1, 2, 3]) == [20, 10, 0]
        assert sum(bank_shares_first_edition(31, [1, 1, 3])) == 31

    def test_next_deal_dealer_rotates_and_last_taker_leads(self) -> None:
        _state, events = last_trick(["A♠ 10♠ 10♥", "K♠"], tricks_won=[1, 1])
        started = of_type(events, DealStarted)[0]
        assert started.dealer == 0  # the test table's dealer was seat 1
        assert started.leader == 0  # seat 0 took the last trick


SINGLES3 = ((0,), (1,), (2,))
SINGLES4 = ((0,), (1,), (2,), (3,))


class TestSharedPlacesAndTheBank:
    """docs/RULES.md 7 and 8, second edition; issue 14, defect 2."""

    # Three piles of 90, 20 and 10 points; seat 0 takes the last, empty trick.
    PILES3 = ("A♠ A♥ A♦ A♣ 10♠ 10♥ 10♦ K♠ K♥ K♦ K♣", "10♣ Q♠ Q♥ J♠ J♥", "Q♦ Q♣ J♦ J♣")

    def test_players_out_in_one_deal_with_equal_penalties_share_second_place(self) -> None:
        state, events = last_trick(
            self.PILES3, tricks_won=[1, 1, 1], penalties=[0, 8, 8], options={"stake": "10"}
        )
        assert penalties_of(events) == {0: 0, 1: 4, 2: 4}
        over = of_type(events, MatchOver)[0]
        assert over.bank == 30
        placed = {p.side: (p.rank, p.payout) for p in over.standing}
        assert placed == {0: (1, 20), 1: (2, 5), 2: (2, 5)}
        assert state.out_deals == (1, 1)

    def test_four_players_two_share_second_and_the_next_is_fourth(self) -> None:
        piles = (*self.PILES3, "")
        _state, events = last_trick(
            piles, tricks_won=[1, 1, 1, 0], penalties=[0, 8, 8, 10], options={"stake": "10"}
        )
        over = of_type(events, MatchOver)[0]
        placed = {p.side: (p.rank, p.payout) for p in over.standing}
        assert placed == {0: (1, 20), 1: (2, 10), 2: (2, 10), 3: (4, 0)}

    def test_four_players_one_already_out_two_more_share_second(self) -> None:
        # Issue 59: seat 3 out before this deal; seats 1 and 2 both reach 12.
        piles = (*self.PILES3, "")
        state, events = last_trick(
            piles,
            tricks_won=[1, 1, 1, 0],
            penalties=[0, 8, 8, 12],
            out=[3],
            options={"stake": "15"},
        )
        assert penalties_of(events) == {0: 0, 1: 4, 2: 4}
        over = of_type(events, MatchOver)[0]
        assert over.bank == 60
        placed = {p.side: (p.rank, p.payout) for p in over.standing}
        assert placed == {0: (1, 30), 1: (2, 15), 2: (2, 15), 3: (4, 0)}
        assert state.out == (3, 1, 2) and state.out_deals == (0, 1, 1)

    def test_a_state_stored_before_out_deals_still_shares_the_place(self) -> None:
        # The earlier elimination has no deal on record: it ranks below.
        piles = (*self.PILES3, "")
        state = table(
            ["6♠", "6♣", "6♦", ""],
            trump="♥",
            piles=piles,
            tricks_won=[1, 1, 1, 0],
            penalties=[0, 8, 8, 12],
            out=[3],
            options={"stake": "15"},
        )._replace(out_deals=())
        _, events = play(state, ("lead", 0, "6♠"), ("discard", 1, "6♣"), ("discard", 2, "6♦"))
        over = of_type(events, MatchOver)[0]
        placed = {p.side: (p.rank, p.payout) for p in over.standing}
        assert placed == {0: (1, 30), 1: (2, 15), 2: (2, 15), 3: (4, 0)}

    def test_out_in_different_deals_is_ranked_by_the_deal(self) -> None:
        _state, events = last_trick(
            self.PILES3, tricks_won=[1, 1, 1], penalties=[0, 12, 8], out=[1]
        )
        over = of_type(events, MatchOver)[0]
        assert [(p.rank, p.side) for p in over.standing] == [(1, 0), (2, 2), (3, 1)]

    def test_first_edition_tables_keep_seat_order(self) -> None:
        state = table(["6♠", "6♣", "6♦"], trump="♥", piles=self.PILES3, penalties=[0, 8, 8])
        old = state._replace(
            rules=RuleSet.from_json(
                {
                    k: v
                    for k, v in state.rules.with_options({"stake": 10}).to_json().items()
                    if k != "edition"
                }
            )
        )
        _, events = play(old, ("lead", 0, "6♠"), ("discard", 1, "6♣"), ("discard", 2, "6♦"))
        over = of_type(events, MatchOver)[0]
        assert sorted(p.rank for p in over.standing) == [1, 2, 3]

    def test_whole_chips_and_the_leftover_in_order_of_place(self) -> None:
        # Weights 3, 2, 1, 0 of 4 chips: 2, 1.33, 0.67, 0 round down to 2, 1, 0, 0;
        # the chip left over goes to first place.
        assert bank_payouts(4, SINGLES4, [1, 2, 3, 4], 0) == [(3,), (1,), (0,), (0,)]
        assert bank_payouts(30, SINGLES3, [1, 2, 3], 0) == [(20,), (10,), (0,)]
        assert bank_payouts(40, SINGLES4, [1, 2, 2, 4], 0) == [(20,), (10,), (10,), (0,)]
        assert bank_payouts(0, SINGLES3, [1, 2, 3], 0) == [(0,), (0,), (0,)]
        assert bank_payouts(20, ((0,), (1,)), [1, 2], 1) == [(20,), (0,)]

    def test_within_a_shared_place_clockwise_from_the_first_dealer(self) -> None:
        # Two share first place: 1.5 chips each of 3, one chip over.
        assert bank_payouts(3, SINGLES3, [1, 1, 3], 0) == [(2,), (1,), (0,)]
        assert bank_payouts(3, SINGLES3, [1, 1, 3], 1) == [(1,), (2,), (0,)]
        assert bank_payouts(3, SINGLES3, [1, 1, 3], 2) == [(2,), (1,), (0,)]

    def test_kozel_partners_split_their_teams_chips(self) -> None:
        assert bank_payouts(40, ((0, 2), (1, 3)), [1, 2], 0) == [(20, 20), (0, 0)]
        assert bank_payouts(5, ((0, 2), (1, 3)), [1, 2], 2) == [(2, 3), (0, 0)]
        _state, events = last_trick(
            ["A♠", "", "", ""],
            preset="kozel",
            tricks_won=[1, 0, 0, 0],
            penalties=[0, 8],
            options={"stake": "10"},
        )
        over = of_type(events, MatchOver)[0]
        assert over.bank == 40
        assert [(p.seats, p.payout, p.shares) for p in over.standing] == [
            ((0, 2), 40, (20, 20)),
            ((1, 3), 0, (0, 0)),
        ]


class TestEggsWithMorePlayers:
    LEFT = "A♠ 10♠ K♠ Q♠ J♠ A♥ 10♥ K♥ Q♥ J♥"  # 60
    RIGHT = "A♦ 10♦ K♦ Q♦ J♦ A♣ 10♣ K♣ Q♣ J♣"  # 60

    def test_three_players_eggs_the_third_scores_as_usual(self) -> None:
        state, events = last_trick(
            [self.LEFT, self.RIGHT, ""], tricks_won=[3, 3, 0], options={"eggs_double": "on"}
        )
        scored = of_type(events, DealScored)[0]
        assert scored.eggs and penalties_of(events) == {0: 0, 1: 0, 2: 6}
        assert state.next_multiplier == 2
        assert of_type(events, DealStarted)[0].multiplier == 2

    def test_eggs_in_a_doubled_deal_double_again_and_as_usual_is_multiplied(self) -> None:
        state, events = last_trick(
            [self.LEFT, self.RIGHT, "", "6♥"],
            tricks_won=[3, 3, 0, 1],
            options={"eggs_double": "on"},
            multiplier=2,
        )
        assert of_type(events, DealScored)[0].eggs
        assert penalties_of(events) == {0: 0, 1: 0, 2: 12, 3: 8}
        assert state.next_multiplier == 4

    def test_direct_table(self) -> None:
        rules = RuleSet.create("burkozel")
        assert trick_game_penalties(rules, [60, 60, 0], [3, 3, 1], 3, 1) == ((0, 0, 4), True)
        assert trick_game_penalties(rules, [60, 50, 10], [3, 3, 1], 3, 1) == ((0, 2, 4), False)


class TestBuraDealer:
    """docs/RULES.md 3.1 (second edition): the winner of a bura deal deals the
    next; after a false claim or a void deal the same dealer deals again.
    And 3.3: after a deal won before any trick, left of the dealer leads."""

    HANDS = ("6♠ 7♠ 8♠", "6♣ 7♣ 8♣", "6♦ 7♦ 8♦")

    def claim(self, pile: str, edition: int = 2) -> list[Event]:
        state = table(self.HANDS, preset="bura", trump="♥", piles=[pile, "", ""], dealer=2)
        state = state._replace(next_leader=2)  # an older deal's last taker
        if edition == 1:
            data = {k: v for k, v in state.rules.to_json().items() if k != "edition"}
            state = state._replace(rules=RuleSet.from_json(data))
        _, events = apply(state, Action.claim(0))
        return events

    def test_the_claimant_who_wins_deals_and_left_of_him_leads(self) -> None:
        started = of_type(self.claim("A♠ 10♠ 10♥"), DealStarted)[0]
        assert (started.dealer, started.leader) == (0, 1)

    def test_after_a_false_claim_the_same_dealer_deals(self) -> None:
        started = of_type(self.claim("A♠"), DealStarted)[0]
        assert started.dealer == 2

    def test_first_edition_tables_pass_the_deal_clockwise(self) -> None:
        started = of_type(self.claim("A♠ 10♠ 10♥", edition=1), DealStarted)[0]
        assert (started.dealer, started.leader) == (0, 2)
        assert of_type(self.claim("A♠", edition=1), DealStarted)[0].dealer == 0

    def test_the_winner_by_cards_deals(self) -> None:
        state = table(["6♠", "6♣"], preset="bura", trump="♥", piles=["", "A♠"], dealer=1)
        _, events = play(state, ("lead", 0, "6♠"), ("discard", 1, "6♣"))
        started = of_type(events, DealStarted)[0]
        assert started.dealer == 1 and started.leader == 0  # seat 0 took the last trick

    def test_a_void_deal_is_dealt_again_by_the_same_dealer(self) -> None:
        state = table(["6♠", "6♣"], preset="bura", trump="♥", piles=["A♠", "A♥"], dealer=1)
        _, events = play(state, ("lead", 0, "6♠"), ("discard", 1, "6♣"))
        assert of_type(events, DealStarted)[0].dealer == 1


class TestNewMatch:
    @pytest.mark.parametrize(
        "preset,players",
        [("burkozel", 2), ("burkozel", 3), ("burkozel", 4), ("kozel", 4), ("bura", 3)],
    )
    def test_first_deal(self, preset: str, players: int) -> None:
        rules = RuleSet.create(preset)
        state = new_match(rules, [str(i) for i in range(players)], seed=11)
        deal = state.deal
        assert deal is not None
        assert all(len(h) == rules.hand_size for h in deal.hands)
        if rules.trump_card == "bottom":
            assert deal.stock[-1] is deal.trump_card
        else:  # kozel's default (second edition): shown from the middle, hidden there
            assert deal.trump_hidden and deal.trump_card in deal.stock[1:-1]
        assert deal.trump_card.suit == deal.trump
        assert deal.turn == (deal.dealer + 1) % players  # left of the dealer
        assert new_match(rules, [str(i) for i in range(players)], seed=11) == state

    def test_trump_card_middle_stays_hidden_in_the_stock(self) -> None:
        rules = RuleSet.create("burkozel", {"trump_card": "middle"})
        for seed in range(20):
            deal = new_match(rules, ["a", "b"], seed).deal
            assert deal is not None and deal.trump_hidden
            index = deal.stock.index(deal.trump_card)
            assert 0 < index < len(deal.stock) - 1

    def test_lowest_trump_leads_the_first_deal(self) -> None:
        rules = RuleSet.create("burkozel", {"first_lead": "lowest_trump"})
        for seed in range(30):
            deal = new_match(rules, ["a", "b", "c"], seed).deal
            assert deal is not None
            trumps = [
                (card.rank, seat)
                for seat, hand in enumerate(deal.hands)
                for card in hand
                if card.suit == deal.trump
            ]
            expected = min(trumps)[1] if trumps else (deal.dealer + 1) % 3
            assert deal.turn == expected

    def test_seeds_differ(self) -> None:
        rules = RuleSet.create()
        deals = set()
        for seed in range(10):
            deal = new_match(rules, ["a", "b"], seed).deal
            assert deal is not None
            deals.add(deal.hands)
        assert len(deals) == 10
