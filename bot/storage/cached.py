"""The store with write-through copies, for a bot that is the only writer
of its database (one process). `CachedStore` is a `Store` that overrides
only what it keeps a copy of; everything else is the store's own. A
multi-process deployment runs without it (`DATABASE_CACHE=off`).

It keeps a copy of every open table and of the latest few that ended, of
people's records and of groups' languages; the store stays the record, and
a restart starts with nothing in memory. It also saves writes that would
change nothing: a known person's unchanged name, the same hand message
edited again (its digest is kept here only), a save refused by the version
the copy knows.

Ordering, without a lock on the common path: the store runs writes in the
order they were handed to it, and hands each over before its first
suspension (see `Store`). A write here changes the copies and then calls
the store with nothing awaited in between, so the copies always show the
database as it will be once the writes handed over so far have run; a failed
write drops every copy. The one lock, `_lock`, is held by a read that will
fill a copy: writes wait while it is held, so that none of them changes a
copy that is not there yet and leaves the read's stale result behind.
(Before, every write took a lock and every transaction held it over several
trips to the database thread: at 300 updates/s a write waited ~100 ms for
its turn while the statements took under 1 ms.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from bot.storage.records import (
    CLOSED,
    LOBBY,
    OPEN_STATUSES,
    ChipMoves,
    Conflict,
    MatchResult,
    TableRecord,
    UserRecord,
)
from bot.storage.store import Store
from engine import Action

T = TypeVar("T")

# Bounds of the copies (open tables are far fewer in practice).
MAX_CACHED_TABLES = 20_000
MAX_CACHED_ENDED = 256
MAX_CACHED_PEOPLE = 100_000


def _remember(cache: dict[Any, Any], key: Any, value: Any, limit: int) -> None:
    cache.pop(key, None)
    cache[key] = value
    if len(cache) > limit:
        del cache[next(iter(cache))]  # the oldest entry


class CachedStore(Store):
    """A `Store` that answers reads from memory where that is safe: the
    database `store` opened, now behind copies."""

    def __init__(self, store: Store) -> None:
        super().__init__(store.driver, store.ratings_lock, store.on_commit)
        self._lock = asyncio.Lock()
        self._tables: dict[int, TableRecord] = {}  # tables exactly as stored
        # Which of those are no longer open: only the latest few are kept (the
        # jobs that tell a match's end read it), so the copies do not grow.
        self._ended: dict[int, None] = {}
        self._users: dict[int, UserRecord] = {}
        self._chat_langs: dict[int, str | None] = {}

    async def close(self) -> None:
        async with self._lock:
            await super().close()

    # -- the copies ----------------------------------------------------------------------

    def _keep(self, copy: TableRecord) -> None:
        _remember(self._tables, copy.id, copy, MAX_CACHED_TABLES)
        self._ended.pop(copy.id, None)
        if copy.status not in OPEN_STATUSES:
            self._ended[copy.id] = None
            while len(self._ended) > MAX_CACHED_ENDED:
                oldest = next(iter(self._ended))
                del self._ended[oldest]
                self._tables.pop(oldest, None)

    def _forget(self) -> None:
        self._tables.clear()
        self._ended.clear()
        self._users.clear()
        self._chat_langs.clear()

    async def _quiet(self) -> None:
        """Wait while a read that will fill a copy is under way (see the module doc)."""
        while self._lock.locked():
            async with self._lock:
                pass

    async def _write(self, change: Callable[[], None] | None, write: Coroutine[Any, Any, T]) -> T:
        """Change the copies, then hand `write` to the store at once; a
        failure drops every copy. `write` is a coroutine not yet started."""
        try:
            await self._quiet()
        except BaseException:
            write.close()  # cancelled while waiting: the write never starts
            raise
        try:
            if change is not None:
                change()
            return await write
        except BaseException:
            self._forget()
            raise

    def _table_change(
        self, table_id: int, change: Callable[[TableRecord], None]
    ) -> Callable[[], None]:
        def then() -> None:
            cached = self._tables.get(table_id)
            if cached is not None:
                change(cached)

        return then

    # -- people and chats ----------------------------------------------------------------

    async def remember_user(
        self, user_id: int, name: str, username: str | None, language_code: str | None
    ) -> None:
        known = self._users.get(user_id)
        if known is not None and (known.name, known.username, known.language_code) == (
            name,
            username,
            language_code,
        ):
            return  # nothing new: no write for every tap of a known person

        def known_now() -> None:
            known = self._users.get(user_id)
            if known is not None:
                known.name, known.username, known.language_code = name, username, language_code

        await self._write(known_now, super().remember_user(user_id, name, username, language_code))

    async def set_started(self, user_id: int, started: bool) -> None:
        known = self._users.get(user_id)
        if known is not None and known.started == started:
            return

        def started_now() -> None:
            known = self._users.get(user_id)
            if known is not None:
                known.started = started

        await self._write(started_now, super().set_started(user_id, started))

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        def then() -> None:
            known = self._users.get(user_id)
            if known is not None:
                known.lang = lang

        await self._write(then, super().set_user_lang(user_id, lang))

    async def get_user(self, user_id: int) -> UserRecord | None:
        known = self._users.get(user_id)
        if known is None:
            async with self._lock:
                known = self._users.get(user_id)
                if known is None:
                    known = await super().get_user(user_id)
                    if known is None:
                        return None
                    _remember(self._users, user_id, known, MAX_CACHED_PEOPLE)
        return known.copy()

    async def get_chat_lang(self, chat_id: int) -> str | None:
        if chat_id in self._chat_langs:
            return self._chat_langs[chat_id]
        async with self._lock:
            if chat_id not in self._chat_langs:
                lang = await super().get_chat_lang(chat_id)
                _remember(self._chat_langs, chat_id, lang, MAX_CACHED_PEOPLE)
            return self._chat_langs[chat_id]

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None:
        await self._write(
            lambda: _remember(self._chat_langs, chat_id, lang, MAX_CACHED_PEOPLE),
            super().set_chat_lang(chat_id, title, lang),
        )

    # -- tables --------------------------------------------------------------------------

    async def get_table(self, table_id: int) -> TableRecord | None:
        cached = self._tables.get(table_id)
        if cached is not None:
            return cached.copy()
        async with self._lock:  # writes wait: none may miss the copy made here
            cached = self._tables.get(table_id)
            if cached is not None:
                return cached.copy()
            found = await super().get_table(table_id)
            if found is None:
                return None
            self._keep(found.copy())
            return found

    async def save_table(
        self,
        table: TableRecord,
        action: Action | None = None,
        user_id: int | None = None,
        result: MatchResult | None = None,
        chips: ChipMoves | None = None,
    ) -> TableRecord:
        await self._quiet()
        stored = self._tables.get(table.id)
        if stored is not None and stored.version != table.version:
            # The copy knows the stored version: a conflict needs no trip.
            raise Conflict(f"table {table.id} changed since version {table.version}")
        self._cache_saved(table, stored)
        try:
            saved = await super().save_table(table, action, user_id, result, chips)
        except Conflict:
            if stored is not None:
                self._forget()  # the copy was wrong: something else wrote the database
            else:
                self._tables.pop(table.id, None)
            raise
        except BaseException:
            self._forget()
            raise
        copy = self._tables.get(saved.id)
        if copy is not None and copy.version == saved.version:
            copy.updated_at = saved.updated_at  # the time the store wrote
        return saved

    def _cache_saved(self, table: TableRecord, stored: TableRecord | None) -> None:
        """The stored copy after `save_table`: what it writes, plus the message
        bookkeeping it leaves alone (as the copy had it before)."""
        if stored is None:
            self._tables.pop(table.id, None)  # read afresh when needed
            return
        saved = table.copy()
        saved.version = table.version + 1
        saved.stored_seats = table.seat_rows()
        saved.chat_id = stored.chat_id  # the save leaves it (move_chat's, L9)
        saved.lobby_message_id = stored.lobby_message_id
        saved.live_message_id = stored.live_message_id
        saved.told_step = stored.told_step
        saved.created_at = stored.created_at
        saved.practice = stored.practice
        # Lobby saves write the seats anew; otherwise a seat keeps its hand message.
        before = {} if table.status == LOBBY else {s.seat: s for s in stored.seats}
        for seat in saved.seats:
            old = before.get(seat.seat)
            seat.hand_message_id = None if old is None else old.hand_message_id
            seat.hand_digest = None if old is None else old.hand_digest
        self._keep(saved)

    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> None:
        def moved() -> None:
            for cached in self._tables.values():
                if cached.chat_id == old_chat_id:
                    cached.chat_id = new_chat_id
            # The store merges the two chats' languages (S8): both read afresh.
            self._chat_langs.pop(old_chat_id, None)
            self._chat_langs.pop(new_chat_id, None)

        await self._write(moved, super().move_chat(old_chat_id, new_chat_id))

    # -- message bookkeeping -------------------------------------------------------------

    async def set_message_ids(
        self,
        table_id: int,
        lobby_message_id: int | None = None,
        live_message_id: int | None = None,
    ) -> None:
        def ids(t: TableRecord) -> None:
            if lobby_message_id is not None:
                t.lobby_message_id = lobby_message_id
            if live_message_id is not None:
                t.live_message_id = live_message_id

        await self._write(
            self._table_change(table_id, ids),
            super().set_message_ids(table_id, lobby_message_id, live_message_id),
        )

    async def clear_live_message(self, table_id: int) -> None:
        def clear(t: TableRecord) -> None:
            t.live_message_id = None

        await self._write(self._table_change(table_id, clear), super().clear_live_message(table_id))

    async def set_hand_message(
        self, table_id: int, seat: int, message_id: int | None, digest: str | None
    ) -> None:
        """Most hand updates are edits of the same message: those change the
        digest kept here and write nothing."""

        def hand(t: TableRecord) -> None:
            for s in t.seats:
                if s.seat == seat:
                    s.hand_message_id, s.hand_digest = message_id, digest

        cached = self._tables.get(table_id)
        if cached is not None and any(
            s.seat == seat and s.hand_message_id == message_id for s in cached.seats
        ):
            hand(cached)
            return
        await self._write(
            self._table_change(table_id, hand),
            super().set_hand_message(table_id, seat, message_id, digest),
        )

    async def set_turn_reminded(self, table_id: int) -> None:
        def reminded(t: TableRecord) -> None:
            t.turn_reminded = True

        await self._write(
            self._table_change(table_id, reminded), super().set_turn_reminded(table_id)
        )

    async def set_told_step(self, table_id: int, step: int) -> None:
        def told(t: TableRecord) -> None:
            t.told_step = max(t.told_step, step)

        await self._write(self._table_change(table_id, told), super().set_told_step(table_id, step))

    # -- privacy ---------------------------------------------------------------------------

    async def forget_user(self, user_id: int, placeholder: str) -> None:
        def forgotten() -> None:
            self._users.pop(user_id, None)
            for table_id in list(self._ended):  # open tables are not changed
                cached = self._tables.get(table_id)
                if cached is not None and cached.seat_of(user_id) is not None:
                    self._tables.pop(table_id, None)
                    del self._ended[table_id]

        await self._write(forgotten, super().forget_user(user_id, placeholder))

    async def prune_closed_lobbies(self, closed_before: float) -> int:
        def pruned() -> None:
            for table_id, cached in list(self._tables.items()):
                gone = cached.status == CLOSED and cached.state is None
                if gone and cached.updated_at < closed_before:
                    self._tables.pop(table_id, None)
                    self._ended.pop(table_id, None)

        return await self._write(pruned, super().prune_closed_lobbies(closed_before))
