"""/notify: a private notice to who asked when a table opens in their group.

A notice is worth sending only for a table people can still join, so it
waits `NOTIFY_DELAY` after the `/new` and goes only if the table is still
a lobby then. A table opened and stopped at once (or `/new` and `/stop`
over and over) tells nobody and uses up nothing; before, each such table
took the group's window of `NOTIFY_EVERY`, and the table opened a minute
later, the one people would join, was announced to nobody (issue 65).

A group's subscribers hear of at most one table in `NOTIFY_EVERY`, and at
most `NOTIFY_LIMIT` of them a table, one after another through the rate
limiter, so a big group's notices never crowd out running tables' moves.
Only people still in the group are told (security review S5): whoever
Telegram says is no longer a member is dropped from the list, so people
who left neither read the group's title and link nor hold its places.

The wait is a timer of this process: a restart within it loses that one
notice (docs/OPERATING.md, "Delivery guarantees").
"""

from __future__ import annotations

from bot.storage import LOBBY, TableRecord
from bot.tables.core import Person, Reply, Tables
from bot.tables.fanout import Fanout
from bot.tables.members import Memberships
from bot.view import render
from bot.view.i18n import t
from bot.view.screen import Button, Screen

NOTIFY_DELAY = 30.0  # seconds a new table must stay a lobby before anyone is told
NOTIFY_LIMIT = 50  # private notices a new table sends at most
# A group's subscribers hear of a new table at most once in this many seconds:
# /new and /stop over and over must not flood them (nor the bot's 30/s budget).
NOTIFY_EVERY = 10 * 60
NOTIFY_GROUPS = 10_000  # groups whose last notice is remembered (older ones forgotten)
# Subscribers read for one table at most: those who left the group are
# dropped as they are met, so a list with stale rows still reaches
# NOTIFY_LIMIT people, and the reads stay bounded.
NOTIFY_READ = 4 * NOTIFY_LIMIT


class Notices:
    def __init__(self, tables: Tables, fanout: Fanout, members: Memberships) -> None:
        self.tables = tables
        self.store = tables.store
        self.fanout = fanout
        self.members = members
        # When each group's subscribers were last told of a table (this
        # process's clock; another worker keeps its own: at most one notice
        # per group per worker in NOTIFY_EVERY).
        self._notified: dict[int, float] = {}

    async def toggle(self, chat_id: int, person: Person, lang: str) -> Reply:
        """/notify in a group: a private message whenever a table opens there,
        or (asked again) no more of them."""
        on = await self.store.toggle_notify(chat_id, person.user_id)
        if not on:
            return Reply(t(lang, "notify.off"))
        user = await self.store.get_user(person.user_id)
        if user is not None and user.started:
            return Reply(t(lang, "notify.on"))
        text = t(lang, "notify.on_start_first")
        link = Button(t(lang, "button.open_private"), url=self.tables.deep_link("notify"))
        return Reply(text, screen=Screen(text, ((link,),)))

    def opened(self, table: TableRecord, creator_id: int) -> None:
        """A table opened: its notices go in NOTIFY_DELAY, if it is still a lobby."""
        clock = self.tables.clock

        async def due() -> None:
            self.fanout.private_later(table, lambda: self.tell(table, creator_id))

        clock.call_at(clock.now() + NOTIFY_DELAY, ("notify", table.id), due)

    async def tell(self, table: TableRecord, creator_id: int) -> None:
        """Tell who asked, and is still in the group, that the table is open;
        nobody when it is no longer a lobby, or within NOTIFY_EVERY of the
        group's last notice."""
        fresh = await self.store.get_table(table.id)
        if fresh is None or fresh.status != LOBBY:
            return
        now = self.tables.clock.now()
        last = self._notified.get(table.chat_id)
        if last is not None and now - last < NOTIFY_EVERY:
            return
        self._notified.pop(table.chat_id, None)
        self._notified[table.chat_id] = now  # the newest last: the oldest go first
        while len(self._notified) > NOTIFY_GROUPS:
            del self._notified[next(iter(self._notified))]
        told = 0
        for user_id in await self.store.notify_list(table.chat_id, NOTIFY_READ):
            if told >= NOTIFY_LIMIT:
                break
            if user_id == creator_id:
                continue
            user = await self.store.get_user(user_id)
            if user is None or not user.started:
                continue
            if not await self.members.is_member(table.chat_id, user_id):
                await self.store.stop_notify(table.chat_id, user_id)
                continue
            lang = await self.tables.user_lang(user_id)
            text = t(
                lang,
                "notify.opened",
                group=table.chat_title,
                game=render.preset_name(lang, table.rules),
                table=table.id,
            )
            join = Button(t(lang, "button.join"), url=self.tables.join_link(table))
            await self.tables.out.send(user_id, Screen(text, ((join,),)))
            told += 1
