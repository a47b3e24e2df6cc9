"""What a move tells, planned without Telegram (bot/tables/telling.py): who
rings, what the group gets, and how a practice game's one chat differs from
a group's table. The states are the real engine's, played with random legal
moves from a fixed seed."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from render_support import info_for

from bot.storage import FINISHED, PLAYING, Seat, TableRecord
from bot.tables.audience import GROUP_TABLE, ONE_CHAT, Audience
from bot.tables.kinds import audience_of
from bot.tables.outbox import GROUP, HANDS, Priority, hand_lane
from bot.tables.telling import (
    CloseHand,
    CloseLive,
    EndMatch,
    MoveNews,
    PostLive,
    PutHand,
    Reading,
    RedrawLive,
    Say,
    Telling,
    hand_update,
    plan_hand,
    plan_move,
    speaking,
)
from bot.view.forced import forced_action
from engine import MatchState, RuleSet, apply, legal_actions, new_match, view_for
from engine.actions import Kind

NAMES = ("Ann", "Bob", "Cid")
LIVE = 500  # the group's live message
HAND = {0: 600, 1: 700, 2: 800}  # each person's hand message


def table_at(
    state: MatchState, practice: bool = False, settings: dict[str, object] | None = None
) -> TableRecord:
    seats = [
        Seat(number, 10 + number, name, hand_message_id=HAND[number], hand_digest="b-old")
        for number, name in enumerate(NAMES)
    ]
    return TableRecord(
        7,
        10 if practice else -100,
        "g",
        PLAYING,
        10,
        state.rules.preset.value,
        {},
        5,
        state,
        state.step,
        None,
        None if practice else LIVE,
        None,
        0.0,
        0.0,
        seats,
        practice=practice,
        settings=dict(settings or {}),
    )


def reading(state: MatchState, unreachable: frozenset[int] = frozenset()) -> Reading:
    return Reading(info_for(state, NAMES), "en", {0: "en", 1: "ru", 2: "be"}, unreachable)


def play(
    state: MatchState, rng: random.Random, until: Callable[[MoveNews, MatchState], bool]
) -> tuple[MoveNews, MatchState]:
    """Random legal moves until a move for which `until` holds."""
    for _ in range(2000):
        assert state.deal is not None and not state.over
        action = rng.choice(legal_actions(state, state.deal.turn))
        after, events = apply(state, action)
        move = MoveNews(7, state, tuple(events))
        if until(move, after):
            return move, after
        state = after
    raise AssertionError("no such move")


def start(preset: str = "burkozel", limit: int = 12) -> MatchState:
    return new_match(RuleSet.create(preset, {"limit": limit}), NAMES, 3)


def mid_deal(move: MoveNews, after: MatchState) -> bool:
    """A move within a deal that passes the turn on."""
    before, now = move.previous.deal, after.deal
    return not move.deal_over and before is not None and now is not None and now.turn != before.turn


def group_only(telling: Telling) -> list[type]:
    return [type(op) for op in telling.group]


def test_the_turn_rings_once_for_whom_it_comes_to() -> None:
    move, after = play(start(), random.Random(1), mid_deal)
    assert after.deal is not None and move.previous.deal is not None
    table = table_at(after)
    mover, next_up = move.previous.deal.turn, after.deal.turn
    telling = plan_move(move, table, GROUP_TABLE, reading(after), False, {0, 1, 2})
    hands = {told.seat: told.hand for told in telling.seats}
    comes = hands[next_up]
    assert isinstance(comes, PutHand)
    assert comes.fresh and comes.priority is Priority.NOW
    assert comes.old == HAND[next_up]  # the old hand goes: one hand per chat
    view = view_for(after, next_up)
    assert comes.ring is (forced_action(view.legal, view.hand) is None)
    gone = hands[mover]
    assert gone is None or (isinstance(gone, PutHand) and not gone.fresh and not gone.ring)
    # The group: the live message edited, nothing new posted.
    assert group_only(telling)[-1] is RedrawLive
    assert telling.closing is None


def test_a_hand_whose_view_did_not_change_is_left_alone() -> None:
    """Only the table around the hand moved on: the live message shows it."""
    rng = random.Random(5)
    state = start()
    for _ in range(200):
        if state.over:
            state = start()
        move, after = play(state, rng, lambda m, a: mid_deal(m, a) or a.over)
        if after.over:
            state = after
            continue
        assert after.deal is not None and move.previous.deal is not None
        bystanders = set(range(len(NAMES))) - {move.previous.deal.turn, after.deal.turn}
        for seat in bystanders:
            before, now = view_for(move.previous, seat), view_for(after, seat)
            if before.hand == now.hand and before.legal == now.legal:
                table = table_at(after)
                shown = next(s for s in table.seats if s.seat == seat)
                assert hand_update(reading(after).info, "en", after, shown, move.previous) is None
                return
        state = after
    raise AssertionError("no bystander's view stayed the same")


def test_an_edit_that_changes_nothing_is_not_planned() -> None:
    state = start()
    assert state.deal is not None
    table = table_at(state)
    seat = next(s for s in table.seats if s.seat != state.deal.turn)
    drawn = hand_update(reading(state).info, "en", state, seat, None, refresh=True)
    assert drawn is not None and not drawn.fresh and drawn.priority is Priority.LATER
    seat.hand_digest = drawn.screen.digest()
    assert hand_update(reading(state).info, "en", state, seat, None, refresh=True) is None


def test_a_deal_ends_the_live_message_closes_and_a_new_one_is_posted() -> None:
    move, after = play(start(), random.Random(2), lambda m, a: m.deal_over and not a.over)
    table = table_at(after)
    telling = plan_move(move, table, GROUP_TABLE, reading(after), False)
    assert isinstance(telling.closing, CloseLive) and telling.closing.message_id == LIVE
    kinds = group_only(telling)
    assert kinds[0] is Say and kinds[-1] is PostLive  # the summary, then the next deal
    assert telling.seats == ()  # the hands' own lanes tell them


def test_a_deal_without_a_live_message_is_told_in_its_summary() -> None:
    move, after = play(start(), random.Random(2), lambda m, a: m.deal_over and not a.over)
    table = table_at(after)
    table.live_message_id = None
    telling = plan_move(move, table, GROUP_TABLE, reading(after), False)
    assert telling.closing is None
    said = telling.group[0]
    assert isinstance(said, Say) and "✅ 1." in said.screen.text


def test_a_hand_becomes_the_deals_record_and_the_next_one_is_new() -> None:
    move, after = play(start(), random.Random(2), lambda m, a: m.deal_over and not a.over)
    table = table_at(after)
    seat = table.seats[1]
    telling = plan_hand(move, table, seat, GROUP_TABLE, reading(after), superseded=False)
    (told,) = telling.seats
    assert told.record is not None and told.record.message_id == HAND[1]
    # Edited before the new hand is sent, ahead of what only informs: the new
    # hand waits behind it.
    assert told.record.priority is Priority.NOW
    # The group's summary is repeated in the record (in Russian, the seat's).
    assert isinstance(told.hand, PutHand) and told.hand.old is None
    assert seat.hand_message_id == HAND[1]  # the plan changed nothing


def test_a_superseded_move_tells_only_its_own_news() -> None:
    move, after = play(start(), random.Random(2), lambda m, a: m.deal_over and not a.over)
    table = table_at(after)
    telling = plan_move(move, table, GROUP_TABLE, reading(after), True, {0, 1, 2})
    assert RedrawLive not in group_only(telling) and PostLive not in group_only(telling)
    assert telling.closing is not None  # the deal's closing is this move's own
    assert all(told.hand is None and told.record is not None for told in telling.seats)
    hand = plan_hand(move, table, table.seats[0], GROUP_TABLE, reading(after), True)
    assert hand.seats[0].hand is None and hand.seats[0].record is not None


def test_the_match_end_offers_a_rematch_and_closes_the_hands() -> None:
    move, after = play(start(limit=4), random.Random(4), lambda m, a: a.over)
    table = table_at(after)
    telling = plan_move(move, table, GROUP_TABLE, reading(after), False, {0, 1, 2})
    assert telling.over
    said, end = telling.group
    assert isinstance(said, Say) and said.silent  # the end message rings instead
    assert isinstance(end, EndMatch) and end.screen.buttons
    assert end.deals == move.deals > 0
    # Each hand becomes the deal's record (which has no buttons to close).
    assert all(told.record is not None and told.hand is None for told in telling.seats)


def test_a_move_told_after_the_match_ended_closes_the_hands() -> None:
    move, _ = play(start(limit=4), random.Random(4), mid_deal)
    _, final = play(start(limit=4), random.Random(4), lambda m, a: a.over)
    table = table_at(final)
    table.seats[1].hand_digest = "x-no-buttons"
    telling = plan_move(move, table, GROUP_TABLE, reading(final), False, {0, 1, 2})
    hands = {told.seat: told.hand for told in telling.seats}
    assert hands == {0: CloseHand(HAND[0]), 1: None, 2: CloseHand(HAND[2])}
    assert group_only(telling) == [] or RedrawLive not in group_only(telling)


def test_a_stopped_table_closes_the_hand_from_its_lane() -> None:
    move, after = play(start(), random.Random(1), mid_deal)
    table = table_at(after)
    table.status = FINISHED
    telling = plan_hand(move, table, table.seats[0], GROUP_TABLE, reading(after), False)
    assert telling.seats[0].hand == CloseHand(HAND[0])


def test_a_tournament_table_offers_no_rematch() -> None:
    move, after = play(start(limit=4), random.Random(4), lambda m, a: a.over)
    table = table_at(after, settings={"tournament": [1, 1, 0]})
    audience = audience_of(table)
    assert not audience.rematch and audience.live
    end = plan_move(move, table, audience, reading(after), False).group[-1]
    assert isinstance(end, EndMatch) and not end.screen.buttons


def test_practice_is_one_chat_told_in_order() -> None:
    move, after = play(start(), random.Random(2), lambda m, a: m.deal_over and not a.over)
    table = table_at(after, practice=True)
    audience = audience_of(table)
    assert audience == ONE_CHAT and not audience.live
    assert audience.hand_lane(1) == GROUP and audience.hands_lane == GROUP
    telling = plan_move(move, table, audience, reading(after), False, {0, 1, 2})
    # No live message: the hand shows the table; the news goes to the chat.
    assert telling.closing is None and group_only(telling) == [Say]
    ann, bob, _ = telling.seats
    assert ann.record is not None and ann.record.priority is Priority.RECORD
    assert isinstance(ann.hand, PutHand) and isinstance(bob.hand, PutHand)
    # The chat reads the summary as the group's: the record does not repeat
    # it, where a group's hand does.
    said = telling.group[0]
    assert isinstance(said, Say)
    summary = said.screen.text.splitlines()[-1]
    assert summary not in ann.record.screen.text
    in_group = plan_hand(move, table_at(after), table.seats[0], GROUP_TABLE, reading(after), False)
    record = in_group.seats[0].record
    assert record is not None and summary in record.screen.text


def test_a_group_tables_hands_have_lanes_of_their_own() -> None:
    audience = audience_of(table_at(start()))
    assert audience == GROUP_TABLE == Audience()
    assert audience.hand_lane(1) == hand_lane(1) and audience.hands_lane == HANDS


def test_a_blocked_persons_seat_gets_no_hand() -> None:
    move, after = play(start(), random.Random(1), mid_deal)
    table = table_at(after)
    table.seats[1].auto = True
    telling = plan_move(move, table, GROUP_TABLE, reading(after, frozenset({1})), False, {0, 1, 2})
    assert {told.seat: told.hand for told in telling.seats}[1] is None
    # And its language is not needed.
    assert [s.seat for s in speaking(move, table.seats, False, {1})] == [0, 2]


def test_an_absent_persons_turn_rings_nobody() -> None:
    move, after = play(start(), random.Random(1), mid_deal)
    assert after.deal is not None
    table = table_at(after)
    away = next(s for s in table.seats if s.seat == after.deal.turn)
    away.auto = True
    drawn = hand_update(reading(after).info, "en", after, away, move.previous)
    assert drawn is None or (not drawn.fresh and not drawn.ring)


def test_a_combination_possible_off_turn_rings_once() -> None:
    """Off turn, a seat that can now declare gets a fresh hand; one that
    could already declare before the move does not get another."""
    rng = random.Random(11)
    state = start()
    seen = 0
    for _ in range(3000):
        if state.over:
            state = start()
        assert state.deal is not None
        action = rng.choice(legal_actions(state, state.deal.turn))
        after, events = apply(state, action)
        if after.deal is not None and not news_deal_over(events):
            for seat in range(len(NAMES)):
                now = view_for(after, seat)
                if now.turn == seat or not any(a.kind is Kind.DECLARE for a in now.legal):
                    continue
                table = table_at(after)
                shown = table.seats[seat]
                drawn = hand_update(reading(after).info, "en", after, shown, state)
                could = any(a.kind is Kind.DECLARE for a in view_for(state, seat).legal)
                same_deal = state.deal is not None and state.deal.number == after.deal.number
                if could and same_deal:
                    assert drawn is None or not drawn.fresh
                else:
                    assert drawn is not None and drawn.fresh and drawn.priority is Priority.NOW
                seen += 1
        state = after
        if seen >= 3:
            return
    pytest.skip("no combination became possible off turn with this seed")


def news_deal_over(events: object) -> bool:
    return MoveNews(7, start(), tuple(events)).deal_over  # type: ignore[arg-type]


def test_a_turn_that_plays_itself_comes_silently() -> None:
    """The last card of a deal is played for the person in a moment
    (bot/view/forced.py): their hand is sent fresh, without a ring."""
    rng = random.Random(8)
    state = start()
    for _ in range(3000):
        if state.over:
            state = start()
        assert state.deal is not None
        action = rng.choice(legal_actions(state, state.deal.turn))
        after, events = apply(state, action)
        move = MoveNews(7, state, tuple(events))
        if after.deal is not None and not move.deal_over and after.deal.turn != state.deal.turn:
            view = view_for(after, after.deal.turn)
            if forced_action(view.legal, view.hand) is not None:
                table = table_at(after)
                telling = plan_move(move, table, GROUP_TABLE, reading(after), False, {0, 1, 2})
                drawn = {told.seat: told.hand for told in telling.seats}[after.deal.turn]
                assert isinstance(drawn, PutHand) and drawn.fresh and not drawn.ring
                assert drawn.priority is Priority.NOW
                return
        state = after
    raise AssertionError("no forced move with this seed")
