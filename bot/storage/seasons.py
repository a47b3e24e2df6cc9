"""The store's seasons, achievements and reliability (issue 68; SQL in
bot/storage/season_sql.py): a part of `Store` (bot/storage/store.py), over
its driver. A match's own season part is written with its results
(`write_season`, from bot/storage/writes.py); these are the rest."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import NamedTuple

from bot.storage.driver import Body, Driver, Step
from bot.storage.season_sql import (
    ACHIEVEMENTS_OF,
    ALL_ACHIEVEMENTS,
    CHAT_SEASON,
    CLAIM_FINALE,
    FINALE_SENT,
    GROUP_MATCHES,
    INSERT_ACHIEVEMENT,
    INSERT_OUTCOME,
    LATEST_PLACES,
    MOMENTS,
    PLAYED_IN,
    RECENT_OUTCOMES,
    RECLAIM_FINALE,
    RESET_CHIPS,
    SEASON_BOARD,
    SET_CHAT_SEASON,
    UNSENT_FINALES,
    grant_rows,
)

# (game, player, name, level, matches, wins): one line of a season's board.
SeasonLine = tuple[str, str, str, str | None, int, int]
# (user id, chat id, achievement, table id, earned at)
GrantRow = tuple[int, int, str, int, float]


class ChatSeason(NamedTuple):
    """A group admin's choices: the kind of season (None: the bot's SEASON)
    and whether chip balances start again with each season."""

    kind: str | None = None
    chips_reset: bool = False


class SeasonRecords:
    driver: Driver

    # -- reliability -------------------------------------------------------------------

    async def record_outcome(
        self, table_id: int, user_id: int, chat_id: int, outcome: str, at: float
    ) -> None:
        """How a person's part in a group match ended, when it ends before
        the match does (/leave, /kick); the first outcome stands."""
        await self.driver.execute(INSERT_OUTCOME, (table_id, user_id, chat_id, outcome, at))

    async def recent_outcomes(self, user_id: int, limit: int) -> list[str]:
        """A person's latest `limit` outcomes in groups, newest first."""
        rows = await self.driver.read(RECENT_OUTCOMES, (user_id, limit))
        return [row[0] for row in rows]

    # -- achievements ------------------------------------------------------------------

    async def achievements_of(self, user_id: int, chat_id: int | None) -> list[str]:
        """What a person earned in a group (None: in any group, each once),
        the earliest first."""
        rows = await self.driver.read(ACHIEVEMENTS_OF, (user_id, chat_id))
        return list(dict.fromkeys(row[0] for row in rows))

    async def latest_places(self, user_id: int, chat_id: int, limit: int) -> list[int]:
        """A person's places in their latest `limit` group matches in a
        group, newest first."""
        rows = await self.driver.read(LATEST_PLACES, (user_id, chat_id, limit))
        return [int(row[0]) for row in rows]

    async def grant_achievements(self, grants: Sequence[GrantRow]) -> int:
        """Grant what is not held yet (the back-fill); how many were new."""

        def grant() -> Body[int]:
            new = 0
            for row in grant_rows(list(grants)):
                new += (yield Step(INSERT_ACHIEVEMENT, row)).count
            return new

        return await self.driver.transact(grant) if grants else 0

    async def group_matches(self) -> list[tuple[int, int, float]]:
        """(table id, chat id, finished at) of every group match, oldest first."""
        rows = await self.driver.read(GROUP_MATCHES, aside=True)
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]

    async def all_achievements(self) -> dict[tuple[int, int], frozenset[str]]:
        """(user id, chat id) -> what they hold there."""
        held: dict[tuple[int, int], set[str]] = {}
        for row in await self.driver.read(ALL_ACHIEVEMENTS, aside=True):
            held.setdefault((int(row[0]), int(row[1])), set()).add(row[2])
        return {who: frozenset(ids) for who, ids in held.items()}

    # -- seasons -----------------------------------------------------------------------

    async def season_board(self, chat_id: int, months: Sequence[str]) -> list[SeasonLine]:
        """A group's rows in a season (its months, one after another, added
        up), in no order."""
        rows = await self.driver.read(SEASON_BOARD, (chat_id, min(months), max(months)), aside=True)
        return [(r[0], r[1], r[2], r[3], int(r[4]), int(r[5])) for r in rows]

    async def played_in(self, months: Sequence[str]) -> list[int]:
        """The groups that finished a match in the months from the first of
        these to the last."""
        rows = await self.driver.read(PLAYED_IN, (min(months), max(months)), aside=True)
        return [int(row[0]) for row in rows]

    async def season_moments(
        self, chat_id: int, start: float, end: float
    ) -> list[tuple[str, str, float]]:
        """(name, achievement, earned at) of what the group earned in [start, end)."""
        rows = await self.driver.read(MOMENTS, (chat_id, start, end), aside=True)
        return [(row[0], row[1], float(row[2])) for row in rows]

    async def claim_finale(
        self, chat_id: int, season: str, reset_chips: bool, at: float | None = None
    ) -> bool:
        """Claim a group's finale of a season: True for the one caller (of
        every worker, ever) whose claim made the row, who then tells it and
        marks it sent (`finale_sent`). `reset_chips`: the group's balances
        start again, in the same transaction, so they are reset exactly when
        the finale is claimed (never by a claim taken again)."""
        now = time.time() if at is None else at

        def claim() -> Body[bool]:
            made = yield Step(CLAIM_FINALE, (chat_id, season, now, False))
            if made.count != 1:
                return False
            if reset_chips:
                yield Step(RESET_CHIPS, (chat_id,))
            return True

        return await self.driver.transact(claim)

    async def reclaim_finale(self, chat_id: int, season: str, at: float, before: float) -> bool:
        """Take again a claim made before `before` and never marked sent (a
        crash or a failed send in between): True for the one caller who did."""
        return await self.driver.execute(RECLAIM_FINALE, (chat_id, season, at, before)) == 1

    async def finale_sent(self, chat_id: int, season: str) -> None:
        await self.driver.execute(FINALE_SENT, (chat_id, season, True))

    async def unsent_finales(self, before: float) -> list[tuple[int, str]]:
        """(group, season) of each finale claimed before `before` and never
        marked sent."""
        rows = await self.driver.read(UNSENT_FINALES, (before,))
        return [(int(row[0]), str(row[1])) for row in rows]

    async def chat_season(self, chat_id: int) -> ChatSeason:
        rows = await self.driver.read(CHAT_SEASON, (chat_id,))
        if not rows:
            return ChatSeason()
        return ChatSeason(rows[0][0], bool(rows[0][1]))

    async def set_chat_season(self, chat_id: int, title: str, choice: ChatSeason) -> None:
        await self.driver.execute(
            SET_CHAT_SEASON, (chat_id, title, choice.kind, choice.chips_reset, time.time())
        )
