"""💡 in practice, through the real bot on the fake Bot API (issue 66): /play,
tap 💡 at the person's move, the answer names a legal move, playing it is
accepted, double and stale taps change nothing, the count survives a
restart and is in the result; a group table's hand has no 💡 and a forged
one is refused."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import WAIT, BotRunner, Player, play_to_the_end
from bot_steps import people_in_private, version_moved
from manual_clock import ManualScheduler

from bot.storage import TableRecord
from bot.view import callbacks
from bot.view.cards import cards_text
from bot.view.i18n import plain, t
from bot.view.render import combo_name
from engine import Action, legal_actions
from engine.actions import Kind
from engine.combos import classify
from testing.fake_telegram import FakeTelegram, FakeUser, StoredMessage

GROUP_ID = -1009877
LANG = "ru"  # the fake people's app language
SETTINGS = {"turn_timeout": 600, "afk_turns": 5}


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> AsyncIterator[BotRunner]:
    async with BotRunner(
        fake_telegram,
        tmp_path / "bot.db",
        settings_extra=SETTINGS,
        scheduler=clock,
    ) as bot:
        yield bot


async def settle(runner: BotRunner, clock: ManualScheduler) -> None:
    """Computers move (their pause is zero) until a person is awaited."""
    for _ in range(200):
        await runner.idle()
        due = clock.next_time()
        if due is None or due > clock.now():
            return
        await clock.advance(0)
    raise AssertionError("computer players kept moving")


def hint_data(message: StoredMessage | None) -> str | None:
    if message is None:
        return None
    return next((d for d in message.callback_data if d.startswith("h:")), None)


def named_move(text: str, table: TableRecord, seat: int) -> list[Action]:
    """The legal moves whose words begin the hint ("💡 Бейте 10♠️★: …"); a
    declaration is hinted when the deal gives one worth showing at once."""
    assert table.state is not None
    trump = table.state.deal.trump if table.state.deal else None
    found = []
    for action in legal_actions(table.state, seat):
        if action.kind in (Kind.LEAD, Kind.BEAT, Kind.DISCARD):
            cards = cards_text(LANG, action.cards, trump)
            words = plain(t(LANG, f"hint.{action.kind.value}", cards=cards))
        elif action.kind is Kind.CLAIM:
            words = plain(t(LANG, "hint.claim"))
        elif action.kind is Kind.DECLARE and trump is not None:
            # "💡 Объявите комбинацию «Молодка» (6♥️ 7♥️ 8♥️ В♥️): …"
            combo = classify(action.cards, trump, table.state.rules)
            name = combo_name(LANG, combo.value if combo else None)
            cards = cards_text(LANG, action.cards, trump)
            words = plain(t(LANG, "hint.declare", combo=name, cards=cards))
        else:
            continue
        if text.startswith(f"💡 {words}:"):
            found.append(action)
    return found


async def person_to_move(
    runner: BotRunner, clock: ManualScheduler, table_id: int, user: FakeUser
) -> TableRecord | None:
    """The table once it is the person's move (None: the match ended)."""
    for _ in range(50):
        await settle(runner, clock)
        table = await runner.db.get_table(table_id)
        assert table is not None and table.state is not None
        if table.status != "playing":
            return None
        assert table.state.deal is not None
        if table.seats[table.state.deal.turn].user_id == user.id:
            return table
    raise AssertionError("the person's move never came")


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_practice_hint_names_a_move_that_plays_and_is_counted(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    human, outsider = await people_in_private(fake, 2, 700, "Ученик")
    await human.send_private("/play burkozel 2")
    await settle(runner, clock)
    opened = await runner.db.open_table_in_chat(human.id)
    assert opened is not None and opened.practice
    table_id = opened.id
    rng = random.Random(11)
    player = Player(fake, human, rng)
    hints = 0
    while True:
        table = await person_to_move(runner, clock, table_id, human)
        assert table is not None and table.state is not None and table.state.deal is not None
        seat = table.state.deal.turn
        message = player.hand_message()
        data = hint_data(message)
        if data is None:  # the only move: one tap, no hint offered
            await player.play(legal_actions(table.state, seat)[0])
            continue
        assert message is not None
        assert callbacks.parse(data) == callbacks.HintTap(table_id, table.version)
        answer = await player.tap(message, data)
        assert answer.show_alert and answer.text is not None
        moves = named_move(answer.text, table, seat)
        assert len(moves) == 1, answer.text  # one legal move, named with its cards
        hints += 1
        assert await runner.db.hints_used(table_id) == hints
        again = await player.tap(message, data)  # a double tap: the same answer, once
        assert again.text == answer.text
        assert await runner.db.hints_used(table_id) == hints
        unchanged = await runner.db.get_table(table_id)
        assert unchanged is not None and unchanged.version == table.version
        if hints == 3:
            break
        await player.play(moves[0])
        await fake.wait_for(
            partial(version_moved, runner.db_path, table_id, table.version),
            timeout=WAIT,
            message="the hinted move was not played",
        )
        log = await runner.db.action_log(table_id)
        assert any(action == moves[0] for _, user, action in log[-2:] if user == human.id)
        # The old 💡 after the move: out of date, nothing counted.
        stale = await (await human.tap(message, data, force=True)).answer_received(timeout=WAIT)
        assert stale.text == plain(t(LANG, "tap.stale"))
        assert await runner.db.hints_used(table_id) == hints

    # A restart: the count is the store's, and the same position asked again
    # (its answer worked out anew) is not counted twice.
    await runner.stop()
    async with BotRunner(fake, runner.db_path, settings_extra=SETTINGS, scheduler=clock) as second:
        await settle(second, clock)
        message = player.hand_message()
        assert message is not None and hint_data(message) == data
        answer = await player.tap(message, data)
        assert answer.text is not None and len(named_move(answer.text, table, seat)) == 1
        assert await second.db.hints_used(table_id) == 3

        # Forged: someone not at the table, and a payload this bot never makes.
        forged = callbacks.hint(table_id, table.version)
        theirs = fake.messages(fake.private_chat(outsider))[-1]
        refused = await (await outsider.tap(theirs, forged, force=True)).answer_received(
            timeout=WAIT
        )
        assert refused.text == plain(t(LANG, "tap.not_yours"))
        mine = fake.messages(fake.private_chat(human))[-1]
        junk = await (await human.tap(mine, "h:!!:1", force=True)).answer_received(timeout=WAIT)
        assert junk.text == plain(t(LANG, "tap.unknown"))
        assert await second.db.hints_used(table_id) == 3

        async def computers_move(_: int) -> None:
            await settle(second, clock)

        final = await play_to_the_end(
            fake,
            second,
            table_id,
            {human.id: player},
            rng,
            between=computers_move,
            human_seats=True,
        )
    assert final.status == "finished"
    texts = [m.text for m in fake.messages(fake.private_chat(human))]
    result = next(text for text in reversed(texts) if "🏁" in text)
    assert "💡 3 подсказки" in result
    assert not fake.unanswered_callbacks()


async def test_a_group_table_offers_no_hint_and_refuses_a_forged_one(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    (human,) = await people_in_private(fake, 1, 800, "Игрок")
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    await human.send(group, "/new burkozel")
    await fake.wait_for_message(group, "#", timeout=WAIT)
    await human.send(group, "/addbot")
    await runner.idle()
    await human.send(group, "/start")
    opened = await runner.db.open_table_in_chat(group.id)
    assert opened is not None and not opened.practice
    table = await person_to_move(runner, clock, opened.id, human)
    assert table is not None
    hand = Player(fake, human, random.Random(1)).hand_message()
    assert hand is not None  # the person's hand at their move, with its buttons
    private = fake.messages(fake.private_chat(human))
    assert all(hint_data(message) is None for message in private)
    forged = callbacks.hint(table.id, table.version)
    answer = await (await human.tap(hand, forged, force=True)).answer_received(timeout=WAIT)
    assert answer.show_alert
    assert answer.text == plain(t(LANG, "hint.practice_only"))
    await runner.idle()
    after = await runner.db.get_table(table.id)
    assert after is not None and after.version == table.version
    assert len(fake.messages(fake.private_chat(human))) == len(private)
    assert await runner.db.hints_used(table.id) == 0
