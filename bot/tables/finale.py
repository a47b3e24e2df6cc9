"""A season's finale (issue 68): when a group's season ends, one message
with the champions of each game played, the season's notable moments and
the new season's start; a group that played nothing gets nothing.

On the watchdog's tick (bot/tables/turns.py, once a minute). The first tick
of a month (and the first after a start) looks at every group that finished
a match in the month or quarter that ended last (`played_in`, by an index);
each group's finale is claimed in the database, once per group and season
(`Store.claim_finale`: the insert that makes the row tells it), so it is
told once whichever worker gets there first, and also when the bot was down
at midnight: the next start tells it. The group's chips start again in the
claim's transaction, where the group asked for it.

A claim is made before the message goes out and marked sent after it. A
claim left unsent (a crash in between, a send that failed) is taken again
by any worker's tick once `LEASE` has passed since it was made, and told
then: the finale comes, late, and only a crash between the send and its
mark tells it twice. A group the bot may no longer write to is marked
sent all the same (nothing to wait for).
"""

from __future__ import annotations

import logging

from bot.seasons.calendar import SeasonKind, ended_before, following, previous, season_of
from bot.seasons.standings import Moment, champions, notable
from bot.tables.core import Tables
from bot.tables.outbox import Outcome
from bot.tables.seasons import Seasons, month_of, months_of, season_rows
from bot.view import seasons as view
from bot.view.screen import Screen

log = logging.getLogger(__name__)

LEASE = 600.0  # seconds a claimed finale may stay unsent before another tick takes it


class Finale:
    def __init__(self, tables: Tables, seasons: Seasons) -> None:
        self.tables = tables
        self.store = tables.store
        self.seasons = seasons
        self._looked: str | None = None  # the month whose start this process has settled

    async def tick(self) -> int:
        """The watchdog's round: a finale claimed but left unsent past its
        lease, and once a month every group's finale that is due; how many
        this process told."""
        now = self.tables.clock.now()
        month = month_of(now)
        told = 0
        for chat_id, season in await self.store.unsent_finales(now - LEASE):
            ended = ended_before(now, await self.seasons.kind(chat_id))
            if ended is not None and ended.id == season:
                told += await self._settle_one(chat_id, now)
            else:  # a later season has ended since: this finale's moment is gone
                log.warning("chat %s: season %s's finale was never sent", chat_id, season)
                await self.store.finale_sent(chat_id, season)
        if self._looked == month:
            return told
        told += await self.settle_all(now)
        self._looked = month
        return told

    async def settle_all(self, now: float) -> int:
        """Each group that played in the month or quarter that ended last."""
        months: set[str] = set()
        for kind in (SeasonKind.MONTH, SeasonKind.QUARTER):
            current = season_of(now, kind)
            assert current is not None
            months.update(months_of(previous(current)))
        told = 0
        for chat_id in await self.store.played_in(sorted(months)):
            told += await self._settle_one(chat_id, now)
        return told

    async def _settle_one(self, chat_id: int, now: float) -> bool:
        try:
            return await self.settle(chat_id, now)
        except Exception:  # one group's failure stops no other's
            log.exception("chat %s: the season's finale failed", chat_id)
            return False

    async def settle(self, chat_id: int, now: float) -> bool:
        """The group's finale of its season that ended last, if it has not
        been told and somebody won a match in it; whether this call told it."""
        ended = ended_before(now, await self.seasons.kind(chat_id))
        if ended is None:
            return False
        lines = await self.store.season_board(chat_id, months_of(ended))
        best = champions(season_rows(lines))
        if not best:
            return False
        choice = await self.store.chat_season(chat_id)
        claimed = await self.store.claim_finale(chat_id, ended.id, choice.chips_reset, now)
        if not claimed and not await self.store.reclaim_finale(chat_id, ended.id, now, now - LEASE):
            return False
        lang = await self.tables.chat_lang(chat_id)
        found = await self.store.season_moments(
            chat_id, ended.start.timestamp(), ended.end.timestamp()
        )
        moments = notable(Moment(*m) for m in found)
        start = self.tables.limits.start_chips if choice.chips_reset else None
        text = view.finale_text(lang, ended, following(ended), best, moments, start)
        if text is not None:
            outcome, _ = await self.tables.out.send(chat_id, Screen(text))
            if outcome is Outcome.FAILED:
                return False  # still unsent: a later tick takes it again
        await self.store.finale_sent(chat_id, ended.id)
        return True
