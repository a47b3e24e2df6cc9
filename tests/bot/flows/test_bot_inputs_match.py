"""Bad taps on a match's buttons, through the fake Bot API and the real bot.

They belong together because once a match runs (and after it is stopped or over)
the buttons on the hand messages are all the bot has to go on: a forged, foreign,
out-of-turn, stale or doubled tap must be told from a good one by its data and
the table's stored version alone, and a good one applied exactly once. A refused
tap must be answered with an alert (`show_alert`), a stale one (a button of an
older state, a double tap) with a toast; "changes nothing" is checked in the
database itself (`bot_steps.snapshot`: the table's version, status, rules, engine
state, seats and action log), and at the end of every test no callback is left
unanswered and no text was refused as bad HTML.
"""

from __future__ import annotations

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    RU,
    WAIT,
    assert_clean,
    hand_message,
    open_private_chats,
    open_table,
    people,
    picking,
    plain,
    play_buttons,
    say,
    select_buttons,
    snapshot,
    start_match,
    table_count,
    tap,
    text_of,
)

from bot.view import callbacks
from bot.view.i18n import t
from engine.actions import Kind
from engine.cards import DECK
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

pytestmark = pytest.mark.usefixtures("fixed_deals")


# -- taps during a match ------------------------------------------------------------------------


async def two_player_match(
    fake: FakeTelegram, runner: BotRunner, command: str = "/new limit=2", count: int = 2
) -> tuple[int, list[FakeUser], FakeChat]:
    users = people(fake, count)
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, command, users)
    await start_match(fake, group, users[0], lobby)
    return table_id, users, group


def turn_user(runner: BotRunner, table_id: int, users: list[FakeUser]) -> tuple[int, FakeUser]:
    snap = snapshot(runner.db_path, table_id)
    state = snap.match
    assert state.deal is not None
    seat = state.deal.turn
    user_id = dict(snap.seats)[seat]
    return seat, next(u for u in users if u.id == user_id)


async def test_bad_taps_during_a_match_change_nothing(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    table_id, users, group = await two_player_match(fake, runner, "/new limit=2", 3)
    stranger = fake.user(900, "Чужой")
    await open_private_chats(fake, [stranger])
    seat, mover = turn_user(runner, table_id, users)
    waiter = next(u for u in users if u is not mover)
    message = hand_message(fake, mover)
    assert message is not None
    before = snapshot(runner.db_path, table_id)
    state = before.match
    assert state.deal is not None
    hand = state.deal.hands[seat]
    foreign = next(c for c in DECK if c not in hand)
    version = before.version
    other_seat = next(s for s, u in before.seats if u == waiter.id)
    waiter_card = state.deal.hands[other_seat][0]

    refusals = [
        # (who, data, expected alert text or None for "any alert")
        (mover, "garbage", t(RU, "tap.unknown")),
        (mover, "s:1:2", t(RU, "tap.unknown")),
        (mover, "p:zz:1:q:0", t(RU, "tap.unknown")),
        (mover, "l:1:2:j:" + "x" * 70, t(RU, "tap.unknown")),
        (mover, callbacks.select(table_id + 1000, version, [hand[0]]), t(RU, "table.over")),
        (
            mover,
            callbacks.play(table_id + 1000, version, Kind.LEAD, [hand[0]]),
            t(RU, "table.over"),
        ),
        (mover, callbacks.select(table_id, version, [foreign]), t(RU, "tap.stale")),
        (mover, callbacks.select(table_id, version + 5, [hand[0]]), t(RU, "tap.stale")),
        (mover, callbacks.play(table_id, version - 1, Kind.LEAD, [hand[0]]), t(RU, "tap.stale")),
        (
            mover,
            callbacks.play(table_id, version, Kind.LEAD, [foreign]),
            t(RU, "illegal.not_in_hand", cards=str(foreign)),
        ),
        (mover, callbacks.play(table_id, version, Kind.BEAT, [hand[0]]), None),
        (mover, callbacks.play(table_id, version, Kind.DECLARE, [hand[0]]), None),
        (mover, callbacks.play(table_id, version, Kind.CLAIM, []), None),
        (mover, callbacks.play(table_id, version, Kind.LEAD, []), None),
        # Someone else's buttons: a stranger, and another player of the table.
        (stranger, callbacks.select(table_id, version, [hand[0]]), t(RU, "tap.not_yours")),
        (stranger, callbacks.play(table_id, version, Kind.LEAD, [hand[0]]), t(RU, "tap.not_yours")),
        (
            waiter,
            callbacks.play(table_id, version, Kind.LEAD, [hand[0]]),
            None,
        ),
        # Out of turn, with one's own card and the current version.
        (
            waiter,
            callbacks.play(table_id, version, Kind.LEAD, [waiter_card]),
            t(RU, "illegal.not_your_turn", player=mover.first_name),
        ),
        # Lobby buttons of a running table.
        (mover, callbacks.lobby(table_id, version, "s"), t(RU, "table.gone")),
        # Taking back a seat: a stranger has none, another table does not exist.
        (stranger, callbacks.takeback(table_id), t(RU, "tap.not_yours")),
        (mover, callbacks.takeback(table_id + 1000), t(RU, "table.over")),
    ]
    for user, data, expected in refusals:
        answer = await tap(fake, user, message, data, force=True, settle=False)
        stale = answer.text == plain(t(RU, "tap.stale"))
        assert answer.show_alert is not stale, (data, answer)
        assert answer.text, (data, answer)
        if expected is not None:
            assert answer.text == plain(expected), (data, answer)
        assert snapshot(runner.db_path, table_id) == before, data

    # The lobby's own buttons in the group while the game is on.
    record = await runner.db.get_table(table_id)
    assert record is not None and record.lobby_message_id is not None
    lobby = fake.find_message(group.id, record.lobby_message_id)
    assert lobby is not None and not lobby.buttons  # Start took them off
    for user, op, key in (
        (stranger, "j", "join.started"),
        (waiter, "s", "start.already"),
    ):
        answer = await tap(
            fake, user, lobby, callbacks.lobby(table_id, 1, op), force=True, settle=False
        )
        assert answer.show_alert and answer.text == plain(t(RU, key)), (op, answer)
        assert snapshot(runner.db_path, table_id) == before
    # Taking back a seat one never left: answered, nothing changes.
    answer = await tap(fake, mover, message, callbacks.takeback(table_id), force=True)
    assert answer.text
    assert snapshot(runner.db_path, table_id) == before
    # Leave during the game: answered (with a question, not a refusal), nothing changes.
    answer = await tap(fake, waiter, lobby, callbacks.lobby(table_id, 1, "x"), force=True)
    assert answer.text
    assert snapshot(runner.db_path, table_id) == before
    assert_clean(fake)


async def select_then_button(
    fake: FakeTelegram, user: FakeUser, kind: Kind
) -> tuple[StoredMessage, str]:
    """Select the first card that allows `kind` and return (message, that action's data)."""

    def current() -> StoredMessage:
        found = hand_message(fake, user)
        assert found is not None
        return found

    message = await picking(fake, user, current)
    for data, payload in select_buttons(message):
        if len(payload.cards) != 1:
            continue
        await tap(fake, user, message, data)
        message = current()
        found = [d for d, p in play_buttons(message) if p.kind is kind and p.cards]
        if found:
            return message, found[0]
        await tap(fake, user, message, data)  # deselect
    raise AssertionError(f"no {kind} possible with one card")


async def test_stale_and_double_taps_are_applied_once(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    table_id, users, _group = await two_player_match(fake, runner, "/new limit=2", 2)
    _seat, mover = turn_user(runner, table_id, users)
    first_message = hand_message(fake, mover)
    assert first_message is not None
    old_select = select_buttons(first_message)[0][0]
    before = snapshot(runner.db_path, table_id)

    # A double tap on the Lead button: queued twice before the bot sees either.
    message, lead = await select_then_button(fake, mover, Kind.LEAD)
    one = await mover.tap(message, lead)
    two = await mover.tap(message, lead, force=True)
    first, second = await one.answer_received(WAIT), await two.answer_received(WAIT)
    await fake.wait_idle(timeout=WAIT)
    assert not first.show_alert, first
    assert not second.show_alert and second.text == plain(t(RU, "tap.stale")), second
    moved = snapshot(runner.db_path, table_id)
    assert moved.actions == before.actions + 1
    assert moved.version == before.version + 1

    # Telegram delivers the same update again (as after a lost offset): no effect.
    fake.duplicate_last_update()
    await fake.wait_idle(timeout=WAIT)
    fake.duplicate_last_update(same_id=False)
    await fake.wait_idle(timeout=WAIT)
    assert snapshot(runner.db_path, table_id) == moved

    # A button from the message drawn before the move is stale.
    for data in (old_select, lead):
        answer = await tap(fake, mover, first_message, data, force=True, settle=False)
        assert not answer.show_alert and answer.text == plain(t(RU, "tap.stale")), answer
        assert snapshot(runner.db_path, table_id) == moved

    # The other player answers; then the first player's button from two moves ago is stale too.
    _seat, answerer = turn_user(runner, table_id, users)
    assert answerer is not mover
    theirs = hand_message(fake, answerer)
    assert theirs is not None
    # Someone else's buttons, forged by the player who is not to move: refused.
    for data in theirs.callback_data:
        answer = await tap(fake, mover, theirs, data, force=True, settle=False)
        stale = answer.text == plain(t(RU, "tap.stale"))
        assert answer.text and answer.show_alert is not stale, (data, answer)
        assert snapshot(runner.db_path, table_id) == moved, data
    message, discard = await select_then_button(fake, answerer, Kind.DISCARD)
    answer = await tap(fake, answerer, message, discard)
    assert not answer.show_alert
    assert snapshot(runner.db_path, table_id).actions == moved.actions + 1
    assert_clean(fake)


async def test_taps_on_a_closed_table(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    table_id, users, group = await two_player_match(fake, runner, "/new limit=2", 2)
    _seat, mover = turn_user(runner, table_id, users)
    message = hand_message(fake, mover)
    assert message is not None
    buttons = message.callback_data
    replies = await say(fake, users[0], group, "/stop")
    assert f"#{table_id}" in text_of(replies)
    closed = snapshot(runner.db_path, table_id)
    assert closed.status == "closed"
    # The stop took the buttons off the hand messages.
    stripped = fake.find_message(message.chat_id, message.message_id)
    assert stripped is not None and not stripped.callback_data
    for data in buttons:
        answer = await tap(fake, mover, message, data, force=True, settle=False)
        assert answer.show_alert and answer.text == plain(t(RU, "table.over")), answer
    record = await runner.db.get_table(table_id)
    assert record is not None and record.lobby_message_id is not None
    lobby = fake.find_message(group.id, record.lobby_message_id)
    assert lobby is not None
    for op in ("j", "x", "s", "o"):
        answer = await tap(
            fake, users[1], lobby, callbacks.lobby(table_id, 1, op), force=True, settle=False
        )
        assert answer.show_alert and answer.text == plain(t(RU, "table.gone")), (op, answer)
    assert snapshot(runner.db_path, table_id) == closed
    for command in ("/join", "/start", "/stop"):
        replies = await say(fake, users[1], group, command)
        assert text_of(replies) in (plain(t(RU, "no_table")), plain(t(RU, "stop.none")))
    assert snapshot(runner.db_path, table_id) == closed
    assert_clean(fake)


async def test_taps_on_a_finished_table(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    table_id, users, group = await two_player_match(fake, runner, "/new bura limit=2", 2)
    seat, mover = turn_user(runner, table_id, users)
    other = next(u for u in users if u is not mover)
    message = hand_message(fake, mover)
    assert message is not None
    # The claim's button as its confirmation shows it.
    claim = callbacks.play(table_id, snapshot(runner.db_path, table_id).version, Kind.CLAIM, ())
    state = snapshot(runner.db_path, table_id).match
    assert state.deal is not None and not state.deal.piles[seat]
    # "I have 31!" with no points: a false claim costs more than the limit; the match ends.
    answer = await tap(fake, mover, message, claim, force=True)
    assert not answer.show_alert
    final = snapshot(runner.db_path, table_id)
    assert final.status == "finished" and final.match.over
    assert any(plain(t(RU, "final.again")) in m.text for m in fake.messages(group))
    others = hand_message(fake, other)
    for user, old in ((mover, message), (other, others)):
        if old is None:
            continue
        for data in old.callback_data:
            if data.startswith("v:"):
                continue  # the record's 🔍 asks the coach: a finished deal is reviewed
            answer = await tap(fake, user, old, data, force=True, settle=False)
            assert answer.show_alert and answer.text == plain(t(RU, "table.over")), answer
    assert snapshot(runner.db_path, table_id) == final
    # A new table may be opened in the same group.
    replies = await say(fake, users[0], group, "/new")
    assert any("#" in m.text for m in replies)
    assert table_count(runner.db_path) == 2
    assert_clean(fake)


async def test_alerts_show_names_as_typed(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    users = [fake.user(700 + i, f"Tom & <Jerry{i}>") for i in range(2)]
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=2", users)
    await start_match(fake, group, users[0], lobby)
    seat, mover = turn_user(runner, table_id, users)
    waiter = next(u for u in users if u is not mover)
    before = snapshot(runner.db_path, table_id)
    state = before.match
    assert state.deal is not None
    card = state.deal.hands[1 - seat][0]
    message = hand_message(fake, mover)
    assert message is not None
    data = callbacks.play(table_id, before.version, Kind.LEAD, [card])
    answer = await tap(fake, waiter, message, data, force=True, settle=False)
    assert answer.show_alert
    assert snapshot(runner.db_path, table_id) == before
    assert_clean(fake)
    # Callback answers are plain text: the name as typed, not HTML-escaped.
    assert answer.text == f"Сейчас ходит {mover.first_name}.", answer.text
