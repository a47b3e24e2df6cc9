"""The executor of a move's telling (bot/tables/teller.py): it runs a plan
through the `Sender` in the plan's order and keeps the message ids it gets
back. A recording Sender and store stand in for Telegram and the database."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

from bot.storage import PLAYING, Seat, TableRecord
from bot.tables.audience import GROUP_TABLE, ONE_CHAT
from bot.tables.core import Tables
from bot.tables.events import TableEvents
from bot.tables.hands import Hands
from bot.tables.outbox import Outbox, Outcome, Priority
from bot.tables.pictures import Pictures
from bot.tables.teller import Teller
from bot.tables.telling import (
    CloseLive,
    PostLive,
    PutHand,
    RecordDeal,
    RedrawLive,
    Say,
    SeatTelling,
    Telling,
)
from bot.view.screen import Screen
from engine import RuleSet, new_match


class Recorder:
    """A Sender and a store in one: every call in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.next_id = 900

    def _new(self) -> int:
        self.next_id += 1
        return self.next_id

    async def send(self, chat_id: int, screen: Screen, **kw: Any) -> tuple[Outcome, int]:
        self.calls.append(("send", chat_id, screen.text, kw.get("silent", False)))
        return Outcome.OK, self._new()

    async def edit(self, chat_id: int, message_id: int, screen: Screen, **_: Any) -> Outcome:
        self.calls.append(("edit", chat_id, message_id, screen.text))
        return Outcome.OK

    async def edit_or_send(
        self, chat_id: int, message_id: int | None, screen: Screen, **_: Any
    ) -> tuple[Outcome, int | None]:
        self.calls.append(("edit_or_send", chat_id, message_id, screen.text))
        return Outcome.OK, message_id if message_id is not None else self._new()

    async def delete(self, chat_id: int, message_id: int) -> Outcome:
        self.calls.append(("delete", chat_id, message_id))
        return Outcome.OK

    def withdraw(self, chat_id: int, message_id: int) -> None:
        pass

    async def clear_live_message(self, table_id: int) -> None:
        self.calls.append(("store.clear_live", table_id))

    async def set_message_ids(self, table_id: int, **ids: int) -> None:
        self.calls.append(("store.ids", table_id, ids))

    async def set_hand_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None
    ) -> None:
        self.calls.append(("store.hand", table_id, seat, message_id))


def setup(
    practice: bool = False, rec: Recorder | None = None
) -> tuple[Teller, Recorder, TableRecord]:
    rec = rec or Recorder()
    tables = cast(
        Tables, SimpleNamespace(store=rec, out=rec, outbox=Outbox(), events=TableEvents())
    )
    hands = Hands(tables)
    teller = Teller(tables, hands, cast(Pictures, None))
    state = new_match(RuleSet.create("burkozel"), ("Ann", "Bob"), 3)
    seats = [Seat(0, 10, "Ann", hand_message_id=600), Seat(1, 11, "Bob", hand_message_id=700)]
    table = TableRecord(
        7, 10 if practice else -100, "g", PLAYING, 10, "burkozel", {}, 3, state, 1,
        None, None if practice else 500, None, 0.0, 0.0, seats, practice=practice,
    )  # fmt: skip
    return teller, rec, table


def texts(rec: Recorder) -> list[tuple[Any, ...]]:
    return [call for call in rec.calls if not call[0].startswith("store.")]


async def test_a_deal_end_closes_the_live_message_then_posts_the_next_one() -> None:
    teller, rec, table = setup()
    telling = Telling(
        closing=CloseLive(500, Screen("closed")),
        group=(Say(Screen("summary")), PostLive(Screen("next deal"))),
    )
    await teller.run(table, telling, GROUP_TABLE, "en")
    assert ("store.clear_live", 7) in rec.calls
    assert ("edit", -100, 500, "closed") in rec.calls
    sent = [call for call in rec.calls if call[0] == "send"]
    assert sent == [("send", -100, "summary", False), ("send", -100, "next deal", True)]
    # The new live message's id is kept, in memory and in the store.
    new_id = rec.next_id
    assert table.live_message_id == new_id
    assert ("store.ids", 7, {"live_message_id": new_id}) in rec.calls


async def test_a_redraw_edits_the_live_message_in_place() -> None:
    teller, rec, table = setup()
    await teller.run(table, Telling(group=(RedrawLive(Screen("moved")),)), GROUP_TABLE, "en")
    assert texts(rec) == [("edit_or_send", -100, 500, "moved")]
    assert table.live_message_id == 500 and not [c for c in rec.calls if c[0] == "store.ids"]


async def test_one_chat_is_told_in_order_record_news_hand() -> None:
    teller, rec, table = setup(practice=True)
    fresh = PutHand(Screen("your turn"), fresh=True, ring=True, priority=Priority.NOW)
    telling = Telling(
        group=(Say(Screen("summary")),),
        seats=(SeatTelling(0, RecordDeal(600, Screen("record"), Priority.RECORD), fresh),),
    )
    await teller.run(table, telling, ONE_CHAT, "en")
    assert texts(rec) == [
        ("edit", 10, 600, "record"),
        ("send", 10, "summary", False),
        ("send", 10, "your turn", False),
    ]
    ann = table.seats[0]
    assert ann.hand_message_id == rec.next_id  # the new hand is the one kept
    assert ("store.hand", 7, 0, None) in rec.calls  # the record is no hand any more


async def test_a_fresh_hand_replaces_the_old_one() -> None:
    teller, rec, table = setup()
    bob = table.seats[1]
    fresh = PutHand(Screen("your turn"), fresh=True, ring=True, priority=Priority.NOW, old=700)
    await teller.seat(table, SeatTelling(1, hand=fresh))
    assert ("delete", 11, 700) in rec.calls
    assert ("send", 11, "your turn", False) in rec.calls
    assert bob.hand_message_id == rec.next_id
    assert ("store.hand", 7, 1, rec.next_id) in rec.calls


class Slow(Recorder):
    """A Sender whose edits wait (a chat's limit holding them back) while its
    sends go at once: what overtook the deal's record on Telegram."""

    async def edit(self, chat_id: int, message_id: int, screen: Screen, **kw: Any) -> Outcome:
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        return await super().edit(chat_id, message_id, screen, **kw)


def slow_setup() -> tuple[Teller, Recorder, TableRecord]:
    return setup(rec=Slow())


async def test_a_seats_record_is_edited_before_its_next_hand_is_sent() -> None:
    # From the seat's own lane: the old hand loses its buttons (it becomes the
    # deal's record) before the new deal's hand shows, so no tap on the old
    # deal's buttons can be made beside the new hand.
    teller, rec, table = slow_setup()
    fresh = PutHand(Screen("new deal"), fresh=True, ring=True, priority=Priority.NOW)
    record = RecordDeal(700, Screen("record"), Priority.NOW)
    await teller.seat(table, SeatTelling(1, record, fresh))
    assert texts(rec) == [("edit", 11, 700, "record"), ("send", 11, "new deal", False)]


async def test_caught_up_records_precede_each_hand_and_go_beside_the_group() -> None:
    # A catch-up tells every hand from the group's lane: each chat gets its
    # record before its hand; a record with no hand after it waits for nothing.
    teller, rec, table = slow_setup()
    fresh = PutHand(Screen("new deal"), fresh=True, ring=True, priority=Priority.NOW)
    telling = Telling(
        group=(Say(Screen("summary")),),
        seats=(
            SeatTelling(0, RecordDeal(600, Screen("record 0"), Priority.NOW)),
            SeatTelling(1, RecordDeal(700, Screen("record 1"), Priority.NOW), fresh),
        ),
    )
    await teller.run(table, telling, GROUP_TABLE, "en")
    calls = texts(rec)
    assert ("edit", 10, 600, "record 0") in calls
    assert calls.index(("edit", 11, 700, "record 1")) < calls.index(("send", 11, "new deal", False))
