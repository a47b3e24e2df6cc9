"""Write-through copies in front of a store, for a bot that is the only writer
of its database (one process). A multi-process deployment runs without it
(`DATABASE_CACHE=off`).

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

from bot.storage.cached_tournaments import CachedTournaments
from bot.storage.records import (
    CLOSED,
    LOBBY,
    OPEN_STATUSES,
    ChipMoves,
    ChipRow,
    Conflict,
    LeaderRow,
    MatchResult,
    RatingRecord,
    ResultRow,
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


class CachedStore(CachedTournaments):
    """A `Store` that answers reads from memory where that is safe."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self._lock = asyncio.Lock()
        self._tables: dict[int, TableRecord] = {}  # tables exactly as stored
        # Which of those are no longer open: only the latest few are kept (the
        # jobs that tell a match's end read it), so the copies do not grow.
        self._ended: dict[int, None] = {}
        self._users: dict[int, UserRecord] = {}
        self._chat_langs: dict[int, str | None] = {}

    async def close(self) -> None:
        async with self._lock:
            await self.inner.close()

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

        await self._write(
            known_now, self.inner.remember_user(user_id, name, username, language_code)
        )

    async def set_started(self, user_id: int, started: bool) -> None:
        known = self._users.get(user_id)
        if known is not None and known.started == started:
            return

        def started_now() -> None:
            known = self._users.get(user_id)
            if known is not None:
                known.started = started

        await self._write(started_now, self.inner.set_started(user_id, started))

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        def then() -> None:
            known = self._users.get(user_id)
            if known is not None:
                known.lang = lang

        await self._write(then, self.inner.set_user_lang(user_id, lang))

    async def get_user(self, user_id: int) -> UserRecord | None:
        known = self._users.get(user_id)
        if known is None:
            async with self._lock:
                known = self._users.get(user_id)
                if known is None:
                    known = await self.inner.get_user(user_id)
                    if known is None:
                        return None
                    _remember(self._users, user_id, known, MAX_CACHED_PEOPLE)
        return known.copy()

    async def get_chat_lang(self, chat_id: int) -> str | None:
        if chat_id in self._chat_langs:
            return self._chat_langs[chat_id]
        async with self._lock:
            if chat_id not in self._chat_langs:
                lang = await self.inner.get_chat_lang(chat_id)
                _remember(self._chat_langs, chat_id, lang, MAX_CACHED_PEOPLE)
            return self._chat_langs[chat_id]

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None:
        await self._write(
            lambda: _remember(self._chat_langs, chat_id, lang, MAX_CACHED_PEOPLE),
            self.inner.set_chat_lang(chat_id, title, lang),
        )

    # -- tables --------------------------------------------------------------------------

    async def create_table(
        self,
        chat_id: int,
        chat_title: str,
        creator_id: int,
        preset: str,
        options: dict[str, Any],
        settings: dict[str, Any] | None = None,
        practice: bool = False,
        thread_id: int | None = None,
    ) -> TableRecord | None:
        # Not through `_write`: the expected refusal (the chat has an open
        # table) must not drop every copy.
        await self._quiet()
        created = await self.inner.create_table(
            chat_id, chat_title, creator_id, preset, options, settings, practice, thread_id
        )
        if created is not None:
            self._keep(created.copy())  # nobody else knows its id yet
        return created

    async def get_table(self, table_id: int) -> TableRecord | None:
        cached = self._tables.get(table_id)
        if cached is not None:
            return cached.copy()
        async with self._lock:  # writes wait: none may miss the copy made here
            cached = self._tables.get(table_id)
            if cached is not None:
                return cached.copy()
            found = await self.inner.get_table(table_id)
            if found is None:
                return None
            self._keep(found.copy())
            return found

    async def open_table_in_chat(
        self, chat_id: int, thread_id: int | None = None
    ) -> TableRecord | None:
        return await self.inner.open_table_in_chat(chat_id, thread_id)

    async def open_tables_in_chat(self, chat_id: int) -> list[TableRecord]:
        return await self.inner.open_tables_in_chat(chat_id)

    async def tables_with_status(self, *statuses: str) -> list[TableRecord]:
        return await self.inner.tables_with_status(*statuses)

    async def table_ids_with_status(self, *statuses: str) -> list[int]:
        return await self.inner.table_ids_with_status(*statuses)

    async def open_tables_of(self, user_id: int) -> list[int]:
        return await self.inner.open_tables_of(user_id)

    async def count_open_practice(self) -> int:
        return await self.inner.count_open_practice()

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
            saved = await self.inner.save_table(table, action, user_id, result, chips)
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

        await self._write(moved, self.inner.move_chat(old_chat_id, new_chat_id))

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
            self.inner.set_message_ids(table_id, lobby_message_id, live_message_id),
        )

    async def clear_live_message(self, table_id: int) -> None:
        def clear(t: TableRecord) -> None:
            t.live_message_id = None

        await self._write(
            self._table_change(table_id, clear), self.inner.clear_live_message(table_id)
        )

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
            self.inner.set_hand_message(table_id, seat, message_id, digest),
        )

    async def set_turn_reminded(self, table_id: int) -> None:
        def reminded(t: TableRecord) -> None:
            t.turn_reminded = True

        await self._write(
            self._table_change(table_id, reminded), self.inner.set_turn_reminded(table_id)
        )

    async def set_told_step(self, table_id: int, step: int) -> None:
        def told(t: TableRecord) -> None:
            t.told_step = max(t.told_step, step)

        await self._write(
            self._table_change(table_id, told), self.inner.set_told_step(table_id, step)
        )

    # -- the log and recovery ------------------------------------------------------------

    async def action_log(self, table_id: int) -> list[tuple[int, int | None, Action]]:
        return await self.inner.action_log(table_id)

    async def untold_tables(self) -> list[int]:
        return await self.inner.untold_tables()

    # -- results and ratings: read through (rare reads, nothing to keep in step) -------------

    async def chip_balance(self, chat_id: int, user_id: int) -> int | None:
        return await self.inner.chip_balance(chat_id, user_id)

    async def chip_balances(self, chat_id: int) -> dict[int, int]:
        return await self.inner.chip_balances(chat_id)

    async def table_chips(self, table_id: int) -> list[ChipRow]:
        return await self.inner.table_chips(table_id)

    async def match_results(self, table_id: int) -> list[ResultRow]:
        return await self.inner.match_results(table_id)

    async def player_results(self, user_id: int, chat_id: int | None = None) -> list[ResultRow]:
        return await self.inner.player_results(user_id, chat_id)

    async def toggle_notify(self, chat_id: int, user_id: int) -> bool:
        return await self.inner.toggle_notify(chat_id, user_id)

    async def notify_list(self, chat_id: int, limit: int) -> list[int]:
        return await self.inner.notify_list(chat_id, limit)

    async def recent_results(self, chat_id: int, matches: int) -> list[ResultRow]:
        return await self.inner.recent_results(chat_id, matches)

    async def player_ratings(self, player: str) -> list[RatingRecord]:
        return await self.inner.player_ratings(player)

    async def leaderboard(
        self, game: str, chat_id: int | None, min_matches: int, limit: int
    ) -> list[LeaderRow]:
        return await self.inner.leaderboard(game, chat_id, min_matches, limit)

    # -- privacy ---------------------------------------------------------------------------

    async def forget_user(self, user_id: int, placeholder: str) -> None:
        def forgotten() -> None:
            self._users.pop(user_id, None)
            for table_id in list(self._ended):  # open tables are not changed
                cached = self._tables.get(table_id)
                if cached is not None and cached.seat_of(user_id) is not None:
                    self._tables.pop(table_id, None)
                    del self._ended[table_id]

        await self._write(forgotten, self.inner.forget_user(user_id, placeholder))

    async def prune_action_logs(self, ended_before: float) -> int:
        return await self.inner.prune_action_logs(ended_before)

    async def prune_closed_lobbies(self, closed_before: float) -> int:
        def pruned() -> None:
            for table_id, cached in list(self._tables.items()):
                gone = cached.status == CLOSED and cached.state is None
                if gone and cached.updated_at < closed_before:
                    self._tables.pop(table_id, None)
                    self._ended.pop(table_id, None)

        return await self._write(pruned, self.inner.prune_closed_lobbies(closed_before))
