"""Several PostgreSQL workers while Telegram is slow (issue 57, security
review S4): the telling of moves waits on Telegram, and a tap on a quiet
table must not wait behind it.

Two workers (tests/support/workers.py) play 40 busy tables and one quiet
one. Every message to a busy table's group or to its players takes
Telegram `SLOW` seconds; a move is made at every busy table at once, and
while their telling waits on Telegram, the person to move at the quiet
table taps. Its answer must come within `ANSWER_WITHIN` seconds, measured
on the event loop's clock from the tap to the fake's receipt of
answerCallbackQuery. Before issue 57 it came after 2.8-3.0 s: the lanes of
the busy tables held the pool's 32 connections for their advisory locks
while they waited on Telegram, and the quiet table's lock waited for one
(then the answer waited for an HTTP connection behind the sends); now
0.03-0.17 s, the two workers and the fake sharing one event loop. The quiet
tap comes once the 40 busy taps are answered: before that it also waited
for the workers' own handling of them on this test's one event loop (0.3-0.6
s, which made the test fail now and then), a wait two processes don't share.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio
from bot_harness import WAIT
from bot_steps import fix_deals
from databases import PostgresDatabase
from workers import SECRET, Worker, idle

from bot.view import callbacks
from engine import MatchState, legal_actions
from engine.actions import Kind
from testing.fake_telegram import FakeCallback, FakeChat, FakeTelegram, FakeUser, StoredMessage
from testing.fake_telegram.webhooks import WebhookDealer

BUSY = 40  # tables whose messages Telegram answers slowly
SLOW = 3.0  # seconds Telegram takes for each of their messages
ANSWER_WITHIN = 0.5  # seconds from a tap on the quiet table to its answer


@dataclass
class Table:
    group: FakeChat
    users: list[FakeUser]

    @property
    def chats(self) -> set[int]:
        return {self.group.id, *(user.id for user in self.users)}


@pytest_asyncio.fixture
async def two_workers(
    fake_telegram: FakeTelegram,
    postgres_database: PostgresDatabase,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[list[Worker]]:
    fix_deals(monkeypatch, 57)
    workers = [Worker(fake_telegram, postgres_database, name) for name in "AB"]
    for worker in workers:
        await worker.start()
    dealer = WebhookDealer(fake_telegram, [w.url for w in workers], SECRET, random.Random(57))
    dealer.start()
    try:
        yield workers
    finally:
        fake_telegram.latency = None
        await dealer.stop()
        for worker in workers:
            await worker.stop()


def position(db: PostgresDatabase, group: FakeChat) -> tuple[int, int, MatchState]:
    """The id, version and state of the group's table."""
    ((table_id, version, state),) = db.rows(
        "SELECT id, version, state FROM tables WHERE chat_id = ?", (group.id,)
    )
    return table_id, version, MatchState.loads(state)


def hand_for(fake: FakeTelegram, user: FakeUser, version: int) -> StoredMessage | None:
    """The person's newest hand, if it carries buttons for this version."""
    for message in reversed(fake.messages(user.id)):
        data = [d for d in message.callback_data if d.startswith(("s:", "p:"))]
        if data:
            if any(getattr(callbacks.parse(d), "version", None) == version for d in data):
                return message
            return None
    return None


async def open_and_start(fake: FakeTelegram, table: Table) -> None:
    """A two-person match under way in the group."""
    for user in table.users:
        await user.send_private("/start")
        await fake.wait_for_message(user.id, timeout=WAIT)
    await table.users[0].send(table.group, "/new")
    lobby = await fake.wait_for_message(table.group, "#", timeout=WAIT)
    join = await table.users[1].tap(lobby, lobby.buttons[0][0].value or "")
    await join.answer_received(timeout=WAIT)
    await fake.wait_for_message(table.group, table.users[1].first_name, timeout=WAIT)
    await table.users[0].send(table.group, "/start")
    await fake.wait_for_message(table.group, "👉", timeout=WAIT)


async def next_move(
    fake: FakeTelegram, db: PostgresDatabase, table: Table
) -> tuple[FakeUser, StoredMessage, str]:
    """Who moves next, their hand and a legal move's payload (one tap: the
    play button's, as a person taps it after picking the cards)."""
    table_id, version, state = position(db, table.group)
    assert state.deal is not None
    seat = state.deal.turn
    ((user_id,),) = db.rows(
        "SELECT user_id FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)
    )
    user = next(u for u in table.users if u.id == user_id)
    hand = await fake.wait_for(lambda: hand_for(fake, user, version), timeout=WAIT)
    action = next(a for a in legal_actions(state, seat) if a.kind is not Kind.DECLARE)
    return user, hand, callbacks.play(table_id, version, action.kind, action.cards)


async def tap_a_move(fake: FakeTelegram, db: PostgresDatabase, table: Table) -> FakeCallback:
    user, hand, data = await next_move(fake, db, table)
    return await user.tap(hand, data, force=True)


# Serial: the quiet table's tap is held to 0.5 s of real time, which tests
# running beside this one would eat into.
@pytest.mark.serial
@pytest.mark.slow(reason="41 tables opened and started at two workers before the one measured tap")
async def test_a_tap_on_a_quiet_table_waits_for_no_busy_table_postgres(
    fake_telegram: FakeTelegram,
    postgres_database: PostgresDatabase,
    two_workers: list[Worker],
) -> None:
    fake, db, workers = fake_telegram, postgres_database, two_workers
    tables = [
        Table(
            fake.group(-1005700 - n, f"Стол {n}", supergroup=True),
            [fake.user(57_000 + 2 * n + i, f"Игрок{n}_{i}") for i in range(2)],
        )
        for n in range(BUSY + 1)
    ]
    *busy, quiet = tables
    await asyncio.gather(*(open_and_start(fake, table) for table in tables))
    await idle(fake, workers)

    # From now on Telegram takes SLOW seconds for every request to a busy
    # table's chats (its group and its players' private chats).
    slow_chats = {chat for table in busy for chat in table.chats}

    def latency(method: str, params: dict[str, Any]) -> float:
        chat = params.get("chat_id")
        return SLOW if chat is not None and int(chat) in slow_chats else 0.0

    def waiting_on_telegram() -> int:
        return sum(
            1
            for r in fake.requests
            if r.status == 0 and int(r.params.get("chat_id") or 0) in slow_chats
        )

    fake.latency = latency
    busy_taps = await asyncio.gather(*(tap_a_move(fake, db, table) for table in busy))
    # Every busy tap is answered, and the telling of their moves is under
    # way: many sends wait on Telegram. (Waiting for the answers keeps the
    # workers' own handling of the 40 taps, which shares this one event loop
    # with the quiet table's here but not in production, out of the measure.)
    for busy_tap in busy_taps:
        await busy_tap.answer_received(timeout=WAIT)
    await fake.wait_for(lambda: not fake._queue and waiting_on_telegram() >= BUSY, timeout=WAIT)

    user, hand, data = await next_move(fake, db, quiet)
    tapped = asyncio.get_running_loop().time()
    tap = await user.tap(hand, data, force=True)
    await tap.answer_received(timeout=WAIT)
    (answer,) = (
        r for r in fake.calls("answerCallbackQuery") if r.params["callback_query_id"] == tap.id
    )
    waited = answer.received_at - tapped
    assert waited < ANSWER_WITHIN, f"the quiet table's tap was answered after {waited:.2f} s"

    # The busy tables' moves are all told once Telegram answers again.
    fake.latency = None
    await idle(fake, workers)
    for table in tables:
        table_id, _, state = position(db, table.group)
        ((told,),) = db.rows("SELECT told_step FROM tables WHERE id = ?", (table_id,))
        assert told == state.step == 1, table_id
