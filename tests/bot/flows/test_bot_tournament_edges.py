"""Tournaments at their edges (issue 65, security review N8–N14), through
the fake Bot API: a full registration list, a partner taken only with
consent, the trophy told after a crash, a group that became a supergroup,
the bot removed from the group."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import BotRunner
from bot_steps import GROUP_ID, WAIT, assert_clean, people_in_private, say
from manual_clock import ManualScheduler
from restart_steps import hard_crash

from bot.storage import person_key
from bot.storage.tournament_records import ENDED, TournamentRecord
from bot.tables.tournament import registration
from bot.tables.tournament.runner import Rounds
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

TURN = 30


def clocked(fake: FakeTelegram, path: Path, clock: ManualScheduler) -> BotRunner:
    return BotRunner(
        fake, path, settings_extra={"turn_timeout": TURN, "computer_delay": 1.0}, scheduler=clock
    )


async def open_registration(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, creator: FakeUser, command: str
) -> StoredMessage:
    sent = await creator.send(group, command)
    found = await fake.wait_for_message(group, "🏁", after=sent, timeout=WAIT)
    await bot.idle()
    return found


async def test_registration_is_capped_and_the_message_says_so(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N11: the list stops at its places (as many as a plan takes), the
    message says how many, and who comes late is told the list is full."""
    monkeypatch.setattr(registration, "PLACES", 3)
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        users = await people_in_private(fake, 4, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        message = await open_registration(fake, bot, group, users[0], "/tournament bura limit=2")
        assert "Записались (0 из 3)" in message.text, message.text
        for user in users[:3]:
            said = await say(fake, user, group, "/join")
            assert "записаны" in said[0].text, said[0].text
        late = await say(fake, users[3], group, "/join")
        assert late[0].text == "Мест больше нет: в списке уже 3.", late[0].text
        await bot.idle()
        record = await bot.db.get_tournament(1)
        assert record is not None and len(record.entries) == 3
        shown = fake.find_message(group.id, message.message_id) or message
        assert "Записались (3 из 3)" in shown.text and "Игрок3" not in shown.text
        off = await say(fake, users[2], group, "/leave")
        assert "вычеркнуты" in off[0].text
        back = await say(fake, users[3], group, "/join")
        assert "записаны" in back[0].text
        assert_clean(fake)


async def run_out(bot: BotRunner, clock: ManualScheduler, steps: int = 5_000) -> None:
    """Nobody confirms and nobody plays: time jumps to each next timer until
    the tournament is no longer running."""
    for _ in range(steps):
        await bot.idle()
        record = await bot.db.get_tournament(1)
        assert record is not None
        if record.status != "running":
            return
        due = clock.next_time()
        assert due is not None, "the tournament stopped moving"
        await clock.advance(max(0.0, due - clock.now()))
    raise AssertionError("the tournament did not end")


async def test_the_trophy_is_told_after_a_crash_once_the_tournament_ended(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N9: the end is saved, then told; a process that died in between told
    the 🏆 line never (the start-up step took running tournaments only)."""
    fake, clock, path = fake_telegram, ManualScheduler(), tmp_path / "bot.db"
    told = Rounds._say

    async def dies_at_the_trophy(self: Rounds, record: TournamentRecord, text: str) -> None:
        if text.startswith("🏆"):
            raise RuntimeError("the process died here")
        await told(self, record, text)

    monkeypatch.setattr(Rounds, "_say", dies_at_the_trophy)
    bot = clocked(fake, path, clock)
    await bot.start()
    try:
        users = await people_in_private(fake, 2, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        await open_registration(fake, bot, group, users[0], "/tournament bura limit=2")
        for user in users:
            await say(fake, user, group, "/join")
        start = await users[0].send(group, "/start")
        await fake.wait_for_message(group, "Тур 1", after=start, timeout=WAIT)
        await run_out(bot, clock)
        record = await bot.db.get_tournament(1)
        assert record is not None and record.status == ENDED
        assert not any(m.text.startswith("🏆") for m in fake.messages(group))
        await hard_crash(bot)
        monkeypatch.setattr(Rounds, "_say", told)
        clock = ManualScheduler(start=clock.now())
        bot = clocked(fake, path, clock)
        await bot.start()
        await bot.idle()
        trophy = await fake.wait_for_message(group, "🏆", timeout=WAIT)
        assert "Игрок" in trophy.text
        await clock.advance(180)  # the watchdog's rounds tell it no more
        await bot.idle()
        assert sum(m.text.startswith("🏆") for m in fake.messages(group)) == 1
        assert all(r.told for r in await bot.db.tournament_rounds(1))
    finally:
        await bot.stop()
    async with clocked(fake, path, ManualScheduler(start=clock.now())) as again:
        await again.idle()  # a third start tells nothing more
    assert sum(m.text.startswith("🏆") for m in fake.messages(group)) == 1


async def test_a_tournament_stops_when_the_bot_is_removed_from_its_group(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """N8: the bot removed during round 1 of a round robin of four; before,
    rounds 2 and 3 were still opened and played out by computers in a chat
    the bot was no longer in."""
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        users = await people_in_private(fake, 4, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        await open_registration(fake, bot, group, users[0], "/tournament bura limit=2 size=2")
        for user in users:
            await say(fake, user, group, "/join")
        start = await users[0].send(group, "/start")
        await fake.wait_for_message(group, "Тур 1", after=start, timeout=WAIT)
        await bot.idle()
        fake.remove_bot_from(group, by=users[0])
        await fake.wait_idle(timeout=WAIT)
        await bot.idle()
        record = await bot.db.get_tournament(1)
        assert record is not None and record.status == "stopped"
        for _ in range(50):  # the clock runs on: nothing opens, nothing plays
            due = clock.next_time()
            if due is None:
                break
            await clock.advance(max(0.0, due - clock.now()) + 1)
            await bot.idle()
        rounds = await bot.db.tournament_rounds(1)
        assert len(rounds) == 1
        for table_id in rounds[0].tables.values():
            table = await bot.db.get_table(table_id)
            assert table is not None and table.status == "closed"
        assert await bot.db.open_tables_in_chat(group.id) == []


async def test_a_kozel_partner_is_taken_only_when_they_answer(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """N12: /join in reply to a registered person made them your partner,
    unasked. Now it asks them; the team forms when they reply /join to the
    ask, and the one who chose another is nobody else's."""
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        ann, bob, cid = await people_in_private(fake, 3, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        await open_registration(fake, bot, group, ann, "/tournament kozel limit=2")

        async def join(user: FakeUser, reply_to: StoredMessage | None = None) -> StoredMessage:
            sent = await user.send(group, "/join", reply_to=reply_to)
            await fake.wait_for_message(group, after=sent, timeout=WAIT)
            await bot.idle()
            return sent

        anns = await join(ann)
        bobs = await join(bob, reply_to=anns)
        assert fake.messages(group)[-1].text.startswith("🤝 Игрок1 приглашает в пару: Игрок0")
        record = await bot.db.get_tournament(1)
        assert record is not None
        assert [(e.user_id, e.partner) for e in record.entries] == [(500, None), (501, None)]
        cids = await join(cid, reply_to=anns)
        await join(ann, reply_to=cids)  # Ann answers Cid, not Bob
        assert "Ваш партнёр — Игрок2" in fake.messages(group)[-1].text
        await join(ann, reply_to=bobs)
        assert "уже записаны" in fake.messages(group)[-1].text
        record = await bot.db.get_tournament(1)
        assert record is not None
        partners = {e.user_id: e.partner for e in record.entries}
        assert partners == {500: 502, 501: None, 502: 500}
        assert_clean(fake)


async def test_a_tournament_nobody_came_to_moves_no_rating(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """N8: two people register and never come; the computer plays their
    seats to the end. The results stand (the standings need them), but the
    absent people's ratings are not the computer's to move."""
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        users = await people_in_private(fake, 2, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        await open_registration(fake, bot, group, users[0], "/tournament bura limit=2")
        for user in users:
            await say(fake, user, group, "/join")
        start = await users[0].send(group, "/start")
        await fake.wait_for_message(group, "Тур 1", after=start, timeout=WAIT)
        await run_out(bot, clock)
        rounds = await bot.db.tournament_rounds(1)
        (table_id,) = rounds[0].tables.values()
        results = await bot.db.match_results(table_id)
        assert {r.result.user_id for r in results} == {500, 501}
        for user in users:
            assert await bot.db.player_ratings(person_key(user.id)) == []
