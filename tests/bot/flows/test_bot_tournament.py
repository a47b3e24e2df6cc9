"""Tournaments through the fake Bot API (issue 60): registration by the
button and /join, /start, the bot opening each round's tables, players
confirming with one tap, the standings after every round and the 🏆 line."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from bot_harness import BotRunner, Player, play_to_the_end
from bot_steps import (
    GROUP_ID,
    WAIT,
    assert_clean,
    fix_deals,
    people_in_private,
    say,
    tap,
    text_of,
)
from databases import TestDatabase
from manual_clock import ManualScheduler
from restart_steps import hard_crash

from bot.storage.tournament_records import ENDED
from bot.tournaments.model import round_from_json
from bot.view import callbacks
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

TURN = 30


def tournament_data(message: StoredMessage, op: str) -> str:
    for data in message.callback_data:
        payload = callbacks.parse(data)
        if isinstance(payload, callbacks.Tournament) and payload.op == op:
            return data
    raise AssertionError(f"no tournament button {op!r} on {message!r}")


async def open_registration(
    fake: FakeTelegram, group: FakeChat, creator: FakeUser, command: str
) -> StoredMessage:
    sent = await creator.send(group, command)
    found = await fake.wait_for_message(group, "🏁", after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    return found


def lobbies(fake: FakeTelegram, group: FakeChat) -> list[StoredMessage]:
    """The group's tournament lobbies still waiting for a confirmation."""
    found = []
    for message in fake.messages(group):
        current = fake.find_message(group.id, message.message_id) or message
        if any(
            isinstance(p := callbacks.parse(d), callbacks.Lobby) and p.op == "j"
            for d in current.callback_data
        ):
            found.append(current)
    return found


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_bura_to_two_registered_by_the_button_reaches_its_trophy(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    users = await people_in_private(fake, 4, 500, "Игрок")
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    message = await open_registration(fake, group, users[0], "/tournament bura limit=2")
    assert "Турнир" in message.text and "✋ Записаться" in message.button_texts
    for user in users:
        answer = await tap(fake, user, message, tournament_data(message, "j"))
        assert not answer.show_alert and answer.url is None, answer
    again = await tap(fake, users[1], message, tournament_data(message, "j"))
    assert "уже" in (again.text or "")
    message = fake.find_message(group.id, message.message_id) or message
    assert all(f"Игрок{i}" in message.text for i in range(4))
    # Only the creator (or an admin) starts it.
    refused = await tap(fake, users[2], message, tournament_data(message, "s"))
    assert refused.show_alert
    start = await users[0].send(group, "/start")
    await fake.wait_for_message(group, "Тур 1", after=start, timeout=WAIT)
    await runner.idle()
    rng = random.Random(7)
    players = {u.id: Player(fake, u, rng) for u in users}
    for _ in range(10):
        record = await runner.db.get_tournament(1)
        assert record is not None
        if record.status == ENDED:
            break
        for lobby in lobbies(fake, group):
            data = next(d for d in lobby.callback_data if d.startswith("l:"))
            payload = callbacks.parse(data)
            assert isinstance(payload, callbacks.Lobby)
            table = await runner.db.get_table(payload.table)
            assert table is not None and table.status == "lobby"
            assert "(2/2)" in lobby.text, lobby.text  # seated by its round, full
            outsiders = [u for u in users if table.seat_of(u.id) is None]
            for user in outsiders:  # only the round's players sit there
                answer = await tap(fake, user, lobby, data)
                assert answer.show_alert, answer
            seated = [u for u in users if table.seat_of(u.id) is not None]
            for user in seated:  # each confirms on the lobby as it is now
                await runner.idle()
                lobby = fake.find_message(group.id, lobby.message_id) or lobby
                data = next(d for d in lobby.callback_data if d.startswith("l:"))
                answer = await tap(fake, user, lobby, data)
                assert not answer.show_alert, answer
            started = await runner.db.get_table(payload.table)
            assert started is not None and started.status != "lobby"
        await runner.idle()
        rounds = await runner.db.tournament_rounds(1)
        for table_id in rounds[-1].tables.values():
            await play_to_the_end(fake, runner, table_id, players, rng)
        await runner.idle()
    trophy = await fake.wait_for_message(group, "🏆", timeout=WAIT)
    assert trophy.text.startswith("🏆")
    # The winner earns "tournament won" (issue 68), said once in the group.
    await runner.idle()
    first_line = trophy.text.splitlines()[0]
    for user in users:
        held = await runner.db.achievements_of(user.id, group.id)
        assert ("tournament_won" in held) == (user.first_name in first_line), (user, held)
    said = [m.text for m in fake.messages(group) if "«Чемпион турнира»" in m.text]
    assert len(said) == 1 and said[0].startswith("🏅"), said
    for user in users:  # and each winner in private, once
        notes = [m for m in fake.messages(user.private_chat) if "Чемпион турнира" in m.text]
        assert len(notes) == (user.first_name in first_line), (user, notes)
    assert_clean(fake)


def clocked(fake: FakeTelegram, path: TestDatabase, clock: ManualScheduler) -> BotRunner:
    """A bot on a hand-driven clock; a computer's move takes a second of it."""
    return BotRunner(
        fake, path, settings_extra={"turn_timeout": TURN, "computer_delay": 1.0}, scheduler=clock
    )


async def run_out(
    bot: BotRunner, clock: ManualScheduler, tournament_id: int = 1, steps: int = 20_000
) -> None:
    """Nobody confirms and nobody plays: each table waits its turn time, then
    the computer plays for everybody; time jumps to each next timer."""
    for _ in range(steps):
        await bot.idle()
        record = await bot.db.get_tournament(tournament_id)
        assert record is not None
        if record.status == ENDED:
            return
        due = clock.next_time()
        assert due is not None, "the tournament stopped moving"
        await clock.advance(max(0.0, due - clock.now()))
    raise AssertionError("the tournament did not end")


async def registered(
    fake: FakeTelegram,
    bot: BotRunner,
    command: str,
    count: int,
    first_id: int = 500,
    forum: bool = False,
) -> tuple[FakeChat, list[FakeUser], StoredMessage]:
    """Registration opened by the first of `count` people; all register by /join."""
    users = await people_in_private(fake, count, first_id, "Игрок")
    if forum:
        group = fake.forum(GROUP_ID, "Клуб", members=users)
    else:
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    message = await open_registration(fake, group, users[0], command)
    for user in users:
        said = await say(fake, user, group, "/join")
        assert "записаны" in said[0].text, said[0].text
    await bot.idle()
    return group, users, message


async def start_it(fake: FakeTelegram, bot: BotRunner, group: FakeChat, user: FakeUser) -> None:
    start = await user.send(group, "/start")
    await fake.wait_for_message(group, "Тур 1", after=start, timeout=WAIT)
    await bot.idle()


async def every_round(bot: BotRunner, tournament_id: int = 1) -> list[tuple[tuple[str, ...], ...]]:
    rounds = await bot.db.tournament_rounds(tournament_id)
    assert all(r.outcomes is not None and r.told for r in rounds)
    return [round_from_json(r.round).tables for r in rounds]


def texts(fake: FakeTelegram, group: FakeChat) -> list[str]:
    """What the group reads (the fake keeps messages as Telegram shows them)."""
    return [m.text for m in fake.messages(group)]


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_round_robin_of_four_at_tables_of_two_survives_a_restart(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Fixed deals: a bura dealt at limit=2 would end a match before the crash.
    fix_deals(monkeypatch, 17)
    fake, path = fake_telegram, tmp_path / "bot.db"
    clock = ManualScheduler()
    bot = clocked(fake, path, clock)
    await bot.start()
    try:
        group, users, _ = await registered(fake, bot, "/tournament bura limit=2 size=2", 4)
        await start_it(fake, bot, group, users[0])
        # Round 1 starts (nobody came: the computer plays), then the bot is
        # killed after a few moves.
        await clock.advance(TURN)
        await bot.idle()
        await clock.advance(3)
        await bot.idle()
        rounds = await bot.db.tournament_rounds(1)
        assert len(rounds) == 1 and len(rounds[0].tables) == 2 and rounds[0].outcomes is None
        playing = [await bot.db.get_table(t) for t in rounds[0].tables.values()]
        assert all(t is not None and t.status == "playing" and t.version > 3 for t in playing)
        assert any("не нажал «Играю» вовремя" in text for text in texts(fake, group))
        await hard_crash(bot)
        clock = ManualScheduler(start=clock.now())
        bot = clocked(fake, path, clock)
        await bot.start()
        await run_out(bot, clock)
        tables = await every_round(bot)
        assert len(tables) == 3  # the circle: everybody meets everybody once
        pairs = Counter(frozenset(t) for round_ in tables for t in round_)
        assert len(pairs) == 6 and set(pairs.values()) == {1}
        all_tables = [t for r in await bot.db.tournament_rounds(1) for t in r.tables.values()]
        assert len(all_tables) == len(set(all_tables)) == 6  # nothing opened twice
        said = texts(fake, group)
        assert sum(text.startswith("📊") for text in said) == 3
        assert sum(text.startswith("🏆") for text in said) == 1
        assert_clean(fake)
    finally:
        await bot.stop()


@pytest.mark.parametrize(
    ("backend", "count", "byes"), [("sqlite", 6, 2), ("postgres", 6, 2), ("sqlite", 8, 0)]
)
@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_knockout_gives_the_top_seeds_byes_and_one_winner(
    fake_telegram: FakeTelegram,
    tmp_path: Path,
    backend: str,
    count: int,
    byes: int,
    request: pytest.FixtureRequest,
) -> None:
    """Six: the two top seeds wait a round; eight: a full bracket of seven."""
    fake, clock = fake_telegram, ManualScheduler()
    db: TestDatabase = tmp_path / "bot.db"
    if backend == "postgres":
        db = request.getfixturevalue("postgres_database")
    async with clocked(fake, db, clock) as bot:
        command = "/tournament bura limit=2 format=knockout"
        group, users, _ = await registered(fake, bot, command, count)
        await start_it(fake, bot, group, users[0])
        await run_out(bot, clock)
        tables = await every_round(bot)
        rounds = await bot.db.tournament_rounds(1)
        first = round_from_json(rounds[0].round)
        assert len(first.byes) == byes and len(first.tables) == (count - byes) // 2
        assert sum(len(r) for r in tables) == count - 1  # each match puts one out
        said = texts(fake, group)
        trophies = [text for text in said if text.startswith("🏆")]
        assert len(trophies) == 1
        assert_clean(fake)


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_swiss_of_nine_plays_four_rounds_without_rematches(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        group, users, _ = await registered(
            fake, bot, "/tournament bura limit=2 format=swiss size=2", 9
        )
        await start_it(fake, bot, group, users[0])
        await run_out(bot, clock)
        tables = await every_round(bot)
        assert len(tables) == 4
        pairs = Counter(frozenset(t) for round_ in tables for t in round_)
        assert set(pairs.values()) == {1}
        said = texts(fake, group)
        assert sum(text.startswith("📊") for text in said) == 4
        assert sum(text.startswith("🏆") for text in said) == 1
        assert_clean(fake)


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_kozel_tournament_seats_teams_of_two(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        users = await people_in_private(fake, 6, 500, "Игрок")
        group = fake.group(GROUP_ID, "Клуб", supergroup=True)
        registration = await open_registration(fake, group, users[0], "/tournament kozel limit=2")

        async def join(user: FakeUser, reply_to: StoredMessage | None = None) -> str:
            sent = await user.send(group, "/join", reply_to=reply_to)
            answer = await fake.wait_for_message(group, after=sent, timeout=WAIT)
            await bot.idle()
            return answer.text

        anns = await user_message(fake, users[0], group, "/join")
        assert "записаны" in await join(users[1])
        # Replying /join to a registered person's message asks them; their
        # /join in reply to the ask makes the two a team (N12).
        asks = await user_message(fake, users[2], group, "/join", reply_to=anns)
        assert "Игрок2 приглашает в пару: Игрок0" in fake.messages(group)[-1].text
        assert "Ваш партнёр — Игрок2" in await join(users[0], reply_to=asks)
        assert "уже в паре" in await join(users[3], reply_to=anns)
        for user in users[3:]:
            assert "записаны" in await join(user)
        listed = fake.find_message(group.id, registration.message_id) or registration
        assert "1. Игрок0 & Игрок2" in listed.text, listed.text and "2. Игрок1" in listed.text
        await start_it(fake, bot, group, users[0])
        record = await bot.db.get_tournament(1)
        assert record is not None and record.plan is not None
        assert set(record.plan["entrants"]) == {"500+502", "501+503", "504+505"}
        await run_out(bot, clock)
        tables = await every_round(bot)
        assert len(tables) == 3  # three teams: each meets the other two
        first = await bot.db.tournament_rounds(1)
        table = await bot.db.get_table(first[0].tables[0])
        assert table is not None and len(table.seats) == 4
        teams = [t for t in round_from_json(first[0].round).tables[0]]
        a, b = (team.split("+") for team in teams)
        seated = [str(s.user_id) for s in sorted(table.seats, key=lambda s: s.seat)]
        assert seated == [a[0], b[0], a[1], b[1]]  # partners sit opposite
        said = texts(fake, group)
        assert any(" & " in text for text in said if text.startswith("🏆"))
        assert_clean(fake)


async def user_message(
    fake: FakeTelegram,
    user: FakeUser,
    chat: FakeChat,
    text: str,
    reply_to: StoredMessage | None = None,
) -> StoredMessage:
    """The person's own message, once the bot has answered it."""
    sent = await user.send(chat, text, reply_to=reply_to)
    await fake.wait_for_message(chat, after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    return sent


async def test_a_malformed_option_is_answered_and_opens_nothing(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    (ann,) = await people_in_private(fake, 1, 500, "Аня")
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    for command, expected in (
        ("/tournament bura format=league", "Не знаю формат «league»"),
        ("/tournament bura rounds=99", "от 1 до 15"),
        ("/tournament kozel size=3", "Игроков за столом"),
        ("/tournament bura duplicate=maybe", "duplicate: on или off"),
        ("/tournament bura format=knockout rounds=3", "только в швейцарском"),
        ("/tournament bura limit=5", "limit"),
        ("/tournament bura limit", "имя=значение"),
        ("/tournament poker", "poker"),
    ):
        said = await say(fake, ann, group, command)
        assert expected in said[0].text, (command, said[0].text)
    assert await runner.db.open_tournament_in_chat(group.id) is None
    assert_clean(fake)


async def test_stop_ends_the_tournament_and_closes_its_tables(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        group, users, _ = await registered(fake, bot, "/tournament bura limit=2 size=2", 4)
        refused = await say(fake, users[1], group, "/stop")
        assert "создатель турнира" in refused[0].text
        off = await say(fake, users[3], group, "/leave")
        assert "вычеркнуты" in off[0].text
        record = await bot.db.get_tournament(1)
        assert record is not None and len(record.entries) == 3
        back = await say(fake, users[3], group, "/join")
        assert "записаны" in back[0].text
        await start_it(fake, bot, group, users[0])
        late = await say(fake, users[1], group, "/join")
        assert "Запись закрыта" in late[0].text
        said = await say(fake, users[0], group, "/stop")
        assert "Турнир остановлен" in said[0].text
        await bot.idle()
        record = await bot.db.get_tournament(1)
        assert record is not None and record.status == "stopped"
        rounds = await bot.db.tournament_rounds(1)
        for table_id in rounds[0].tables.values():
            table = await bot.db.get_table(table_id)
            assert table is not None and table.status == "closed"
        await clock.advance(10 * TURN)  # nothing is left to start
        await bot.idle()
        assert len(await bot.db.tournament_rounds(1)) == 1
        assert not any(text.startswith("🏆") for text in texts(fake, group))
        again = await say(fake, users[0], group, "/stop")
        assert "нет открытого стола" in again[0].text  # nothing is left to stop
        assert_clean(fake)


async def test_a_stopped_tournament_gives_back_the_stakes_of_its_matches(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    """Its tables close as /stop closes one: the chips staked go back."""
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        command = "/tournament bura size=2 stake=10"
        group, users, _ = await registered(fake, bot, command, 4)
        await start_it(fake, bot, group, users[0])
        await clock.advance(TURN + 0.5)  # nobody confirms: the computer plays for them
        await bot.idle()
        rounds = await bot.db.tournament_rounds(1)
        tables = [await bot.db.get_table(t) for t in rounds[0].tables.values()]
        assert all(t is not None and t.status == "playing" for t in tables), tables
        assert sorted((await bot.db.chip_balances(group.id)).values()) == [990] * 4
        await say(fake, users[0], group, "/stop")
        await bot.idle()
        assert sorted((await bot.db.chip_balances(group.id)).values()) == [1000] * 4


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_duplicate_deals_give_every_table_of_a_round_the_same_cards(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        group, users, _ = await registered(
            fake, bot, "/tournament bura limit=2 size=2 duplicate=on", 4
        )
        await start_it(fake, bot, group, users[0])
        await clock.advance(TURN)
        await bot.idle()
        seeds = set()
        hands = set()
        keys = set()
        for table_id in (await bot.db.tournament_rounds(1))[0].tables.values():
            table = await bot.db.get_table(table_id)
            assert table is not None and table.state is not None
            deal = table.state.deal
            assert deal is not None and table.state.step == 0  # nobody moved yet
            seeds.add(table.seed)
            hands.add(tuple(tuple(sorted(c.id for c in h)) for h in deal.hands))
            keys.add(table.state.shuffle)
        assert len(seeds) == 1 and len(hands) == 1
        # The checkable shuffle: the round's tables share one key (issue 66)...
        (key,) = keys
        assert key is not None
        await run_out(bot, clock)
        said = texts(fake, group)
        assert any("играл теми же картами" in text for text in said)
        # ...revealed once the tournament ended, not at each table's end.
        line = f"/verify {key.secret} {key.public}"
        assert not any(line in text for text in said if text.startswith("🏁"))
        trophy = next(i for i, text in enumerate(said) if text.startswith("🏆"))
        assert any(line in text for text in said[trophy:])
        answer = text_of(await say(fake, users[0], group, line))
        assert "✅" in answer
        assert_clean(fake)


@pytest.mark.slow(reason="a round's matches played to their ends, each in a forum topic of its own")
async def test_in_a_forum_each_table_plays_in_a_topic_of_its_own(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        users = await people_in_private(fake, 4, 500, "Игрок")
        forum = fake.forum(GROUP_ID, "Клуб", members=users)
        fake.set_bot_admin(forum)
        await open_registration(fake, forum, users[0], "/tournament bura limit=2 size=2")
        for user in users:
            said = await say(fake, user, forum, "/join")
            assert "записаны" in said[0].text
        await start_it(fake, bot, forum, users[0])
        rounds = await bot.db.tournament_rounds(1)
        threads = set()
        for table_id in rounds[0].tables.values():
            table = await bot.db.get_table(table_id)
            assert table is not None and table.thread_id is not None
            threads.add(table.thread_id)
            assert forum.topics[table.thread_id].name.startswith("🏁 Тур 1")
            lobby = fake.messages(forum, thread=table.thread_id)
            assert any(f"#{table_id}" in m.text for m in lobby)
        assert len(threads) == 2
        await run_out(bot, clock)
        general = [m.text for m in fake.messages(forum, thread=None)]
        assert sum(text.startswith("🏆") for text in general) == 1
        assert sum(text.startswith("📊") for text in general) == 3
        assert_clean(fake)


async def test_a_forum_that_gives_the_bot_no_topics_plays_in_the_tournaments_place(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        group, users, _ = await registered(
            fake, bot, "/tournament bura limit=2 size=2", 4, forum=True
        )
        await start_it(fake, bot, group, users[0])
        for table_id in (await bot.db.tournament_rounds(1))[0].tables.values():
            table = await bot.db.get_table(table_id)
            assert table is not None and table.thread_id is None
        assert_clean(fake)


@pytest.mark.slow(reason="a tournament played on past a closed topic to its next round")
async def test_a_tables_topic_closed_mid_round_counts_void_and_the_tournament_goes_on(
    fake_telegram: FakeTelegram, tmp_path: Path
) -> None:
    fake, clock = fake_telegram, ManualScheduler()
    async with clocked(fake, tmp_path / "bot.db", clock) as bot:
        users = await people_in_private(fake, 4, 500, "Игрок")
        forum = fake.forum(GROUP_ID, "Клуб", creator=users[0], members=users[1:])
        fake.set_bot_admin(forum)
        await open_registration(fake, forum, users[0], "/tournament bura limit=2 size=2")
        for user in users:
            await say(fake, user, forum, "/join")
        await start_it(fake, bot, forum, users[0])
        first = (await bot.db.tournament_rounds(1))[0].tables
        table = await bot.db.get_table(first[0])
        assert table is not None and table.thread_id is not None
        fake.close_topic(forum, table.thread_id, by=users[0])
        await bot.idle()
        closed = await bot.db.get_table(first[0])
        assert closed is not None and closed.status == "closed"
        await run_out(bot, clock)
        general = [m.text for m in fake.messages(forum, thread=None)]
        assert any(f"Стол #{first[0]} закрыт без результата" in text for text in general)
        assert sum(text.startswith("🏆") for text in general) == 1
        assert_clean(fake)


async def test_one_tournament_a_group_and_none_started_without_players(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = await people_in_private(fake, 2, 500, "Игрок")
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    message = await open_registration(fake, group, ann, "/tournament kozel")
    again = await say(fake, bob, group, "/tournament bura")
    assert "уже идёт турнир" in again[0].text
    await say(fake, ann, group, "/join")
    await say(fake, bob, group, "/join")
    # Kozel needs two teams of two: two people are not enough.
    early = await say(fake, ann, group, "/start")
    assert "Слишком мало" in early[0].text and "записано 2" in early[0].text
    record = await runner.db.get_tournament(1)
    assert record is not None and record.status == "registering" and record.plan is None
    assert "👥" in (fake.find_message(group.id, message.message_id) or message).text
    in_private = await say(fake, ann, fake.private_chat(ann), "/tournament")
    assert "работает в группе" in in_private[0].text
    assert_clean(fake)
