"""Crashing the bot at an exact point between storing a change and telling people
of it, then starting a new one on the same database.

They belong together because each leaves the database knowing what Telegram was
never shown: a committed move, a started match with no hands sent, a last move
with no result, a fresh hand message whose id the bot never noted. To crash at
such a point a test holds the table's message queue (`hold_messages`) before
the tap, or waits for that one message; the crash is `restart_steps.hard_crash`,
like SIGKILL, so the old process sends nothing more. The new bot must catch up
from the stored state: show the move everywhere, announce the result once, take
the stray message as the hand when it is tapped.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from bot_harness import BotRunner, card_of_label, has_toggles
from bot_steps import (
    GROUP_ID,
    WAIT,
    assert_clean,
    expect,
    hand_message,
    lobby_data,
    open_private_chats,
    open_table,
    people,
    play_buttons,
    play_out,
    press_action,
    select_buttons,
    select_cards,
    snapshot,
    tap,
    tracked_hand,
)
from restart_steps import (
    assert_final_result_shown,
    assert_log_replays,
    assert_screens_match_the_database,
    begin,
    buttons_left,
    hard_crash,
    restart,
    start_a_trick,
)

from bot.tables.outbox import GROUP, hand_lane
from bot.view import callbacks
from engine import apply, legal_actions
from engine.actions import Kind
from testing.fake_telegram import FakeTelegram

pytestmark = pytest.mark.usefixtures("fixed_deals")


async def hold_messages(bot: BotRunner, table_id: int) -> None:
    """Block the table's message jobs, the group's and every hand's: moves
    are committed but not announced.

    A task per lane holds it until `hard_crash` cancels them with the bot's
    own jobs.
    """
    # Busy on purpose until the crash: a tap settles on the fake's quiet alone.
    bot.fake.busy_probe = None
    forever = asyncio.Event()
    for lane in (GROUP, *(hand_lane(seat) for seat in range(4))):
        entered = asyncio.Event()

        async def hold(entered: asyncio.Event = entered) -> None:
            entered.set()
            await forever.wait()

        bot.service.tables.outbox.later(table_id, hold, lane=lane)
        await entered.wait()


async def test_crash_between_commit_and_messages(
    fake_telegram: FakeTelegram, runner: BotRunner, tmp_path: Path
) -> None:
    """The move is stored but nobody was told: the restart shows it everywhere."""
    fake = fake_telegram
    rng = random.Random(5)
    group, users, table_id = await begin(fake, runner, "/new bura limit=2", 2)
    await start_a_trick(fake, runner, table_id, users, rng)
    snap = snapshot(runner.db_path, table_id)
    state = snap.match
    assert state.deal is not None
    seat = state.deal.turn
    action = next(a for a in legal_actions(state, seat) if a.kind not in (Kind.DECLARE, Kind.CLAIM))
    user = next(u for u in users if u.id == dict(snap.seats)[seat])
    await select_cards(fake, runner.db_path, table_id, user, action)
    await hold_messages(runner, table_id)
    await press_action(fake, runner.db_path, table_id, user, action)
    assert snapshot(runner.db_path, table_id).actions == snap.actions + 1
    await hard_crash(runner)

    second = await restart(fake, tmp_path / "bot.db")
    try:
        await assert_screens_match_the_database(fake, second, group, table_id)
        await play_out(fake, second.db_path, table_id, users, rng, moves=3)
        await assert_log_replays(second, table_id)
        assert_clean(fake)
    finally:
        await second.stop()


async def test_crash_after_start_before_the_cards_were_sent(
    fake_telegram: FakeTelegram, runner: BotRunner, tmp_path: Path
) -> None:
    fake = fake_telegram
    users = people(fake, 2)
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new bura limit=2", users)
    await hold_messages(runner, table_id)
    answer = await tap(fake, users[0], lobby, lobby_data(lobby, "s"))
    assert not answer.show_alert
    assert snapshot(runner.db_path, table_id).status == "playing"
    assert all(hand_message(fake, u) is None for u in users)
    await hard_crash(runner)

    second = await restart(fake, tmp_path / "bot.db")
    try:
        await assert_screens_match_the_database(fake, second, group, table_id)
        await play_out(fake, second.db_path, table_id, users, random.Random(2), moves=3)
        await assert_log_replays(second, table_id)
        assert_clean(fake)
    finally:
        await second.stop()


async def test_crash_after_the_last_move_still_announces_the_result(
    fake_telegram: FakeTelegram, runner: BotRunner, tmp_path: Path
) -> None:
    fake = fake_telegram
    group, users, table_id = await begin(fake, runner, "/new bura limit=2", 2)
    snap = snapshot(runner.db_path, table_id)
    state = snap.match
    assert state.deal is not None and not state.deal.piles[state.deal.turn]
    mover = next(u for u in users if u.id == dict(snap.seats)[state.deal.turn])
    message = tracked_hand(fake, runner.db_path, table_id, mover.id)
    # The claim's button as its confirmation shows it.
    claim = callbacks.play(table_id, snap.version, Kind.CLAIM, ())
    await hold_messages(runner, table_id)
    # A false "I have 31!" with no points: the claimer is over the limit, the match ends.
    answer = await tap(fake, mover, message, claim, force=True)
    assert not answer.show_alert
    assert snapshot(runner.db_path, table_id).status == "finished"
    await hard_crash(runner)

    second = await restart(fake, tmp_path / "bot.db")
    try:
        assert_clean(fake)
        final = await second.db.get_table(table_id)
        assert final is not None
        await assert_final_result_shown(fake, second, group, final)
        await second.idle()
        assert not buttons_left(fake, users)
        # The catch-up tells the end once (one deal: no chart).
        said = fake.messages(group)
        assert not [m for m in said if m.photo is not None]
        assert "🏁" in said[-1].text and sum("🏁" in m.text for m in said) == 1
        # The results were written with the last move, once, and the catch-up
        # that told the end wrote none again.
        rows = await second.db.match_results(table_id)
        claimer = dict(snap.seats)[state.deal.turn]
        assert sorted(
            (r.result.user_id, r.result.place, r.result.claims_wrong) for r in rows
        ) == sorted((u.id, 2 if u.id == claimer else 1, 1 if u.id == claimer else 0) for u in users)
    finally:
        await second.stop()


async def test_crash_after_a_new_hand_message_the_stray_one_is_adopted_on_tap(
    fake_telegram: FakeTelegram, runner: BotRunner, tmp_path: Path
) -> None:
    fake = fake_telegram
    rng = random.Random(9)
    _group, users, table_id = await begin(fake, runner, "/new limit=2", 2)
    await play_out(fake, runner.db_path, table_id, users, rng, moves=1)
    snap = snapshot(runner.db_path, table_id)
    state = snap.match
    assert state.deal is not None
    seat = state.deal.turn
    user = next(u for u in users if u.id == dict(snap.seats)[seat])
    # A move that passes the turn on: only then is a hand sent anew (a player
    # who moves again has their hand edited in place).
    action, after = next(
        (a, after)
        for a in legal_actions(state, seat)
        if a.kind not in (Kind.DECLARE, Kind.CLAIM)
        for after, _ in [apply(state, a)]
        if after.deal is not None and after.deal.turn != seat
    )
    assert after.deal is not None and not after.over
    next_user = next(u for u in users if u.id == dict(snap.seats)[after.deal.turn])
    chat = fake.private_chat(next_user)
    known = {m.message_id for m in fake.messages(chat)}

    await select_cards(fake, runner.db_path, table_id, user, action)
    message = tracked_hand(fake, runner.db_path, table_id, user.id)
    data = next(
        d
        for d, p in play_buttons(message)
        if p.kind is action.kind and set(p.cards) == set(action.cards)
    )
    await user.tap(message, data)
    # The next player's fresh hand message (with buttons) is sent: crash at once,
    # before the bot notes its id.
    await fake.wait_for(
        lambda: any(m.callback_data for m in fake.messages(chat) if m.message_id not in known),
        timeout=WAIT,
    )
    await hard_crash(runner)

    second = await restart(fake, tmp_path / "bot.db")
    try:
        assert snapshot(second.db_path, table_id).actions == snap.actions + 1
        # The bot never learnt the stray message's id, so it cannot take its
        # buttons away; they carry the current version and must simply work.
        # A tap on the stray one makes it the hand: it shows the selection and
        # is then the only message with buttons.
        stray = min(
            (m for m in fake.messages(chat) if m.callback_data and m.message_id not in known),
            key=lambda m: m.message_id,
        )
        data, payload = select_buttons(stray)[0]
        answer = await tap(fake, next_user, stray, data)
        assert not answer.show_alert, answer
        await second.idle()
        shown = fake.find_message(chat.id, stray.message_id)
        assert shown is not None
        if payload.cards:  # a card picked: it shows as picked
            card = next(iter(payload.cards))
            assert any(
                t.startswith("✅") and card_of_label(t) == card for t in shown.button_texts
            ), shown
        else:  # "✋ Pick cards": the stray one now offers the cards to pick
            assert has_toggles(shown), shown
        with_buttons = [m.message_id for m in fake.messages(chat) if m.callback_data]
        expect(with_buttons == [stray.message_id], f"messages with buttons: {with_buttons}")
    finally:
        await second.stop()
