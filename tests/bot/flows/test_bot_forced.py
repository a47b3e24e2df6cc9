"""A forced last card plays itself (issue 59): when a person's only possible
move plays the last cards of the hand, the bot plays it after a short pause,
told like any move. A tap in the pause wins and the timer does nothing; a
tap after it is stale; a restart in the pause re-arms it. Time is moved by
hand (`ManualScheduler`)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import WAIT, BotRunner, Player, _find_play_button
from bot_steps import people_in_private
from manual_clock import ManualScheduler

from bot.storage import TableRecord
from bot.tables.turns import forced
from bot.view.cards import card_text
from bot.view.i18n import plain, t
from engine import Action, legal_actions, replay
from engine.actions import Kind
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser

GROUP_ID = -1005959
PAUSE = 1.5


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> AsyncIterator[BotRunner]:
    async with BotRunner(
        fake_telegram,
        tmp_path / "bot.db",
        settings_extra={"turn_timeout": 60, "forced_delay": PAUSE},
        scheduler=clock,
    ) as bot:
        yield bot


async def seated(fake: FakeTelegram, runner: BotRunner) -> tuple[FakeChat, list[FakeUser], int]:
    group = fake.group(GROUP_ID, "Последняя карта", supergroup=True)
    users = await people_in_private(fake, 2, 950)
    await users[0].send(group, "/new limit=4")
    lobby = await fake.wait_for_message(group, "#", timeout=WAIT)
    await (await users[1].tap(lobby, lobby.buttons[0][0].value or "")).answer_received(timeout=WAIT)
    await runner.idle()
    await users[0].send(group, "/start")
    await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.status == "playing"
    return group, users, table.id


async def log(runner: BotRunner, table_id: int) -> list[tuple[int, int | None, Action]]:
    return await runner.db.action_log(table_id)


async def table_of(runner: BotRunner, table_id: int) -> TableRecord:
    table = await runner.db.get_table(table_id)
    assert table is not None
    return table


def rang(fake: FakeTelegram) -> dict[tuple[int, int], bool]:
    """The bot's new messages: (chat, message id) -> sent with a notification."""
    return {
        (int(r.result["chat"]["id"]), int(r.result["message_id"])): str(
            r.params.get("disable_notification")
        ).lower()
        not in ("true", "1")
        for r in fake.calls("sendMessage")
        if r.ok
    }


async def until_forced(
    fake: FakeTelegram, runner: BotRunner, table_id: int, players: dict[int, Player]
) -> tuple[TableRecord, Action]:
    """Tap moves (never a forced one) until a person's move is forced. The
    move that made it forced rang nobody's phone for it."""
    rng = random.Random(table_id)
    # What was sent before the first tap (the welcome, the first hands) is
    # no move's: a deal can start with a forced move (it did once the cards
    # came from the table's shuffle key, issue 66).
    before = rang(fake)
    for _ in range(300):
        table = await table_of(runner, table_id)
        assert table.status == "playing" and table.state is not None
        state = table.state
        assert state.deal is not None
        action = forced(state)
        if action is not None:
            chat = fake.private_chat(players[table.seats[action.seat].user_id].user)
            sent = [(chat.id, m.message_id) for m in fake.messages(chat) if m.from_bot]
            assert not any(rang(fake).get(m, False) for m in sent if m not in before)
            return table, action
        before = rang(fake)
        legal = [a for a in legal_actions(state, state.deal.turn) if a.kind is not Kind.DECLARE]
        moves = len(await log(runner, table_id))
        await players[table.seats[state.deal.turn].user_id].play(rng.choice(legal))
        await runner.idle()
        assert len(await log(runner, table_id)) == moves + 1
    raise AssertionError("no forced move came")


@pytest.mark.usefixtures("fixed_deals")
async def test_a_forced_last_card_plays_itself_once_and_a_tap_in_the_pause_wins(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner)
    players = {u.id: Player(fake, u, random.Random(3)) for u in users}

    # 1. Nobody taps: after the pause the bot plays it, as the person's move.
    table, action = await until_forced(fake, runner, table_id, players)
    person = players[table.seats[action.seat].user_id]
    assert len(action.cards) == len(table.state.deal.hands[action.seat])  # type: ignore[union-attr]
    hand = person.hand_message()
    assert hand is not None
    button = _find_play_button(hand, action)  # the forced button is on the hand
    assert plain(t("ru", "hand.forced_auto")) in hand.text  # and it says what comes
    moves = len(await log(runner, table_id))
    await clock.advance(PAUSE - 0.2)
    await runner.idle()
    assert len(await log(runner, table_id)) == moves  # not yet
    await clock.advance(0.2)
    await runner.idle()
    entries = await log(runner, table_id)
    assert entries[moves][1:] == (None, action)  # played for the person, by the timer
    # Told like any move: the group's live message shows the card.
    shown = card_text("ru", action.cards[0])
    assert any(shown in m.text for m in fake.messages(group))
    # A late tap on the old button (a phone that still shows it) is stale:
    # nothing is played twice.
    late = await person.user.tap(hand, button, force=True)
    answer = await late.answer_received(timeout=WAIT)
    assert answer.text == plain(t("ru", "tap.stale")) and not answer.show_alert
    await runner.idle()
    after = await log(runner, table_id)
    assert all(entry[2] != action for entry in after[moves + 1 :])

    # 2. A tap in the pause plays it; the timer then finds the table moved on.
    table, action = await until_forced(fake, runner, table_id, players)
    person = players[table.seats[action.seat].user_id]
    moves = len(await log(runner, table_id))
    await clock.advance(PAUSE / 3)
    await runner.idle()
    assert len(await log(runner, table_id)) == moves
    await person.play(action)
    await runner.idle()
    entries = await log(runner, table_id)
    assert entries[moves][1:] == (person.user.id, action)
    await clock.advance(PAUSE)
    await runner.idle()
    later = await log(runner, table_id)
    assert all(entry[2] != action for entry in later[moves + 1 :])

    final = await table_of(runner, table_id)
    assert final.state is not None and final.seed is not None
    assert (
        replay(
            final.state.rules, final.names, final.seed, [a for *_, a in later], final.state.shuffle
        )
        == final.state
    )
    assert not fake.unanswered_callbacks()


@pytest.mark.usefixtures("fixed_deals")
async def test_a_restart_in_the_pause_still_plays_the_forced_card(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    _group, users, table_id = await seated(fake, runner)
    players = {u.id: Player(fake, u, random.Random(5)) for u in users}
    _table, action = await until_forced(fake, runner, table_id, players)
    moves = len(await log(runner, table_id))
    await runner.stop()
    await runner.start()
    await runner.idle()
    assert len(await log(runner, table_id)) == moves
    await clock.advance(PAUSE)
    await runner.idle()
    entries = await log(runner, table_id)
    assert entries[moves][1:] == (None, action)
