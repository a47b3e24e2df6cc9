"""Bad inputs through the fake Bot API and the real bot: each gets a clear answer
and changes nothing.

"Changes nothing" is checked in the database itself (`bot_steps.snapshot`: the
table's version, status, rules, engine state, seats and action log); a refused
tap must be answered with an alert (`show_alert`), a stale one (a button of an
older state, a double tap) with a toast, and at the end of every test
no callback is left unanswered and no text was refused as bad HTML.
"""

from __future__ import annotations

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    OTHER_GROUP_ID,
    WAIT,
    assert_clean,
    expect,
    hand_message,
    lobby_data,
    open_private_chats,
    open_table,
    people,
    picking,
    play_buttons,
    say,
    select_buttons,
    snapshot,
    start_match,
    table_count,
    tap,
)

from bot.telegram.routes import GROUP_COMMANDS, PRIVATE_COMMANDS
from bot.view import callbacks, names
from bot.view.i18n import t
from engine.actions import Kind
from engine.cards import DECK
from engine.rules import Preset, applicable_options
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage, parse_html

pytestmark = pytest.mark.usefixtures("fixed_deals")
RU = "ru"


def text_of(messages: list[StoredMessage]) -> str:
    return "\n".join(m.text for m in messages)


def plain(html: str) -> str:
    """What Telegram shows for this HTML."""
    return parse_html(html)[0]


# -- commands in the wrong place ---------------------------------------------------------------


async def test_commands_in_the_wrong_chat(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    (alice,) = people(fake, 1)
    await open_private_chats(fake, [alice])
    private = fake.private_chat(alice)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)

    for command in ("/new", "/new kozel", "/join", "/leave"):
        replies = await say(fake, alice, private, command)
        assert text_of(replies) == plain(t(RU, "only_group")), command
    # /stop in private is about one's own practice game: there is none.
    replies = await say(fake, alice, private, "/stop")
    assert text_of(replies) == plain(t(RU, "stop.none"))
    for command in ("/start", "/join", "/leave"):
        replies = await say(fake, alice, group, command)
        assert text_of(replies) == plain(t(RU, "no_table")), command
    replies = await say(fake, alice, group, "/stop")
    assert text_of(replies) == plain(t(RU, "stop.none"))
    # A command addressed to the bot by name works the same.
    replies = await say(fake, alice, group, f"/join@{fake.bot_username}")
    assert text_of(replies) == plain(t(RU, "no_table"))
    assert table_count(runner.db_path) == 0
    assert_clean(fake)


async def test_malformed_new_is_explained_and_opens_nothing(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    (alice,) = people(fake, 1)
    await open_private_chats(fake, [alice])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    presets = names.presets_list(RU)  # the games by name, in the group's language
    cases = {
        "/new poker": [presets, "poker"],
        "/new poker limit=4": [presets],
        "/new burkozel foo=1": ["foo", *applicable_options(Preset.BURKOZEL)],
        "/new limit=5": ["limit", *applicable_options(Preset.BURKOZEL)],
        "/new kozel limit=abc": ["limit", *applicable_options(Preset.KOZEL)],
        "/new bura four_ends=on": ["four_ends", *applicable_options(Preset.BURA)],
        "/new closed_discard=maybe": ["closed_discard"],
        "/new stake=-1": ["stake"],
        "/new kozel closed": ["closed", *applicable_options(Preset.KOZEL)],
        "/new burkozel limit=": ["limit="],
        "/new burkozel =on": ["=on"],
    }
    for command, expected in cases.items():
        replies = await say(fake, alice, group, command)
        assert len(replies) == 1, (command, replies)
        text = replies[0].text
        for word in expected:
            assert word in text, (command, word, text)
        assert table_count(runner.db_path) == 0, command
    assert_clean(fake)


async def test_bad_option_is_explained_in_the_groups_language(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    (alice,) = people(fake, 1)
    await open_private_chats(fake, [alice])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    text = text_of(await say(fake, alice, group, "/new limit=5"))
    assert "limit" in text and table_count(runner.db_path) == 0
    english = [w for w in ("takes", "a whole number", "on, off") if w in text]
    expect(not english, f"English in a Russian reply: {english}: {text}")


async def test_second_new_points_to_the_open_table(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice])
    before = snapshot(runner.db_path, table_id)
    for user, command in ((alice, "/new"), (bob, "/new kozel")):
        replies = await say(fake, user, group, command)
        assert text_of(replies) == plain(t(RU, "new.exists", table=table_id))
    assert snapshot(runner.db_path, table_id) == before
    assert table_count(runner.db_path) == 1
    # Another group may open its own table.
    other = fake.group(OTHER_GROUP_ID, "Другой стол", supergroup=True)
    await say(fake, bob, other, "/new")
    assert table_count(runner.db_path) == 2
    other_table = await runner.db.open_table_in_chat(other.id)
    assert other_table is not None
    # Its buttons, forged onto this group's lobby, do nothing here.
    theirs = snapshot(runner.db_path, other_table.id)
    for op in ("j", "x", "s", "o"):
        data = callbacks.lobby(other_table.id, theirs.version, op)
        answer = await tap(fake, alice, lobby, data, force=True, settle=False)
        assert answer.show_alert and answer.text == plain(t(RU, "table.gone")), (op, answer)
    data = callbacks.set_option(other_table.id, theirs.version, "limit", "6")
    answer = await tap(fake, bob, lobby, data, force=True, settle=False)
    assert answer.show_alert and answer.text == plain(t(RU, "table.gone")), answer
    assert snapshot(runner.db_path, other_table.id) == theirs
    assert snapshot(runner.db_path, table_id) == before
    assert_clean(fake)


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
    # Admin lists are kept for a minute (bot/telegram/rights.py): an admin
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
    assert not answer.show_alert and answer.text == plain(t(RU, "stale"))
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
    assert not answer.show_alert and answer.text == plain(t(RU, "stale"))
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


# -- languages, rules, help, the command menu ---------------------------------------------------


async def test_lang_en_switches_the_group_to_english(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    fake.make_admin(group, alice)
    replies = await say(fake, alice, group, "/lang")
    assert "/lang en" in text_of(replies)
    replies = await say(fake, alice, group, "/lang xx")
    assert "/lang en" in text_of(replies)
    replies = await say(fake, alice, group, "/lang en")
    assert text_of(replies) == plain(t("en", "lang.done"))
    replies = await say(fake, alice, group, "/new limit=2")
    lobby = replies[-1]
    assert "Players (1/4)" in lobby.text and plain(t("en", "button.join")) in lobby.button_texts
    replies = await say(fake, bob, group, "/help")
    assert text_of(replies) == plain(t("en", "help"))
    replies = await say(fake, bob, group, "/stop")
    assert text_of(replies) == plain(t("en", "stop.not_allowed"))
    # Private chats keep their own language.
    replies = await say(fake, bob, fake.private_chat(bob), "/help")
    assert text_of(replies) == plain(t(RU, "help"))
    replies = await say(fake, bob, fake.private_chat(bob), "/lang en")
    assert text_of(replies) == plain(t("en", "lang.done"))
    replies = await say(fake, bob, fake.private_chat(bob), "/help")
    assert text_of(replies) == plain(t("en", "help"))
    # And back.
    replies = await say(fake, alice, group, "/lang ru")
    assert text_of(replies) == plain(t(RU, "lang.done"))
    assert_clean(fake)


async def test_rules_and_help_in_group_and_private(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    (alice,) = people(fake, 1)
    await open_private_chats(fake, [alice])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    private = fake.private_chat(alice)
    for chat in (group, private):
        replies = await say(fake, alice, chat, "/help")
        assert text_of(replies) == plain(t(RU, "help"))
        replies = await say(fake, alice, chat, "/rules")
        assert plain(t(RU, "rules.burkozel")) in text_of(replies)
        replies = await say(fake, alice, chat, "/rules bura")
        assert plain(t(RU, "rules.bura")) in text_of(replies)
        replies = await say(fake, alice, chat, "/rules poker")
        assert "буркозёл, козёл, бура" in text_of(replies)
    # With a table open, /rules in the group shows that table's rules.
    await say(fake, alice, group, "/new kozel limit=6")
    replies = await say(fake, alice, group, "/rules")
    text = text_of(replies)
    assert plain(t(RU, "rules.kozel")) in text
    assert plain(t(RU, "options.line", name=t(RU, "option.limit"), value=6)) in text
    # Anything else in private points to /help.
    replies = await say(fake, alice, private, "hello")
    assert text_of(replies) == plain(t(RU, "private.unknown"))
    replies = await say(fake, alice, private, "/nonsense")
    assert text_of(replies) == plain(t(RU, "private.unknown"))
    assert_clean(fake)


async def test_commands_are_registered_in_every_language(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    expected = {
        "all_group_chats": ("group", GROUP_COMMANDS),
        "all_private_chats": ("private", PRIVATE_COMMANDS),
        "default": ("group", GROUP_COMMANDS),
    }
    for scope, (kind, command_names) in expected.items():
        for lang, code in (("ru", ""), ("en", "en"), ("be", "be"), ("uk", "uk")):
            commands = fake.commands(scope, code)
            assert [c["command"] for c in commands] == list(command_names), (scope, code)
            assert [c["description"] for c in commands] == [
                t(lang, f"command.{kind}.{name}") for name in command_names
            ], (scope, code)
    assert fake.commands("all_group_chats", "ru") == []  # Russian is the default list


# -- taps during a match ------------------------------------------------------------------------


async def two_player_match(
    fake: FakeTelegram, runner: BotRunner, command: str = "/new limit=2", count: int = 2
) -> tuple[int, list[FakeUser], FakeChat]:
    users = people(fake, count)
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, command, users)
    await start_match(fake, group, users[0], lobby)
    return table_id, users, group


def turn_user(runner: BotRunner, table_id: int, users: list[FakeUser]) -> tuple[int, FakeUser]:
    snap = snapshot(runner.db_path, table_id)
    state = snap.match
    assert state.deal is not None
    seat = state.deal.turn
    user_id = dict(snap.seats)[seat]
    return seat, next(u for u in users if u.id == user_id)


async def test_bad_taps_during_a_match_change_nothing(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    table_id, users, group = await two_player_match(fake, runner, "/new limit=2", 3)
    stranger = fake.user(900, "Чужой")
    await open_private_chats(fake, [stranger])
    seat, mover = turn_user(runner, table_id, users)
    waiter = next(u for u in users if u is not mover)
    message = hand_message(fake, mover)
    assert message is not None
    before = snapshot(runner.db_path, table_id)
    state = before.match
    assert state.deal is not None
    hand = state.deal.hands[seat]
    foreign = next(c for c in DECK if c not in hand)
    version = before.version
    other_seat = next(s for s, u in before.seats if u == waiter.id)
    waiter_card = state.deal.hands[other_seat][0]

    refusals = [
        # (who, data, expected alert text or None for "any alert")
        (mover, "garbage", t(RU, "tap.unknown")),
        (mover, "s:1:2", t(RU, "tap.unknown")),
        (mover, "p:zz:1:q:0", t(RU, "tap.unknown")),
        (mover, "l:1:2:j:" + "x" * 70, t(RU, "tap.unknown")),
        (mover, callbacks.select(table_id + 1000, version, [hand[0]]), t(RU, "table.over")),
        (
            mover,
            callbacks.play(table_id + 1000, version, Kind.LEAD, [hand[0]]),
            t(RU, "table.over"),
        ),
        (mover, callbacks.select(table_id, version, [foreign]), t(RU, "tap.stale")),
        (mover, callbacks.select(table_id, version + 5, [hand[0]]), t(RU, "tap.stale")),
        (mover, callbacks.play(table_id, version - 1, Kind.LEAD, [hand[0]]), t(RU, "tap.stale")),
        (
            mover,
            callbacks.play(table_id, version, Kind.LEAD, [foreign]),
            t(RU, "illegal.not_in_hand", cards=str(foreign)),
        ),
        (mover, callbacks.play(table_id, version, Kind.BEAT, [hand[0]]), None),
        (mover, callbacks.play(table_id, version, Kind.DECLARE, [hand[0]]), None),
        (mover, callbacks.play(table_id, version, Kind.CLAIM, []), None),
        (mover, callbacks.play(table_id, version, Kind.LEAD, []), None),
        # Someone else's buttons: a stranger, and another player of the table.
        (stranger, callbacks.select(table_id, version, [hand[0]]), t(RU, "tap.not_yours")),
        (stranger, callbacks.play(table_id, version, Kind.LEAD, [hand[0]]), t(RU, "tap.not_yours")),
        (
            waiter,
            callbacks.play(table_id, version, Kind.LEAD, [hand[0]]),
            None,
        ),
        # Out of turn, with one's own card and the current version.
        (
            waiter,
            callbacks.play(table_id, version, Kind.LEAD, [waiter_card]),
            t(RU, "illegal.not_your_turn", player=mover.first_name),
        ),
        # Lobby buttons of a running table.
        (mover, callbacks.lobby(table_id, version, "s"), t(RU, "table.gone")),
        # Taking back a seat: a stranger has none, another table does not exist.
        (stranger, callbacks.takeback(table_id), t(RU, "tap.not_yours")),
        (mover, callbacks.takeback(table_id + 1000), t(RU, "table.over")),
    ]
    for user, data, expected in refusals:
        answer = await tap(fake, user, message, data, force=True, settle=False)
        stale = answer.text == plain(t(RU, "tap.stale"))
        assert answer.show_alert is not stale, (data, answer)
        assert answer.text, (data, answer)
        if expected is not None:
            assert answer.text == plain(expected), (data, answer)
        assert snapshot(runner.db_path, table_id) == before, data

    # The lobby's own buttons in the group while the game is on.
    record = await runner.db.get_table(table_id)
    assert record is not None and record.lobby_message_id is not None
    lobby = fake.find_message(group.id, record.lobby_message_id)
    assert lobby is not None and not lobby.buttons  # Start took them off
    for user, op, key in (
        (stranger, "j", "join.started"),
        (waiter, "s", "start.already"),
    ):
        answer = await tap(
            fake, user, lobby, callbacks.lobby(table_id, 1, op), force=True, settle=False
        )
        assert answer.show_alert and answer.text == plain(t(RU, key)), (op, answer)
        assert snapshot(runner.db_path, table_id) == before
    # Taking back a seat one never left: answered, nothing changes.
    answer = await tap(fake, mover, message, callbacks.takeback(table_id), force=True)
    assert answer.text
    assert snapshot(runner.db_path, table_id) == before
    # Leave during the game: answered (with a question, not a refusal), nothing changes.
    answer = await tap(fake, waiter, lobby, callbacks.lobby(table_id, 1, "x"), force=True)
    assert answer.text
    assert snapshot(runner.db_path, table_id) == before
    assert_clean(fake)


async def select_then_button(
    fake: FakeTelegram, user: FakeUser, kind: Kind
) -> tuple[StoredMessage, str]:
    """Select the first card that allows `kind` and return (message, that action's data)."""

    def current() -> StoredMessage:
        found = hand_message(fake, user)
        assert found is not None
        return found

    message = await picking(fake, user, current)
    for data, payload in select_buttons(message):
        if len(payload.cards) != 1:
            continue
        await tap(fake, user, message, data)
        message = current()
        found = [d for d, p in play_buttons(message) if p.kind is kind and p.cards]
        if found:
            return message, found[0]
        await tap(fake, user, message, data)  # deselect
    raise AssertionError(f"no {kind} possible with one card")


async def test_stale_and_double_taps_are_applied_once(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    table_id, users, _group = await two_player_match(fake, runner, "/new limit=2", 2)
    _seat, mover = turn_user(runner, table_id, users)
    first_message = hand_message(fake, mover)
    assert first_message is not None
    old_select = select_buttons(first_message)[0][0]
    before = snapshot(runner.db_path, table_id)

    # A double tap on the Lead button: queued twice before the bot sees either.
    message, lead = await select_then_button(fake, mover, Kind.LEAD)
    one = await mover.tap(message, lead)
    two = await mover.tap(message, lead, force=True)
    first, second = await one.answer_received(WAIT), await two.answer_received(WAIT)
    await fake.wait_idle(timeout=WAIT)
    assert not first.show_alert, first
    assert not second.show_alert and second.text == plain(t(RU, "tap.stale")), second
    moved = snapshot(runner.db_path, table_id)
    assert moved.actions == before.actions + 1
    assert moved.version == before.version + 1

    # Telegram delivers the same update again (as after a lost offset): no effect.
    fake.duplicate_last_update()
    await fake.wait_idle(timeout=WAIT)
    fake.duplicate_last_update(same_id=False)
    await fake.wait_idle(timeout=WAIT)
    assert snapshot(runner.db_path, table_id) == moved

    # A button from the message drawn before the move is stale.
    for data in (old_select, lead):
        answer = await tap(fake, mover, first_message, data, force=True, settle=False)
        assert not answer.show_alert and answer.text == plain(t(RU, "tap.stale")), answer
        assert snapshot(runner.db_path, table_id) == moved

    # The other player answers; then the first player's button from two moves ago is stale too.
    _seat, answerer = turn_user(runner, table_id, users)
    assert answerer is not mover
    theirs = hand_message(fake, answerer)
    assert theirs is not None
    # Someone else's buttons, forged by the player who is not to move: refused.
    for data in theirs.callback_data:
        answer = await tap(fake, mover, theirs, data, force=True, settle=False)
        stale = answer.text == plain(t(RU, "tap.stale"))
        assert answer.text and answer.show_alert is not stale, (data, answer)
        assert snapshot(runner.db_path, table_id) == moved, data
    message, discard = await select_then_button(fake, answerer, Kind.DISCARD)
    answer = await tap(fake, answerer, message, discard)
    assert not answer.show_alert
    assert snapshot(runner.db_path, table_id).actions == moved.actions + 1
    assert_clean(fake)


async def test_taps_on_a_closed_table(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    table_id, users, group = await two_player_match(fake, runner, "/new limit=2", 2)
    _seat, mover = turn_user(runner, table_id, users)
    message = hand_message(fake, mover)
    assert message is not None
    buttons = message.callback_data
    replies = await say(fake, users[0], group, "/stop")
    assert f"#{table_id}" in text_of(replies)
    closed = snapshot(runner.db_path, table_id)
    assert closed.status == "closed"
    # The stop took the buttons off the hand messages.
    stripped = fake.find_message(message.chat_id, message.message_id)
    assert stripped is not None and not stripped.callback_data
    for data in buttons:
        answer = await tap(fake, mover, message, data, force=True, settle=False)
        assert answer.show_alert and answer.text == plain(t(RU, "table.over")), answer
    record = await runner.db.get_table(table_id)
    assert record is not None and record.lobby_message_id is not None
    lobby = fake.find_message(group.id, record.lobby_message_id)
    assert lobby is not None
    for op in ("j", "x", "s", "o"):
        answer = await tap(
            fake, users[1], lobby, callbacks.lobby(table_id, 1, op), force=True, settle=False
        )
        assert answer.show_alert and answer.text == plain(t(RU, "table.gone")), (op, answer)
    assert snapshot(runner.db_path, table_id) == closed
    for command in ("/join", "/start", "/stop"):
        replies = await say(fake, users[1], group, command)
        assert text_of(replies) in (plain(t(RU, "no_table")), plain(t(RU, "stop.none")))
    assert snapshot(runner.db_path, table_id) == closed
    assert_clean(fake)


async def test_taps_on_a_finished_table(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    table_id, users, group = await two_player_match(fake, runner, "/new bura limit=2", 2)
    seat, mover = turn_user(runner, table_id, users)
    other = next(u for u in users if u is not mover)
    message = hand_message(fake, mover)
    assert message is not None
    # The claim's button as its confirmation shows it.
    claim = callbacks.play(table_id, snapshot(runner.db_path, table_id).version, Kind.CLAIM, ())
    state = snapshot(runner.db_path, table_id).match
    assert state.deal is not None and not state.deal.piles[seat]
    # "I have 31!" with no points: a false claim costs more than the limit; the match ends.
    answer = await tap(fake, mover, message, claim, force=True)
    assert not answer.show_alert
    final = snapshot(runner.db_path, table_id)
    assert final.status == "finished" and final.match.over
    assert any(plain(t(RU, "final.again")) in m.text for m in fake.messages(group))
    others = hand_message(fake, other)
    for user, old in ((mover, message), (other, others)):
        if old is None:
            continue
        for data in old.callback_data:
            answer = await tap(fake, user, old, data, force=True, settle=False)
            assert answer.show_alert and answer.text == plain(t(RU, "table.over")), answer
    assert snapshot(runner.db_path, table_id) == final
    # A new table may be opened in the same group.
    replies = await say(fake, users[0], group, "/new")
    assert any("#" in m.text for m in replies)
    assert table_count(runner.db_path) == 2
    assert_clean(fake)


async def test_alerts_show_names_as_typed(fake_telegram: FakeTelegram, runner: BotRunner) -> None:
    fake = fake_telegram
    users = [fake.user(700 + i, f"Tom & <Jerry{i}>") for i in range(2)]
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=2", users)
    await start_match(fake, group, users[0], lobby)
    seat, mover = turn_user(runner, table_id, users)
    waiter = next(u for u in users if u is not mover)
    before = snapshot(runner.db_path, table_id)
    state = before.match
    assert state.deal is not None
    card = state.deal.hands[1 - seat][0]
    message = hand_message(fake, mover)
    assert message is not None
    data = callbacks.play(table_id, before.version, Kind.LEAD, [card])
    answer = await tap(fake, waiter, message, data, force=True, settle=False)
    assert answer.show_alert
    assert snapshot(runner.db_path, table_id) == before
    assert_clean(fake)
    # Callback answers are plain text: the name as typed, not HTML-escaped.
    assert answer.text == f"Сейчас ходит {mover.first_name}.", answer.text


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
    assert snapshot(runner.db_path, table_id) == before
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
