"""Who may sit at a group's table (issue 13, item 2): a join link carries an
unguessable token and seats only members of the table's group; everybody else,
and every link that does not work, gets one neutral sentence that names no
group and confirms no table; the creator or a group admin can remove anyone
from the lobby with a button."""

from __future__ import annotations

import asyncio

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    OTHER_GROUP_ID,
    RU,
    WAIT,
    assert_clean,
    lobby_data,
    open_private_chats,
    open_table,
    people,
    plain,
    say,
    snapshot,
    tap,
    text_of,
)

from bot.telegram.wire.rights import AdminLists
from bot.view import callbacks
from bot.view.i18n import t
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

SECRET_TITLE = "Private Room 7305"
OTHER_TITLE = "Закрытый клуб 42"


async def link_payload(fake: FakeTelegram, group: FakeChat, member: FakeUser) -> str:
    """The join link as a member of the group gets it: /join without a private
    chat with the bot answers with a button to the link."""
    replies = await say(fake, member, group, "/join")
    urls = [b.value for m in replies for row in m.buttons for b in row if b.value]
    assert len(urls) == 1, replies
    assert urls[0].startswith(f"https://t.me/{fake.bot_username}?start=")
    return urls[0].partition("?start=")[2]


async def test_an_outsider_with_the_link_is_refused_without_the_groups_name(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, member, outsider = people(fake, 3)
    await open_private_chats(fake, [alice, outsider])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    table_id, _ = await open_table(fake, runner, group, "/new", [alice])
    payload = await link_payload(fake, group, member)
    before = snapshot(runner.db_path, table_id)

    private = fake.private_chat(outsider)
    replies = await say(fake, outsider, private, f"/start {payload}")
    assert all(SECRET_TITLE not in m.text for m in fake.messages(private))
    assert snapshot(runner.db_path, table_id) == before
    assert len(replies) == 1
    assert text_of(replies) == plain(t(RU, "join.link_refused"))
    # Nothing was sent to the group about the outsider either.
    assert all(outsider.first_name not in m.text for m in fake.messages(group))
    assert_clean(fake)


async def test_the_link_is_unguessable_and_fits_a_deep_link(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob, member = people(fake, 3)
    await open_private_chats(fake, [alice, bob])
    first = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    second = fake.group(OTHER_GROUP_ID, OTHER_TITLE, supergroup=True)
    await open_table(fake, runner, first, "/new", [alice])
    await open_table(fake, runner, second, "/new", [bob])
    from bot.tables.core import join_payload

    links = [await link_payload(fake, group, member) for group in (first, second)]
    tokens = []
    for payload in links:
        assert len(payload) <= 64
        assert all(c.isascii() and (c.isalnum() or c in "_-") for c in payload), payload
        parsed = join_payload(payload)
        assert parsed is not None and len(parsed[1]) >= 12
        tokens.append(parsed[1])
    # Two tables opened one after the other share nothing guessable but the id.
    assert tokens[0] != tokens[1]


async def test_guessing_table_numbers_reveals_nothing(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """`/start j<n>` with the counter, forged tokens, cut and over-long payloads:
    one and the same sentence every time, no title, no seat."""
    fake = fake_telegram
    alice, bob, outsider = people(fake, 3)
    await open_private_chats(fake, [alice, bob, outsider])
    first = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    second = fake.group(OTHER_GROUP_ID, OTHER_TITLE, supergroup=True)
    first_id, _ = await open_table(fake, runner, first, "/new", [alice])
    second_id, _ = await open_table(fake, runner, second, "/new", [bob])
    before = [snapshot(runner.db_path, n) for n in (first_id, second_id)]
    guesses = [f"j{n:x}" for n in range(1, second_id + 3)]
    guesses += [f"j{first_id:x}_AAAAAAAAAAAAAAAA", f"j{second_id:x}_{'x' * 16}"]
    guesses += ["j", "j_", "jzz", "j" + "f" * 5000, "j1_" + "A" * 70, f"j{first_id:x}_ab"]
    private = fake.private_chat(outsider)
    answers = set()
    for payload in guesses:
        replies = await say(fake, outsider, private, f"/start {payload}")
        assert len(replies) == 1, (payload[:20], replies)
        answers.add(replies[0].text)
    assert answers == {plain(t(RU, "join.link_refused"))}
    texts = text_of(fake.messages(private))
    assert SECRET_TITLE not in texts and OTHER_TITLE not in texts
    assert [snapshot(runner.db_path, n) for n in (first_id, second_id)] == before
    assert_clean(fake)


async def test_a_member_following_the_link_is_seated_at_once(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, member = people(fake, 2)
    await open_private_chats(fake, [alice])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice])
    payload = await link_payload(fake, group, member)

    private = fake.private_chat(member)
    await say(fake, member, private, f"/start {payload}")
    await runner.idle()
    replies = fake.messages(private)
    assert plain(t(RU, "join.done")) in text_of(replies)
    assert SECRET_TITLE in text_of(replies)  # a member may read where they sit
    assert [user for _, user in snapshot(runner.db_path, table_id).seats] == [alice.id, member.id]
    shown = fake.find_message(group.id, lobby.message_id)
    assert shown is not None and member.first_name in shown.text
    assert_clean(fake)


async def test_a_member_who_left_the_group_is_refused(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, member = people(fake, 2)
    await open_private_chats(fake, [alice])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    table_id, _ = await open_table(fake, runner, group, "/new", [alice])
    payload = await link_payload(fake, group, member)
    group.member_ids.discard(member.id)
    replies = await say(fake, member, fake.private_chat(member), f"/start {payload}")
    assert [user for _, user in snapshot(runner.db_path, table_id).seats] == [alice.id]
    assert text_of(replies) == plain(t(RU, "join.link_refused"))


async def test_an_outsider_tapping_join_is_refused_and_seated_nowhere(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """A public group's preview shows the lobby to non-members: the Join
    button asks, as the link does, and keeps the answer a while (S23)."""
    fake = fake_telegram
    alice, outsider, member = people(fake, 3)
    await open_private_chats(fake, [alice, outsider, member])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice])
    before = snapshot(runner.db_path, table_id)
    asked = len(fake.calls("getChatMember"))
    for _ in range(3):
        callback = await outsider.tap(lobby, lobby_data(lobby, "j"), outsider=True)
        answer = await callback.answer_received(timeout=WAIT)
        assert answer.show_alert and answer.text == plain(t(RU, "join.not_member")), answer
    await fake.wait_idle(timeout=WAIT)
    assert snapshot(runner.db_path, table_id) == before
    assert len(fake.calls("getChatMember")) == asked + 1  # the answer was kept
    assert all(outsider.first_name not in m.text for m in fake.messages(group))
    # A member's tap seats them, as before.
    answer = await tap(fake, member, lobby, lobby_data(lobby, "j"))
    assert not answer.show_alert and answer.text == plain(t(RU, "join.done")), answer
    seated = [user for _, user in snapshot(runner.db_path, table_id).seats]
    assert seated == [alice.id, member.id]
    assert_clean(fake)


@pytest.mark.parametrize(
    ("member", "seated"),
    [
        ({"status": "creator"}, True),
        ({"status": "administrator"}, True),
        ({"status": "member"}, True),
        ({"status": "restricted", "is_member": True}, True),
        ({"status": "restricted", "is_member": False}, False),
        ({"status": "left"}, False),
        ({"status": "kicked"}, False),
    ],
)
async def test_membership_statuses(member: dict[str, object], seated: bool) -> None:
    """Who counts as in the group, from getChatMember's answer."""
    from bot.telegram.wire.messenger import Messenger

    class Asked(Messenger):
        async def _post(self, method: str, parameters: dict[str, object]) -> object:
            assert method == "getChatMember"
            return {**member, "user": {"id": parameters["user_id"]}}

    assert await Asked(None).is_member(-100, 7) is seated  # type: ignore[arg-type]


# -- taking a player out of the lobby ----------------------------------------------------------


def seat_buttons(message: StoredMessage) -> dict[str, str]:
    """The settings screen's seat buttons: the player's name -> callback data."""
    found = {}
    for row in message.buttons:
        for button in row:
            if button.value and button.value.startswith("k:"):
                found[button.text.removeprefix("✖️ ")] = button.value
    return found


async def settings_screen(
    fake: FakeTelegram, runner: BotRunner, who: FakeUser, lobby: StoredMessage
) -> StoredMessage:
    answer = await tap(fake, who, lobby, lobby_data(lobby, "o"))
    assert not answer.show_alert, answer
    await runner.idle()
    shown = fake.find_message(lobby.chat_id, lobby.message_id)
    assert shown is not None
    return shown


async def test_the_creator_or_an_admin_takes_a_player_out_with_a_button(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob, carol, admin = people(fake, 4)
    await open_private_chats(fake, [alice, bob, carol, admin])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    fake.make_admin(group, admin)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice, bob, carol])

    shown = await settings_screen(fake, runner, alice, lobby)
    buttons = seat_buttons(shown)
    assert set(buttons) == {alice.first_name, bob.first_name, carol.first_name}
    before = snapshot(runner.db_path, table_id)

    # A player who is neither the creator nor an admin may not.
    answer = await tap(fake, bob, shown, buttons[carol.first_name], settle=False)
    assert answer.show_alert and answer.text == plain(t(RU, "kick.not_allowed"))
    assert snapshot(runner.db_path, table_id) == before

    # The creator may.
    answer = await tap(fake, alice, shown, buttons[carol.first_name])
    assert answer.text == plain(t(RU, "kick.lobby", name=carol.first_name))
    await runner.idle()
    after = snapshot(runner.db_path, table_id)
    assert [user for _, user in after.seats] == [alice.id, bob.id]
    redrawn = fake.find_message(group.id, lobby.message_id)
    assert redrawn is not None and carol.first_name not in redrawn.text
    assert set(seat_buttons(redrawn)) == {alice.first_name, bob.first_name}

    # A button from before that change is stale: answered, nothing moves.
    answer = await tap(fake, alice, redrawn, buttons[bob.first_name], force=True, settle=False)
    assert not answer.show_alert and answer.text == plain(t(RU, "tap.stale"))
    answer = await tap(fake, admin, redrawn, buttons[carol.first_name], force=True, settle=False)
    assert not answer.show_alert and answer.text == plain(t(RU, "tap.stale"))
    assert snapshot(runner.db_path, table_id) == after

    # A group admin who does not play may too, the creator included.
    answer = await tap(fake, admin, redrawn, seat_buttons(redrawn)[alice.first_name])
    assert answer.text == plain(t(RU, "kick.lobby", name=alice.first_name))
    await runner.idle()
    assert [user for _, user in snapshot(runner.db_path, table_id).seats] == [bob.id]
    assert_clean(fake)


async def test_a_forged_seat_button_is_harmless(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    other = fake.group(OTHER_GROUP_ID, OTHER_TITLE, supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice, bob])
    other_id, other_lobby = await open_table(fake, runner, other, "/new", [bob])
    before = snapshot(runner.db_path, table_id)
    version = before.version
    other_version = snapshot(runner.db_path, other_id).version
    cases = [
        (callbacks.remove_seat(table_id, version, 7), "tap.stale"),  # no such seat
        (callbacks.remove_seat(table_id + 1000, 1, 0), "table.gone"),
        # Another group's table, tapped on this group's lobby.
        (
            callbacks.remove_seat(other_id, other_version, 0),
            "table.gone",
        ),
        ("k:1:1", "tap.unknown"),
        ("k:1:1:zzzzzzzzzzzzzzzz", "tap.unknown"),
    ]
    for data, key in cases:
        answer = await tap(fake, alice, lobby, data, force=True, settle=False)
        # A stale tap is a toast; the others are refusals that need reading.
        assert answer.show_alert is (key != "tap.stale"), (data, answer)
        assert answer.text == plain(t(RU, key)), (data, answer)
    assert snapshot(runner.db_path, table_id) == before
    assert [user for _, user in snapshot(runner.db_path, other_id).seats] == [bob.id]
    assert other_lobby.text
    assert_clean(fake)


# -- rights: asked only when needed, at most once a minute per group --------------------------


async def test_only_the_creator_or_an_admin_flips_the_lobby_back(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    _, lobby = await open_table(fake, runner, group, "/new", [alice, bob])
    shown = await settings_screen(fake, runner, alice, lobby)
    settings_text = shown.text
    answer = await tap(fake, bob, shown, lobby_data(shown, "b"))
    await runner.idle()
    assert answer.show_alert and answer.text == plain(t(RU, "settings.not_allowed"))
    kept = fake.find_message(group.id, lobby.message_id)
    assert kept is not None and kept.text == settings_text
    answer = await tap(fake, alice, kept, lobby_data(kept, "b"))
    await runner.idle()
    assert not answer.show_alert
    back = fake.find_message(group.id, lobby.message_id)
    assert back is not None and back.text != settings_text
    assert_clean(fake)


async def test_only_an_admin_changes_the_groups_language(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """Anybody can open a table; the group's language outlives it."""
    fake = fake_telegram
    alice, admin = people(fake, 2)
    await open_private_chats(fake, [alice, admin])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    fake.make_admin(group, admin)
    await open_table(fake, runner, group, "/new", [alice])
    replies = await say(fake, alice, group, "/lang en")
    assert text_of(replies) == plain(t(RU, "lang.not_allowed"))
    assert await runner.service.chat_lang(group.id) == RU
    replies = await say(fake, admin, group, "/lang en")
    assert text_of(replies) == plain(t("en", "lang.done"))
    assert await runner.service.chat_lang(group.id) == "en"
    assert_clean(fake)


def rights_calls(fake: FakeTelegram) -> int:
    return len(fake.calls("getChatAdministrators")) + len(fake.calls("getChatMember"))


async def test_a_burst_of_taps_asks_for_the_admin_list_once_a_minute(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, SECRET_TITLE, supergroup=True)
    now = [1000.0]
    runner.app.bot_data["admins"] = AdminLists(
        runner.app.bot_data["messenger"].admin_ids, clock=lambda: now[0]
    )
    table_id, lobby = await open_table(fake, runner, group, "/new", [alice, bob])
    before = rights_calls(fake)

    # The creator's taps need no admin list at all.
    for _ in range(3):
        await tap(fake, alice, lobby, lobby_data(lobby, "o"), force=True)
        await tap(fake, alice, lobby, lobby_data(lobby, "b"), force=True)
    assert rights_calls(fake) == before

    # Thirty taps on ⚙️ by a player who may not: one question; each tap refused,
    # or, beyond the chat's backlog (CHAT_BACKLOG), told to slow down.
    pending = [await bob.tap(lobby, lobby_data(lobby, "o"), force=True) for _ in range(30)]
    refused = 0
    for callback in pending:
        answer = await callback.answer_received(timeout=WAIT)
        if answer.text == plain(t(RU, "tap.slow_down")):
            continue
        assert answer.show_alert and answer.text == plain(t(RU, "settings.not_allowed"))
        refused += 1
    assert refused >= 1
    assert len(fake.calls("getChatAdministrators")) == 1
    assert rights_calls(fake) == before + 1

    # A minute later the list is read again, once.
    now[0] += 61
    for _ in range(5):
        await tap(fake, bob, lobby, lobby_data(lobby, "o"), force=True, settle=False)
    assert len(fake.calls("getChatAdministrators")) == 2
    assert rights_calls(fake) == before + 2
    assert snapshot(runner.db_path, table_id).seats
    assert_clean(fake)


async def test_admin_lists_are_kept_a_minute_and_a_failure_briefly() -> None:
    now = [0.0]
    asked: list[int] = []
    answers: dict[int, frozenset[int] | None] = {-1: frozenset({5}), -2: None}

    async def fetch(chat_id: int) -> frozenset[int] | None:
        asked.append(chat_id)
        await asyncio.sleep(0)
        return answers[chat_id]

    lists = AdminLists(fetch, clock=lambda: now[0])
    results = await asyncio.gather(*(lists.is_admin(-1, 5) for _ in range(10)))
    assert all(results) and asked == [-1]
    assert not await lists.is_admin(-1, 6)
    assert not await lists.is_admin(-2, 5)  # could not tell: nobody is
    assert not await lists.is_admin(-2, 5)
    assert asked == [-1, -2]
    now[0] = 10.0  # the failure is asked again after a few seconds
    assert not await lists.is_admin(-2, 5)
    assert asked == [-1, -2, -2]
    now[0] = 59.0
    assert await lists.is_admin(-1, 5)
    now[0] = 60.5
    assert await lists.is_admin(-1, 5)
    assert asked == [-1, -2, -2, -1]
