"""A rematch: the match's end carries one button that opens a table with the
same people in the same seats, the same computers and the same options. The
one who tapped it is in; each other person confirms with one tap on the
lobby's "Join" button, and the match starts by itself when all have (the
creator cannot start it over anyone's head: bot/tables/lifecycle.py).
Leaving the lobby works as usual, and then nobody waits for whoever left.
"""

from __future__ import annotations

from bot.storage import FINISHED, LOBBY, Seat
from bot.tables.core import Person, Reply, Tables, refusals
from bot.tables.fanout import Fanout
from bot.tables.kinds import confirmed, kind_of, settings_of, waiting
from bot.tables.lifecycle import Lifecycle
from bot.tables.lobby import Lobby
from bot.tables.members import Memberships
from bot.tables.turns import Turns
from bot.view.i18n import t


class Rematches:
    def __init__(
        self,
        tables: Tables,
        fanout: Fanout,
        turns: Turns,
        lobby: Lobby,
        lifecycle: Lifecycle,
        members: Memberships,
    ) -> None:
        self.tables = tables
        self.members = members
        self.store = tables.store
        self.fanout = fanout
        self.turns = turns
        self.lobby = lobby
        self.lifecycle = lifecycle

    @refusals
    async def rematch(self, old_id: int, person: Person) -> Reply:
        old = await self.store.get_table(old_id)
        if old is None or old.status != FINISHED or not kind_of(old).offers_rematch:
            lang = await self.tables.user_lang(person.user_id, person.language_code)
            return Reply(t(lang, "table.gone"), alert=True)
        lang = await self.tables.chat_lang(old.chat_id)
        seat = old.seat_of(person.user_id)
        if seat is None or seat.is_computer:
            return Reply(t(lang, "rematch.not_player"), alert=True)
        others = [s.user_id for s in old.seats if not s.is_computer and s != seat]
        async with self.tables.lock(("chat", old.chat_id)):
            existing = await self.store.open_table_in_chat(old.chat_id, old.thread_id)
            if existing is not None and settings_of(existing).rematch_of == old_id:
                opened = existing.id
            elif existing is not None:
                return Reply(t(lang, "new.exists", table=existing.id), alert=True)
            else:
                await self.tables.require_room(person.user_id, lang)
                settings = settings_of(old).but(rematch_of=old_id, waiting=tuple(others))
                table = await self.store.create_table(
                    old.chat_id,
                    old.chat_title,
                    person.user_id,
                    old.preset,
                    old.options,
                    settings.to_json(),
                    thread_id=old.thread_id,  # in the forum topic of the match
                )
                if table is None:
                    return Reply(t(lang, "new.exists", table="?"), alert=True)
                table.seats = [
                    Seat(s.seat, s.user_id, s.name, kind=s.kind, level=s.level)
                    for s in sorted(old.seats, key=lambda s: s.seat)
                ]
                table = await self.store.save_table(table)
                self.fanout.redraw_lobby_later(table.id, send_new=True)
                self.turns.arm_lobby(table)
                if others:
                    return Reply(t(lang, "rematch.opened"))
                return await self.lifecycle.start(table.id, person, True, by_bot=True)
        return await self.join(opened, person)

    async def join(
        self,
        table_id: int,
        person: Person,
        chat_lang: str | None = None,
        version: int | None = None,
    ) -> Reply:
        """The lobby's join button: a confirmation from someone a rematch
        seated, else an ordinary join. Only a member of the table's group may
        sit there, as with the join link: a public group's preview shows its
        buttons to anybody (asked before the table's lock, the answer kept a
        few minutes: bot/tables/members.py)."""
        table = await self.store.get_table(table_id)
        kind = None if table is None else kind_of(table)
        if (
            table is not None
            and kind is not None
            and kind.members_only
            and not await self.members.is_member(table.chat_id, person.user_id)
        ):
            lang = chat_lang or await self.tables.chat_lang(table.chat_id)
            return Reply(t(lang, "join.not_member"), alert=True)
        if (
            table is not None
            and kind is not None
            and kind.fixed_seats
            and (table.status != LOBBY or person.user_id not in waiting(table))
        ):
            # A tournament's table seats its round's players and nobody else.
            lang = chat_lang or await self.tables.chat_lang(table.chat_id)
            if table.seat_of(person.user_id) is not None:
                return Reply(t(lang, "join.already"))
            return Reply(t(lang, "tournament.not_registered"), alert=True)
        if table is None or table.status != LOBBY or person.user_id not in waiting(table):
            return await self.lobby.join(table_id, person, chat_lang, version)
        return await self.confirm(table_id, person)

    @refusals
    async def confirm(self, table_id: int, person: Person) -> Reply:
        async with self.tables.opened(table_id, (LOBBY,)) as found:
            table, lang = found.table, found.lang
            before = waiting(table)
            if person.user_id not in before:
                return Reply(t(lang, "join.already"))
            left = [user_id for user_id in before if user_id != person.user_id]
            confirmed(table, left)
            table = await self.store.save_table(table)
            if left:
                self.fanout.redraw_lobby_later(table.id)
                return Reply(t(lang, "rematch.confirmed"))
        # Everybody is in: the match starts by itself (start takes the lock).
        return await self.lifecycle.start(table_id, person, True, by_bot=True)
