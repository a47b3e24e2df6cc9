"""Seasons, achievements and reliability through the fake Bot API (issue 68).

Each match is bura with limit=2 on the fixed deals (tests/bot/flows/
test_bot_stats.py): whoever moves first claims 31 falsely and loses at once.
"""

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
from databases import rows

from bot.grants import Granted, backfill_achievements
from bot.storage import ChatSeason
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser

pytestmark = pytest.mark.usefixtures("fixed_deals")

FIRST_WIN = "«Первая победа»"


async def play_one(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, opener: FakeUser, other: FakeUser
) -> tuple[int, int]:
    """A whole match, from /new to its end: (table id, the loser's id)."""
    table_id, lobby = await open_table(fake, bot, group, "/new bura limit=2", [opener, other])
    await start_match(fake, group, opener, lobby)
    loser_id = await claim_falsely(fake, bot, group, table_id, [opener, other])
    assert snapshot(bot.db_path, table_id).status == "finished"
    await fake.wait_idle(timeout=WAIT)
    return table_id, loser_id


@pytest.mark.slow(reason="a whole match to its end, then its achievements told")
async def test_a_whole_match_earns_the_first_win_told_once(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = fake.user(500, "Аня"), fake.user(501, "Борис")
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    table_id, loser_id = await play_one(fake, runner, group, ann, bob)
    winner, loser = (bob, ann) if loser_id == ann.id else (ann, bob)

    # One line of the end message names the winner and what they earned.
    ends = [m.text for m in fake.messages(group) if "🏁" in m.text]
    assert len(ends) == 1
    earned = [line for line in ends[0].splitlines() if line.startswith("🏅")]
    assert earned == [f"🏅 Достижения: {winner.first_name}: {FIRST_WIN}"], ends[0]
    # And once in private, explained; the loser hears nothing of it.
    notes = [m.text for m in fake.messages(winner.private_chat) if FIRST_WIN in m.text]
    assert len(notes) == 1 and "выиграть партию в группе" in notes[0] and "Клуб" in notes[0]
    assert not [m for m in fake.messages(loser.private_chat) if "🏅" in m.text]
    stored = rows(
        runner.db_path, "SELECT user_id, chat_id, achievement, table_id FROM achievements"
    )
    assert stored == [(winner.id, GROUP_ID, "first_win", table_id)]
    finished = rows(runner.db_path, "SELECT user_id, outcome FROM seat_outcomes ORDER BY user_id")
    assert finished == [(ann.id, "finished"), (bob.id, "finished")]

    # The same winner wins again: nothing new is told.
    # (The deal decides who moves first, and a table's deals follow its
    # lobby message, docs/RULES.md 9: on these fixed deals the loser moves
    # first at this second table when the winner opens it.)
    _, again = await play_one(fake, runner, group, winner, loser)
    assert again == loser.id
    ends = [m.text for m in fake.messages(group) if "🏁" in m.text]
    assert len(ends) == 2 and "🏅" not in ends[1], ends[1]
    notes = [m.text for m in fake.messages(winner.private_chat) if "🏅" in m.text]
    assert len(notes) == 1

    # /stats shows it, with the share finished; /season and /top the season.
    sent = await winner.send(group, "/stats")
    stats = (await fake.wait_for_message(group, after=sent, timeout=WAIT)).text
    # Of the 13 a bura player can earn (a Moscow of four aces is not bura's).
    assert f"🏅 Достижения: 1 из 13\n• {FIRST_WIN} — выиграть партию в группе." in stats
    assert "🤝 Доиграно до конца: 100% (2 из 2 последних)" in stats, stats
    sent = await winner.send(group, "/season")
    season = (await fake.wait_for_message(group, after=sent, timeout=WAIT)).text
    assert "📅" in season and "Бура" in season
    assert f"🥇 {winner.first_name} — 2 победы из 2" in season, season
    sent = await winner.send(group, "/top")
    top = (await fake.wait_for_message(group, after=sent, timeout=WAIT)).text
    assert top.startswith("📅 Сезон «") and "/top all" in top
    assert f"🥇 {winner.first_name} — 2 победы из 2" in top, top
    sent = await winner.send(group, "/top all")
    every = (await fake.wait_for_message(group, after=sent, timeout=WAIT)).text
    assert "📅" not in every and "Чтобы попасть в список, нужно партий: 3" in every


async def test_left_two_of_five_shows_sixty_and_a_reliable_table_refuses(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = fake.user(500, "Аня"), fake.user(501, "Борис")
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    store = runner.service.store
    for n, outcome in enumerate(("finished", "left", "finished", "left", "finished")):
        await store.record_outcome(9000 + n, bob.id, GROUP_ID, outcome, 1000.0 + n)

    sent = await ann.send(group, "/new reliable=80")
    lobby = await fake.wait_for_message(group, "#", after=sent, timeout=WAIT)
    assert "не меньше 80%" in lobby.text
    await fake.wait_idle(timeout=WAIT)
    answer = await tap(fake, bob, lobby, lobby_data(lobby, "j"))
    assert answer.text is not None and "60%" in answer.text and "80%" in answer.text, answer
    assert "(3 из 5 последних)" in answer.text
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and [s.user_id for s in table.seats] == [ann.id]

    # A table that asks nothing seats them, marked in the lobby.
    await ann.send(group, "/stop")
    await fake.wait_idle(timeout=WAIT)
    table_id, lobby = await open_table(fake, runner, group, "/new", [ann, bob])
    drawn = fake.find_message(group.id, lobby.message_id) or lobby
    line = next(line for line in drawn.text.splitlines() if bob.first_name in line)
    assert "⚠️ доигрывает 60%" in line, drawn.text
    assert "доигрывает" not in next(x for x in drawn.text.splitlines() if "Аня" in x)

    # A bad value changes nothing and says what it takes.
    sent = await bob.send(group, "/new reliable=much")
    said = (await fake.wait_for_message(group, after=sent, timeout=WAIT)).text
    assert "reliable=much" in said and "от 0 до 100" in said, said
    del table_id


async def test_the_backfill_grants_the_past_from_stored_moves_once(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = fake.user(500, "Аня"), fake.user(501, "Борис")
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    table_id, loser_id = await play_one(fake, runner, group, ann, bob)
    winner = bob if loser_id == ann.id else ann
    kept = "SELECT user_id, chat_id, achievement, table_id FROM achievements"
    assert rows(runner.db_path, kept) == [(winner.id, GROUP_ID, "first_win", table_id)]
    rows(runner.db_path, "DELETE FROM achievements")  # as if earned before the bot granted any

    store = runner.service.store
    assert await backfill_achievements(store) == Granted(matches=1, replayed=1, new=1)
    assert rows(runner.db_path, kept) == [(winner.id, GROUP_ID, "first_win", table_id)]
    assert await backfill_achievements(store) == Granted(matches=1, replayed=1, new=0)
    # A pruned log: the match still counts, and earns nothing from its moves.
    rows(runner.db_path, "DELETE FROM achievements")
    rows(runner.db_path, "DELETE FROM actions")
    assert await backfill_achievements(store) == Granted(matches=1, replayed=0, new=0)


async def test_a_groups_admin_chooses_its_seasons_and_nobody_else(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = fake.user(500, "Ann", language_code="en"), fake.user(501, "Bob")
    group = fake.group(GROUP_ID, "Club", supergroup=True)
    fake.make_admin(group, ann)
    await ann.send(group, "/lang en")
    await fake.wait_idle(timeout=WAIT)

    async def answer(user: FakeUser, text: str) -> str:
        sent = await user.send(group, text)
        return (await fake.wait_for_message(group, after=sent, timeout=WAIT)).text

    assert "Only a chat admin" in await answer(bob, "/season quarter")
    assert await runner.service.store.chat_season(GROUP_ID) == ChatSeason()
    said = await answer(ann, "/season quarter")
    assert said.startswith("✅ Done.\nSeason: a quarter; chips start again with each season: no.")
    said = await answer(ann, "/season chips on")
    assert "Season: a quarter; chips start again with each season: yes." in said
    assert await runner.service.store.chat_season(GROUP_ID) == ChatSeason("quarter", True)
    assert (await answer(bob, "/season")).startswith("📅 Season “Q")
    # Words it does not take change nothing and say what it takes.
    said = await answer(ann, "/season weekly")
    assert "An admin can change this: /season month" in said
    assert await runner.service.store.chat_season(GROUP_ID) == ChatSeason("quarter", True)
    said = await answer(ann, "/season none")
    assert "none (one endless season)" in said
    assert "/top shows all time" in await answer(bob, "/season")


async def test_leave_mid_match_counts_as_not_finished(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob, cid = fake.user(500, "Аня"), fake.user(501, "Борис"), fake.user(502, "Вера")
    await open_private_chats(fake, [ann, bob, cid])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [ann, bob, cid])
    await start_match(fake, group, ann, lobby)
    await fake.wait_idle(timeout=WAIT)
    await bob.send(group, "/leave")
    await runner.idle()
    ask = fake.last_message(group)
    await (await bob.tap(ask, ask.callback_data[0])).answer_received(timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    outcomes = "SELECT table_id, user_id, chat_id, outcome FROM seat_outcomes"
    assert rows(runner.db_path, outcomes) == [(table_id, bob.id, GROUP_ID, "left")]
    assert (await runner.service.seasons.record(bob.id)).percent == 0
    assert (await runner.service.seasons.record(ann.id)).percent is None  # no match yet
