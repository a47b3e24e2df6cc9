"""Commands typed in the wrong chat or in the wrong shape, through the fake Bot API
and the real bot.

They belong together because a refused command is answered by a reply in the
chat, not by an alert: the reply must say in the chat's language what went wrong
or where to look (the open table, /help, /rules), and the command must open or
change nothing, which is checked in the database itself (`bot_steps.table_count`,
`bot_steps.snapshot`). The command menu is here too: it is what tells people
which commands there are. At the end of every test no callback is left
unanswered and no text was refused as bad HTML.
"""

from __future__ import annotations

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    OTHER_GROUP_ID,
    RU,
    WAIT,
    assert_clean,
    expect,
    open_private_chats,
    open_table,
    people,
    plain,
    say,
    snapshot,
    table_count,
    tap,
    text_of,
)

from bot.telegram.handlers.routes import GROUP_COMMANDS, PRIVATE_COMMANDS
from bot.view import callbacks, names, rules_help
from bot.view.i18n import t
from engine.rules import Preset, RuleSet, applicable_options
from testing.fake_telegram import FakeTelegram

pytestmark = pytest.mark.usefixtures("fixed_deals")


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


async def test_an_old_message_edited_into_a_command_runs_nothing(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """Only new messages are commands: an edit of an old one is not run, in a
    group or in private, and it is not answered either."""
    fake = fake_telegram
    (alice,) = people(fake, 1)
    await open_private_chats(fake, [alice])
    private = fake.private_chat(alice)
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    await say(fake, alice, group, "/help")
    old = await alice.send(group, "привет всем")
    old_private = await alice.send(private, "привет")
    await fake.wait_idle(timeout=WAIT)
    before_group, before_private = len(fake.messages(group)), len(fake.messages(private))
    await alice.edit(old, "/new")
    await alice.edit(old_private, "/play")
    await alice.edit(old_private, "что-то ещё")
    # The chat's updates run in order: once /rules is answered, the edits were handled.
    for chat in (group, private):
        await say(fake, alice, chat, "/rules")
    assert table_count(runner.db_path) == 0
    assert len(fake.messages(group)) == before_group + 1  # the answer to /rules alone
    assert len(fake.messages(private)) == before_private + 1
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
    assert text_of(replies) == plain(rules_help.help_text("en"))
    # /help tournament explains formats, place points and duplicate deals.
    replies = await say(fake, bob, group, "/help Tournament")
    assert text_of(replies) == plain(rules_help.tournament_help("en"))
    assert "/help tournament" in text_of(await say(fake, bob, group, "/help"))
    replies = await say(fake, bob, group, "/stop")
    assert text_of(replies) == plain(t("en", "stop.not_allowed"))
    # Private chats keep their own language.
    replies = await say(fake, bob, fake.private_chat(bob), "/help")
    assert text_of(replies) == plain(rules_help.help_text(RU))
    replies = await say(fake, bob, fake.private_chat(bob), "/lang en")
    assert text_of(replies) == plain(t("en", "lang.done"))
    replies = await say(fake, bob, fake.private_chat(bob), "/help")
    assert text_of(replies) == plain(rules_help.help_text("en"))
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
        assert text_of(replies) == plain(rules_help.help_text(RU))
        replies = await say(fake, alice, chat, "/rules")
        burkozel = rules_help.rule_choices(RuleSet.create("burkozel"))
        assert plain(t(RU, "rules.burkozel", **burkozel)) in text_of(replies)
        replies = await say(fake, alice, chat, "/rules bura")
        bura = rules_help.rule_choices(RuleSet.create("bura"))
        assert plain(t(RU, "rules.bura", **bura)) in text_of(replies)
        # No table to take a limit from: the table's, usually 12.
        assert plain(t(RU, "rules.limit_usual")) in text_of(replies)
        replies = await say(fake, alice, chat, "/rules poker")
        assert "буркозёл, козёл, бура" in text_of(replies)
    # With a table open, /rules in the group shows that table's rules.
    await say(fake, alice, group, "/new kozel limit=6")
    replies = await say(fake, alice, group, "/rules")
    text = text_of(replies)
    kozel = rules_help.rule_choices(RuleSet.create("kozel"))
    assert plain(t(RU, "rules.kozel", **kozel)) in text
    assert plain(t(RU, "options.line", name=t(RU, "option.limit"), value=6)) in text
    # The match's end is told with this table's own limit.
    limit = plain(t(RU, "rules.limit", limit=6))
    assert plain(t(RU, "rules.match", game="kozel", end="last", limit=limit)) in text
    assert plain(t(RU, "rules.limit_usual")) not in text
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
