"""Inputs a hostile user tries (issue 13, the low items): characters that pass
`isdigit` but not `int`, values thousands of characters long, names that
reorder the lines they are shown in, and a hand's button forged onto another
chat's message. Each gets a clear answer and changes nothing it should not."""

from __future__ import annotations

import pytest
from bot_harness import BotRunner
from bot_steps import (
    GROUP_ID,
    RU,
    WAIT,
    assert_clean,
    open_private_chats,
    open_table,
    people,
    plain,
    say,
    select_buttons,
    snapshot,
    start_match,
    table_count,
    tap,
    tracked_hand,
)

from bot.view import callbacks, names
from bot.view.i18n import t
from testing.fake_telegram import FakeTelegram, FakeUser, StoredMessage

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def only(replies: list[StoredMessage]) -> str:
    assert len(replies) == 1, replies
    return replies[0].text


async def test_odd_and_huge_values_get_clear_short_answers(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    (alice,) = people(fake, 1)
    await open_private_chats(fake, [alice])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    generic = plain(t(RU, "error.generic"))

    text = only(await say(fake, alice, group, "/new turn_time=²"))
    assert text == plain(t(RU, "new.bad_turn_time", value="²"))
    text = only(await say(fake, alice, group, "/new turn_time=" + "٣" * 3))
    assert text == plain(t(RU, "new.bad_turn_time", value="٣" * 3))

    huge = "9" * 5000
    for command, shown in (
        (f"/new stake={huge}", "stake"),
        (f"/new limit={huge}", "limit"),
        (f"/new turn_time={huge}", huge[:32] + "…"),
        ("/new " + "x" * 5000, "x" * 32 + "…"),
        (f"/new {'o' * 5000}=1", "o" * 32 + "…"),
        (f"/new {'w' * 5000}", "w" * 32 + "…"),
    ):
        text = only(await say(fake, alice, group, command))
        assert text != generic, command[:20]
        assert shown in text, (command[:20], text[:200])
        assert huge[:33] not in text and "x" * 33 not in text and "o" * 33 not in text
        assert len(text) < 4096
    assert table_count(runner.db_path) == 0

    private = fake.private_chat(alice)
    presets = names.presets_list(RU)
    for command in ("/play ²", "/play ٣", "/play " + "9" * 5000):
        text = only(await say(fake, alice, private, command))
        assert text != generic and presets in text and len(text) < 4096, command[:20]
    text = only(await say(fake, alice, private, "/rules " + "r" * 5000))
    assert "r" * 32 + "…" in text and "r" * 33 not in text
    assert table_count(runner.db_path) == 0
    assert_clean(fake)


async def test_names_lose_bidi_overrides_and_control_characters(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice = fake.user(501, "\u202eecilA\u202c", last_name="\u2066Smith\u2069\u0007")
    blank = fake.user(502, "\u202e\u200f\u2066", username="blankname")
    nobody = fake.user(503, "\u202e\u0000")
    family = fake.user(504, "Мама 👨\u200d👩\u200d👧")
    users = [alice, blank, nobody, family]
    await open_private_chats(fake, users)
    group = fake.group(GROUP_ID, "\u202eСтол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", users)
    table = await runner.db.get_table(table_id)
    assert table is not None
    assert table.names == ("ecilA Smith", "@blankname", "#0503", "Мама 👨\u200d👩\u200d👧")
    assert table.chat_title == "Стол"
    shown = fake.find_message(group.id, lobby.message_id)
    assert shown is not None
    assert not set(BIDI + "\u0000\u0007\u200f") & set(shown.text)
    assert "ecilA Smith" in shown.text and "👨\u200d👩\u200d👧" in shown.text
    assert_clean(fake)


# A fixed deal: the mover's first hand must have cards to select (a hand of
# four different suits offers only one-tap leads).
@pytest.mark.usefixtures("fixed_deals")
async def test_a_forged_select_on_another_chats_message_leaves_the_hand_alone(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob = people(fake, 2)
    await open_private_chats(fake, [alice, bob])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=2", [alice, bob])
    await start_match(fake, group, alice, lobby)
    await runner.idle()
    before = snapshot(runner.db_path, table_id)
    assert before.match.deal is not None
    mover_id = dict(before.seats)[before.match.deal.turn]
    mover, other = (alice, bob) if mover_id == alice.id else (bob, alice)
    hand = tracked_hand(fake, runner.db_path, table_id, mover.id)
    data, _ = select_buttons(hand)[0]

    # The mover's own select, tapped on the group's message and on the other's hand.
    live = fake.messages(group)[-1]
    others = tracked_hand(fake, runner.db_path, table_id, other.id)
    for message in (live, others):
        await tap(fake, mover, message, data, force=True)
        await runner.idle()
        still = tracked_hand(fake, runner.db_path, table_id, mover.id)
        assert still.message_id == hand.message_id, message
        assert select_buttons(still), "the hand keeps its buttons"
    assert snapshot(runner.db_path, table_id) == before
    assert isinstance(callbacks.parse(data), callbacks.Select)
    assert_clean(fake)


async def test_a_leave_confirmation_acts_only_for_who_asked_at_its_own_table(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """The mid-match "leave for good" button is posted in the group: anybody
    else's tap is refused and changes nothing, and an old one from an earlier
    table does nothing at the table the chat has now."""
    fake = fake_telegram
    ann, bob, vera = people(fake, 3)
    await open_private_chats(fake, [ann, bob, vera])
    group = fake.group(GROUP_ID, "Стол", supergroup=True)

    async def confirmation_of(user: FakeUser) -> StoredMessage:
        replies = await say(fake, user, group, "/leave")
        (ask,) = [m for m in replies if m.callback_data]
        return ask

    first, lobby = await open_table(fake, runner, group, "/new", [ann, bob, vera])
    await start_match(fake, group, ann, lobby)
    old = await confirmation_of(bob)
    await say(fake, ann, group, "/stop")
    table_id, lobby = await open_table(fake, runner, group, "/new", [ann, bob, vera])
    assert table_id != first
    await start_match(fake, group, ann, lobby)
    before = snapshot(runner.db_path, table_id)
    # Bob's confirmation of the first table, tapped by him now: that table is gone.
    answer = await tap(fake, bob, old, old.callback_data[0], settle=False)
    assert answer.show_alert and answer.text == plain(t(RU, "table.gone")), answer
    # Bob asks again; Vera taps his button.
    ask = await confirmation_of(bob)
    answer = await tap(fake, vera, ask, ask.callback_data[0], settle=False)
    assert answer.show_alert and answer.text == plain(t(RU, "leave.not_yours")), answer
    assert snapshot(runner.db_path, table_id) == before
    # A forged one naming Vera, for a version never drawn, changes nothing either.
    forged = callbacks.quit_match(table_id, before.version + 5, vera.id)
    answer = await tap(fake, vera, ask, forged, force=True, settle=False)
    assert answer.text == plain(t(RU, "tap.stale")), answer
    assert snapshot(runner.db_path, table_id) == before
    # Bob's own tap does what he asked.
    await tap(fake, bob, ask, ask.callback_data[0])
    seats = dict(snapshot(runner.db_path, table_id).seats)
    assert bob.id not in seats.values() and {ann.id, vera.id} <= set(seats.values())
    assert_clean(fake)


async def test_posts_as_a_channel_are_refused_and_an_anonymous_admin_is_an_admin(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """Everyone posting as a channel reaches the bot as one account: commands
    that act for the sender are refused with a hint to post as oneself. An
    anonymous admin (posting as the group) may do what admins may."""
    fake = fake_telegram
    owner, bob, carl = people(fake, 3)
    await open_private_chats(fake, [owner, bob, carl])
    group = fake.group(GROUP_ID, "Стол", supergroup=True, creator=owner, members=[bob, carl])
    channel_a, channel_b = fake.channel(-1003001, "Канал А"), fake.channel(-1003002, "Канал Б")
    hint = plain(t(RU, "sender.as_channel"))

    for command in ("/new", "/join", "/notify", "/lang en", "/stats"):
        sent = await carl.send(group, command, as_chat=channel_a)
        answer = await fake.wait_for_message(group, after=sent, timeout=WAIT)
        assert answer.text == hint, (command, answer.text)
    assert table_count(runner.db_path) == 0
    # What needs nobody's identity is answered as ever.
    sent = await carl.send(group, "/rules", as_chat=channel_a)
    answer = await fake.wait_for_message(group, after=sent, timeout=WAIT)
    assert answer.text != hint

    table_id, _ = await open_table(fake, runner, group, "/new", [bob])
    before = snapshot(runner.db_path, table_id)
    sent = await carl.send(group, "/stop", as_chat=channel_b)
    answer = await fake.wait_for_message(group, after=sent, timeout=WAIT)
    assert answer.text == hint
    assert snapshot(runner.db_path, table_id) == before

    # The owner, anonymously: the group's language, and /stop of Bob's table.
    sent = await owner.send(group, "/lang en", as_chat=group)
    answer = await fake.wait_for_message(group, after=sent, timeout=WAIT)
    assert answer.text == plain(t("en", "lang.done")), answer.text
    sent = await owner.send(group, "/stop", as_chat=group)
    await fake.wait_for_message(group, after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    assert snapshot(runner.db_path, table_id).status == "closed"
    assert_clean(fake)
