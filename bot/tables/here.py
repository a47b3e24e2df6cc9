"""What a group command means where it was sent. /join, /leave, /start and
/stop speak of the forum topic's table, unless the group's tournament is
meant: it takes registrations (for /join: or runs, and answers that
registration is closed) and no table of the topic waits in its lobby. /stop
ends the tournament only where the topic has no table. The edge passes the
command on; the decision is made here, from what is stored."""

from __future__ import annotations

from bot.storage import LOBBY
from bot.storage.tournament_records import REGISTERING
from bot.tables.core import Person, Reply, Rights, Tables
from bot.tables.lifecycle import Lifecycle
from bot.tables.lobby import Lobby
from bot.tables.rematch import Rematches
from bot.tables.tournament.registration import Tournaments
from bot.view.i18n import t


class Here:
    def __init__(
        self,
        tables: Tables,
        lobby: Lobby,
        lifecycle: Lifecycle,
        rematches: Rematches,
        tournaments: Tournaments,
    ) -> None:
        self.tables = tables
        self.store = tables.store
        self.lobby = lobby
        self.lifecycle = lifecycle
        self.rematches = rematches
        self.tournaments = tournaments

    async def _tournament(
        self, chat_id: int, thread: int | None, running_too: bool = False
    ) -> int | None:
        """The group's tournament, when a command about a table is about it."""
        record = await self.store.open_tournament_in_chat(chat_id)
        if record is None or (record.status != REGISTERING and not running_too):
            return None
        table = await self.store.open_table_in_chat(chat_id, thread)
        return record.id if table is None or table.status != LOBBY else None

    async def _no_table(self, chat_id: int) -> Reply:
        """No table here (an alert: /start answers only those)."""
        return Reply(t(await self.tables.chat_lang(chat_id), "no_table"), alert=True)

    async def join(
        self, chat_id: int, thread: int | None, person: Person, partner: Person | None = None
    ) -> Reply:
        """/join: a seat at the topic's table, or (`partner`: with the person
        replied to, in kozel) a place in the group's tournament. An answer
        with a `url` means the person must start the bot in private first."""
        tournament = await self._tournament(chat_id, thread, running_too=True)
        if tournament is not None:
            return await self.tournaments.register(tournament, person, partner)
        table = await self.store.open_table_in_chat(chat_id, thread)
        if table is None:
            return await self._no_table(chat_id)
        return await self.rematches.join(table.id, person)

    async def leave(self, chat_id: int, thread: int | None, person: Person) -> Reply:
        """/leave: off the tournament's list, or up from the topic's table."""
        tournament = await self._tournament(chat_id, thread)
        if tournament is not None:
            return await self.tournaments.leave(tournament, person)
        table = await self.store.open_table_in_chat(chat_id, thread)
        if table is None:
            return await self._no_table(chat_id)
        return await self.lobby.leave(table.id, person)

    async def start(
        self, chat_id: int, thread: int | None, person: Person, is_admin: Rights
    ) -> Reply:
        """/start in a group: the tournament, or the topic's table. Success
        shows in the group (the first round, the lobby message): only an
        answer with `alert` is worth a reply."""
        tournament = await self._tournament(chat_id, thread)
        if tournament is not None:
            return await self.tournaments.start(tournament, person, is_admin)
        table = await self.store.open_table_in_chat(chat_id, thread)
        if table is None:
            return await self._no_table(chat_id)
        return await self.lifecycle.start(table.id, person, is_admin)

    async def stop(
        self, chat_id: int, thread: int | None, person: Person, is_admin: Rights, group: bool
    ) -> Reply:
        """/stop: the topic's table; where there is none, the group's
        tournament. In private (`group` False): one's practice game."""
        if (
            group
            and await self.store.open_table_in_chat(chat_id, thread) is None
            and await self.store.open_tournament_in_chat(chat_id) is not None
        ):
            return await self.tournaments.stop(chat_id, person, is_admin)
        return await self.lifecycle.stop(chat_id, person, is_admin, thread)
