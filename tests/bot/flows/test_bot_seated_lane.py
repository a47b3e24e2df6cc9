"""The private "you sit at table N" goes in a lane of its own (security
review S17): a join tap is answered once the seat is committed, so the
group's next taps, which wait for it in the chat's turn, never wait for
Telegram to take a slow private message. Measured on a loaded machine with
the fake Bot API: Carol's tap behind Bob's 3 s private send was answered
after 3.08 s before, 0.15 s now (one run each; the bound here is half
the pause)."""

from __future__ import annotations

import asyncio

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
    snapshot,
)

from bot.view.i18n import t
from testing.fake_telegram import FakeTelegram

pytestmark = pytest.mark.serial  # a real-time bound


async def test_a_slow_private_message_to_one_joiner_holds_up_no_tap_in_the_group(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, bob, carol = people(fake, 3)
    await open_private_chats(fake, [alice, bob, carol])
    group = fake.group(GROUP_ID, "Стол", supergroup=True, members=[alice, bob, carol])
    table_id, lobby = await open_table(fake, runner, group, "/new burkozel", [alice])
    pause = 3.0

    def held(method: str, params: dict[str, object]) -> bool:
        return method == "sendMessage" and str(params.get("chat_id")) == str(bob.id)

    fake.latency = lambda method, params: pause if held(method, params) else 0.0
    loop = asyncio.get_running_loop()
    started = loop.time()
    bob_taps = await bob.tap(lobby, lobby_data(lobby, "j"))
    carol_taps = await carol.tap(lobby, lobby_data(lobby, "j"))
    answered = await carol_taps.answer_received(timeout=WAIT)
    carol_waited = loop.time() - started
    assert (await bob_taps.answer_received(timeout=WAIT)).text == plain(t(RU, "join.done"))
    assert answered.text == plain(t(RU, "join.done")), answered
    assert carol_waited < pause / 2, f"Carol's tap waited {carol_waited:.2f} s"
    told = plain(t(RU, "join.private", table=table_id, chat="Стол"))
    await fake.wait_for_message(fake.private_chat(bob), told, timeout=WAIT)
    fake.latency = None
    await fake.wait_idle(timeout=WAIT)
    seated = [user for _, user in snapshot(runner.db_path, table_id).seats]
    assert seated == [alice.id, bob.id, carol.id]
    assert_clean(fake)


async def test_a_joiner_who_blocked_the_bot_since_is_unseated_and_the_group_told(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    alice, dan = people(fake, 2)
    await open_private_chats(fake, [alice, dan])
    group = fake.group(GROUP_ID, "Стол", supergroup=True, members=[alice, dan])
    table_id, lobby = await open_table(fake, runner, group, "/new burkozel", [alice])
    fake.set_bot_blocked(dan, True, update=False)  # the bot still thinks it may write
    answer = await (await dan.tap(lobby, lobby_data(lobby, "j"))).answer_received(timeout=WAIT)
    assert answer.text == plain(t(RU, "join.done"))
    said = await fake.wait_for_message(group, "откройте чат со мной", timeout=WAIT)
    assert dan.first_name in said.text and said.buttons
    await fake.wait_idle(timeout=WAIT)
    await runner.idle()
    assert [user for _, user in snapshot(runner.db_path, table_id).seats] == [alice.id]
    user = await runner.db.get_user(dan.id)
    assert user is not None and not user.started
    assert_clean(fake)
