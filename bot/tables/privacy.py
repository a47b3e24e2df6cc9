"""What the bot keeps about people, and for how long.

- `/forget` (in private, after a confirming tap) erases a person's record:
  name, username, Telegram's language and the language they chose. In ended
  tables their name becomes `PLACEHOLDER`; the seat, its results and the
  numeric Telegram id stay, so a finished game still adds up. While they sit
  at an open table (or opened one) nothing is erased: the group would lose
  track of whose turn it is, and the bot needs the name there. Writing to the bot again
  (a command, a tap) stores the name anew, as it must to seat them.
- The action logs of ended tables (every move, with who made it) are deleted
  `Timing.action_log_days` after the table ended: at start-up and then once
  a day. A running table's log is kept whatever its age: a restart replays
  it. 0 keeps the logs for ever.
- Lobbies closed before their match started (`/new` then `/stop`, or nobody
  came) are deleted with their seats `Timing.closed_lobby_days` after they
  closed, in the same daily round (S21): a `/new` and `/stop` loop leaves no
  rows behind for good. 0 keeps them.
"""

from __future__ import annotations

import logging

from bot.tables.core import Person, Refused, Reply, Tables, refusals
from bot.view import callbacks
from bot.view.i18n import t
from bot.view.screen import Button, Screen

log = logging.getLogger(__name__)

# An erased name: stored once, shown in any language.
PLACEHOLDER = "👤"
DAY = 86_400.0
PRUNE_KEY = ("privacy", "prune action logs")
# After a failed prune, the pause before the next try: long enough that a
# prune failing for good (a foreign key, N1) logs a line an hour, not a minute.
PRUNE_RETRY = 3600.0


class Privacy:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.store = tables.store

    def forget_prompt(self, lang: str) -> Reply:
        """The question before anything is erased, with its two buttons."""
        buttons = (
            (
                Button(t(lang, "button.forget_yes"), callbacks.forget(True)),
                Button(t(lang, "button.forget_no"), callbacks.forget(False)),
            ),
        )
        return Reply(screen=Screen(t(lang, "forget.prompt", mark=PLACEHOLDER), buttons))

    @refusals
    async def forget(self, person: Person, lang: str) -> Reply:
        seated = await self.store.open_tables_of(person.user_id)
        if seated:
            raise Refused(Reply(t(lang, "forget.seated", table=seated[0])))
        await self.store.forget_user(person.user_id, PLACEHOLDER)
        log.info("erased what was stored about a person on their request")
        return Reply(t(lang, "forget.done", mark=PLACEHOLDER))

    async def prune(self) -> int:
        """Delete the logs of tables that ended over `action_log_days` ago,
        and the lobbies closed unstarted over `closed_lobby_days` ago; how
        many rows went (log entries and lobbies)."""
        timing, now = self.tables.timing, self.tables.clock.now()
        deleted = 0
        for days, prune, what in (
            (timing.action_log_days, self.store.prune_action_logs, "logged moves of tables ended"),
            (timing.closed_lobby_days, self.store.prune_closed_lobbies, "lobbies closed unstarted"),
        ):
            if days > 0:
                rows = await prune(now - days * DAY)
                if rows:
                    log.info("pruned %d %s over %d days ago", rows, what, days)
                deleted += rows
        return deleted

    async def keep_pruning(self) -> None:
        """Prune now, and again every day (on the service's scheduler, which
        stops with the bot). Housekeeping never stops the bot: a failed prune
        is logged and tried again in `PRUNE_RETRY`, never raised (start-up
        awaits this, and a prune that failed for good once kept the bot from
        starting: security review N1)."""
        wait = DAY
        try:
            await self.prune()
        except Exception:
            wait = PRUNE_RETRY
            log.exception("pruning failed; trying again in %.0f s", wait)
        clock = self.tables.clock
        clock.call_at(clock.now() + wait, PRUNE_KEY, self.keep_pruning)
