"""The group's live message is redrawn once per position, however the jobs
of two quick moves interleave.

Each move's job redraws the live message from the newest stored state. When
a second move is committed before the first move's job reads the table, but
its own job is queued only after that job looked for newer ones, both jobs
drew the same position: the second edit changed nothing, Telegram answered
"message is not modified", and the group's edit budget paid for it (about
1 edit in 500 under `bench/load.py`).
"""

from __future__ import annotations

from bot_harness import WAIT, BotRunner
from bot_steps import GROUP_ID, open_table, people_in_private, start_match

from bot.tables.telling import MoveNews
from engine import apply, legal_actions
from testing.fake_telegram import FakeTelegram


async def test_a_move_told_late_leaves_the_live_message_to_the_newer_move(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Игровой стол", supergroup=True)
    users = await people_in_private(fake, 2, 100)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=4", users)
    await start_match(fake, group, users[0], lobby)
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None and table.live_message_id is not None
    live = table.live_message_id
    # Two moves committed before either is told, as two quick taps may be.
    first = table.state
    assert first.deal is not None
    one = legal_actions(first, first.deal.turn)[0]
    second, one_events = apply(first, one)
    assert second.deal is not None
    two = legal_actions(second, second.deal.turn)[0]
    third, two_events = apply(second, two)
    table.state = second
    table = await runner.db.save_table(table, action=one)
    table.state = third
    table = await runner.db.save_table(table, action=two)

    def versions() -> int:
        message = next(m for m in fake.messages(group) if m.message_id == live)
        return len(message.history)

    before = versions()
    fanout = runner.service.fanout
    # The first move's job runs now: the table it reads is already at the
    # second move, whose job will draw that position.
    await fanout.teller.tell_move(MoveNews(table_id, first, tuple(one_events)), hands=False)
    await fake.wait_idle(timeout=WAIT)
    assert versions() == before
    await fanout.teller.tell_move(MoveNews(table_id, second, tuple(two_events)), hands=False)
    await fake.wait_idle(timeout=WAIT)
    assert versions() == before + 1
    # That one edit shows the second move: the first trick is complete.
    message = next(m for m in fake.messages(group) if m.message_id == live)
    assert "✅ 1." in message.text, message.text
    assert not [e for e in fake.errors_returned if not e.injected], fake.errors_returned
