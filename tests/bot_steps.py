"""Steps shared by the bot tests of bad inputs and restarts (on top of bot_harness).

`snapshot` reads what a table *is* straight from the SQLite file (version,
status, rules, engine state, seats, length of the action log), so a test can
assert that a refused input changed nothing.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest_asyncio
from bot_harness import BotRunner
from fake_telegram import CallbackAnswer, FakeChat, FakeTelegram, FakeUser, StoredMessage
from fake_telegram.fixtures import fake_telegram  # noqa: F401 - pytest fixture

from bot import callbacks
from engine import MatchState

GROUP_ID = -1002001
OTHER_GROUP_ID = -1002002


@pytest_asyncio.fixture
async def runner(fake_telegram: FakeTelegram, tmp_path: Path) -> AsyncIterator[BotRunner]:  # noqa: F811
    bot = BotRunner(fake_telegram, tmp_path / "bot.db")
    await bot.start()
    try:
        yield bot
    finally:
        await bot.stop()


@dataclass(frozen=True)
class Snapshot:
    version: int
    status: str
    preset: str
    options: str
    state: str | None
    seats: tuple[tuple[int, int], ...]  # (seat, user id)
    actions: int

    @property
    def match(self) -> MatchState:
        assert self.state is not None
        return MatchState.loads(self.state)


def snapshot(db_path: Path, table_id: int) -> Snapshot:
    """What the table is, as stored (message ids are bookkeeping and left out)."""
    with sqlite3.connect(db_path) as connection:
        row = connection.execute(
            "SELECT version, status, preset, options, state FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        assert row is not None, f"no table {table_id}"
        seats = connection.execute(
            "SELECT seat, user_id FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ).fetchall()
        (actions,) = connection.execute(
            "SELECT count(*) FROM actions WHERE table_id = ?", (table_id,)
        ).fetchone()
    return Snapshot(row[0], row[1], row[2], row[3], row[4], tuple(map(tuple, seats)), actions)


def table_count(db_path: Path) -> int:
    with sqlite3.connect(db_path) as connection:
        (count,) = connection.execute("SELECT count(*) FROM tables").fetchone()
    return int(count)


def version_moved(db_path: Path, table_id: int, version: int) -> bool:
    return snapshot(db_path, table_id).version != version


def parse_errors(fake: FakeTelegram) -> list[Any]:
    return [e for e in fake.errors_returned if "can't parse entities" in e.description]


def assert_clean(fake: FakeTelegram) -> None:
    """Every tap answered and every text the bot sent was valid HTML."""
    assert not fake.unanswered_callbacks(), fake.unanswered_callbacks()
    assert not parse_errors(fake), parse_errors(fake)


async def tap(
    fake: FakeTelegram, user: FakeUser, message: StoredMessage, data: str, *, force: bool = False
) -> CallbackAnswer:
    """Tap, wait for the answer and for the bot to finish what the tap started."""
    callback = await user.tap(message, data, force=force)
    answer = await callback.answer_received()
    await fake.wait_idle()
    return answer


async def say(fake: FakeTelegram, user: FakeUser, chat: FakeChat, text: str) -> list[StoredMessage]:
    """Send `text`; the bot's messages in `chat` that came after it (at least one)."""
    sent = await user.send(chat, text)
    await fake.wait_for_message(chat, after=sent)
    await fake.wait_idle()
    return [m for m in fake.messages(chat) if m.message_id > sent.message_id]


def people(fake: FakeTelegram, count: int, first_id: int = 500) -> list[FakeUser]:
    return [fake.user(first_id + i, f"Игрок{i}") for i in range(count)]


async def open_private_chats(fake: FakeTelegram, users: list[FakeUser]) -> None:
    for user in users:
        await user.send_private("/start")
    await fake.wait_idle()


async def open_table(
    fake: FakeTelegram,
    runner: BotRunner,
    group: FakeChat,
    command: str,
    users: list[FakeUser],
) -> tuple[int, StoredMessage]:
    """`users[0]` opens the table with `command`; the rest join with the button."""
    sent = await users[0].send(group, command)
    lobby = await fake.wait_for_message(group, "#", after=sent)
    await fake.wait_idle()
    for user in users[1:]:
        answer = await tap(fake, user, lobby, lobby_data(lobby, "j"))
        assert answer.url is None, answer
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and len(table.seats) == len(users), table
    return table.id, fake.find_message(group.id, lobby.message_id) or lobby


def lobby_data(message: StoredMessage, op: str) -> str:
    """The callback data of the lobby button `op` (j, x, o, s, b) on `message`."""
    for data in message.callback_data:
        payload = callbacks.parse(data)
        if isinstance(payload, callbacks.Lobby) and payload.op == op:
            return data
    raise AssertionError(f"no lobby button {op!r} on {message!r}")


async def start_match(
    fake: FakeTelegram, group: FakeChat, creator: FakeUser, lobby: StoredMessage
) -> None:
    answer = await tap(fake, creator, lobby, lobby_data(lobby, "s"))
    assert not answer.show_alert, answer
    await fake.wait_for_message(group, "👉")
    await fake.wait_idle()


def hand_message(fake: FakeTelegram, user: FakeUser) -> StoredMessage | None:
    """The newest private message of the bot that carries card or action buttons."""
    for message in reversed(fake.messages(fake.private_chat(user))):
        if any(d.startswith(("s:", "p:")) for d in message.callback_data):
            return message
    return None


def play_buttons(message: StoredMessage) -> list[tuple[str, callbacks.Play]]:
    found = []
    for data in message.callback_data:
        payload = callbacks.parse(data)
        if isinstance(payload, callbacks.Play):
            found.append((data, payload))
    return found


def select_buttons(message: StoredMessage) -> list[tuple[str, callbacks.Select]]:
    found = []
    for data in message.callback_data:
        payload = callbacks.parse(data)
        if isinstance(payload, callbacks.Select):
            found.append((data, payload))
    return found


def group_texts(fake: FakeTelegram, group: FakeChat) -> list[str]:
    return [m.text for m in fake.messages(group)]


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)
