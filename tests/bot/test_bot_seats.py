"""Who may sit at a group's table (issue 13, item 2): a join link carries an
unguessable token and seats only members of the table's group; everybody else,
and every link that does not work, gets one neutral sentence that names no
group and confirms no table; the creator or a group admin can remove anyone
from the lobby with a button."""

from __future__ import annotations

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    OTHER_GROUP_ID,
    assert_clean,
    open_private_chats,
    open_table,
    people,
    say,
    snapshot,
)

from bot.view.i18n import t
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage, parse_html

RU = "ru"
SECRET_TITLE = "Private Room 7305"
OTHER_TITLE = "Закрытый клуб 42"


def plain(html: str) -> str:
    return parse_html(html)[0]


def text_of(messages: list[StoredMessage]) -> str:
    return "\n".join(m.text for m in messages)


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
    for payload in links:
        assert len(payload) <= 64
        assert all(c.isascii() and (c.isalnum() or c in "_-") for c in payload), payload
        parsed = join_payload(payload)
        assert parsed is not None and len(parsed[1]) >= 12
    # Two tables opened one after the other share nothing guessable but the id.
    tokens = [join_payload(p)[1] for p in links]  # type: ignore[index]
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
    from bot.telegram.messenger import Messenger

    class Asked(Messenger):
        async def _post(self, method: str, parameters: dict[str, object]) -> object:
            assert method == "getChatMember"
            return {**member, "user": {"id": parameters["user_id"]}}

    assert await Asked(None).is_member(-100, 7) is seated  # type: ignore[arg-type]
