"""Namesakes at one table (issue 59): three people called "Дмитрий" play a
match through the fake Bot API, and every group message that names one of
them names him apart from the others; a computer never takes a seated
person's name."""

from __future__ import annotations

import random
import re

from bot_harness import WAIT, BotRunner, Player, play_to_the_end
from bot_steps import open_private_chats, open_table, say, start_match

from testing.fake_telegram import FakeTelegram

GROUP_ID = -1005951


async def test_three_dmitrys_are_three_names_in_every_group_message(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    plain = fake.user(801, "Дмитрий")
    nick = fake.user(802, "Дмитрий", username="dimon")
    surname = fake.user(803, "Дмитрий", last_name="Козлов")
    users = [plain, nick, surname]
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Тёзки", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=2", users)
    names = ("Дмитрий", "Дмитрий (@dimon)", "Дмитрий Козлов")
    table = await runner.db.get_table(table_id)
    assert table is not None and table.names == names
    lobby = fake.find_message(group.id, lobby.message_id) or lobby
    assert all(name in lobby.text for name in names)
    await start_match(fake, group, plain, lobby)
    rng = random.Random(59)
    players = {u.id: Player(fake, u, rng) for u in users}
    final = await play_to_the_end(fake, runner, table_id, players, rng)
    await runner.idle()
    assert final.state is not None and final.state.players == names
    texts = [m.text for m in fake.messages(group)]
    # Every line that names a player names exactly one of the three (the
    # longest match), and together the group's messages name all three.
    named: set[str] = set()
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))
    for text in texts:
        for line in text.splitlines():
            for found in pattern.findall(line):
                named.add(found)
    assert named == set(names)
    # The first deal's summary and the end message have a line for each of
    # them (a later summary leaves out whoever is already out: the deals are
    # the table's own, random, so which deal that is varies run to run).
    summaries = [t for t in texts if t.startswith("📋")]
    ends = [t for t in texts if t.startswith("🏁")]
    assert summaries and ends
    for text in [summaries[0], ends[-1]]:
        lines = text.splitlines()
        for name in names:
            others = [n for n in names if n != name and n.startswith(name)]
            own = [
                line
                for line in lines
                if name in line and not any(other in line for other in others)
            ]
            assert own, (name, text)
    # So does the group's history of matches.
    sent = await plain.send(group, "/history")
    listed = await fake.wait_for_message(group, "🗂", after=sent, timeout=WAIT)
    standing = listed.text.splitlines()[1]
    assert all(name in standing for name in names)
    assert standing.count("Дмитрий") == 3
    # Each hand names the others apart too.
    for user in users:
        hands = " ".join(m.text for m in fake.messages(fake.private_chat(user)))
        assert "Дмитрий (@dimon)" in hands or user is nick


async def test_a_computer_never_takes_a_seated_persons_name(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    mikhalych = fake.user(811, "Михалыч")
    poser = fake.user(812, "🤖 Петрович", username="petr")
    await open_private_chats(fake, [mikhalych, poser])
    group = fake.group(GROUP_ID - 1, "Двойники", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [mikhalych, poser])
    await say(fake, mikhalych, group, "/addbot")
    await runner.idle()
    table = await runner.db.get_table(table_id)
    assert table is not None
    # The poser loses the 🤖; the computer skips both people's names.
    assert table.names == ("Михалыч", "Петрович", "🤖 Зинаида")
    lobby = fake.find_message(group.id, lobby.message_id) or lobby
    assert "🤖 Зинаида" in lobby.text and "🤖 Михалыч" not in lobby.text
