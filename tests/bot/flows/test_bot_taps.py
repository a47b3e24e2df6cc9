"""Fewer taps, and a reason when a tap cannot become a move (issue 15)."""

from __future__ import annotations

from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    open_private_chats,
    open_table,
    people,
    snapshot,
    start_match,
    tap,
    tracked_hand,
)

from bot.view import callbacks
from bot.view.i18n import plain, t
from testing.fake_telegram import FakeTelegram


async def test_a_selection_that_cannot_become_a_move_says_why(
    fake_telegram: FakeTelegram, runner: BotRunner, fixed_deals: None
) -> None:
    """Two suits picked for a lead: a toast with the engine's reason, and the
    hand stays as it was (it used to show no action button, and no word)."""
    fake = fake_telegram
    users = people(fake, 2)
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=2", users)
    await start_match(fake, group, users[0], lobby)
    await runner.idle()
    snap = snapshot(runner.db_path, table_id)
    state = snap.match
    assert state.deal is not None and not state.deal.trick
    seat = state.deal.turn
    leader = next(u for u in users if u.id == dict(snap.seats)[seat])
    hand = state.deal.hands[seat]
    mixed = [hand[0], next(c for c in hand if c.suit != hand[0].suit)]
    message = tracked_hand(fake, runner.db_path, table_id, leader.id)
    before = (message.text, message.button_texts)

    data = callbacks.select(table_id, snap.version, mixed)
    answer = await tap(fake, leader, message, data, force=True)
    assert not answer.show_alert
    assert answer.text == plain(t("ru", "illegal.lead_one_suit"))
    after = tracked_hand(fake, runner.db_path, table_id, leader.id)
    assert (after.text, after.button_texts) == before
    assert snapshot(runner.db_path, table_id) == snap
