"""Chips over random matches (bot/tables/chips.py through a real SQLite store):
random stakes, seats (people and computers), stake taps in the lobby by
anybody between the seats being taken, outcomes, people leaving mid-match,
kicked by the table's creator, matches stopped by a person playing or by
an admin, saves that fail before they commit and saves retried after they
did, and the store closed and opened again between any two steps. Whatever
happens, no balance goes below zero, every settled table's ledger sums to
nothing, and the chips of the group are conserved; everyone staked the
stake they sat down for (or set themselves); nobody's kick or /stop moves
chips toward them (issue 65, security review N2): a kicked person's chips
at the table come back whole, and whoever stops a match they play in ends
it no better than they started it, nobody else worse."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from tempfile import TemporaryDirectory
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.seats import free_computer_id
from bot.storage import (
    CLOSED,
    COMPUTER,
    FINISHED,
    OPEN_STATUSES,
    PAYOUT,
    PLAYING,
    ChipMoves,
    Seat,
    ShortOfChips,
    Store,
    TableRecord,
    open_store,
)
from bot.storage.url import DatabaseUrl
from bot.tables.chips import Chips, payouts, stake_change_refused, staked, stakes, staking
from engine import start_match
from engine.dealing import first_dealer
from engine.rules import PLAYER_COUNTS, Preset, RuleSet
from engine.scoring import standing

CHAT = -100
START = 100  # small, so stakes often exceed what a balance holds
PEOPLE = (11, 12, 13, 14, 15)


class Crash(Exception):
    """The process died inside a save: its transaction never committed."""


def finished_state(table: TableRecord, rng: random.Random) -> TableRecord:
    """The table's match, ended with a random standing the engine could reach."""
    state = table.state
    assert state is not None
    sides = state.rules.sides(state.seats)
    penalties = [rng.choice((0, 4, 8, 12)) for _ in sides]
    out = [side for side in range(len(sides)) if rng.random() < 0.4][: len(sides) - 1]
    out_deals = sorted(rng.randint(1, 3) for _ in out)
    final = standing(
        state.rules, sides, penalties, out, out_deals, first_dealer(state.seed, state.seats)
    )
    table.state = state._replace(standing=final, deal=None)
    table.status = FINISHED
    return table


async def save(
    store: Store, table: TableRecord, moves: ChipMoves | None, fault: str
) -> TableRecord:
    """Save with chips; `fault`: "" (none), "before" (the transaction fails
    midway, nothing stands, then it is tried again), "after" (it committed,
    the process died before it knew: the same moves are written again)."""
    if fault == "before" and moves is not None and moves.entries:
        # The second statement that notes a balance fails: the first change
        # of the ledger and of a balance are already made inside the
        # transaction, and must not survive it.
        with mock.patch("bot.storage.writes.NOTE_BALANCE", "NOT SQL AT ALL"):
            try:
                await store.save_table(table.copy(), chips=moves)
            except ShortOfChips:
                raise
            except Exception:
                pass
    saved = await store.save_table(table, chips=moves)
    if fault == "after" and moves is not None:
        again = await store.get_table(table.id)
        assert again is not None
        await store.save_table(again, chips=moves)
        saved = await store.get_table(table.id) or saved
    return saved


async def check(store: Store) -> None:
    balances = await store.chip_balances(CHAT)
    assert all(balance >= 0 for balance in balances.values()), balances
    in_play = 0
    for table_id in range(1, 200):
        ledger = await store.table_chips(table_id)
        if not ledger:
            continue
        total = sum(row.amount for row in ledger)
        table = await store.get_table(table_id)
        assert table is not None
        if table.status not in OPEN_STATUSES:
            assert total == 0, (table_id, ledger)  # settled: the bank went back whole
        else:
            in_play -= total
        for user_id in {row.user_id for row in ledger}:  # one row a kind a person
            kinds = [row.kind for row in ledger if row.user_id == user_id]
            assert len(kinds) == len(set(kinds))
    assert sum(balances.values()) + in_play == START * len(balances)


match_plan = st.fixed_dictionaries(
    {
        "preset": st.sampled_from([Preset.BURKOZEL, Preset.KOZEL, Preset.BURA]),
        "stake": st.sampled_from([0, 1, 7, 10, 33, 60, 100, 150]),
        "players": st.integers(2, 4),
        "computers": st.integers(0, 3),
        "end": st.sampled_from(
            [
                "finish",
                "finish",
                "stop",
                "leave",
                "all_leave",
                "kick",
                "kick_all",
                "kick_stop",
                "player_stop",
            ]
        ),
        # Stake taps in the lobby: (who of PEOPLE taps, the value), some
        # before each person sits down.
        "taps": st.lists(
            st.tuples(st.integers(0, len(PEOPLE) - 1), st.sampled_from([0, 1, 10, 50, 100, 1000])),
            max_size=6,
        ),
        "faults": st.tuples(*[st.sampled_from(["", "", "before", "after"])] * 2),
        "restart": st.booleans(),
        "seed": st.integers(0, 2**32),
    }
)


def stake_tap(table: TableRecord, user: int, value: int, agreed: dict[int, int]) -> None:
    """A stake button tapped by `user` (seated or not, a forged value or
    one the button offers), as the lobby takes it (bot/tables/lobby.py)."""
    if stake_change_refused(table, user, str(value)) is not None:
        return
    table.options = table.rules.with_options({"stake": str(value)}).changed_options()
    if user in agreed:  # they changed their own stake
        agreed[user] = value


async def play(folder: Path, plans: list[dict[str, object]]) -> None:
    url = DatabaseUrl.sqlite(folder / "chips.db")
    store = await open_store(url, cache=True)
    chips = Chips(store, START)
    try:
        for plan in plans:
            rng = random.Random(int(plan["seed"]))  # type: ignore[call-overload]
            preset = plan["preset"]
            assert isinstance(preset, Preset)
            counts = PLAYER_COUNTS[preset]
            size = min(max(int(plan["players"]), min(counts)), max(counts))  # type: ignore[call-overload]
            computers = min(int(plan["computers"]), size - 1)  # type: ignore[call-overload]
            people = rng.sample(PEOPLE, size - computers)
            table = await store.create_table(
                CHAT, "Group", people[0], preset.value, {"stake": plan["stake"]}
            )
            assert table is not None
            kinds = [False] * len(people) + [True] * computers
            rng.shuffle(kinds)
            who = iter(people)
            taps = list(plan["taps"])  # type: ignore[call-overload]
            agreed: dict[int, int] = {}  # the stake each person sat down for (or set)
            for number, computer in enumerate(kinds):
                if computer:
                    seat = Seat(number, free_computer_id(table), f"cpu{number}", kind=COMPUTER)
                    seat.level = "easy"
                else:
                    user = next(who)
                    seat = Seat(number, user, f"p{user}")
                    # Anybody taps the stake before this person sits.
                    for _ in range(rng.randint(0, len(taps))):
                        tapper, value = taps.pop(0)
                        stake_tap(table, PEOPLE[tapper], value, agreed)
                    agreed[user] = table.rules.stake
                table.seats.append(seat)
            for tapper, value in taps:  # and after everyone sat
                stake_tap(table, PEOPLE[tapper], value, agreed)
            assert all(agreed[user] == table.rules.stake for user in people), agreed
            table = await store.save_table(table)
            # The start: the stakes, or a refusal that changes nothing.
            before = await store.chip_balances(CHAT)
            table.state, _ = start_match(table.rules, table.names, rng.getrandbits(32))
            table.status = PLAYING
            faults = plan["faults"]
            assert isinstance(faults, tuple)
            try:
                table = await save(store, table, chips.on_start(table), faults[0])
            except ShortOfChips as short:
                assert await store.chip_balances(CHAT) == before
                stored = await store.get_table(table.id)
                assert stored is not None and stored.status != PLAYING
                assert set(short.users) == set(await chips.short(stored, people))
                stored.status = CLOSED
                await store.save_table(stored)
                continue
            await check(store)
            if plan["restart"]:
                await store.close()
                store = await open_store(url, cache=True)
                chips = Chips(store, START)
            fresh = await store.get_table(table.id)
            assert fresh is not None
            table = fresh
            end = plan["end"]
            creator = table.creator_id
            kicked: list[int] = []
            if end in ("leave", "all_leave"):  # seats pass to computers (/leave)
                humans = [s for s in table.seats if not s.is_computer]
                leaving = humans if end == "all_leave" else humans[:1]
                for seat in leaving:
                    seat.kind, seat.user_id = COMPUTER, free_computer_id(table)
                if all(s.is_computer for s in table.seats):
                    table.status = CLOSED
                table = await store.save_table(table, chips=await chips.on_end(table))
            if end in ("kick", "kick_all", "kick_stop"):  # the creator /kick-s
                others = [s for s in table.seats if not s.is_computer and s.user_id != creator]
                for seat in others if end == "kick_all" else others[:1]:
                    kicked.append(seat.user_id)
                    refund = await chips.on_kick(table, seat.user_id)
                    seat.kind, seat.user_id = COMPUTER, free_computer_id(table)
                    table = await save(store, table, refund, rng.choice(["", "before", "after"]))
            stopper = None
            if table.status == PLAYING:
                if end in ("stop", "kick_stop", "player_stop"):
                    seated = [s.user_id for s in table.seats if not s.is_computer]
                    # /stop by a person playing, or by an admin who is not
                    stopper = rng.choice(seated) if end != "stop" and seated else 999
                    forfeit = await chips.on_stop(table, stopper)
                    table.status = CLOSED
                    moves = forfeit if forfeit is not None else await chips.on_end(table)
                else:
                    table = finished_state(table, rng)
                    moves = await chips.on_end(table)
                table = await save(store, table, moves, faults[1])
            await check(store)
            net: dict[int, int] = {}
            for row in await store.table_chips(table.id):
                net[row.user_id] = net.get(row.user_id, 0) + row.amount
            for user in kicked:  # their chips went nowhere: the kicker never has them
                assert net.get(user, 0) == 0, (user, net)
            if end in ("kick_all",) and table.status == FINISHED:
                assert net.get(creator, 0) == 0, net  # alone with computers: their own back
            if stopper is not None:
                # Stopping is never better than finishing last: a stopper who
                # had a stake in the bank beside someone else's loses it.
                others_in = [u for u in net if u != stopper and u not in kicked]
                if stopper in net and stopper not in kicked and others_in:
                    assert net[stopper] == -staking(table), net
                assert net.get(stopper, 0) <= 0, net
                assert all(chips >= 0 for user, chips in net.items() if user != stopper), net
                if stopper == 999:
                    assert all(chips == 0 for chips in net.values()), net
    finally:
        await store.close()
    store = await open_store(url, cache=False)
    try:
        await check(store)
        balances = await store.chip_balances(CHAT)
        assert sum(balances.values()) == START * len(balances)
    finally:
        await store.close()


@pytest.mark.slow(
    reason="hypothesis: random lobbies, stakes, kicks and stops, each through the store"
)
@settings(max_examples=40, deadline=None)
@given(st.lists(match_plan, min_size=1, max_size=6))
def test_chips_are_conserved_and_never_negative(plans: list[dict[str, object]]) -> None:
    with TemporaryDirectory() as folder:
        asyncio.run(play(Path(folder), plans))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([Preset.BURKOZEL, Preset.KOZEL, Preset.BURA]),
    st.integers(2, 4),
    st.integers(1, 1000),
    st.integers(0, 2**32),
)
def test_people_alone_are_paid_what_the_engine_splits(
    preset: Preset, players: int, stake: int, seed: int
) -> None:
    """With no computer seated, the payouts are the engine's own shares."""
    counts = PLAYER_COUNTS[preset]
    players = min(max(players, min(counts)), max(counts))
    rules = RuleSet.create(preset.value, {"stake": stake})
    table = TableRecord(
        7,
        CHAT,
        "Group",
        PLAYING,
        1,
        preset.value,
        {"stake": stake},
        None,
        None,
        1,
        None,
        None,
        None,
        0.0,
        0.0,
        seats=[Seat(n, 100 + n, f"p{n}") for n in range(players)],
    )
    rng = random.Random(seed)
    table.state, _ = start_match(rules, table.names, seed)
    table = finished_state(table, rng)
    paid = {e.seat: e.amount for e in payouts(table, staked(stakes(table)))}
    assert table.state is not None and table.state.standing is not None
    engine = {
        seat: share
        for placing in table.state.standing
        for seat, share in zip(placing.seats, placing.shares, strict=True)
    }
    assert paid == engine
    assert sum(paid.values()) == stake * players
    assert all(e.kind == PAYOUT for e in payouts(table, staked(stakes(table))))
