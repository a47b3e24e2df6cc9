"""Rematch through the fake Bot API: the match's end carries one button; a
player's tap opens a table with the same people in the same seats, the same
computer and options; the other person confirms with one tap on "Играю", and
the match starts by itself. Strangers and the creator cannot skip anybody."""

from __future__ import annotations

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    WAIT,
    claim_falsely,
    lobby_data,
    open_private_chats,
    open_table,
    snapshot,
    start_match,
    tap,
)

from bot.storage import TableRecord, shared_sql
from bot.view import callbacks
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

pytestmark = pytest.mark.usefixtures("fixed_deals")


async def finish_by_false_claim(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, table_id: int, users: list[FakeUser]
) -> StoredMessage:
    """The match ends on a false claim; the group's end message."""
    await claim_falsely(fake, bot, group, table_id, users)
    end = next(m for m in reversed(fake.messages(group)) if m.text.startswith("🏁"))
    return fake.find_message(group.id, end.message_id) or end


def rematch_data(message: StoredMessage) -> str:
    found = [d for d in message.callback_data if isinstance(callbacks.parse(d), callbacks.Rematch)]
    assert len(found) == 1, message
    return found[0]


async def test_rematch_seats_everybody_again_and_starts_when_all_confirm(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob, eve = fake.user(500, "Аня"), fake.user(501, "Борис"), fake.user(502, "Ева")
    await open_private_chats(fake, [ann, bob, eve])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    first_id, lobby = await open_table(
        fake, runner, group, "/new bura limit=2 turn_time=120", [ann, bob]
    )
    await start_match(fake, group, ann, lobby)
    first = snapshot(runner.db_path, first_id)
    end = await finish_by_false_claim(fake, runner, group, first_id, [ann, bob])
    assert end.text.startswith("🏁")
    again = rematch_data(end)
    assert "🔁 Реванш" in end.button_texts

    # A stranger's tap changes nothing.
    refused = await tap(fake, eve, end, again)
    assert refused.show_alert and "игрок этой партии" in (refused.text or "")
    assert await runner.db.open_table_in_chat(group.id) is None

    # Bob asks for the rematch: a lobby with the same seats, Ann to confirm.
    opened = await tap(fake, bob, end, again)
    assert not opened.show_alert, opened
    await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.id != first_id
    old = await runner.db.get_table(first_id)
    assert old is not None

    def seats_of(record: TableRecord) -> list[tuple[int, int, str, str, str | None]]:
        return sorted((s.seat, s.user_id, s.name, s.kind, s.level) for s in record.seats)

    assert seats_of(table) == seats_of(old)
    assert table.rules == first.match.rules and table.settings["turn_time"] == 120
    lobby = await fake.wait_for_message(group, f"#{table.id}", timeout=WAIT)
    lobby = fake.find_message(group.id, lobby.message_id) or lobby
    assert "⏳" in lobby.text and "✅ Играю" in lobby.button_texts

    # Bob taps again, and the creator cannot start over Ann's head.
    twice = await tap(fake, bob, end, again)
    assert not twice.show_alert
    started = await tap(fake, bob, lobby, lobby_data(lobby, "s"))
    assert started.show_alert and "Аня" in (started.text or "")
    assert snapshot(runner.db_path, table.id).status == "lobby"

    # Ann's one tap starts the match.
    confirmed = await tap(fake, ann, lobby, lobby_data(lobby, "j"))
    assert not confirmed.show_alert, confirmed
    await runner.idle()
    assert snapshot(runner.db_path, table.id).status in ("playing", "finished")
    assert snapshot(runner.db_path, table.id).seats == snapshot(runner.db_path, first_id).seats


async def test_a_rematch_keeps_the_computers_and_starts_at_once_when_nobody_waits(
    fake_telegram: FakeTelegram, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A shuffle secret with which Аня moves first and can claim (the cards
    # come from the table's key, issue 66; its public value names the lobby,
    # the group's message 2).
    monkeypatch.setattr(shared_sql, "new_shuffle_secret", lambda: f"{1:064x}")
    fake = fake_telegram
    ann = fake.user(500, "Аня")
    await open_private_chats(fake, [ann])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    first_id, lobby = await open_table(fake, runner, group, "/new bura limit=2", [ann])
    answer = await tap(fake, ann, lobby, lobby_data(lobby, "a"))  # a computer joins
    assert not answer.show_alert, answer
    await runner.idle()
    lobby = fake.find_message(group.id, lobby.message_id) or lobby
    await start_match(fake, group, ann, lobby)
    end = await finish_by_false_claim(fake, runner, group, first_id, [ann])
    opened = await tap(fake, ann, end, rematch_data(end))
    assert not opened.show_alert, opened
    await runner.idle()
    tables = [await runner.db.get_table(n) for n in (first_id, first_id + 1)]
    old, new = tables
    assert old is not None and new is not None and new.status in ("playing", "finished")
    assert [(s.name, s.kind, s.level) for s in new.seats] == [
        (s.name, s.kind, s.level) for s in old.seats
    ]
