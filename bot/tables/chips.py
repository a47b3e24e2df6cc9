"""Chip balances: virtual chips a person holds in a group (never money).

A table's option `stake` (docs/RULES.md 8) is taken from every person seated
when its match starts, and the bank is paid out by the rules' split when it
ends; a match abandoned (/stop, the people all away, the topic or the group
gone, everyone replaced by computers) returns the stakes. Each of these is
written by the same `save_table` as the table's change that causes it
(`ChipMoves`), so a restart at any moment finds both or neither; the ledger's
key (table, person, kind) makes a save written twice change nothing.

Computer players hold no balance and stake nothing. The bank is only what
people staked, and it is split among the people still seated at the end, by
the engine's own split (`bank_payouts`) applied to their places among
themselves: a computer's place is skipped, as if it had not been at the
table. So chips pass only between people, and the chips of a group are
conserved: a person who plays computers alone gets their stake back, a person
beaten by a computer but ahead of the other people still wins. A person whose
seat passed to a computer mid-match (/leave, /kick) forfeits their stake to
the bank. Practice games (in private) move no chips.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.storage import (
    CLOSED,
    FINISHED,
    PAYOUT,
    REFUND,
    STAKE,
    ChipEntry,
    ChipMoves,
    ChipRow,
    Store,
    TableRecord,
)
from bot.tables.kinds import kind_of
from engine.dealing import match_first_dealer
from engine.scoring import bank_payouts

START_CHIPS = 1000  # a person's balance in a group before their first match there


def staking(table: TableRecord) -> int:
    """The chips each person stakes at this table (0: it moves no chips)."""
    return table.rules.stake if kind_of(table).rated else 0


def stakes(table: TableRecord) -> tuple[ChipEntry, ...]:
    """Each person seated stakes the table's stake as the match starts."""
    stake = staking(table)
    if stake <= 0:
        return ()
    return tuple(
        ChipEntry(table.id, seat.user_id, STAKE, seat.seat, -stake)
        for seat in sorted(table.seats, key=lambda s: s.seat)
        if not seat.is_computer
    )


def staked(entries: Iterable[ChipEntry | ChipRow]) -> dict[int, int]:
    """Who staked how many chips at a table, from its ledger (or the stakes
    being written)."""
    return {entry.user_id: -entry.amount for entry in entries if entry.kind == STAKE}


def refunds(table_id: int, entries: Iterable[ChipEntry | ChipRow]) -> tuple[ChipEntry, ...]:
    """Every stake back to whoever staked it."""
    return tuple(
        ChipEntry(table_id, entry.user_id, REFUND, entry.seat, -entry.amount)
        for entry in entries
        if entry.kind == STAKE
    )


def payouts(table: TableRecord, stakes_by_person: Mapping[int, int]) -> tuple[ChipEntry, ...]:
    """The bank (everything staked) split among the people seated at the
    end, by their places among themselves (see the module doc). Every
    person paid gets an entry, 0 chips included, so the ledger shows the
    match settled."""
    state = table.state
    assert state is not None and state.standing is not None, "the match is not over"
    bank = sum(stakes_by_person.values())
    people = {
        seat.seat: seat.user_id
        for seat in table.seats
        if not seat.is_computer and seat.user_id in stakes_by_person
    }
    if bank == 0 or not people:
        return ()
    # People's seats clockwise from the first dealer, numbered 0, 1, ...: the
    # engine's split then gives the odd chips in the order it would.
    dealer = match_first_dealer(state)
    clockwise = sorted(people, key=lambda seat: (seat - dealer) % state.seats)
    number = {seat: index for index, seat in enumerate(clockwise)}
    sides: list[list[int]] = []
    places: list[int] = []
    for placing in sorted(state.standing, key=lambda p: p.rank):
        seats = [number[seat] for seat in placing.seats if seat in number]
        if seats:
            sides.append(seats)
            places.append(placing.rank)
    # Places among the people alone, numbered as in sports (a shared place
    # is followed by as many places skipped as it covers).
    ranks = [1 + sum(other < place for other in places) for place in places]
    shares = bank_payouts(bank, sides, ranks, 0)
    paid = {
        clockwise[seat]: chips
        for side, seats in enumerate(sides)
        for seat, chips in zip(seats, shares[side], strict=True)
    }
    return tuple(
        ChipEntry(table.id, people[seat], PAYOUT, seat, paid[seat]) for seat in sorted(paid)
    )


class Chips:
    """The moves a table's change makes to balances, read from its ledger."""

    def __init__(self, store: Store, start: int = START_CHIPS) -> None:
        self.store = store
        self.start = start

    def moves(self, table: TableRecord, entries: Iterable[ChipEntry]) -> ChipMoves | None:
        found = tuple(entries)
        return ChipMoves(table.chat_id, self.start, found) if found else None

    async def balance(self, chat_id: int, user_id: int) -> int:
        stored = await self.store.chip_balance(chat_id, user_id)
        return self.start if stored is None else stored

    async def short(self, table: TableRecord, user_ids: Iterable[int]) -> list[int]:
        """Who of these people cannot cover the table's stake now."""
        stake = staking(table)
        if stake <= 0:
            return []
        return [
            user_id for user_id in user_ids if await self.balance(table.chat_id, user_id) < stake
        ]

    def on_start(self, table: TableRecord) -> ChipMoves | None:
        """The stakes, as the match starts (and the payout at once when it
        ended as it was dealt: bura against a low limit)."""
        taken = stakes(table)
        paid: tuple[ChipEntry, ...] = ()
        if table.status == FINISHED and taken:
            paid = payouts(table, staked(taken))
        return self.moves(table, taken + paid)

    async def settled(self, table_id: int) -> tuple[tuple[int, int, int], ...]:
        """What a finished match moved, for its end message: (seat, change,
        balance after) per person paid, as stored with its last move."""
        ledger = await self.store.table_chips(table_id)
        change: dict[int, int] = {}
        for row in ledger:
            change[row.user_id] = change.get(row.user_id, 0) + row.amount
        return tuple(
            (row.seat, change[row.user_id], row.balance) for row in ledger if row.kind == PAYOUT
        )

    async def on_end(self, table: TableRecord) -> ChipMoves | None:
        """The payout when the match finished, the stakes back when it was
        abandoned; nothing while it goes on (the caller holds its lock)."""
        if table.status not in (FINISHED, CLOSED) or staking(table) <= 0:
            return None
        ledger = await self.store.table_chips(table.id)
        if not ledger:
            return None
        if table.status == FINISHED and table.state is not None and table.state.over:
            return self.moves(table, payouts(table, staked(ledger)))
        return self.moves(table, refunds(table.id, ledger))
