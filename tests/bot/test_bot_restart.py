"""Stopping and crashing the bot mid-match, then starting a new one on the same database.

After the restart the group's live message and every private hand must show
the stored state, buttons drawn before the restart must still work, the match
must play to its end and the action log must replay to the final state.

A crash is `BotRunner.crash()` after the service's queued message jobs were
cancelled (`hard_crash`): like SIGKILL, nothing the old process had not yet
sent to Telegram is ever sent by it. To crash at an exact point (the move is
committed, nobody was told yet) a test holds the table's message queue
(`hold_messages`) before the tap.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from bot_harness import BotRunner, Player, card_of_label, has_toggles, play_to_the_end
from bot_steps import (
    GROUP_ID,
    WAIT,
    assert_clean,
    expect,
    fix_deals,
    hand_message,
    lobby_data,
    open_private_chats,
    open_table,
    people,
    picking,
    play_buttons,
    play_out,
    press_action,
    select_buttons,
    select_cards,
    snapshot,
    start_match,
    tap,
    tracked_hand,
    wait_settled,
)
from databases import PostgresDatabase, TestDatabase

from bot.storage import TableRecord
from bot.tables.outbox import GROUP, HANDS
from bot.view import callbacks, render
from bot.view import hand as hand_view
from engine import apply, legal_actions, new_match, replay, view_for
from engine.actions import Kind
from engine.events import MatchOver
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser

pytestmark = pytest.mark.usefixtures("fixed_deals")


async def hard_crash(bot: BotRunner) -> None:
    """Kill the bot: drop its queued message jobs, then stop without graceful steps."""
    for task in list(bot.service.tables.outbox.tasks):
        task.cancel()
    await asyncio.sleep(0)  # let the cancellations land (not a wait for the bot)
    await bot.crash()


async def hold_messages(bot: BotRunner, table_id: int) -> None:
    """Block the table's message jobs, the group's and the hands': moves
    are committed but not announced.

    Two tasks hold the table's lanes until `hard_crash` cancels them with
    the bot's own jobs.
    """
    forever = asyncio.Event()
    for lane in (GROUP, HANDS):
        entered = asyncio.Event()

        async def hold(entered: asyncio.Event = entered) -> None:
            entered.set()
            await forever.wait()

        bot.service.tables.outbox.later(table_id, hold, lane=lane)
        await entered.wait()


async def restart(fake: FakeTelegram, db_path: TestDatabase) -> BotRunner:
    bot = BotRunner(fake, db_path)
    await bot.start()
    await fake.wait_idle(timeout=WAIT)
    return bot


async def begin(
    fake: FakeTelegram, bot: BotRunner, command: str, count: int
) -> tuple[FakeChat, list[FakeUser], int]:
    users = people(fake, count)
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, bot, group, command, users)
    await start_match(fake, group, users[0], lobby)
    return group, users, table_id


async def assert_screens_match_the_database(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, table_id: int
) -> None:
    """The live message and each tracked hand message show exactly the stored state."""
    table = await bot.db.get_table(table_id)
    assert table is not None and table.state is not None and table.status == "playing"
    info = bot.service.tables.info(table)
    lang = await bot.service.chat_lang(group.id)
    assert table.live_message_id is not None
    live = fake.find_message(group.id, table.live_message_id)
    assert live is not None and not live.deleted
    assert live.html == render.live(info, lang, view_for(table.state, None)).text
    for seat in table.seats:
        message = tracked_hand(fake, bot.db_path, table_id, seat.user_id)
        assert not message.deleted
        user_lang = await bot.service.user_lang(seat.user_id)
        screen = hand_view.hand(info, user_lang, view_for(table.state, seat.seat))
        assert message.html == screen.text, seat
        assert message.callback_data == [
            b.data for row in screen.buttons for b in row if b.data is not None
        ], seat


async def assert_log_replays(bot: BotRunner, table_id: int) -> None:
    """The action log, replayed from the seed, gives the stored state (mid-match too)."""
    table = await bot.db.get_table(table_id)
    assert table is not None and table.state is not None and table.seed is not None
    log = [action for _, _, action in await bot.db.action_log(table_id)]
    assert replay(table.state.rules, table.names, table.seed, log) == table.state


async def assert_finished_correctly(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, table_id: int
) -> None:
    """The log replays to the stored final state, and the group saw the final standing."""
    final = await bot.db.get_table(table_id)
    assert final is not None and final.status == "finished"
    assert final.state is not None and final.state.over and final.seed is not None
    entries = await bot.db.action_log(table_id)
    log = [action for _, _, action in entries]
    assert [seq for seq, _, _ in entries] == list(range(1, len(log) + 1))
    assert replay(final.state.rules, final.names, final.seed, log) == final.state
    await assert_final_result_shown(fake, bot, group, final)


async def assert_final_result_shown(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, final: TableRecord, timeout: float = WAIT
) -> None:
    """The group got the final standing, as rendered from the replayed match."""
    assert final.state is not None and final.seed is not None
    state = new_match(final.state.rules, final.names, final.seed)
    over: MatchOver | None = None
    for _, _, action in await bot.db.action_log(final.id):
        state, events = apply(state, action)
        over = next((e for e in events if isinstance(e, MatchOver)), over)
    assert over is not None
    lang = await bot.service.chat_lang(group.id)
    expected = render.match_over(bot.service.tables.info(final), lang, over).text
    await fake.wait_for(
        lambda: any(expected in (m.html or "") for m in fake.messages(group)),
        timeout=timeout,
        message=f"the final standing in the group: {expected!r}",
    )


def buttons_left(fake: FakeTelegram, users: list[FakeUser]) -> list[str]:
    """Card and action buttons still on anybody's private messages."""
    return [
        data
        for user in users
        for message in fake.messages(fake.private_chat(user))
        for data in message.callback_data
        if data.startswith(("s:", "p:"))
    ]


# -- a graceful restart ---------------------------------------------------------------------


async def test_graceful_restart_keeps_the_match_going(
    fake_telegram: FakeTelegram, runner: BotRunner, tmp_path: Path
) -> None:
    fake = fake_telegram
    group, users, table_id = await begin(fake, runner, "/new limit=2", 2)
    rng = random.Random(41)
    await play_out(fake, runner.db_path, table_id, users, rng, moves=4)

    # The player to move picks a card before the restart.
    snap = snapshot(runner.db_path, table_id)
    state = snap.match
    assert state.deal is not None
    mover = next(u for u in users if u.id == dict(snap.seats)[state.deal.turn])
    message = await picking(
        fake, mover, lambda: tracked_hand(fake, runner.db_path, table_id, mover.id)
    )
    legal = [a for a in legal_actions(state, state.deal.turn) if a.kind is not Kind.DECLARE]
    data, pick = next(
        (d, p)
        for d, p in select_buttons(message)
        if any(set(a.cards) == set(p.cards) for a in legal)
    )
    await tap(fake, mover, message, data)
    action_data = next(d for d, p in play_buttons(message) if set(p.cards) == set(pick.cards))
    group_messages = len(fake.messages(group))

    await runner.stop()
    second = await restart(fake, tmp_path / "bot.db")
    try:
        # Nothing new was posted in the group: the live message was still right.
        assert len(fake.messages(group)) == group_messages
        await assert_screens_match_the_database(fake, second, group, table_id)
        # The action button drawn before the restart, on the same message, still works.
        answer = await tap(fake, mover, message, action_data, force=True)
        assert not answer.show_alert, answer
        assert snapshot(second.db_path, table_id).actions == snap.actions + 1
        # People play on as bot_harness.Player does: on the newest message with buttons.
        await wait_settled(fake, second.db_path, table_id)
        players = {u.id: Player(fake, u, rng) for u in users}
        await play_to_the_end(fake, second, table_id, players, rng)
        await assert_finished_correctly(fake, second, group, table_id)
        await fake.wait_idle(timeout=WAIT)
        assert not buttons_left(fake, users)
        assert_clean(fake)
    finally:
        await second.stop()


# -- crashes -----------------------------------------------------------------------------------


async def start_a_trick(
    fake: FakeTelegram, bot: BotRunner, table_id: int, users: list[FakeUser], rng: random.Random
) -> None:
    """Play a few moves, then on until a trick is on the table waiting for an answer."""
    await play_out(fake, bot.db_path, table_id, users, rng, moves=rng.randint(1, 4))
    while True:
        deal = snapshot(bot.db_path, table_id).match.deal
        assert deal is not None
        if deal.trick is not None:
            return
        await play_out(fake, bot.db_path, table_id, users, rng, moves=1)


@pytest.mark.parametrize(
    ("seed", "command", "count", "to_the_end", "backend"),
    [
        (3, "/new limit=2 end_at_first_loser=on", 3, False, "sqlite"),
        (8, "/new bura limit=2", 2, True, "sqlite"),
        # DATABASE_URL=postgresql://... and no DATABASE_PATH: the same match
        # on PostgreSQL, and no SQLite file anywhere.
        (8, "/new bura limit=2", 2, True, "postgres"),
    ],
    ids=["kozel-sqlite", "bura-sqlite", "bura-postgres"],
)
async def test_crash_at_a_random_point_mid_trick(
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    seed: int,
    command: str,
    count: int,
    to_the_end: bool,
    backend: str,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    fake = fake_telegram
    fix_deals(monkeypatch, seed)
    monkeypatch.chdir(tmp_path)  # where a default SQLite file would appear
    db: TestDatabase = tmp_path / "bot.db"
    if backend == "postgres":
        db = request.getfixturevalue("postgres_database")
    runner = BotRunner(fake, db)
    await runner.start()
    try:
        await crash_mid_trick_and_play_on(fake, runner, seed, command, count, to_the_end)
    finally:
        await runner.stop()
    if isinstance(db, PostgresDatabase):
        assert not list(tmp_path.iterdir()), "no SQLite file is created"
        stored = db.rows("SELECT status FROM tables")
        assert stored == [("finished",)], "the match is in PostgreSQL"


async def crash_mid_trick_and_play_on(
    fake: FakeTelegram,
    runner: BotRunner,
    seed: int,
    command: str,
    count: int,
    to_the_end: bool,
) -> None:
    """Kill the bot after a random number of its requests once a move is
    tapped mid-trick, restart it on the same database, and play on."""
    rng = random.Random(seed)
    group, users, table_id = await begin(fake, runner, command, count)
    await start_a_trick(fake, runner, table_id, users, rng)
    snap = snapshot(runner.db_path, table_id)
    state = snap.match
    assert state.deal is not None and state.deal.trick is not None
    seat = state.deal.turn
    user = next(u for u in users if u.id == dict(snap.seats)[seat])
    answer_with = rng.choice(
        [a for a in legal_actions(state, seat) if a.kind not in (Kind.DECLARE, Kind.CLAIM)]
    )
    # Select the cards, then tap the action button and crash after a random
    # number (0 to 6) of the bot's requests.
    if answer_with.cards:
        await picking(fake, user, lambda: tracked_hand(fake, runner.db_path, table_id, user.id))
    for card in answer_with.cards[:-1]:
        message = tracked_hand(fake, runner.db_path, table_id, user.id)
        data = next(d for d, p in select_buttons(message) if card in p.cards)
        await tap(fake, user, message, data)
    if answer_with.cards:
        message = tracked_hand(fake, runner.db_path, table_id, user.id)
        wanted = set(answer_with.cards)
        data = next(d for d, p in select_buttons(message) if p.cards == wanted)
        await tap(fake, user, message, data)
    message = tracked_hand(fake, runner.db_path, table_id, user.id)
    data = next(
        d
        for d, p in play_buttons(message)
        if p.kind is answer_with.kind and set(p.cards) == set(answer_with.cards)
    )
    base = len(fake.requests)
    callback = await user.tap(message, data)
    after = rng.randint(0, 6)
    await fake.wait_for(lambda: len(fake.requests) >= base + after, timeout=WAIT)
    await hard_crash(runner)
    # The offset may not have been confirmed: Telegram delivers the tap again.
    fake.duplicate_last_update()

    second = await restart(fake, runner.db_path)
    try:
        await callback.answer_received(timeout=WAIT)
        await fake.wait_idle(timeout=WAIT)
        moved = snapshot(second.db_path, table_id)
        assert moved.actions == snap.actions + 1  # applied exactly once
        assert moved.version == snap.version + 1
        if moved.status == "playing":
            await assert_screens_match_the_database(fake, second, group, table_id)
            # To the end, or three moves; claims and declares more often to end sooner.
            moves = None if to_the_end else 3
            await play_out(fake, second.db_path, table_id, users, rng, moves=moves, special=0.15)
        await assert_log_replays(second, table_id)
        if to_the_end:
            await assert_finished_correctly(fake, second, group, table_id)
        assert_clean(fake)
    finally:
        await second.stop()


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
        # The catch-up tells the end with its chart after it, once.
        said = fake.messages(group)
        assert [m.message_id for m in said if m.photo is not None] == [said[-1].message_id]
        assert "🏁" in said[-2].text
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
