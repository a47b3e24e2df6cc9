"""The store's count of hints asked in a practice game (issue 66): a part
of `Store` (bot/storage/store.py), over its driver.

One row per table (a practice table plays one match): the count, and the
table's version when the last hint was counted. A hint is counted once per
version of the table, whoever asks and however often: a double tap, a tap
answered again after a restart, or two workers answering the same tap."""

from __future__ import annotations

from bot.storage.driver import Driver

# Counts a hint unless one was counted at this version already (the row
# then stays as it was, and no row is reported changed).
_COUNT = """INSERT INTO practice_hints (table_id, hints, version) VALUES ($1, 1, $2)
   ON CONFLICT (table_id) DO UPDATE SET hints = practice_hints.hints + 1,
     version = excluded.version
   WHERE practice_hints.version <> excluded.version"""


class Hints:
    driver: Driver

    async def count_hint(self, table_id: int, version: int) -> bool:
        """Count a hint given at this version of the table; False when one
        was counted at this version already (nothing changes)."""
        return await self.driver.execute(_COUNT, (table_id, version)) == 1

    async def hints_used(self, table_id: int) -> int:
        """The hints counted at this table (0: none, or never asked)."""
        rows = await self.driver.read(
            "SELECT hints FROM practice_hints WHERE table_id = $1", (table_id,)
        )
        return int(rows[0][0]) if rows else 0
