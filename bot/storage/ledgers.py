"""The store's records of what was played and owned: chip balances and the
ledger, match results, ratings, the leaderboard and /notify. A part of
`Store` (bot/storage/store.py), over its driver."""

from __future__ import annotations

import time

from bot.storage.driver import Body, Driver, Step
from bot.storage.records import ChipRow, LeaderRow, RatingRecord, ResultRow
from bot.storage.shared_sql import (
    BALANCE,
    BOT_SCOPE,
    GROUP_BALANCES,
    LEADERBOARD,
    RECENT,
    RESULT_COLUMNS,
    TABLE_CHIPS,
    chip_from_row,
    result_from_row,
)


class Ledgers:
    driver: Driver

    # -- chip balances (virtual chips) -------------------------------------------------

    async def chip_balance(self, chat_id: int, user_id: int) -> int | None:
        """A person's chips in a group; None before their first stake there."""
        rows = await self.driver.read(BALANCE, (chat_id, user_id))
        return None if not rows else int(rows[0][0])

    async def chip_balances(self, chat_id: int) -> dict[int, int]:
        """Every balance the group has: person -> chips."""
        rows = await self.driver.read(GROUP_BALANCES, (chat_id,))
        return {int(row[0]): int(row[1]) for row in rows}

    async def table_chips(self, table_id: int) -> list[ChipRow]:
        """The table's ledger: stakes first, then payouts or refunds, by seat."""
        return [chip_from_row(row) for row in await self.driver.read(TABLE_CHIPS, (table_id,))]

    # -- results and ratings -----------------------------------------------------------

    async def match_results(self, table_id: int) -> list[ResultRow]:
        """The finished match's rows, by seat (none while it runs)."""
        rows = await self.driver.read(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE table_id = $1 ORDER BY seat", (table_id,)
        )
        return [result_from_row(row) for row in rows]

    async def player_results(self, user_id: int, chat_id: int | None = None) -> list[ResultRow]:
        """A person's rows, oldest first: in one group, or (None) everywhere."""
        rows = await self.driver.read(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE user_id = $1"
            " AND ($2::bigint IS NULL OR chat_id = $2) ORDER BY finished_at, table_id",
            (user_id, chat_id),
        )
        return [result_from_row(row) for row in rows]

    async def recent_results(self, chat_id: int, matches: int) -> list[ResultRow]:
        """The rows of the group's last `matches` finished matches, newest
        match first, by seat within a match."""
        rows = await self.driver.read(RECENT.format(columns=RESULT_COLUMNS), (chat_id, matches))
        return [result_from_row(row) for row in rows]

    async def player_ratings(self, player: str) -> list[RatingRecord]:
        """A player's rating in every game they were rated in."""
        rows = await self.driver.read(
            "SELECT game, player, mu, sigma, matches FROM ratings WHERE player = $1 ORDER BY game",
            (player,),
        )
        return [RatingRecord(*row) for row in rows]

    async def leaderboard(
        self, game: str, chat_id: int | None, min_matches: int, limit: int
    ) -> list[LeaderRow]:
        """Players of a game with at least `min_matches` rated (not practice)
        matches, in one group or (None) everywhere: most wins first, then the
        higher rating. Read aside: no move's commit waits for it."""
        scope = BOT_SCOPE if chat_id is None else chat_id
        rows = await self.driver.read(LEADERBOARD, (scope, game, min_matches, limit), aside=True)
        return [LeaderRow(*row) for row in rows]

    # -- /notify -----------------------------------------------------------------------

    async def toggle_notify(self, chat_id: int, user_id: int) -> bool:
        """Turn the person's notice of new tables in the group on, or off when
        it was on; whether it is on now."""

        def toggle() -> Body[bool]:
            person = (chat_id, user_id)
            gone = yield Step("DELETE FROM notify WHERE chat_id = $1 AND user_id = $2", person)
            if gone.count:
                return False
            yield Step(
                "INSERT INTO notify (chat_id, user_id, created_at) VALUES ($1, $2, $3)"
                " ON CONFLICT DO NOTHING",
                (*person, time.time()),
            )
            return True

        return await self.driver.transact(toggle)

    async def stop_notify(self, chat_id: int, user_id: int) -> bool:
        """No more notices of the group for the person (who left it); whether
        they had asked for them."""
        gone = "DELETE FROM notify WHERE chat_id = $1 AND user_id = $2"
        return await self.driver.execute(gone, (chat_id, user_id)) > 0

    async def notify_list(self, chat_id: int, limit: int) -> list[int]:
        """Who asked for the group's notices, the earliest `limit` of them."""
        rows = await self.driver.read(
            "SELECT user_id FROM notify WHERE chat_id = $1 ORDER BY created_at, user_id LIMIT $2",
            (chat_id, limit),
        )
        return [row[0] for row in rows]
