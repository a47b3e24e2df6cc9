"""Whole matches through the real bot and the fake Bot API, as people play them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from bot_harness import WAIT, BotRunner, Player, play_to_the_end
from bot_steps import people_in_private

from bot.storage import CachedStore
from engine import replay
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser

GROUP_ID = -1001234


async def open_table(
    fake: FakeTelegram, runner: BotRunner, command: str, count: int
) -> tuple[FakeChat, list[FakeUser], int]:
    group = fake.group(GROUP_ID, "Игровой стол", supergroup=True)
    users = await people_in_private(fake, count, 100)
    await users[0].send(group, command)
    lobby = await fake.wait_for_message(group, "#", timeout=WAIT)
    for user in users[1:]:
        answer = await (await user.tap(lobby, lobby.buttons[0][0].value or "")).answer_received(
            timeout=WAIT
        )
        assert answer.url is None, answer
        await fake.wait_idle(timeout=WAIT)
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and len(table.seats) == count, table
    return group, users, table.id


async def start_table(fake: FakeTelegram, group: FakeChat, creator: FakeUser) -> None:
    await creator.send(group, "/start")
    await fake.wait_for_message(group, "👉", timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)


@pytest.mark.parametrize(
    ("command", "count"),
    [
        ("/new", 2),
        ("/new burkozel", 3),
        ("/new burkozel closed_discard=on", 4),
        ("/new kozel", 4),
        ("/new bura", 2),
        ("/new bura show_own_points=on", 3),
        ("/new bura", 4),
    ],
)
@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_complete_match(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    command: str,
    count: int,
) -> None:
    fake = fake_telegram
    group, users, table_id = await open_table(fake, runner, command + " limit=4", count)
    await start_table(fake, group, users[0])
    rng = random.Random(count)
    players = {u.id: Player(fake, u, rng) for u in users}
    final = await play_to_the_end(fake, runner, table_id, players, rng)
    assert final.status == "finished" and final.state is not None and final.state.over
    texts = [m.text for m in fake.messages(group)]
    assert any("окончена" in text for text in texts)
    # The log in the database replays to exactly the final state.
    log = [action for _, _, action in await runner.db.action_log(table_id)]
    assert final.seed is not None
    assert (
        replay(final.state.rules, final.names, final.seed, log, final.state.shuffle) == final.state
    )
    assert not fake.unanswered_callbacks()
    assert not [e for e in fake.errors_returned if not e.injected], fake.errors_returned


@pytest.mark.parametrize("command", ["/new", "/new kozel"])
async def test_a_match_without_the_cache_layer(
    fake_telegram: FakeTelegram, tmp_path: Path, command: str
) -> None:
    """DATABASE_CACHE=off (what several processes sharing a database need):
    every read goes to the database, and a whole match still plays out."""
    fake = fake_telegram
    async with BotRunner(
        fake, tmp_path / "bot.db", settings_extra={"database_cache": False}
    ) as runner:
        assert not isinstance(runner.db, CachedStore)
        count = 4 if "kozel" in command else 2
        group, users, table_id = await open_table(fake, runner, command + " limit=2", count)
        await start_table(fake, group, users[0])
        rng = random.Random(7)
        players = {u.id: Player(fake, u, rng) for u in users}
        final = await play_to_the_end(fake, runner, table_id, players, rng)
        assert final.status == "finished" and final.state is not None and final.state.over
        log = [action for _, _, action in await runner.db.action_log(table_id)]
        assert final.seed is not None
        assert (
            replay(final.state.rules, final.names, final.seed, log, final.state.shuffle)
            == final.state
        )
        assert not fake.unanswered_callbacks()
        # Without the digests the cache keeps, some edits repeat what a message
        # shows; Telegram says "not modified" and nothing else goes wrong.
        errors = [e for e in fake.errors_returned if not e.injected]
        assert all("not modified" in e.description.lower() for e in errors), errors
