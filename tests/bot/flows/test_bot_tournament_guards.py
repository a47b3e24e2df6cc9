"""Tournaments that cannot be gamed or stalled (issue 65, security review N3
and N4), through the real bot and the fake Bot API: a round table's lobby
takes its players' confirmations and nothing else (forged lobby buttons, a
join link), stakes are checked at registration, and a round table that
cannot start is voided, said in the group, and the tournament goes on.

Before the fix a forged `l:<t>:<v>:a` seated a computer at a round's table
and `o:…:stake:100` set its stake; a table whose start was refused stayed a
lobby for ever and its tournament `running`, with nothing said."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from bot_harness import BotRunner, Player, play_to_the_end
from bot_steps import GROUP_ID, WAIT, people_in_private, say, tap
from databases import TestDatabase
from manual_clock import ManualScheduler

from bot.storage import STAKE, ChipEntry, ChipMoves, Seat
from bot.storage.tournament_records import ENDED
from bot.view import callbacks
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

TURN = 30
FIXED = "Это стол турнира: игроков и правила задал турнир"


def clocked(fake: FakeTelegram, path: TestDatabase, clock: ManualScheduler) -> BotRunner:
    return BotRunner(
        fake,
        path,
        settings_extra={"turn_timeout": TURN, "computer_delay": 1.0, "start_chips": 1000},
        scheduler=clock,
    )


async def registered(
    fake: FakeTelegram, bot: BotRunner, command: str, count: int
) -> tuple[FakeChat, list[FakeUser]]:
    """The first of `count` people opens the registration; all /join."""
    users = await people_in_private(fake, count, 500, "Игрок")
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    sent = await users[0].send(group, command)
    await fake.wait_for_message(group, "🏁", after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    for user in users:
        said = await say(fake, user, group, "/join")
        assert "записаны" in said[0].text, said[0].text
    await bot.idle()
    return group, users


async def start_it(fake: FakeTelegram, bot: BotRunner, group: FakeChat, user: FakeUser) -> None:
    start = await user.send(group, "/start")
    await fake.wait_for_message(group, "Тур 1", after=start, timeout=WAIT)
    await bot.idle()


def round_lobby(fake: FakeTelegram, group: FakeChat) -> StoredMessage:
    """The round table's lobby message (the one with the confirm button)."""
    for message in reversed(fake.messages(group)):
        current = fake.find_message(group.id, message.message_id) or message
        if any(isinstance(callbacks.parse(d), callbacks.Lobby) for d in current.callback_data):
            return current
    raise AssertionError("no round lobby")


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_round_tables_lobby_takes_confirmations_and_nothing_else(
    fake_telegram: FakeTelegram, tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    db: TestDatabase = tmp_path / "bot.db"
    if backend == "postgres":
        db = request.getfixturevalue("postgres_database")
    async with clocked(fake, db, clock) as bot:
        group, users = await registered(fake, bot, "/tournament burkozel", 2)
        admin = fake.user(900, "Админ")
        fake.make_admin(group, admin)
        await start_it(fake, bot, group, users[0])
        lobby = round_lobby(fake, group)
        (table_id,) = (await bot.db.tournament_rounds(1))[0].tables.values()
        before = await bot.db.get_table(table_id)
        assert before is not None and before.status == "lobby"
        first = next(u for u in users if u.id == before.creator_id)  # the "creator"
        v = before.version
        forged = [
            callbacks.lobby(table_id, v, "a"),  # add a computer
            callbacks.lobby(table_id, v, "r"),  # remove one
            callbacks.lobby(table_id, v, "o"),  # the settings screen
            callbacks.lobby(table_id, v, "x"),  # leave
            callbacks.lobby(table_id, v, "s"),  # start over the others' heads
            callbacks.set_option(table_id, v, "stake", "100"),
            callbacks.set_option(table_id, v, "limit", "2"),
            callbacks.set_option(table_id, v, "turn_time", "300"),
            callbacks.remove_seat(table_id, v, 1),  # remove the opponent
        ]
        for who in (first, admin):
            for data in forged:
                answer = await tap(fake, who, lobby, data, force=True)
                assert answer.show_alert and FIXED in (answer.text or ""), (data, answer)
        after = await bot.db.get_table(table_id)
        assert after is not None and after.version == before.version
        assert [(s.user_id, s.kind) for s in after.seats] == [
            (s.user_id, s.kind) for s in before.seats
        ]
        assert after.options == before.options and after.settings == before.settings

        # The join link (never shown for a round's table) seats nobody either.
        assert after.join_token
        outsider = (await people_in_private(fake, 1, 700, "Гость"))[0]
        group.member_ids.add(outsider.id)
        link = f"/start j{table_id:x}_{after.join_token}"
        sent = await outsider.send_private(link)
        said = await fake.wait_for_message(outsider.private_chat, after=sent, timeout=WAIT)
        assert "По этой ссылке сесть за стол не получится" in said.text, said.text
        fresh = await bot.db.get_table(table_id)
        assert fresh is not None and fresh.seat_of(outsider.id) is None

        # Its players' confirmations still start it.
        for user in users:
            lobby = round_lobby(fake, group)
            data = next(d for d in lobby.callback_data if d.startswith("l:"))
            answer = await tap(fake, user, lobby, data)
            assert not answer.show_alert, answer
        started = await bot.db.get_table(table_id)
        assert started is not None and started.status == "playing"
        assert len(started.seats) == 2


async def test_who_cannot_cover_a_tournaments_stake_cannot_register(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """The review's reproduction: stake=5000 against 1,000 chips each."""
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        users = await people_in_private(fake, 2, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        sent = await users[0].send(group, "/tournament bura limit=2 stake=5000")
        await fake.wait_for_message(group, "🏁", after=sent, timeout=WAIT)
        await fake.wait_idle(timeout=WAIT)
        said = await say(fake, users[1], group, "/join")
        assert "1000 фишек, это меньше ставки турнира (5000 за партию)" in said[0].text
        record = await bot.db.get_tournament(1)
        assert record is not None and not record.entries


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_round_table_that_cannot_start_is_voided_and_the_tournament_goes_on(
    fake_telegram: FakeTelegram, tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    """Both register for 600 a match; one of them stakes 500 at another table
    before the round starts, so the round's start is refused."""
    fake, clock = fake_telegram, ManualScheduler()
    db: TestDatabase = tmp_path / "bot.db"
    if backend == "postgres":
        db = request.getfixturevalue("postgres_database")
    async with clocked(fake, db, clock) as bot:
        group, users = await registered(fake, bot, "/tournament bura limit=2 stake=600", 2)
        poor = users[1]
        # Elsewhere (another table of the group), 500 of poor's chips are at stake.
        other = await bot.db.create_table(GROUP_ID, "Клуб", poor.id, "bura", {"stake": 500})
        assert other is not None
        other.seats.append(Seat(0, poor.id, poor.first_name))
        other.status = "closed"
        entry = ChipEntry(other.id, poor.id, STAKE, 0, -500)
        await bot.db.save_table(other, chips=ChipMoves(GROUP_ID, 1000, (entry,)))
        assert (await bot.db.chip_balances(GROUP_ID))[poor.id] == 500

        await start_it(fake, bot, group, users[0])
        (table_id,) = (await bot.db.tournament_rounds(1))[0].tables.values()
        await clock.advance(TURN + 0.5)  # nobody confirmed: the bot starts it, and cannot
        await bot.idle()
        await clock.advance(1)
        await bot.idle()
        table = await bot.db.get_table(table_id)
        assert table is not None and table.status == "closed"
        texts = [m.text for m in fake.messages(group)]
        cannot = [t for t in texts if t.startswith("⛔")]
        assert len(cannot) == 1, texts
        assert f"Стол #{table_id} не может начаться" in cannot[0]
        assert "Игрок1" in cannot[0] and "600" in cannot[0], cannot[0]
        assert any("закрыт без результата" in t for t in texts), texts
        record = await bot.db.get_tournament(1)
        assert record is not None and record.status == ENDED
        # Nobody's chips moved at the voided table.
        assert not await bot.db.table_chips(table_id)
        balances = await bot.db.chip_balances(GROUP_ID)
        assert balances[poor.id] == 500 and balances.get(users[0].id, 1000) == 1000


SUITS = set("♠♣♥♦")


def lobby_of(fake: FakeTelegram, group: FakeChat, table_id: int) -> tuple[StoredMessage, str]:
    """A round table's lobby as it reads now, and its confirm button."""
    for message in fake.messages(group):
        current = fake.find_message(group.id, message.message_id) or message
        for data in current.callback_data:
            payload = callbacks.parse(data)
            if isinstance(payload, callbacks.Lobby) and payload.table == table_id:
                return current, data
    raise AssertionError(f"no lobby of table {table_id}")


async def test_a_duplicate_rounds_faster_table_shows_the_group_no_card(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """N5: two tables of a duplicate round hold the same cards. Table A plays
    its whole match while table B has not played a card of its first deal:
    nothing the group is shown (every message as it reads now, and every
    text it was ever sent) names a card, and A's replay waits for the round."""
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        group, users = await registered(
            fake, bot, "/tournament bura limit=2 size=2 duplicate=on", 4
        )
        opened = len(fake.messages(group))
        await start_it(fake, bot, group, users[0])
        first, second = (await bot.db.tournament_rounds(1))[0].tables.values()
        table_a = await bot.db.get_table(first)
        assert table_a is not None
        at_a = [u for u in users if table_a.seat_of(u.id) is not None]
        at_b = [u for u in users if u not in at_a]
        for user in at_a:  # A's players confirm; B's have not yet
            lobby, data = lobby_of(fake, group, first)
            answer = await tap(fake, user, lobby, data)
            assert not answer.show_alert, answer
        rng = random.Random(5)
        players = {u.id: Player(fake, u, rng) for u in at_a}
        finished = await play_to_the_end(fake, bot, first, players, rng)
        assert finished.status == "finished"
        await bot.idle()
        table_b = await bot.db.get_table(second)
        assert table_b is not None and table_b.status == "lobby"  # not a card played

        shown = [m.text for m in fake.messages(group)[opened:]]
        sent = [
            str(r.params.get("text", "") or r.params.get("caption", ""))
            for r in fake.requests
            if str(r.params.get("chat_id")) == str(group.id)
        ]
        leaks = [text for text in shown + sent if SUITS & set(text)]
        assert leaks == [], leaks
        assert any("🏁" in text for text in shown)  # the end is told

        # B's player asks for A's replay: not before the round is over.
        sent_link = await at_b[0].send_private(f"/start {callbacks.replay_link_payload(first)}")
        said = await fake.wait_for_message(at_b[0].private_chat, after=sent_link, timeout=WAIT)
        assert "откроется, когда закончится её тур" in said.text, said.text


async def test_a_round_player_who_blocked_the_bot_does_not_stall_the_tournament(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """N3's third case: the bot cannot reach one of a round's players. The
    table still starts at its turn time, the computer plays for whoever it
    cannot reach, and the tournament reaches its end."""
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        group, users = await registered(fake, bot, "/tournament bura limit=2", 2)
        users[1].block_bot(update=False)
        await start_it(fake, bot, group, users[0])
        (table_id,) = (await bot.db.tournament_rounds(1))[0].tables.values()
        for _ in range(2000):
            await bot.idle()
            record = await bot.db.get_tournament(1)
            assert record is not None
            if record.status == ENDED:
                break
            due = clock.next_time()
            assert due is not None, "the tournament stopped moving"
            await clock.advance(max(0.0, due - clock.now()))
        else:
            raise AssertionError("the tournament did not end")
        table = await bot.db.get_table(table_id)
        assert table is not None and table.status == "finished"
        assert any("🏆" in m.text for m in fake.messages(group))
