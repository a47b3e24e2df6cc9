"""A trick: lead, beat or discard, last beater, taking, drawing (docs/RULES.md 4)."""

from __future__ import annotations

import pytest
from engine_builders import of_type, play, table

from engine import Action, IllegalAction, MatchState, apply, legal_actions, view_for
from engine.cards import parse_cards
from engine.events import CardsDrawn, CardsPlayed, Event, TrickTaken
from engine.view import event_for


def refused(state: MatchState, action: Action, code: str) -> IllegalAction:
    """Assert the action is refused with `code` and the state is untouched."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    assert error.value.code == code, str(error.value)
    assert state.to_json() == before
    assert action not in legal_actions(state, action.seat)
    return error.value


class TestLead:
    def test_lead_one_to_four_cards_of_one_suit(self) -> None:
        state = table(["A♠ K♠ Q♠ J♠", "6♦ 7♦ 8♦ 9♦"], trump="♥")
        assert Action.lead(0, "A♠ K♠ Q♠ J♠") in legal_actions(state, 0)
        after, _events = apply(state, Action.lead(0, "K♠ A♠"))
        assert after.deal is not None and after.deal.turn == 1
        assert set(after.deal.hands[0]) == set(parse_cards("Q♠ J♠"))
        assert after.deal.trick is not None and after.deal.trick.owner_cards == parse_cards("K♠ A♠")

    def test_mixed_suits_are_refused(self) -> None:
        state = table(["A♠ K♥ Q♠ J♠", "6♦ 7♦ 8♦ 9♦"])
        error = refused(state, Action.lead(0, "A♠ K♥"), "lead_one_suit")
        assert "one suit" in str(error)

    def test_empty_lead_is_refused(self) -> None:
        state = table(["A♠ K♥ Q♠ J♠", "6♦ 7♦ 8♦ 9♦"])
        refused(state, Action.lead(0, []), "lead_size")

    def test_first_lead_max3_limits_only_the_first_lead_of_a_deal(self) -> None:
        hands = ["A♠ K♠ Q♠ J♠", "6♦ 7♦ 8♦ 9♦"]
        first = table(hands, options={"first_lead_max3": "on"}, tricks_played=0)
        error = refused(first, Action.lead(0, "A♠ K♠ Q♠ J♠"), "lead_size")
        assert error.params["max"] == 3
        apply(first, Action.lead(0, "A♠ K♠ Q♠"))
        later = table(hands, options={"first_lead_max3": "on"}, tricks_played=1)
        apply(later, Action.lead(0, "A♠ K♠ Q♠ J♠"))
        default = table(hands, tricks_played=0)
        apply(default, Action.lead(0, "A♠ K♠ Q♠ J♠"))

    def test_bura_leads_at_most_three(self) -> None:
        state = table(["A♠ K♠ Q♠", "6♦ 7♦ 8♦"], preset="bura", trump="♥")
        leads = [a for a in legal_actions(state, 0) if a.kind == "lead"]
        assert max(len(a.cards) for a in leads) == 3

    def test_lead_limited_by_hand_once_stock_is_empty(self) -> None:
        state = table(["A♠ K♠", "6♦ 7♦"])
        leads = [a for a in legal_actions(state, 0) if a.kind == "lead"]
        assert {len(a.cards) for a in leads} == {1, 2}

    def test_not_your_turn_names_the_player(self) -> None:
        state = table(["A♠ K♠ Q♠ J♠", "6♦ 7♦ 8♦ 9♦"])
        error = refused(state, Action.lead(1, "6♦"), "not_your_turn")
        assert error.params["player"] == "P0"

    def test_cards_not_in_hand_and_duplicates(self) -> None:
        state = table(["A♠ K♠ Q♠ J♠", "6♦ 7♦ 8♦ 9♦"])
        refused(state, Action.lead(0, "10♠"), "not_in_hand")
        refused(
            state,
            Action(kind=Action.lead(0, "A♠").kind, seat=0, cards=parse_cards("A♠ A♠")),
            "duplicate_cards",
        )

    def test_answering_when_a_lead_is_awaited_is_refused(self) -> None:
        state = table(["A♠ K♠ Q♠ J♠", "6♦ 7♦ 8♦ 9♦"])
        refused(state, Action.discard(0, "A♠"), "nothing_to_answer")
        refused(state, Action.beat(1, "6♦"), "not_your_turn")


class TestResponse:
    def test_exactly_as_many_cards_as_led(self) -> None:
        state, _ = play(table(["A♠ K♠ Q♠ J♠", "6♦ 7♦ 8♦ 9♦"]), ("lead", 0, "K♠ Q♠"))
        error = refused(state, Action.discard(1, "6♦"), "wrong_count")
        assert "exactly 2" in str(error)
        refused(state, Action.discard(1, "6♦ 7♦ 8♦"), "wrong_count")
        assert all(len(a.cards) == 2 for a in legal_actions(state, 1))

    def test_a_beat_must_beat_and_says_what_it_failed_to_beat(self) -> None:
        state, _ = play(table(["10♥ K♠ Q♠ J♠", "6♦ 7♦ 8♦ A♠"], trump="♣"), ("lead", 0, "10♥"))
        error = refused(state, Action.beat(1, "A♠"), "does_not_beat")
        assert "10♥" in str(error)

    def test_greedy_trap_beat_is_legal(self) -> None:
        state, _ = play(table(["A♠ 6♠ Q♦ J♦", "7♠ 6♥ 8♦ 9♣"], trump="♥"), ("lead", 0, "A♠ 6♠"))
        assert Action.beat(1, "7♠ 6♥") in legal_actions(state, 1)
        state, events = play(state, ("beat", 1, "7♠ 6♥"))
        taken = of_type(events, TrickTaken)
        assert taken and taken[0].seat == 1

    def test_discard_that_could_have_beaten_does_not_win(self) -> None:
        state, _ = play(table(["K♠ 6♣ 7♣ 8♣", "A♠ 6♦ 7♦ 8♦"], trump="♥"), ("lead", 0, "K♠"))
        assert Action.beat(1, "A♠") in legal_actions(state, 1)
        state, events = play(state, ("discard", 1, "A♠"))
        taken = of_type(events, TrickTaken)[0]
        assert taken.seat == 0
        assert taken.points == 15
        assert state.deal is not None and state.deal.turn == 0

    def test_leader_takes_when_nobody_beats(self) -> None:
        state = table(["K♠ 6♣ 7♣ 8♣", "6♦ 7♦ 8♦ 9♦", "6♥ 7♥ 8♥ 9♥"], trump="♣")
        state, events = play(state, ("lead", 0, "K♠"), ("discard", 1, "6♦"), ("discard", 2, "6♥"))
        assert of_type(events, TrickTaken)[0].seat == 0

    def test_last_beater_with_three_players(self) -> None:
        state = table(["7♠ 6♣ 7♣ 8♣", "9♠ 7♦ 8♦ 9♦", "8♠ 10♠ 8♥ 9♥"], trump="♣")
        state, _ = play(state, ("lead", 0, "7♠"), ("beat", 1, "9♠"))
        # 8♠ beats the leader's 7♠ but not the owner's 9♠.
        error = refused(state, Action.beat(2, "8♠"), "does_not_beat")
        assert "9♠" in str(error)
        state, events = play(state, ("beat", 2, "10♠"))
        assert of_type(events, TrickTaken)[0].seat == 2

    def test_last_beater_with_four_players(self) -> None:
        state = table(["7♠ 6♣ 7♣ 8♣", "9♠ 7♦ 8♦ 9♦", "8♠ 10♠ 8♥ 9♥", "J♠ 6♥ 7♥ 6♦"], trump="♣")
        state, _ = play(state, ("lead", 0, "7♠"), ("beat", 1, "9♠"), ("discard", 2, "10♠"))
        assert state.deal is not None and state.deal.trick is not None
        assert state.deal.trick.owner == 1
        state, events = play(state, ("beat", 3, "J♠"))
        taken = of_type(events, TrickTaken)[0]
        assert taken.seat == 3 and taken.points == 2 + 10
        assert state.deal is not None and state.deal.turn == 3

    def test_a_trump_owner_must_be_beaten_by_a_higher_trump(self) -> None:
        state = table(["7♠ 6♦ 7♦ 8♦", "6♣ 7♥ 8♥ 9♥", "A♠ 7♣ 8♠ 9♠"], trump="♣")
        state, _ = play(state, ("lead", 0, "7♠"), ("beat", 1, "6♣"))
        refused(state, Action.beat(2, "A♠"), "does_not_beat")
        assert Action.beat(2, "7♣") in legal_actions(state, 2)

    def test_beating_a_partner_is_allowed_in_kozel(self) -> None:
        state = table(
            ["7♠ 6♣ 7♣ 8♣", "6♦ 7♦ 8♦ 9♦", "9♠ 10♠ 8♥ 9♥", "6♥ 7♥ J♦ Q♦"],
            preset="kozel",
            trump="♣",
        )
        state, events = play(
            state, ("lead", 0, "7♠"), ("discard", 1, "6♦"), ("beat", 2, "9♠"), ("discard", 3, "6♥")
        )
        assert of_type(events, TrickTaken)[0].seat == 2


class TestDraw:
    def test_draw_one_at_a_time_clockwise_from_the_taker(self) -> None:
        state = table(
            ["7♠ 6♣ 7♣ 8♣", "9♠ 7♦ 8♦ 9♦", "8♠ 10♠ 8♥ 9♥"],
            trump="♣",
            stock="A♦ K♦ Q♦ J♦ 10♦ 6♦ 9♣",
        )
        # Seat 1 takes a two-card trick: it draws first, then 2, then 0, twice round.
        state, events = play(
            state,
            ("lead", 0, "6♣ 7♣"),
            ("discard", 1, "7♦ 8♦"),
            ("discard", 2, "8♥ 9♥"),
        )
        drawn = of_type(events, CardsDrawn)[0]
        assert [seat for seat, _ in drawn.draws] == [0, 1, 2]  # the leader took it
        got = dict(drawn.draws)
        assert got[0] == parse_cards("A♦ J♦")
        assert got[1] == parse_cards("K♦ 10♦")
        assert got[2] == parse_cards("Q♦ 6♦")
        assert drawn.stock_left == 1
        assert state.deal is not None and state.deal.stock == parse_cards("9♣")

    def test_draw_order_starts_with_a_beater_who_took(self) -> None:
        state = table(["7♠ 6♣ 7♣ 8♣", "9♠ 7♦ 8♦ 9♦"], trump="♣", stock="A♦ K♦ Q♦")
        state, events = play(state, ("lead", 0, "7♠"), ("beat", 1, "9♠"))
        drawn = of_type(events, CardsDrawn)[0]
        assert drawn.draws == ((1, parse_cards("A♦")), (0, parse_cards("K♦")))
        assert state.deal is not None and state.deal.turn == 1

    def test_stock_runs_out_evenly_and_hands_shrink(self) -> None:
        state = table(["7♠ 6♣ 7♣ 8♣", "9♠ 7♦ 8♦ 9♦"], trump="♣", stock="A♦ K♦")
        state, _ = play(state, ("lead", 0, "6♣ 7♣"), ("discard", 1, "7♦ 8♦"))
        assert state.deal is not None
        assert [len(h) for h in state.deal.hands] == [3, 3]
        assert state.deal.stock == ()


class TestClosedDiscard:
    def setup_state(self) -> tuple[MatchState, list[Event]]:
        state = table(
            ["K♠ 6♣ 7♣ 8♣", "A♦ 7♦ 8♦ 9♦", "6♥ 7♥ 8♥ 9♥"],
            trump="♣",
            options={"closed_discard": "on"},
        )
        return play(state, ("lead", 0, "K♠"), ("discard", 1, "A♦"))

    def test_face_down_cards_hidden_from_others_in_views(self) -> None:
        state, events = self.setup_state()
        mine = view_for(state, 1).trick[1]
        theirs = view_for(state, 0).trick[1]
        group = view_for(state, None).trick[1]
        assert mine.cards == parse_cards("A♦") and mine.face_down
        assert theirs.cards == (None,) and group.cards == (None,)
        played = of_type(events, CardsPlayed)[0]
        hidden = event_for(played, 0, state.rules)
        shown = event_for(played, 1, state.rules)
        assert isinstance(hidden, CardsPlayed) and hidden.cards == ()
        assert isinstance(shown, CardsPlayed) and shown.cards == parse_cards("A♦")

    def test_trick_result_hides_face_down_cards_and_their_points(self) -> None:
        state, _ = self.setup_state()
        state, events = play(state, ("discard", 2, "6♥"))
        taken = of_type(events, TrickTaken)[0]
        assert taken.points == 4 + 11
        public = event_for(taken, None, state.rules)
        assert isinstance(public, TrickTaken)
        assert parse_cards("A♦")[0] not in public.cards and public.points == 4
        assert parse_cards("A♦")[0] not in view_for(state, 0).seen
        assert parse_cards("A♦")[0] in view_for(state, 1).seen
        assert view_for(state, 0).pile_points == (None, None, None)

    def test_open_discards_are_visible(self) -> None:
        state = table(["K♠ 6♣ 7♣ 8♣", "A♦ 7♦ 8♦ 9♦"], trump="♣")
        state, _ = play(state, ("lead", 0, "K♠"))
        state, _ = play(state, ("discard", 1, "A♦"))
        view = view_for(state, None)
        assert parse_cards("A♦")[0] in view.seen
        assert view.pile_points == (15, 0)

    def test_hands_of_others_are_hidden(self) -> None:
        state = table(["K♠ 6♣ 7♣ 8♣", "A♦ 7♦ 8♦ 9♦"], trump="♣", stock="6♦ 6♠")
        view = view_for(state, 0)
        assert set(view.hand) == set(parse_cards("K♠ 6♣ 7♣ 8♣"))
        assert view.hand_sizes == (4, 4) and view.stock_left == 2
        assert not hasattr(view, "hands") and not hasattr(view, "stock")
        assert view_for(state, None).hand == ()
