"""The coach's stored reviews (issue 66): a part of `Store`
(bot/storage/store.py), over its driver.

A review is deterministic for its key (`engine.ai.review.review_key`), so
it is written once and never changed: a second writer of the same key (two
workers finishing the same review) changes nothing. The body is the
engine's JSON (`review_to_json`), kept as text: the store does not read it.
"""

from __future__ import annotations

import time

from bot.storage.driver import Driver


class Reviews:
    driver: Driver

    async def get_review(self, key: str) -> str | None:
        """The stored review under `key`, as JSON text; None if none is."""
        rows = await self.driver.read("SELECT body FROM reviews WHERE key = $1", (key,))
        return None if not rows else str(rows[0][0])

    async def put_review(self, key: str, table_id: int, body: str) -> None:
        """Keep a review; a review already stored under `key` stays as it is."""
        await self.driver.execute(
            "INSERT INTO reviews (key, table_id, body, made_at) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (key) DO NOTHING",
            (key, table_id, body, time.time()),
        )
