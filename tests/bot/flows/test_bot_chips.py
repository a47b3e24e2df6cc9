"""Chip balances (issue 60) through the real bot and the fake Bot API: stakes
taken as a match starts, the bank paid out at its end and shown in the end
message and in /stats, a seat refused to whoever cannot cover the stake (at
the join, at /new, and again at the start), and /stop by an admin giving the
stakes back.

The matches are bura with limit=2 on the fixed deal: whoever moves first
claims falsely and loses at once (tests/support/bot_steps.py `claim_falsely`);
who opens the table decides who moves first."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    WAIT,
    claim_falsely,
    lobby_data,
    open_private_chats,
    open_table,
    play_out,
    say,
    snapshot,
    start_match,
    tap,
)
from restart_steps import begin, hard_crash, restart

from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser

pytestmark = pytest.mark.usefixtures("fixed_deals")


@pytest_asyncio.fixture
async def rich(fake_telegram: FakeTelegram, tmp_path: Path) -> AsyncIterator[BotRunner]:
    async with BotRunner(fake_telegram, tmp_path / "bot.db", {"start_chips": 1000}) as bot:
        yield bot


@pytest_asyncio.fixture
async def poor(fake_telegram: FakeTelegram, tmp_path: Path) -> AsyncIterator[BotRunner]:
    async with BotRunner(fake_telegram, tmp_path / "bot.db", {"start_chips": 15}) as bot:
        yield bot


async def two_people(fake: FakeTelegram, lang: str = "ru") -> tuple[FakeChat, FakeUser, FakeUser]:
    ann = fake.user(500, "Аня" if lang == "ru" else "Ann", language_code=lang)
    bob = fake.user(501, "Борис" if lang == "ru" else "Bob", language_code=lang)
    await open_private_chats(fake, [ann, bob])
    return fake.group(GROUP_ID, "Клуб", supergroup=True), ann, bob


async def a_match(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, opener: FakeUser, other: FakeUser
) -> int:
    """A bura match for 10 chips each that `opener` opens; the loser's id."""
    table_id, lobby = await open_table(
        fake, bot, group, "/new bura limit=2 stake=10", [opener, other]
    )
    await start_match(fake, group, opener, lobby)
    loser = await claim_falsely(fake, bot, group, table_id, [opener, other])
    assert snapshot(bot.db_path, table_id).status == "finished"
    return loser


async def stats_of(fake: FakeTelegram, user: FakeUser, group: FakeChat) -> str:
    (answer, *_) = await say(fake, user, group, "/stats")
    return answer.text


def balance_in(text: str) -> int:
    """The number on /stats's balance line ("🪙 Счёт: 1 010 фишек")."""
    line = next(line for line in text.splitlines() if line.startswith("🪙"))
    return int("".join(ch for ch in line if ch.isdigit()))


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_two_people_who_play_for_chips_see_balances_that_add_up(
    fake_telegram: FakeTelegram, rich: BotRunner
) -> None:
    fake = fake_telegram
    group, ann, bob = await two_people(fake)
    assert balance_in(await stats_of(fake, ann, group)) == 1000  # before any match

    losers = [
        await a_match(fake, rich, group, ann, bob),
        await a_match(fake, rich, group, ann, bob),
        await a_match(fake, rich, group, bob, ann),
    ]
    # Each match: the winner takes the bank of 20, so +10 and −10.
    expected = {
        user.id: 1000 + 10 * (losers.count(other.id) - losers.count(user.id))
        for user, other in ((ann, bob), (bob, ann))
    }
    assert sorted(expected.values()) == [990, 1010]

    # /stats shows each their own balance, with the word in the right form.
    shown = {}
    for user in (ann, bob):
        text = await stats_of(fake, user, group)
        shown[user.id] = balance_in(text)
        assert "фишек" in text.splitlines()[1], text  # 990 / 1010 фишек
    assert shown == expected
    assert shown[ann.id] != shown[bob.id] and shown[ann.id] + shown[bob.id] == 2000
    assert await rich.db.chip_balances(GROUP_ID) == expected

    # The last end message: each person's change and new balance.
    end = next(m.text for m in reversed(fake.messages(group)) if "🏁" in m.text)
    block = end[end.index("🪙") :].splitlines()
    winner, loser = (ann, bob) if losers[-1] == bob.id else (bob, ann)
    assert f"{winner.first_name}: +10 → {expected[winner.id]}" in block, block
    assert f"{loser.first_name}: −10 → {expected[loser.id]}" in block, block


async def test_who_cannot_cover_the_stake_cannot_sit(
    fake_telegram: FakeTelegram, poor: BotRunner
) -> None:
    """START_CHIPS=15: one lost match of 10 leaves 5, short of another 10."""
    fake = fake_telegram
    group, ann, bob = await two_people(fake, "en")

    # /new with a stake its creator cannot cover opens nothing.
    answer = await say(fake, ann, group, "/new bura stake=20")
    assert "You have 15 chips in this group, less than the stake of 20" in answer[0].text
    assert await poor.db.open_table_in_chat(GROUP_ID) is None

    loser_id = await a_match(fake, poor, group, ann, bob)
    loser, winner = (ann, bob) if loser_id == ann.id else (bob, ann)
    assert await poor.db.chip_balances(GROUP_ID) == {loser.id: 5, winner.id: 25}

    # The join button: an alert that says why, and no seat.
    sent = await winner.send(group, "/new bura limit=2 stake=10")
    lobby = await fake.wait_for_message(group, "#", after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    refused = await tap(fake, loser, lobby, lobby_data(lobby, "j"))
    assert refused.show_alert and refused.text is not None
    assert "You have 5 chips in this group, and the stake here is 10" in refused.text
    table = await poor.db.open_table_in_chat(GROUP_ID)
    assert table is not None and [s.user_id for s in table.seats] == [winner.id]
    # /join says the same.
    (joined, *_) = await say(fake, loser, group, "/join")
    assert "the stake here is 10" in joined.text
    assert await poor.db.chip_balances(GROUP_ID) == {loser.id: 5, winner.id: 25}


async def test_the_start_asks_again_and_names_who_is_short(
    fake_telegram: FakeTelegram, poor: BotRunner
) -> None:
    """Two tables in two topics of a forum, Bob seated at both (15 chips cover
    either stake of 10): the first starts, and then the second cannot."""
    fake = fake_telegram
    ann, bob, eve = (fake.user(500 + n, name) for n, name in enumerate(("Ann", "Bob", "Eve")))
    for user in (ann, bob, eve):
        user.language_code = "en"
    await open_private_chats(fake, [ann, bob, eve])
    forum = fake.forum(-1003001, "Club", members=[ann, bob, eve])
    topics = [fake.open_topic(forum, name, by=ann) for name in ("One", "Two")]
    await fake.wait_idle(timeout=WAIT)
    lobbies = []
    for topic, opener in zip(topics, (ann, eve), strict=True):
        sent = await opener.send(forum, "/new bura limit=2 stake=10", thread=topic)
        lobby = await fake.wait_for_message(forum, "#", after=sent, thread=topic, timeout=WAIT)
        await fake.wait_idle(timeout=WAIT)
        answer = await tap(fake, bob, lobby, lobby_data(lobby, "j"))
        assert not answer.show_alert, answer
        lobbies.append(lobby)

    first = await tap(fake, ann, lobbies[0], lobby_data(lobbies[0], "s"))
    assert not first.show_alert, first
    await fake.wait_idle(timeout=WAIT)
    assert (await poor.db.chip_balances(forum.id))[bob.id] == 5

    lobby = fake.find_message(forum.id, lobbies[1].message_id) or lobbies[1]
    second = await tap(fake, eve, lobby, lobby_data(lobby, "s"))
    assert second.show_alert and second.text is not None
    assert "The match cannot start: Bob cannot cover the stake of 10 chips" in second.text
    table = await poor.db.open_table_in_chat(forum.id, topics[1])
    assert table is not None and table.status == "lobby"
    assert await poor.db.chip_balances(forum.id) == {ann.id: 5, bob.id: 5}


async def test_stop_by_an_admin_who_does_not_play_gives_the_stakes_back(
    fake_telegram: FakeTelegram, rich: BotRunner
) -> None:
    """(Who stops a match they play in forfeits their stake instead:
    tests/bot/flows/test_bot_stakes.py.)"""
    fake = fake_telegram
    group, ann, bob = await two_people(fake)
    admin = fake.user(502, "Вера")
    fake.make_admin(group, admin)
    table_id, lobby = await open_table(fake, rich, group, "/new stake=300", [ann, bob])
    await start_match(fake, group, ann, lobby)
    assert await rich.db.chip_balances(GROUP_ID) == {ann.id: 700, bob.id: 700}
    assert balance_in(await stats_of(fake, bob, group)) == 700

    stopped = "\n".join(m.text for m in await say(fake, admin, group, "/stop"))
    assert "Ставки (300 фишек с каждого) вернулись игрокам" in stopped, stopped
    assert snapshot(rich.db_path, table_id).status == "closed"
    assert await rich.db.chip_balances(GROUP_ID) == {ann.id: 1000, bob.id: 1000}
    assert balance_in(await stats_of(fake, bob, group)) == 1000
    kinds = [(row.kind, row.amount) for row in await rich.db.table_chips(table_id)]
    assert sorted(kinds) == [("refund", 300), ("refund", 300), ("stake", -300), ("stake", -300)]


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_crash_mid_match_neither_loses_nor_repeats_chips(
    fake_telegram: FakeTelegram, rich: BotRunner
) -> None:
    """Three people stake 10 each; the bot is killed mid-match and a new one
    plays it to its end: the bank of 30 is paid out once, whole."""
    fake = fake_telegram
    group, users, table_id = await begin(fake, rich, "/new limit=2 stake=10", 3)
    rng = random.Random(60)
    await play_out(fake, rich.db_path, table_id, users, rng, moves=5)
    assert sum((await rich.db.chip_balances(GROUP_ID)).values()) == 2970
    await hard_crash(rich)

    bot = await restart(fake, rich.db_path)
    try:
        final = await play_out(fake, bot.db_path, table_id, users, rng)
        assert final.status == "finished"
        await bot.idle()
        balances = await bot.db.chip_balances(GROUP_ID)
        assert sum(balances.values()) == 3000 and len(balances) == 3
        ledger = await bot.db.table_chips(table_id)
        assert sorted(row.kind for row in ledger) == ["payout"] * 3 + ["stake"] * 3
        assert sum(row.amount for row in ledger if row.kind == "payout") == 30
        assert max(balances.values()) > 1000  # somebody won something
        shown = balance_in(await stats_of(fake, users[0], group))
        assert shown == balances[users[0].id]
    finally:
        await bot.stop()


async def test_a_topic_closed_mid_match_gives_the_stakes_back(
    fake_telegram: FakeTelegram, rich: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = fake.user(500, "Ann", language_code="en"), fake.user(501, "Bob", language_code="en")
    await open_private_chats(fake, [ann, bob])
    forum = fake.forum(-1003001, "Club", members=[ann, bob])
    topic = fake.open_topic(forum, "Cards", by=ann)
    await fake.wait_idle(timeout=WAIT)
    sent = await ann.send(forum, "/new stake=250", thread=topic)
    lobby = await fake.wait_for_message(forum, "#", after=sent, thread=topic, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    await tap(fake, bob, lobby, lobby_data(lobby, "j"))
    lobby = fake.find_message(forum.id, lobby.message_id) or lobby
    started = await tap(fake, ann, lobby, lobby_data(lobby, "s"))
    assert not started.show_alert, started
    await rich.idle()
    assert await rich.db.chip_balances(forum.id) == {ann.id: 750, bob.id: 750}
    playing = await rich.db.open_table_in_chat(forum.id, topic)
    assert playing is not None and playing.status == "playing"

    fake.close_topic(forum, topic, by=ann)
    for user in (ann, bob):
        await fake.wait_for_message(user, "topic in the group was closed", timeout=WAIT)
    await rich.idle()
    assert snapshot(rich.db_path, playing.id).status == "closed"
    assert await rich.db.chip_balances(forum.id) == {ann.id: 1000, bob.id: 1000}
