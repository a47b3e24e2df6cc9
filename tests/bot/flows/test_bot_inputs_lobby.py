"""Who may press the lobby's buttons and who may sit down, through the fake Bot API
and the real bot.

They belong together because the lobby is where rights are checked before there
is a match: only the creator or an admin starts, stops or changes the rules, a
game seats only as many as it is played by, and a seat needs a private chat with
the bot first (a link stands in for it until there is one). A refused tap must be
answered with an alert (`show_alert`), a stale one (a button drawn before a
change) with a toast, and "changes nothing" is checked in the database itself
(`bot_steps.snapshot`: the table's version, status, rules, engine state, seats and
action log); at the end of every test no callback is left unanswered and no text
was refused as bad HTML.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from bot_harness import WAIT, BotRunner
from bot_steps import (
    GROUP_ID,
    RU,
    assert_clean,
    lobby_data,
    open_private_chats,
    open_table,
    people,
    plain,
    say,
    snapshot,
    start_match,
    tap,
    text_of,
)

from bot.view import callbacks
from bot.view.i18n import t
from testing.fake_telegram import FakeTelegram

pytestmark = pytest.mark.usefixtures("fixed_deals")


# -- who may do what --------------------------------------------------------------------------


async def test_only_the_creator_or_an_admin_may_start_stop_or_change_settings(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob, admin = people(fake, 3)
    await open_private_chats(fake, [alice, bob, admin])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=2", [alice, bob])
    before = snapshot(runner.db_path, table_id)
    version = before.version
    lobby_text = lobby.text
    # Admin lists are kept for a minute (bot/telegram/wire/rights.py): an admin
    # from the start, who does not play.
    fake.make_admin(group, admin)

    refusals = [
        (callbacks.lobby(table_id, version, "a"), None),
        (callbacks.lobby(table_id, version, "r"), None),
        (lobby_data(lobby, "s"), t(RU, "start.not_allowed")),
        (lobby_data(lobby, "o"), t(RU, "settings.not_allowed")),
        (callbacks.set_option(table_id, version, "limit", "6"), t(RU, "settings.not_allowed")),
    ]
    for data, expected in refusals:
        answer = await tap(fake, bob, lobby, data, force=True, settle=False)
        assert answer.show_alert and answer.text, (data, answer)
        if expected is not None:
            assert answer.text == plain(expected), (data, answer)
        assert snapshot(runner.db_path, table_id) == before
    shown = fake.find_message(group.id, lobby.message_id)
    assert shown is not None and shown.text == lobby_text

    for command, key in (("/start", "start.not_allowed"), ("/stop", "stop.not_allowed")):
        replies = await say(fake, bob, group, command)
        assert text_of(replies) == plain(t(RU, key)), command
        assert snapshot(runner.db_path, table_id) == before
    replies = await say(fake, bob, group, "/lang en")
    assert text_of(replies) == plain(t(RU, "lang.not_allowed"))

    # An admin who does not play may do all of it.
    answer = await tap(fake, admin, lobby, lobby_data(lobby, "o"))
    assert not answer.show_alert
    settings = fake.find_message(group.id, lobby.message_id)
    assert settings is not None
    limit_button = next(
        d
        for d in settings.callback_data
        if isinstance(p := callbacks.parse(d), callbacks.SetOption) and p.option == "limit"
    )
    answer = await tap(fake, admin, settings, limit_button)
    assert not answer.show_alert, answer
    after = snapshot(runner.db_path, table_id)
    assert after.version == version + 1 and '"limit": 4' in after.options
    # A settings button from before the change is stale now.
    answer = await tap(fake, admin, settings, limit_button, force=True, settle=False)
    assert not answer.show_alert and answer.text == plain(t(RU, "tap.stale"))
    assert snapshot(runner.db_path, table_id) == after
    settings = fake.find_message(group.id, lobby.message_id)
    assert settings is not None
    await tap(fake, admin, settings, lobby_data(settings, "b"))
    shown = fake.find_message(group.id, lobby.message_id)
    assert shown is not None
    answer = await tap(fake, admin, shown, lobby_data(shown, "s"))
    assert not answer.show_alert, answer
    assert snapshot(runner.db_path, table_id).status == "playing"

    # ...and stop it; the creator too, but only an open table.
    replies = await say(fake, bob, group, "/stop")
    assert text_of(replies) == plain(t(RU, "stop.not_allowed"))
    replies = await say(fake, admin, group, "/stop")
    assert f"#{table_id}" in text_of(replies)
    assert snapshot(runner.db_path, table_id).status == "closed"
    assert_clean(fake)


async def test_creator_may_change_settings_and_stale_start_is_refused(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice, bob])
    before = snapshot(runner.db_path, table_id)
    # A forged option the engine does not know, and a bad value: refused, nothing changes.
    for option, value in (("no_such_option", "on"), ("limit", "5"), ("pass_21", "maybe")):
        data = callbacks.set_option(table_id, before.version, option, value)
        answer = await tap(fake, alice, lobby, data, force=True, settle=False)
        assert answer.show_alert and answer.text, (option, answer)
        assert snapshot(runner.db_path, table_id) == before
    # A good change bumps the version; the Start button drawn before it is stale.
    stale_start = lobby_data(lobby, "s")
    data = callbacks.set_option(table_id, before.version, "closed_discard", "on")
    answer = await tap(fake, alice, lobby, data, force=True)
    assert not answer.show_alert
    changed = snapshot(runner.db_path, table_id)
    assert changed.version == before.version + 1
    answer = await tap(fake, alice, lobby, stale_start, force=True, settle=False)
    assert not answer.show_alert and answer.text == plain(t(RU, "tap.stale"))
    assert snapshot(runner.db_path, table_id) == changed
    assert_clean(fake)


async def test_kozel_needs_exactly_four(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    users = people(fake, 5)
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new kozel", users[:3])
    before = snapshot(runner.db_path, table_id)
    expected = plain(t(RU, "start.count", preset=t(RU, "preset.kozel"), counts="4", now=3))
    answer = await tap(fake, users[0], lobby, lobby_data(lobby, "s"))
    assert answer.show_alert and answer.text == expected
    replies = await say(fake, users[0], group, "/start")
    assert text_of(replies) == expected
    assert snapshot(runner.db_path, table_id) == before
    # The fourth joins; a fifth does not fit.
    await tap(fake, users[3], lobby, lobby_data(lobby, "j"))
    full = snapshot(runner.db_path, table_id)
    assert len(full.seats) == 4
    answer = await tap(fake, users[4], lobby, lobby_data(lobby, "j"))
    assert answer.show_alert and answer.text == plain(t(RU, "join.full"))
    assert snapshot(runner.db_path, table_id) == full
    # Teams are shown in the lobby.
    shown = fake.find_message(group.id, lobby.message_id)
    assert shown is not None
    assert shown.text.count(plain(t(RU, "lobby.team", team="A"))) == 2
    await start_match(fake, group, users[0], shown)
    assert snapshot(runner.db_path, table_id).status == "playing"
    assert_clean(fake)


# -- joining without a private chat --------------------------------------------------------------


async def test_join_needs_a_private_chat_first(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, newcomer = people(fake, 2)
    await open_private_chats(fake, [alice])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice])
    before = snapshot(runner.db_path, table_id)
    answer = await tap(fake, newcomer, lobby, lobby_data(lobby, "j"))
    link = answer.url
    assert link is not None and link.startswith(f"https://t.me/{fake.bot_username}?start=j")
    payload = link.partition("?start=")[2]
    assert snapshot(runner.db_path, table_id) == before
    replies = await say(fake, newcomer, group, "/join")
    assert [b.value for m in replies for row in m.buttons for b in row] == [link]
    assert newcomer.first_name in replies[0].text
    assert snapshot(runner.db_path, table_id) == before

    # Following the link (they are in the group now): /start j<id>_<token> seats them.
    edits = lobby.edits
    replies = await say(fake, newcomer, fake.private_chat(newcomer), f"/start {payload}")
    assert plain(t(RU, "join.done")) in text_of(replies)
    after = snapshot(runner.db_path, table_id)
    assert [user for _, user in after.seats] == [alice.id, newcomer.id]
    updated = fake.find_message(group.id, lobby.message_id)
    assert updated is not None and updated.edits > edits
    assert newcomer.first_name in updated.text
    # Following it again changes nothing.
    replies = await say(fake, newcomer, fake.private_chat(newcomer), f"/start {payload}")
    assert plain(t(RU, "join.already")) in text_of(replies)
    assert snapshot(runner.db_path, table_id) == after
    # A broken or unknown link is answered too.
    for bad in ("jzz", "j", f"j{table_id + 99:x}", f"j{table_id:x}"):
        replies = await say(fake, newcomer, fake.private_chat(newcomer), f"/start {bad}")
        assert text_of(replies) == plain(t(RU, "join.link_refused")), bad
    assert_clean(fake)


async def test_creator_without_private_chat_gets_a_link_and_is_seated_after_it(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    (alice,) = people(fake, 1)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    replies = await say(fake, alice, group, "/new")
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.seats == []
    link = f"https://t.me/{fake.bot_username}?start=j{table.id:x}_{table.join_token}"
    assert link in [b.value for m in replies for row in m.buttons for b in row]
    await say(fake, alice, fake.private_chat(alice), f"/start j{table.id:x}_{table.join_token}")
    assert [user for _, user in snapshot(runner.db_path, table.id).seats] == [alice.id]
    assert_clean(fake)


async def test_join_after_blocking_the_bot_asks_to_open_the_chat_again(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice])
    before = snapshot(runner.db_path, table_id)
    bob.block_bot()
    answer = await tap(fake, bob, lobby, lobby_data(lobby, "j"))
    assert answer.url and answer.url.startswith(f"https://t.me/{fake.bot_username}?start=j")
    # Seated, then unseated when the private message was refused (the seat is
    # committed before that message goes out, holding no lock).
    assert replace(snapshot(runner.db_path, table_id), version=before.version) == before
    bob.unblock_bot()
    group.add_member(bob)  # the link seats members of the group
    await say(fake, bob, fake.private_chat(bob), f"/start {answer.url.partition('?start=')[2]}")
    assert [user for _, user in snapshot(runner.db_path, table_id).seats] == [alice.id, bob.id]
    # Leaving and a second leave.
    answer = await tap(fake, bob, lobby, lobby_data(lobby, "x"))
    assert answer.text == plain(t(RU, "leave.done"))
    answer = await tap(fake, bob, lobby, lobby_data(lobby, "x"))
    assert answer.text == plain(t(RU, "leave.not_seated"))
    assert snapshot(runner.db_path, table_id).seats == before.seats
    assert_clean(fake)


@pytest.mark.parametrize("slow", ["private message", "admin list"])
async def test_a_slow_request_for_one_person_holds_up_no_one_else_at_the_table(
    fake_telegram: FakeTelegram, runner: BotRunner, slow: str
) -> None:
    """No lock waits on Telegram (issue 57). Telegram is slow to take the
    "you sit at table N" to one joiner (security review S17), or to give the
    group's admin list for an admin's tap on the settings; someone who
    follows the table's link meanwhile (from their private chat, so no
    chat's order stands between them) sits at once."""
    fake = fake_telegram
    alice, bob, carol = people(fake, 3)
    await open_private_chats(fake, [alice, bob, carol])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    group.add_member(carol)  # the link seats members of the group
    fake.make_admin(group, bob)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice])
    token = (await runner.db.get_table(table_id)).join_token  # type: ignore[union-attr]
    pause = 3.0
    method = "sendMessage" if slow == "private message" else "getChatAdministrators"

    def held(request_method: str, params: dict[str, object]) -> bool:
        chat = bob.id if slow == "private message" else group.id
        return request_method == method and str(params.get("chat_id")) == str(chat)

    fake.latency = lambda request_method, params: pause if held(request_method, params) else 0.0
    bob_taps = await bob.tap(lobby, lobby_data(lobby, "j" if slow == "private message" else "s"))
    await fake.wait_for(
        lambda: any(r.status == 0 and held(r.method, r.params) for r in fake.requests),
        timeout=WAIT,
    )
    loop = asyncio.get_running_loop()
    started = loop.time()
    sent = await carol.send(fake.private_chat(carol), f"/start j{table_id:x}_{token}")
    done = plain(t(RU, "join.done"))
    await fake.wait_for_message(fake.private_chat(carol), done, after=sent, timeout=WAIT)
    assert loop.time() - started < pause / 2
    await bob_taps.answer_received(timeout=WAIT)
    fake.latency = None
    await fake.wait_idle(timeout=WAIT)
    seated = [user for _, user in snapshot(runner.db_path, table_id).seats]
    assert seated == (
        [alice.id, bob.id, carol.id] if slow == "private message" else [alice.id, carol.id]
    )
    assert_clean(fake)
