"""The group's live message through the real bot and the fake Bot API, read
as the group reads it: in every version it ever showed, its points line adds
up to its trick lines and agrees with the deal's summary; while a deal is
played it carries the link to the bot's chat and the turn's clock."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest
from bot_harness import BotRunner, Player, play_to_the_end
from bot_steps import open_table, people_in_private, start_match

from testing.fake_telegram import FakeTelegram
from testing.fake_telegram.models import StoredMessage

GROUP_ID = -1001777
TRICK = re.compile(r"^✅ \d+\. Берёт (\S+)(?: 🤖)?.* — (\d+) очк")
SUMMARY = re.compile(r"^(?:🏆 )?(\S+): (\d+) очк")
POINTS = "Очки в сдаче: "


def versions(message: StoredMessage) -> list[tuple[str, dict[str, Any] | None]]:
    """Every text the message showed, with its buttons, oldest first."""
    old = [(v.text, v.reply_markup) for v in message.history]
    return [*old, (message.text, message.reply_markup)]


def points_line(text: str) -> dict[str, int] | None:
    line = next((line for line in text.splitlines() if line.startswith(POINTS)), None)
    if line is None:
        return None
    parts = (part.rsplit(" ", 1) for part in line.removeprefix(POINTS).split(" · "))
    return {name: int(points) for name, points in parts}


def trick_sums(text: str) -> Counter[str]:
    sums: Counter[str] = Counter()
    for line in text.splitlines():
        found = TRICK.match(line)
        if found:
            sums[found[1]] += int(found[2])
    return sums


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
@pytest.mark.parametrize("command", ["/new limit=4", "/new burkozel limit=4"])
async def test_every_version_of_the_live_message_adds_up(
    fake_telegram: FakeTelegram, runner: BotRunner, command: str
) -> None:
    fake = fake_telegram
    count = 2 if command == "/new limit=4" else 3
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    users = await people_in_private(fake, count, 300)
    table_id, lobby = await open_table(fake, runner, group, command, users)
    await start_match(fake, group, users[0], lobby)
    rng = random.Random(7 + count)
    players = {u.id: Player(fake, u, rng) for u in users}
    final = await play_to_the_end(fake, runner, table_id, players, rng)
    assert final.status == "finished"

    messages = fake.messages(group)
    lives = [m for m in messages if re.match(r"🃏 .* · сдача \d+\n", m.text)]
    summaries = {
        int(found[1]): m.text
        for m in messages
        if (found := re.search(r"Итоги сдачи (\d+)", m.text))
    }
    assert lives and summaries
    link = f"https://t.me/{fake.bot_username}"
    checked = 0
    for live in lives:
        title = re.match(r"🃏 .* · сдача (\d+)", live.text)
        assert title is not None
        deal = int(title[1])
        for text, markup in versions(live):
            shown = points_line(text)
            assert shown is not None, text
            sums = trick_sums(text)
            assert shown == {name: sums.get(name, 0) for name in shown}, text
            checked += 1
            buttons = [b for row in (markup or {}).get("inline_keyboard", []) for b in row]
            if "👉" in text:
                # Playing: the way to one's cards, and the clock on the turn's line.
                assert buttons == [{"text": "🃏 Мои карты", "url": link}], markup
                turn = next(line for line in text.splitlines() if line.startswith("👉"))
                assert turn.endswith("⏳ 90 с на ход"), turn
            else:
                assert not buttons, markup
        # The deal's closed message and its summary tell the same points.
        said = summaries.get(deal)
        if said is not None:
            final_points = points_line(live.text)
            assert final_points is not None
            in_summary = {
                found[1]: int(found[2])
                for line in said.splitlines()
                if (found := SUMMARY.match(line))
            }
            assert in_summary == final_points, (live.text, said)
    assert checked > 20


async def test_a_stopped_match_leaves_no_clock_nor_link(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """/stop mid-deal: the live message keeps its tricks, loses the turn's
    line, its clock and the link to one's cards, and no new message is
    posted for it."""
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    users = await people_in_private(fake, 2, 320)
    table_id, lobby = await open_table(fake, runner, group, "/new", users)
    await start_match(fake, group, users[0], lobby)
    (live,) = [m for m in fake.messages(group) if "👉" in m.text]
    assert live.buttons
    before = len(fake.messages(group))
    sent = await users[0].send(group, "/stop")
    await fake.wait_for_message(group, "закрыт", after=sent)
    await runner.idle()
    await fake.wait_idle()
    closed = fake.find_message(group.id, live.message_id)
    assert closed is not None
    assert "👉" not in closed.text and "⏳" not in closed.text and not closed.buttons
    assert "сдача 1" in closed.text
    assert len(fake.messages(group)) == before + 1  # the answer to /stop alone
    table = await runner.db.get_table(table_id)
    assert table is not None and table.status == "closed"
