"""Chip balances in every backend, [sqlite] and [postgres] (bot/storage/store.py
`save_table(chips=...)`, `chip_balance`, `chip_balances`, `table_chips`):
one transaction with the table's save, a change written twice made once, a
balance that would go below zero refusing the whole save, and a fault in
the middle of a payout leaving nothing half done."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from unittest import mock

import pytest
import pytest_asyncio

from bot.storage import (
    FINISHED,
    PAYOUT,
    PLAYING,
    REFUND,
    STAKE,
    ChipEntry,
    ChipMoves,
    Conflict,
    DatabaseUrl,
    Seat,
    ShortOfChips,
    Store,
    TableRecord,
    open_store,
    parse_database_url,
)
from engine import new_match
from engine.rules import RuleSet

CHAT = -1_001_234_567_890  # a supergroup's 64-bit id
ANN, BOB = 7_123_456_789, 2


@pytest.fixture(params=["sqlite", "postgres", "cached"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> DatabaseUrl:
    if request.param != "postgres":
        return DatabaseUrl.sqlite(tmp_path / "bot.db")
    return parse_database_url(request.getfixturevalue("postgres_url"))


@pytest_asyncio.fixture
async def store(database: DatabaseUrl, request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    cache = request.node.callspec.params["database"] == "cached"
    opened = await open_store(database, cache=cache)
    yield opened
    await opened.close()


async def _lobby(store: Store) -> TableRecord:
    table = await store.create_table(CHAT, "Group", ANN, "burkozel", {"stake": 10})
    assert table is not None
    table.seats = [Seat(0, ANN, "Ann"), Seat(1, BOB, "Bob")]
    return await store.save_table(table)


def _moves(table: TableRecord, kind: str, amounts: tuple[int, int], start: int = 100) -> ChipMoves:
    entries = tuple(
        ChipEntry(table.id, user, kind, seat, amount)
        for seat, (user, amount) in enumerate(zip((ANN, BOB), amounts, strict=True))
    )
    return ChipMoves(CHAT, start, entries)


async def _start(store: Store, table: TableRecord, start: int = 100) -> TableRecord:
    table.status = PLAYING
    table.state = new_match(RuleSet.create("burkozel", {"stake": 10}), ("Ann", "Bob"), 7)
    return await store.save_table(table, chips=_moves(table, STAKE, (-10, -10), start))


async def test_stakes_and_payout_move_balances_once(store: Store) -> None:
    table = await _lobby(store)
    assert await store.chip_balance(CHAT, ANN) is None  # never staked: the group's start
    table = await _start(store, table)
    assert await store.chip_balances(CHAT) == {ANN: 90, BOB: 90}
    table.status = FINISHED
    payout = _moves(table, PAYOUT, (20, 0))
    table = await store.save_table(table, chips=payout)
    assert await store.chip_balances(CHAT) == {ANN: 110, BOB: 90}
    # Written again (a retried save): nothing moves, the ledger holds one row each.
    table = await store.save_table(table, chips=payout)
    assert await store.chip_balance(CHAT, ANN) == 110
    rows = await store.table_chips(table.id)
    assert [(r.kind, r.user_id, r.amount, r.balance) for r in rows] == [
        (STAKE, ANN, -10, 90),
        (STAKE, BOB, -10, 90),
        (PAYOUT, ANN, 20, 110),
        (PAYOUT, BOB, 0, 90),
    ]
    assert all(r.chat_id == CHAT and r.table_id == table.id for r in rows)


async def test_a_stake_nobody_can_cover_writes_nothing(store: Store) -> None:
    table = await _lobby(store)
    version = table.version
    with pytest.raises(ShortOfChips) as short:
        await _start(store, table, start=5)
    assert set(short.value.users) == {ANN, BOB}
    assert await store.chip_balances(CHAT) == {}
    assert await store.table_chips(table.id) == []
    stored = await store.get_table(table.id)
    assert stored is not None and (stored.status, stored.version) == ("lobby", version)


async def test_a_payout_in_the_same_save_never_covers_its_stake(store: Store) -> None:
    """Bura can end as it is dealt: stakes and payout in one save. The stake
    is taken first, so a balance short of it is refused all the same."""
    table = await _lobby(store)
    table.status = FINISHED
    stakes = _moves(table, STAKE, (-10, -10), start=5)
    paid = _moves(table, PAYOUT, (20, 0), start=5)
    moves = ChipMoves(CHAT, 5, paid.entries + stakes.entries)  # payouts listed first
    with pytest.raises(ShortOfChips) as short:
        await store.save_table(table, chips=moves)
    assert set(short.value.users) == {ANN, BOB}
    assert await store.chip_balances(CHAT) == {}


async def test_chips_stand_or_fall_with_the_tables_save(store: Store) -> None:
    table = await _lobby(store)
    stale = table.copy()
    await _start(store, table)
    stale.status = PLAYING
    with pytest.raises(Conflict):  # the version moved: the refund is not written either
        await store.save_table(stale, chips=_moves(stale, REFUND, (10, 10)))
    assert await store.chip_balances(CHAT) == {ANN: 90, BOB: 90}


async def test_a_fault_in_the_middle_of_a_payout_leaves_nothing_half_done(store: Store) -> None:
    """The second balance's note fails after the first person was paid inside
    the transaction: nobody is paid and the table did not finish; the save
    tried again pays each exactly once."""
    table = await _start(store, await _lobby(store))
    table.status = FINISHED
    payout = _moves(table, PAYOUT, (15, 5))
    # Both databases refuse abs() of the smallest 64-bit number: Bob's note fails.
    faulty = """UPDATE chip_ledger SET balance = $4
       WHERE table_id = $1 AND user_id = $2 AND kind = $3
       AND CASE WHEN user_id = 2 THEN abs(-9223372036854775807 - 1) ELSE 1 END = 1"""
    with (
        mock.patch("bot.storage.writes.NOTE_BALANCE", faulty),
        pytest.raises(Exception, match=r"overflow|out of range"),
    ):
        await store.save_table(table.copy(), chips=payout)
    assert await store.chip_balances(CHAT) == {ANN: 90, BOB: 90}
    assert [r.kind for r in await store.table_chips(table.id)] == [STAKE, STAKE]
    stored = await store.get_table(table.id)
    assert stored is not None and stored.status == PLAYING
    await store.save_table(stored, chips=payout)
    await store.save_table(stored, chips=payout)
    assert await store.chip_balances(CHAT) == {ANN: 105, BOB: 95}


async def test_balances_move_with_a_group_that_became_a_supergroup(store: Store) -> None:
    table = await _start(store, await _lobby(store))
    await store.move_chat(CHAT, CHAT - 1)
    assert await store.chip_balances(CHAT) == {}
    assert await store.chip_balances(CHAT - 1) == {ANN: 90, BOB: 90}
    assert {r.chat_id for r in await store.table_chips(table.id)} == {CHAT - 1}
