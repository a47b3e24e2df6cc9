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
beaten by a computer but ahead of the other people still wins. Practice games
(in private) move no chips.

Nobody moves chips toward themselves by ending someone else's game (security
review N2): a person who /leave-s mid-match forfeits their stake to the bank,
but a person /kick-ed gets theirs back at once (a kick is not their
resignation: otherwise the kicker, last person seated, would collect it); and
a person seated at the table who /stop-s the match forfeits their own stake,
shared among the other people, whose stakes go back (otherwise a losing
creator would void the match). A /stop by someone not playing gives every
stake back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.storage import (
    CLOSED,
    FINISHED,
    PAYOUT,
    PLAYING,
    REFUND,
    STAKE,
    ChipEntry,
    ChipMoves,
    ChipRow,
    Store,
    TableRecord,
)
from bot.tables.kinds import kind_of
from bot.view.lobby import STAKE_STEPS
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


def held(entries: Iterable[ChipEntry | ChipRow]) -> dict[int, int]:
    """The stakes still in the bank: staked, and not yet given back (a
    person kicked mid-match had theirs back at once)."""
    found = tuple(entries)
    back = {entry.user_id for entry in found if entry.kind == REFUND}
    return {user: chips for user, chips in staked(found).items() if user not in back}


def refunds(table_id: int, entries: Iterable[ChipEntry | ChipRow]) -> tuple[ChipEntry, ...]:
    """Every stake still in the bank back to whoever staked it."""
    found = tuple(entries)
    bank = held(found)
    return tuple(
        ChipEntry(table_id, entry.user_id, REFUND, entry.seat, -entry.amount)
        for entry in found
        if entry.kind == STAKE and entry.user_id in bank
    )


def kicked(
    table_id: int, user_id: int, entries: Iterable[ChipEntry | ChipRow]
) -> tuple[ChipEntry, ...]:
    """A person kicked mid-match: their stake, if still in the bank, back to them."""
    return tuple(entry for entry in refunds(table_id, entries) if entry.user_id == user_id)


def forfeit(
    table: TableRecord, stopper: int, entries: Iterable[ChipEntry | ChipRow]
) -> tuple[ChipEntry, ...]:
    """A match stopped by one of its people: their stake is shared among the
    other people still seated (equal parts, the odd chips one each in seat
    order), every other stake goes back, and the stopper's PAYOUT of 0 shows
    the table settled. Empty when the stopper has no stake in the bank or
    nobody else has: then every stake simply goes back (`refunds`)."""
    found = tuple(entries)
    bank = held(found)
    lost = bank.get(stopper, 0)
    seated = {s.user_id: s.seat for s in table.seats if not s.is_computer}
    others = sorted((seated[u], u) for u in bank if u != stopper and u in seated)
    if lost <= 0 or stopper not in seated or not others:
        return ()
    share, odd = divmod(lost, len(others))
    back = tuple(e for e in refunds(table.id, found) if e.user_id != stopper)
    paid = tuple(
        ChipEntry(table.id, user, PAYOUT, seat, share + (1 if n < odd else 0))
        for n, (seat, user) in enumerate(others)
    )
    return back + paid + (ChipEntry(table.id, stopper, PAYOUT, seated[stopper], 0),)


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


def stake_change_refused(
    table: TableRecord, user_id: int, value: str
) -> tuple[str, dict[str, object]] | None:
    """Why a stake tap by `user_id` is refused (the text's key and its
    parameters), None when it is not: only a value the settings button
    offers, and only while no other person sits at the table, since each sat
    down for the stake shown then (security review N2). Refused rather than
    unseating them: nobody loses a seat to a settings tap, and whoever wants
    another stake asks them to stand up first, or opens another table."""
    if value not in {str(step) for step in STAKE_STEPS}:
        return "settings.bad_stake", {"steps": ", ".join(str(s) for s in STAKE_STEPS)}
    others = [s.name for s in table.seats if not s.is_computer and s.user_id != user_id]
    if others:
        return "settings.stake_seated", {"names": ", ".join(others)}
    return None


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
            return self.moves(table, payouts(table, held(ledger)))
        return self.moves(table, refunds(table.id, ledger))

    async def on_kick(self, table: TableRecord, user_id: int) -> ChipMoves | None:
        """A person kicked mid-match gets their stake back (see the module doc)."""
        if staking(table) <= 0:
            return None
        return self.moves(table, kicked(table.id, user_id, await self.store.table_chips(table.id)))

    async def on_stop(self, table: TableRecord, stopper: int) -> ChipMoves | None:
        """A match in play that `stopper` /stop-s: their forfeit when they play
        at it and someone else staked; None: the end gives every stake back
        (`on_end`)."""
        if table.status != PLAYING or staking(table) <= 0:
            return None
        return self.moves(table, forfeit(table, stopper, await self.store.table_chips(table.id)))
