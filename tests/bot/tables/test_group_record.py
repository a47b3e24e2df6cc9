"""Every trick of every deal reaches the group (issue 57, item 3): in the
deal's live message, or, when that could not be posted before the deal ended
(the group's budget spent), in the deal's summary."""

from __future__ import annotations

import random
import re
from typing import NamedTuple

from bot_harness import WAIT, BotRunner
from bot_steps import GROUP_ID, open_table, people_in_private, start_match

from bot.tables.telling import MoveNews
from engine import Action, MatchState, apply, legal_actions
from engine.events import Event, TrickTaken
from testing.fake_telegram import FakeTelegram


class Move(NamedTuple):
    previous: MatchState
    action: Action
    events: list[Event]


def play_a_deal(state: MatchState, rng: random.Random) -> list[Move]:
    """Random legal moves to the end of the current deal."""
    assert state.deal is not None
    number = state.deal.number
    moves = []
    while state.deal is not None and state.deal.number == number and not state.over:
        action = rng.choice(legal_actions(state, state.deal.turn))
        after, events = apply(state, action)
        moves.append(Move(state, action, events))
        state = after
    return moves


def trick_numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"✅ (\d+)\.", text)}


async def test_a_deal_without_a_live_message_is_told_whole_in_its_summary(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Игровой стол", supergroup=True)
    users = await people_in_private(fake, 2, 100)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=12", users)
    await start_match(fake, group, users[0], lobby)
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None
    moves = play_a_deal(table.state, random.Random(3))
    tricks = sum(isinstance(e, TrickTaken) for move in moves for e in move.events)
    assert tricks >= 3
    # The deal's moves are committed, the group was told none of them, and
    # its live message is gone (as when it could not be posted in time).
    for move in moves:
        table.state = apply(move.previous, move.action)[0]
        table = await runner.db.save_table(table, action=move.action)
    await runner.db.clear_live_message(table_id)
    before = len(fake.messages(group))
    last = moves[-1]
    fanout = runner.service.fanout
    await fanout.teller.tell_move(
        MoveNews(table_id, last.previous, tuple(last.events)), hands=False
    )
    await fake.wait_idle(timeout=WAIT)
    told = "\n".join(m.text for m in fake.messages(group)[before:])
    assert trick_numbers(told) == set(range(1, tricks + 1)), told


async def test_a_deal_with_its_live_message_keeps_the_tricks_there(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """The summary does not repeat what the live message already shows."""
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Игровой стол", supergroup=True)
    users = await people_in_private(fake, 2, 100)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=12", users)
    await start_match(fake, group, users[0], lobby)
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None and table.live_message_id is not None
    live = table.live_message_id
    moves = play_a_deal(table.state, random.Random(3))
    for move in moves:
        table.state = apply(move.previous, move.action)[0]
        table = await runner.db.save_table(table, action=move.action)
    before = len(fake.messages(group))
    last = moves[-1]
    fanout = runner.service.fanout
    await fanout.teller.tell_move(
        MoveNews(table_id, last.previous, tuple(last.events)), hands=False
    )
    await fake.wait_idle(timeout=WAIT)
    tricks = sum(isinstance(e, TrickTaken) for move in moves for e in move.events)
    closed = next(m for m in fake.messages(group) if m.message_id == live)
    assert trick_numbers(closed.text) == set(range(1, tricks + 1))
    assert not trick_numbers("\n".join(m.text for m in fake.messages(group)[before:]))
