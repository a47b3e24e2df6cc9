"""Results and what is read from them: a finished match's rows, written with
its last move (`Stats.result_of`, called by `Match.commit`).

The numbers come from the engine's replay of the seed and the action log
(bot/stats/results.py); this room only adds who sat where (a person by their
id, a computer by its level) and hands the rows to the store.
"""

from __future__ import annotations

from bot.stats.results import replay_events, seat_numbers
from bot.storage import MatchResult, SeatResult, TableRecord, computer_key, person_key
from bot.tables.core import Tables
from engine import Action


class Stats:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    async def result_of(self, table: TableRecord, last: Action | None) -> MatchResult:
        """The rows of a match that `last` (not yet in the log) finishes; the
        caller holds the table's lock and saves them with the move."""
        state = table.state
        assert state is not None and table.seed is not None
        actions = [action for _, _, action in await self.store.action_log(table.id)]
        if last is not None:
            actions.append(last)
        final, events = replay_events(state.rules, state.players, table.seed, actions)
        numbers = seat_numbers(final, events)
        seats = []
        for seat in sorted(table.seats, key=lambda s: s.seat):
            n = numbers[seat.seat]
            computer = seat.is_computer
            level = seat.level or "normal"
            seats.append(
                SeatResult(
                    seat=seat.seat,
                    player=computer_key(level) if computer else person_key(seat.user_id),
                    user_id=None if computer else seat.user_id,
                    level=level if computer else None,
                    name=seat.name,
                    side=n.side,
                    place=n.place,
                    penalties=n.penalties,
                    deals=n.deals,
                    deals_won=n.deals_won,
                    trick_points=n.trick_points,
                    combinations=n.combinations,
                    claims_right=n.claims_right,
                    claims_wrong=n.claims_wrong,
                )
            )
        return MatchResult(
            game=table.preset,
            options=dict(table.options),
            chat_id=table.chat_id,
            practice=table.practice,
            seats=tuple(seats),
        )
