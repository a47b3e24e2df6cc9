"""The coach's room (issue 66): 🔍 under a deal's record asks for a review of
the tapper's play in that deal, at a group table, in practice or in a
replay (/history).

A tap is checked first and changes nothing when refused: the table must
still be stored with its log, the deal over, and the tapper seated there
(the payload names no seat: it is the tapper's own, so a forwarded or
forged button reviews nobody else's play). Then, in order:

- a stored review (`Store.get_review`, under the engine's `review_key`) is
  sent at once: the same review is computed once, whoever asks again;
- a person may ask `review_queue.RATE_COUNT` reviews a minute (`Rate`);
- the review is queued (`ReviewQueue`: bounded, the same one joined) for
  the reviews' lane of the computers' pool (`Thinking.review`), below any
  move. When others wait ahead of it, the person is told at once that it
  will come, and that message becomes the review; otherwise the review is
  sent as a new message when it is ready (a few seconds).

The review goes to the person's private chat, where the record is. The
delivery runs as a message job (`Outbox.later`, a lane per person), so
shutdown and the tests' idle wait for it.
"""

from __future__ import annotations

import json
import logging
import math

from bot.storage import TableRecord
from bot.tables.core import Person, Refused, Reply, Tables, refusals
from bot.tables.outbox import Outcome, Priority
from bot.tables.review_queue import Full, Rate, ReviewQueue
from bot.tables.thinking import REVIEW_WORKERS, ReviewJob
from bot.view.i18n import t
from bot.view.review import review_screen
from bot.view.screen import Screen
from engine.ai.review import REVIEW_WORLDS, review_from_json, review_key
from engine.cards import Suit

log = logging.getLogger(__name__)


def deal_id(table_id: int, deal: int) -> str:
    """A deal's name in a review's key: tables are never renumbered."""
    return f"{table_id}.{deal}"


class Coach:
    def __init__(self, tables: Tables, worlds: int = REVIEW_WORLDS) -> None:
        self.tables = tables
        self.store = tables.store
        self.worlds = worlds
        self.queue = ReviewQueue(slots=REVIEW_WORKERS)
        self.rate = Rate(tables.clock.now)
        self.computed = 0  # reviews searched by this process (the cache's misses)

    @refusals
    async def ask(self, table_id: int, deal: int, person: Person, lang: str) -> Reply:
        """A tap on 🔍: the review sent or queued, or why not."""
        table = await self.store.get_table(table_id)
        seat = self._seat(table, deal, person, lang)
        assert table is not None and table.seed is not None
        key = review_key(deal_id(table_id, deal), seat, self.worlds)
        wait = self.rate.wait(person.user_id)
        if wait > 0:
            return Reply(t(lang, "review.slow", seconds=math.ceil(wait)), alert=True)
        stored = await self.store.get_review(key)
        if stored is not None:
            await self._send(person.user_id, None, self._screen(stored, table, lang))
            return Reply()
        if key in self.queue:  # asked again while it waits: it comes once
            return Reply(t(lang, "review.working"))
        actions = tuple(a for _, _, a in await self.store.action_log(table_id))
        if not actions:  # the log of a long-ended table is pruned (Timing.action_log_days)
            return Reply(t(lang, "review.gone"), alert=True)
        ahead = len(self.queue)
        job = ReviewJob(
            rules=table.rules,
            names=table.names,
            seed=table.seed,
            key=table.state.shuffle if table.state is not None else None,
            actions=actions,
            deal=deal,
            seat=seat,
            worlds=self.worlds,
        )
        try:
            future = self.queue.submit(key, lambda: self._compute(key, table_id, job))
        except Full:
            return Reply(t(lang, "review.busy"), alert=True)
        notice = None
        if ahead > 0:  # heavy load: say at once that it will come
            screen = Screen(t(lang, "review.coming", deal=deal, table=table_id))
            _, notice = await self.tables.out.send(person.user_id, screen, priority=Priority.NOW)

        async def deliver() -> None:
            try:
                body = await future
            except Exception:
                log.exception("table %s: the review of deal %s failed", table_id, deal)
                await self._send(person.user_id, notice, Screen(t(lang, "review.failed")))
                return
            await self._send(person.user_id, notice, self._screen(body, table, lang))

        self.tables.outbox.later(table_id, deliver, lane=f"review:{person.user_id}")
        return Reply(t(lang, "review.working") if notice is None else "")

    def _seat(self, table: TableRecord | None, deal: int, person: Person, lang: str) -> int:
        """The tapper's seat at a table whose deal `deal` is over, or `Refused`."""
        state = table.state if table is not None else None
        if table is None or state is None or table.seed is None:
            raise Refused(Reply(t(lang, "review.gone"), alert=True))
        seat = table.seat_of(person.user_id)
        if seat is None:
            raise Refused(Reply(t(lang, "review.not_yours"), alert=True))
        over = state.deal is None or deal < state.deal.number
        if deal < 1 or not over:
            raise Refused(Reply(t(lang, "review.gone"), alert=True))
        return seat.seat

    async def _compute(self, key: str, table_id: int, job: ReviewJob) -> str:
        """Search it in the reviews' lane, and keep it: asked again, it is read."""
        body = await self.tables.thinking.review(job)
        self.computed += 1
        await self.store.put_review(key, table_id, body)
        return body

    @staticmethod
    def _screen(body: str, table: TableRecord, lang: str) -> Screen:
        kept = json.loads(body)
        review = review_from_json(kept["review"])
        return review_screen(lang, review, table.id, Suit(kept["trump"]))

    async def _send(self, user_id: int, message_id: int | None, screen: Screen) -> None:
        if message_id is not None:
            outcome = await self.tables.out.edit(user_id, message_id, screen, priority=Priority.NOW)
            if outcome in (Outcome.OK, Outcome.SAME):
                return
        await self.tables.out.send(user_id, screen, priority=Priority.NOW)
