"""The coach end to end on the fake Bot API (issue 66): a practice deal ends,
its record carries 🔍, the player taps it and gets the review of their own
play in private; a second tap is served from the store (no second search);
a stranger's tap, a forged one and one on a deal still being played change
nothing and say why."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest_asyncio
from bot_harness import WAIT, BotRunner, Player
from bot_steps import people_in_private, version_moved
from manual_clock import ManualScheduler

from bot.tables.coach import deal_id
from bot.view import callbacks
from bot.view.i18n import plain, t
from engine import legal_actions
from engine.actions import Kind
from engine.ai.review import review_key
from testing.fake_telegram import FakeTelegram, StoredMessage

WORLDS = 8  # the search's budget here: what is tested is the way, not the depth


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> AsyncIterator[BotRunner]:
    async with BotRunner(fake_telegram, tmp_path / "bot.db", scheduler=clock) as bot:
        bot.service.coach.worlds = WORLDS
        yield bot


async def settle(runner: BotRunner, clock: ManualScheduler) -> None:
    """Let the computer move (its pause is zero) until a person is awaited."""
    for _ in range(200):
        await runner.idle()
        due = clock.next_time()
        if due is None or due > clock.now():
            return
        await clock.advance(0)
    raise AssertionError("the computer kept moving")


async def play_a_deal(
    fake: FakeTelegram, runner: BotRunner, clock: ManualScheduler, player: Player, table_id: int
) -> int:
    """The person plays legal moves (no combinations) until a deal they
    moved in is over; its number. (A deal won at once by a combination in
    hand, RULES.md 5, has no move to review and no 🔍.)"""
    rng = random.Random(5)
    chat = fake.private_chat(player.user)
    for _ in range(400):
        await settle(runner, clock)
        shown = next((review_button(m) for m in fake.messages(chat) if review_button(m)), None)
        if shown is not None:
            payload = callbacks.parse(shown)
            assert isinstance(payload, callbacks.Review)
            return payload.deal
        table = await runner.db.get_table(table_id)
        assert table is not None and table.state is not None
        deal = table.state.deal
        assert table.status == "playing" and deal is not None, "no deal to review"
        seat = deal.turn
        assert table.seats[seat].user_id == player.user.id
        # No declarations, no "I have 31": a claim can end the match in deal 1.
        quiet = (Kind.DECLARE, Kind.CLAIM)
        legal = [a for a in legal_actions(table.state, seat) if a.kind not in quiet]
        version = table.version
        await player.play(rng.choice(legal or legal_actions(table.state, seat)))
        moved = partial(version_moved, runner.db_path, table_id, version)
        await fake.wait_for(moved, timeout=WAIT)
    raise AssertionError("no deal to review ended")


def review_button(message: StoredMessage) -> str | None:
    return next((d for d in message.callback_data if d.startswith("v:")), None)


async def test_a_player_taps_review_gets_it_and_the_second_is_read_from_the_store(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    (person, stranger) = await people_in_private(fake, 2, 700, "Ученик")
    await person.send_private("/play bura 2")
    await settle(runner, clock)
    table = await runner.db.open_table_in_chat(person.id)
    assert table is not None and table.practice
    player = Player(fake, person, random.Random(1))
    number = await play_a_deal(fake, runner, clock, player, table.id)
    chat = fake.private_chat(person)
    # The deal's record carries 🔍 for that deal of this table.
    record = next(m for m in fake.messages(chat) if review_button(m))
    data = review_button(record)
    assert data == callbacks.review(table.id, number)
    assert plain(t("ru", "button.review")) in record.button_texts
    before = len(fake.messages(chat))

    answer = await (await person.tap(record, data)).answer_received(timeout=WAIT)
    assert not answer.show_alert
    title = plain(t("ru", "review.title", deal=number, table=table.id))
    review = await fake.wait_for_message(chat, title, timeout=WAIT)
    await runner.idle()
    assert runner.service.coach.computed == 1
    assert "Оценка" in review.text  # the whole review, not a notice
    assert len(fake.messages(chat)) == before + 1

    # Asked again: the same review, read from the store, not searched again.
    answer = await (await person.tap(record, data)).answer_received(timeout=WAIT)
    await runner.idle()
    again = fake.messages(chat)[-1]
    assert again.message_id != review.message_id and again.text == review.text
    assert runner.service.coach.computed == 1
    seat = table.seat_of(person.id)
    assert seat is not None
    key = review_key(deal_id(table.id, number), seat.seat, WORLDS)
    assert await runner.db.get_review(key) is not None

    # A stranger forging the button in their own chat: not theirs.
    await stranger.send_private("/help")
    await runner.idle()
    mine = fake.last_message(fake.private_chat(stranger))
    refused = await (await stranger.tap(mine, data, force=True)).answer_received(timeout=WAIT)
    assert refused.show_alert and refused.text == plain(t("ru", "review.not_yours"))
    # The same button tapped from someone else's chat is not ours at all.
    elsewhere = await (await stranger.tap(record, data, force=True)).answer_received(timeout=WAIT)
    assert elsewhere.text == plain(t("ru", "tap.unknown"))
    # A deal still being played, a table that never was, a payload cut short.
    current = await runner.db.get_table(table.id)
    assert current is not None and current.state is not None
    if current.state.deal is not None:
        now = callbacks.review(table.id, current.state.deal.number)
        playing = await (await person.tap(record, now, force=True)).answer_received(timeout=WAIT)
        assert playing.text == plain(t("ru", "review.gone"))
    nowhere = callbacks.review(table.id + 99, 1)
    gone = await (await person.tap(record, nowhere, force=True)).answer_received(timeout=WAIT)
    assert gone.show_alert and gone.text == plain(t("ru", "review.gone"))
    cut = await (await person.tap(record, data[:-2], force=True)).answer_received(timeout=WAIT)
    assert cut.text == plain(t("ru", "tap.unknown"))
    await runner.idle()
    assert runner.service.coach.computed == 1
    assert not fake.unanswered_callbacks()


async def test_under_load_the_review_is_promised_at_once_and_then_comes(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    """Another review holds the lane: the tap is answered at once with a
    message saying the review will come, and that message becomes it."""
    fake = fake_telegram
    (person,) = await people_in_private(fake, 1, 720, "Ученица")
    await person.send_private("/play bura 2")
    await settle(runner, clock)
    table = await runner.db.open_table_in_chat(person.id)
    assert table is not None
    player = Player(fake, person, random.Random(2))
    number = await play_a_deal(fake, runner, clock, player, table.id)
    chat = fake.private_chat(person)
    record = next(m for m in fake.messages(chat) if review_button(m))
    data = review_button(record)
    assert data is not None
    coach = runner.service.coach
    held = asyncio.Event()

    async def ahead() -> str:
        await held.wait()
        return "{}"

    other = coach.queue.submit("someone else's review", ahead)
    answer = await (await person.tap(record, data)).answer_received(timeout=WAIT)
    assert not answer.show_alert
    coming = plain(t("ru", "review.coming", deal=number, table=table.id))
    notice = await fake.wait_for_message(chat, coming, timeout=WAIT)
    assert coach.computed == 0 and len(coach.queue) == 2
    # Tapped again while it waits: it joins, and comes once.
    again = await (await person.tap(record, data)).answer_received(timeout=WAIT)
    assert again.text == plain(t("ru", "review.working")) and len(coach.queue) == 2
    held.set()
    await other
    title = plain(t("ru", "review.title", deal=number, table=table.id))
    await fake.wait_for(
        lambda: title in (fake.find_message(person.id, notice.message_id) or notice).text,
        timeout=WAIT,
        message="the notice edited into the review",
    )
    await runner.idle()
    assert coach.computed == 1
    assert not any(m.text.startswith("⏳") for m in fake.messages(chat))
    assert sum(m.text.startswith(title) for m in fake.messages(chat)) == 1
