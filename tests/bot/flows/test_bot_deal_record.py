"""At a deal's end each hand becomes the deal's record (no buttons) before the
next deal's hand is sent. The record's edit used to go on a lane of its own,
behind the chat's limit, while the new hand went first: for a second the old
deal's hand still offered its forced card's button beside the new hand.

Here, at the deal's last move (a forced card that plays itself), the fake Bot
API holds every edit that takes a private hand's buttons away until the next
message reaches that chat (or a short while passes), as a chat's spent budget
does; each hand sent notes which other messages of its chat still show
buttons. A hand with buttons beside a newer one is allowed only while it is
being deleted (a turn's hand replacing the last). On the code before the fix
the first deal's forced hand was still buttoned when the next hand came."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from bot_harness import BotRunner, Player
from bot_steps import GROUP_ID, open_table, people_in_private, start_match
from manual_clock import ManualScheduler

from bot.tables.turns import forced
from engine import apply, legal_actions
from engine.actions import Kind
from testing.fake_telegram import FakeTelegram
from testing.fake_telegram.protocol import Handler, Params

HOLD = 0.3  # seconds an edit waits for a message that might overtake it
PAUSE = 1.5  # a forced card's pause, on the manual clock
REVIEW = "v:"  # the coach's button on a deal's record (bot/view/callbacks.py)


def playable(data: list[str]) -> bool:
    """Buttons that make a move: any but the coach's 🔍 (`v:`) on a record."""
    return any(not d.startswith(REVIEW) for d in data)


def markup_data(markup: Any) -> list[str]:
    """The callback data of an inline keyboard as the Bot API takes it."""
    if isinstance(markup, str):
        markup = json.loads(markup)
    rows = (markup or {}).get("inline_keyboard", [])
    return [b["callback_data"] for row in rows for b in row if "callback_data" in b]


class Watch:
    """The fake's handlers wrapped: quieting edits held, hands' neighbours noted."""

    def __init__(self, fake: FakeTelegram, chats: set[int]) -> None:
        self.fake = fake
        self.chats = chats
        self.arrived = {chat: asyncio.Event() for chat in chats}
        self.beside: list[tuple[int, int, set[int]]] = []  # (chat, new hand, buttoned others)
        self.held = 0
        self.armed = False  # only the deal's last move is held up

    def buttoned(self, chat: int) -> set[int]:
        """Messages of the chat that still offer a move (a record's 🔍 is no move)."""
        return {m.message_id for m in self.fake.messages(chat) if playable(m.callback_data)}

    def wrap(self, name: str, handler: Handler) -> Handler:
        async def hooked(p: Params, record: Any, request: Any) -> Any:
            chat = p.get_int("chat_id")
            if chat not in self.chats:
                return await handler(p, record, request)
            if name == "sendMessage":
                result = await handler(p, record, request)
                new = int(result["message_id"])
                if new in self.buttoned(chat):
                    self.beside.append((chat, new, self.buttoned(chat) - {new}))
                self.arrived[chat].set()
                return result
            quieting = name in ("editMessageText", "editMessageReplyMarkup") and not playable(
                markup_data(p.data.get("reply_markup"))
            )
            if self.armed and quieting and p.get_int("message_id") in self.buttoned(chat):
                self.held += 1
                self.arrived[chat].clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.arrived[chat].wait(), HOLD)
            return await handler(p, record, request)

        return hooked


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> AsyncIterator[BotRunner]:
    """Time moved by hand: a forced last card plays itself when the test says."""
    extra = {"turn_timeout": 60, "forced_delay": PAUSE}
    async with BotRunner(fake_telegram, tmp_path / "bot.db", extra, clock) as bot:
        yield bot


@pytest.mark.usefixtures("fixed_deals")
async def test_the_old_hand_loses_its_buttons_before_the_next_deals_hand_shows(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    users = await people_in_private(fake, 2, 960)
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new", users)
    watch = Watch(fake, {fake.private_chat(u).id for u in users})
    fake.wrap_handlers(watch.wrap)
    await start_match(fake, group, users[0], lobby)
    players = {u.id: Player(fake, u, random.Random(3)) for u in users}
    rng = random.Random(3)
    for _ in range(200):
        table = await runner.db.get_table(table_id)
        assert table is not None and table.state is not None and table.state.deal is not None
        state = table.state
        assert state.deal is not None
        action = forced(state)
        if action is None:
            legal = [a for a in legal_actions(state, state.deal.turn) if a.kind is not Kind.DECLARE]
            await players[table.seats[state.deal.turn].user_id].play(rng.choice(legal))
            await runner.idle()
            continue
        # The forced card plays itself while its button is still on the hand;
        # the last one of the deal ends it.
        after, _ = apply(state, action)
        ends = after.over or after.deal is None or after.deal.number != state.deal.number
        watch.armed = ends
        await clock.advance(PAUSE)
        await runner.idle()
        if ends:
            break
    else:
        raise AssertionError("no deal ended on a forced card")
    assert watch.held >= 1  # the hand with the forced button became the deal's record
    kept = {
        (chat, old)
        for chat, _new, olds in watch.beside
        for old in olds
        if fake.find_message(chat, old) is not None
    }
    assert kept == set(), watch.beside
