"""Chips that cannot be gamed (issue 65, security review N2), through the
real bot and the fake Bot API: a stake changed only with the consent of
whoever sits (a forged value refused, any change refused once another
person is seated, a join tapped on an older drawing at a chip table
refused), a /kick that gives the kicked person's stake back, and a /stop by
a person playing that costs them their stake.

Before the fix the creator raised the stake over an opponent's head with a
forged button, kicked them and collected the whole bank (1,500 to 500 after
losing to the computer), and a losing creator /stop-ped to get their stake
back. The matches are bura to 2 on the fixed deal (tests/support/bot_steps.py)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import BotRunner, Player
from bot_steps import (
    GROUP_ID,
    WAIT,
    claim_falsely,
    lobby_data,
    open_private_chats,
    open_table,
    say,
    snapshot,
    start_match,
    tap,
)
from databases import TestDatabase

from bot.view import callbacks
from engine import legal_actions
from engine.actions import Kind
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

pytestmark = pytest.mark.usefixtures("fixed_deals")


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def bot(
    fake_telegram: FakeTelegram, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[BotRunner]:
    db: TestDatabase = tmp_path / "bot.db"
    if request.param == "postgres":
        db = request.getfixturevalue("postgres_database")
    async with BotRunner(fake_telegram, db, {"start_chips": 1000}) as runner:
        yield runner


async def people(fake: FakeTelegram) -> tuple[FakeChat, FakeUser, FakeUser, FakeUser]:
    ann, bob, eve = (
        fake.user(500 + n, name, language_code="en") for n, name in enumerate(("Ann", "Bob", "Eve"))
    )
    await open_private_chats(fake, [ann, bob, eve])
    return fake.group(GROUP_ID, "Club", supergroup=True), ann, bob, eve


async def lobby_now(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, lobby: StoredMessage
) -> StoredMessage:
    """The lobby screen (its join button) once drawn for the table's current version
    (its redraw is a job of its own: under load it may still be queued)."""
    for _ in range(200):
        await bot.idle()
        current = fake.find_message(group.id, lobby.message_id) or lobby
        table = await bot.db.open_table_in_chat(GROUP_ID)
        assert table is not None
        drawn = [callbacks.parse(d) for d in current.callback_data]
        if any(
            isinstance(p, callbacks.Lobby) and p.op == "j" and p.version == table.version
            for p in drawn
        ):
            return current
        await asyncio.sleep(0.05)
    raise AssertionError("the lobby was never redrawn")


async def set_stake(
    fake: FakeTelegram, bot: BotRunner, user: FakeUser, lobby: StoredMessage, value: str
) -> str:
    """A stake tap (forged: drawn here, not taken off the settings screen) on
    the table's current version; the answer's text."""
    table = await bot.db.open_table_in_chat(GROUP_ID)
    assert table is not None
    data = callbacks.set_option(table.id, table.version, "stake", value)
    answer = await tap(fake, user, lobby, data, force=True)
    return answer.text or ""


async def back_to_lobby(
    fake: FakeTelegram, bot: BotRunner, user: FakeUser, group: FakeChat, lobby: StoredMessage
) -> StoredMessage:
    """The settings screen's ⬅️ (a changed option leaves the screen there)."""
    table = await bot.db.open_table_in_chat(GROUP_ID)
    assert table is not None
    data = callbacks.lobby(table.id, table.version, "b")
    await tap(fake, user, lobby, data, force=True)
    return await lobby_now(fake, bot, group, lobby)


async def stake_now(bot: BotRunner) -> int:
    table = await bot.db.open_table_in_chat(GROUP_ID)
    assert table is not None
    return table.rules.stake


async def test_the_stake_changes_only_with_the_consent_of_whoever_sits(
    fake_telegram: FakeTelegram, bot: BotRunner
) -> None:
    fake = fake_telegram
    group, ann, bob, eve = await people(fake)
    sent = await ann.send(group, "/new bura limit=2 stake=10")
    lobby = await fake.wait_for_message(group, "#", after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)

    # A value the settings button never offers: refused, even to the creator alone.
    said = await set_stake(fake, bot, ann, lobby, "1000")
    assert "The stake button sets one of: 0, 10, 50, 100" in said, said
    assert await stake_now(bot) == 10
    # One it offers, while nobody else sits: the creator's own stake, changed.
    await set_stake(fake, bot, ann, lobby, "50")
    assert await stake_now(bot) == 50

    # Bob sits down for 50: from now on nobody changes his stake.
    lobby = await back_to_lobby(fake, bot, ann, group, lobby)
    answer = await tap(fake, bob, lobby, lobby_data(lobby, "j"))
    assert not answer.show_alert, answer
    for value in ("100", "10", "0"):
        said = await set_stake(fake, bot, ann, lobby, value)
        assert "The stake cannot change while other people sit at the table: Bob" in said
        assert await stake_now(bot) == 50
    # Not by an admin either.
    fake.make_admin(group, eve)
    said = await set_stake(fake, bot, eve, lobby, "100")
    assert "other people sit at the table: Ann, Bob" in said, said
    assert await stake_now(bot) == 50

    # Bob stands up; the stake changes; Eve's tap on the drawing that showed
    # 50 (an older version) does not seat her at the new stake of 100.
    old = await lobby_now(fake, bot, group, lobby)
    await tap(fake, bob, old, lobby_data(old, "x"))
    stale_join = lobby_data(await lobby_now(fake, bot, group, lobby), "j")
    await set_stake(fake, bot, ann, lobby, "100")
    assert await stake_now(bot) == 100
    lobby = await back_to_lobby(fake, bot, ann, group, lobby)
    await tap(fake, eve, lobby, stale_join, force=True)
    table = await bot.db.open_table_in_chat(GROUP_ID)
    assert table is not None and [s.user_id for s in table.seats] == [ann.id]
    # The lobby as drawn now seats her (she sees the stake she sits for).
    fresh = await lobby_now(fake, bot, group, lobby)
    answer = await tap(fake, eve, fresh, lobby_data(fresh, "j"))
    assert not answer.show_alert, answer
    table = await bot.db.open_table_in_chat(GROUP_ID)
    assert table is not None and [s.user_id for s in table.seats] == [ann.id, eve.id]
    assert await bot.db.chip_balances(GROUP_ID) == {}


async def wait_to_claim(bot: BotRunner, fake: FakeTelegram, table_id: int, user: FakeUser) -> None:
    """Until it is `user`'s turn with "I have 31" among their moves; an
    answer they owe the computer meanwhile is played (the deal decides
    who leads first, docs/RULES.md 9)."""
    player = Player(fake, user, random.Random(1))
    for _ in range(200):
        snap = snapshot(bot.db_path, table_id)
        state, deal = snap.match, snap.match.deal
        if snap.status == "playing" and deal is not None and dict(snap.seats)[deal.turn] == user.id:
            legal = legal_actions(state, deal.turn)
            if any(a.kind is Kind.CLAIM for a in legal):
                return
            await player.play(next(a for a in legal if a.kind is not Kind.DECLARE))
        await asyncio.sleep(0.05)
        await bot.idle()
    raise AssertionError("never the person's turn to claim")


async def test_a_kick_gives_the_kicked_their_stake_back(
    fake_telegram: FakeTelegram, bot: BotRunner
) -> None:
    """The review's reproduction: stake 500, Ann kicks Bob and then loses to
    the computer. Before: Ann 1,500, Bob 500. Now nobody gains by the kick."""
    fake = fake_telegram
    group, ann, bob, _ = await people(fake)
    table_id, lobby = await open_table(fake, bot, group, "/new bura limit=2 stake=500", [ann, bob])
    await start_match(fake, group, ann, lobby)
    assert await bot.db.chip_balances(GROUP_ID) == {ann.id: 500, bob.id: 500}

    chatter = await bob.send(group, "hi")
    await ann.send(group, "/kick", reply_to=chatter)
    await fake.wait_for_message(group, "gets their stake back", timeout=WAIT)
    await bot.idle()
    assert await bot.db.chip_balances(GROUP_ID) == {ann.id: 500, bob.id: 1000}

    await wait_to_claim(bot, fake, table_id, ann)
    assert await claim_falsely(fake, bot, group, table_id, [ann]) == ann.id
    assert snapshot(bot.db_path, table_id).status == "finished"
    # Ann, the only person left, gets back only what she put in.
    assert await bot.db.chip_balances(GROUP_ID) == {ann.id: 1000, bob.id: 1000}
    ledger = await bot.db.table_chips(table_id)
    kinds = sorted((row.user_id, row.kind, row.amount) for row in ledger)
    assert kinds == [
        (ann.id, "payout", 500),
        (ann.id, "stake", -500),
        (bob.id, "refund", 500),
        (bob.id, "stake", -500),
    ]


async def test_who_stops_a_match_they_play_in_forfeits_their_stake(
    fake_telegram: FakeTelegram, bot: BotRunner
) -> None:
    fake = fake_telegram
    group, ann, bob, eve = await people(fake)
    table_id, lobby = await open_table(fake, bot, group, "/new stake=300", [ann, bob, eve])
    await start_match(fake, group, ann, lobby)
    assert await bot.db.chip_balances(GROUP_ID) == {ann.id: 700, bob.id: 700, eve.id: 700}

    stopped = "\n".join(m.text for m in await say(fake, ann, group, "/stop"))
    assert "Ann stops a match they play in and loses their stake (300 chips)" in stopped
    assert snapshot(bot.db_path, table_id).status == "closed"
    # Bob and Eve: their stakes back and 150 each of Ann's.
    assert await bot.db.chip_balances(GROUP_ID) == {ann.id: 700, bob.id: 1150, eve.id: 1150}
    assert sum(row.amount for row in await bot.db.table_chips(table_id)) == 0
