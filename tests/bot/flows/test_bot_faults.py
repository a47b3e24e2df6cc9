"""Fault injection: Telegram throttles, the network drops, a player blocks the
bot or never acts, updates arrive twice, the group migrates. Every match
still ends with the right result, every tap is answered, nothing of the
group's record is lost, and the action log replays to the final state."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import WAIT, BotRunner, Player, play_to_the_end
from bot_steps import people_in_private
from manual_clock import ManualScheduler

from bot.storage import TableRecord
from engine import replay
from engine.events import TrickTaken
from engine.game import apply, new_match
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser
from testing.fake_telegram.faults import FaultKind

GROUP_ID = -1005550


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    clock: ManualScheduler,
) -> AsyncIterator[BotRunner]:
    async with BotRunner(
        fake_telegram,
        tmp_path / "bot.db",
        settings_extra={
            "turn_timeout": 60,
            "afk_turns": 1,
            "request_timeout": 0.5,
            "send_backoff": 0.01,
            "send_retries": 8,
        },
        scheduler=clock,
    ) as bot:
        yield bot


async def seated(
    fake: FakeTelegram, runner: BotRunner, count: int, command: str = "/new limit=2"
) -> tuple[FakeChat, list[FakeUser], int]:
    group = fake.group(GROUP_ID, "Сбои", supergroup=False)
    users = await people_in_private(fake, count, 700)
    await users[0].send(group, command)
    await runner.idle()
    lobby = fake.messages(group)[0]
    for user in users[1:]:
        await (await user.tap(lobby, lobby.buttons[0][0].value or "")).answer_received(timeout=WAIT)
        await runner.idle()
    await users[0].send(group, "/start")
    await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.status == "playing"
    return group, users, table.id


async def check_final(
    fake: FakeTelegram, runner: BotRunner, table: TableRecord, chat_id: int
) -> None:
    """The result is right and the group's record of the game is complete."""
    assert table.status == "finished" and table.state is not None and table.state.over
    log = [a for _, _, a in await runner.db.action_log(table.id)]
    assert table.seed is not None
    assert (
        replay(table.state.rules, table.names, table.seed, log, table.state.shuffle) == table.state
    )
    # Count the tricks the log produced and the trick results the group's
    # live messages (one per deal) keep.
    state = new_match(table.state.rules, table.names, table.seed, table.state.shuffle)
    tricks = 0
    for action in log:
        state, events = apply(state, action)
        tricks += sum(isinstance(e, TrickTaken) for e in events)
    await runner.idle()
    texts = [m.text for m in fake.messages(chat_id)]
    records = [
        line for text in texts for line in text.splitlines() if re.match(r"✅ \d+\. Берёт", line)
    ]
    assert len(records) == tricks, (len(records), tricks)
    assert any("окончена" in text for text in texts)
    assert not fake.unanswered_callbacks()


@pytest.mark.slow(
    reason="whole matches on a faulty Telegram (a 'timeout' holds each request 0.5 s of real time)"
)
@pytest.mark.parametrize("error", ["429", "timeout", "network", "500"])
async def test_flaky_telegram(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
    error: FaultKind,
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 3)
    # A "timeout" holds its request 0.5 s and answers 504: below the bot's
    # 10 s read timeout, as the 2 s it was, and a quarter of the real wait
    # (issue 69). retry_after=1 is Telegram's least; the bot's pauses before
    # a retry pass on the test's clock (`clock.slept`), not in real time.
    for method in ("sendMessage", "editMessageText", "answerCallbackQuery"):
        fake.inject(method, error, rate=0.15, retry_after=1, delay=0.5, seed=len(method))
    rng = random.Random(7)
    players = {u.id: Player(fake, u, rng) for u in users}
    final = await play_to_the_end(fake, runner, table_id, players, rng)
    fake.clear_faults()
    assert any(e.injected for e in fake.errors_returned) or error in ("timeout", "network")
    await check_final(fake, runner, final, group.id)
    if error == "429":  # a send's retry waited Telegram's retry_after (1 s), and only then
        injected = sum(1 for e in fake.errors_returned if e.injected)
        assert 0 < sum(1 for pause in clock.slept if pause >= 1) <= injected
    elif error == "500":  # retried after the backoff (0.01 s, doubling; an answer's 0.2 s)
        assert clock.slept and max(clock.slept) < 1


UNREACHABLE = "не могу написать вам в личку"


@pytest.mark.slow(
    reason="whole matches on a faulty Telegram (a 'timeout' holds each request 0.5 s of real time)"
)
@pytest.mark.parametrize("announced", [True, False], ids=["my_chat_member", "only_a_403"])
async def test_a_player_who_blocks_the_bot_is_told_of_once_and_the_match_finishes(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
    announced: bool,
) -> None:
    """Issue 57, item 5: whether Telegram says so (the private my_chat_member)
    or only the next hand is refused, the seat goes to a computer at once and
    the group hears of it once, not once a move."""
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 3, "/new limit=6")
    quitter = users[1]
    rng = random.Random(3)
    players = {u.id: Player(fake, u, rng) for u in users if u is not quitter}

    async def time_passes(_: int) -> None:
        await clock.advance(5)  # a computer's pause, far below the 60 s turn
        await runner.idle()

    quitter.block_bot(update=announced)
    await runner.idle()
    if announced:
        table = await runner.db.get_table(table_id)
        assert table is not None and table.seats[1].auto, "the seat waits for a timeout"
    final = await play_to_the_end(
        fake, runner, table_id, players, rng, between=time_passes, human_seats=True
    )
    texts = [m.text for m in fake.messages(group)]
    # When the quitter leads the first deal (one seed in three), their hand
    # was delivered before the block: the turn's reminder is what is refused.
    assert sum(UNREACHABLE in text for text in texts) == 1, texts
    deadlines = sum("Время на ход вышло" in text for text in texts)
    assert deadlines == 0, "the computer took the seat only after a timeout"
    await check_final(fake, runner, final, group.id)


async def test_a_player_who_blocks_the_bot_on_their_own_turn_is_found_out_by_the_reminder(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    """Issue 57, item 5, when the turn is the quitter's as they block the bot:
    their hand is already on their screen, so nothing is refused until the
    turn's reminder (half the turn). That refusal puts a computer in the seat
    and tells the group once; the turn's deadline never comes."""
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 3, "/new limit=6")
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None and table.state.deal is not None
    seat, step = table.seats[table.state.deal.turn], table.state.step
    quitter = next(u for u in users if u.id == seat.user_id)
    quitter.block_bot(update=False)
    await runner.idle()
    await clock.advance(29)
    await runner.idle()
    table = await runner.db.get_table(table_id)
    assert table is not None and not table.seats[seat.seat].auto, "nothing was refused yet"
    await clock.advance(2)  # the reminder, at 30 s of 60
    await runner.idle()
    table = await runner.db.get_table(table_id)
    assert table is not None and table.seats[seat.seat].auto
    for _ in range(12):  # well past the turn's 60 s
        await clock.advance(5)
        await runner.idle()
    texts = [m.text for m in fake.messages(group)]
    assert sum(UNREACHABLE in text for text in texts) == 1, texts
    assert not any("Время на ход вышло" in text and seat.name in text for text in texts), texts
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None and table.state.step > step


async def test_a_player_back_from_a_block_takes_the_seat_back_with_one_tap(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 2, "/new limit=6")
    quitter = users[1]
    quitter.block_bot()
    await runner.idle()
    table = await runner.db.get_table(table_id)
    assert table is not None and table.seats[1].auto
    sent_before = len(fake.messages(quitter.private_chat))
    # Unblocking is "Restart bot": a /start in private, and Telegram's member update.
    await quitter.send_private("/start")
    await runner.idle()
    offers = [
        m
        for m in fake.messages(quitter.private_chat)[sent_before:]
        if any("🙋" in (b.text or "") for row in m.buttons for b in row)
    ]
    assert len(offers) >= 1, fake.messages(quitter.private_chat)[sent_before:]
    offer = offers[-1]
    button = next(b for row in offer.buttons for b in row if "🙋" in (b.text or ""))
    answer = await (await quitter.tap(offer, button.value or "")).answer_received(timeout=WAIT)
    assert not answer.show_alert, answer
    await runner.idle()
    table = await runner.db.get_table(table_id)
    assert table is not None and not table.seats[1].auto
    texts = [m.text for m in fake.messages(group)]
    assert sum(UNREACHABLE in text for text in texts) == 1
    # Blocked again after coming back: the group hears of it once more.
    quitter.block_bot()
    await runner.idle()
    texts = [m.text for m in fake.messages(group)]
    assert sum(UNREACHABLE in text for text in texts) == 2


@pytest.mark.slow(reason="a whole match with updates delivered twice")
async def test_duplicate_updates_apply_once(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 2)
    rng = random.Random(11)
    players = {u.id: Player(fake, u, rng) for u in users}
    duplicated = 0

    async def replay_last(move: int) -> None:
        nonlocal duplicated
        if move % 3 == 0:
            fake.duplicate_last_update()
            duplicated += 1
            await runner.idle()

    final = await play_to_the_end(fake, runner, table_id, players, rng, between=replay_last)
    assert duplicated > 3
    seqs = [seq for seq, _, _ in await runner.db.action_log(table_id)]
    assert seqs == list(range(1, len(seqs) + 1))
    await check_final(fake, runner, final, group.id)


async def test_group_migrates_to_a_supergroup_mid_match(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
) -> None:
    fake = fake_telegram
    group, users, table_id = await seated(fake, runner, 2)
    rng = random.Random(13)
    players = {u.id: Player(fake, u, rng) for u in users}
    new_id = -1005550999
    migrated = False

    async def migrate_once(move: int) -> None:
        nonlocal migrated
        if move == 4 and not migrated:
            fake.migrate(group, new_id)
            migrated = True
            await runner.idle()

    final = await play_to_the_end(fake, runner, table_id, players, rng, between=migrate_once)
    assert migrated and final.chat_id == new_id
    assert any("окончена" in m.text for m in fake.messages(new_id))
    assert not fake.unanswered_callbacks()


async def test_bot_removed_from_the_group_closes_the_table(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
) -> None:
    fake = fake_telegram
    group, _, table_id = await seated(fake, runner, 2)
    fake.remove_bot_from(group)
    await runner.idle()
    table = await runner.db.get_table(table_id)
    assert table is not None and table.status == "closed"
