"""What every room of the table service shares: the store, the messenger, the
clock, the per-table locks and message jobs, languages, and the one guard that
opens nearly every request ("take the table's turn, load it, check its status,
the version and the person's rights").

A refusal is raised as `Refused` carrying the answer, and the service's entry
points turn it into that answer (`refusals`): a request reads as a straight
line, and no check is written twice.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from typing import ParamSpec

from bot.clock import Scheduler
from bot.locks import KeyedLocks
from bot.seats import seat_at
from bot.storage import PLAYING, Shared, Store, TableRecord
from bot.tables.chips import START_CHIPS, Chips, staking
from bot.tables.events import TableEvents
from bot.tables.kinds import kind_of, settings_of
from bot.tables.outbox import Outbox, Sender
from bot.tables.shuffle import shuffle_commitment
from bot.tables.thinking import Thinking
from bot.view.i18n import supported, t
from bot.view.screen import Screen, TableInfo
from engine.rules import PLAYER_COUNTS


@dataclass(frozen=True, slots=True)
class Person:
    """Who pressed or typed something, as Telegram told us."""

    user_id: int
    name: str
    username: str | None = None
    language_code: str | None = None


@dataclass(frozen=True, slots=True)
class Timing:
    """How long things wait; from the settings, shortened in tests."""

    turn_seconds: int = 90  # a person's time for one move (the table may override it)
    computer_delay: float = 1.2  # a computer's pause before it plays, so people can follow
    forced_delay: float = 1.5  # a person's forced last card plays itself after this pause
    afk_turns: int = 2  # missed turns in a row before the computer keeps the seat
    lobby_seconds: int = 1800  # a lobby nobody starts is closed after this long
    standin_level: str = "normal"  # who plays for an absent person
    action_log_days: int = 90  # ended tables' move logs are deleted after this (0: never)
    closed_lobby_days: int = 7  # lobbies closed unstarted are deleted after this (0: never)


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps that keep a few people from keeping the bot busy; from the settings.
    A group (each topic of a forum) has one open table and a person one
    practice game by design."""

    tables_per_person: int = 3  # open tables (lobby or playing) a person sits at or opened
    practice_tables: int = 100  # practice games open at once over the whole bot
    top_min_matches: int = 3  # rated matches in a game before a player is on /top
    start_chips: int = START_CHIPS  # a person's balance in a group before their first stake
    season: str = "month"  # a group's season unless its admin chose (SEASON: month|quarter|none)


@dataclass(frozen=True, slots=True)
class Reply:
    """What a handler should answer: an alert/toast for a button, or a message."""

    text: str = ""
    alert: bool = False
    url: str | None = None
    screen: Screen | None = None
    photo: bytes | None = None  # a PNG sent with the screen's text as its caption


class Refused(Exception):
    """A request that changes nothing; `reply` says why."""

    def __init__(self, reply: Reply) -> None:
        super().__init__(reply.text)
        self.reply = reply


P = ParamSpec("P")

# Whether the person asking is an admin of the table's group: known already,
# or a question the edge asks Telegram (its answers cached) only when needed.
AdminCheck = Callable[[], Awaitable[bool]]
Rights = bool | AdminCheck


def refusals(method: Callable[P, Awaitable[Reply]]) -> Callable[P, Awaitable[Reply]]:
    """An entry point of the service: a `Refused` inside becomes its answer."""

    @functools.wraps(method)
    async def entry(*args: P.args, **kwargs: P.kwargs) -> Reply:
        try:
            return await method(*args, **kwargs)
        except Refused as refused:
            return refused.reply

    return entry


@dataclass(slots=True)
class Opened:
    """A table loaded under its lock, with the language its group reads."""

    table: TableRecord
    lang: str

    def refuse(self, key: str, alert: bool = True, **params: object) -> Refused:
        return Refused(Reply(t(self.lang, key, **params), alert=alert))

    async def require_rights(
        self, person: Person, is_admin: Rights, key: str, alert: bool = True
    ) -> None:
        """Only the table's creator or a group admin may do this. Whether the
        person is an admin is asked only when they are not the creator (and
        asked before the lock: `Tables.ask_rights`)."""
        if person.user_id == self.table.creator_id:
            return
        admin = is_admin if isinstance(is_admin, bool) else await is_admin()
        if not admin:
            raise self.refuse(key, alert)

    def require_open_lobby(self) -> None:
        """A tournament's table is seated and set by its round: its lobby
        takes its players' confirmations and nothing else (security review
        N4: its buttons never show the rest, a forged tap gets this answer)."""
        if kind_of(self.table).fixed_seats:
            raise self.refuse("tournament.lobby_fixed")

    def require_version(self, version: int | None) -> None:
        """A button drawn for an older version of the table changes nothing."""
        if version is not None and version != self.table.version:
            raise self.refuse("tap.stale", alert=False)


# `/start j<hex id>_<token>`: at most 64 characters of [A-Za-z0-9_-], as
# Telegram allows a deep link's payload; the id is at most 12 hex digits.
_JOIN_PAYLOAD = re.compile(r"j([0-9a-f]{1,12})_([A-Za-z0-9_-]{8,50})")


def join_payload(payload: str) -> tuple[int, str] | None:
    """The table id and token a join link carries; None for anything else
    (links of tables opened before tokens existed, forged or cut ones)."""
    match = _JOIN_PAYLOAD.fullmatch(payload) if len(payload) <= 64 else None
    if match is None:
        return None
    return int(match.group(1), 16), match.group(2)


class Tables:
    """The shared parts, each room holds one: the store, the messenger, the
    clock and timings, caps, the computers' pool, the chips' ledger, the
    locks, the message queues and the events. Nothing here keeps a table's
    state: that is the rooms' (attendance and minds are `Moves`', group
    membership is handed to the rooms that ask it)."""

    def __init__(
        self,
        store: Store,
        sender: Sender,
        bot_username: str,
        default_language: str,
        clock: Scheduler,
        timing: Timing,
        limits: Limits | None = None,
        thinking: Thinking | None = None,
        shared: Shared | None = None,
        events: TableEvents | None = None,
    ) -> None:
        self.store = store
        self.out = sender
        self.bot_username = bot_username
        self.default_language = default_language
        self.clock = clock
        self.timing = timing
        self.limits = limits or Limits()
        self.thinking = thinking or Thinking(workers=0)
        self.chips = Chips(store, self.limits.start_chips)
        # Several workers share the database (PostgreSQL): the table's lock
        # (an advisory lock, held for a commit) and its message lanes (leases,
        # held while a job waits on Telegram) hold across them.
        self.shared = shared is not None
        # Per table (and per chat while opening one).
        self.lock = KeyedLocks(shared.locks if shared else None)
        self._people = KeyedLocks()  # per person, this process only: see `person_lock`
        self.outbox = Outbox(shared.lanes if shared else None)
        # What the rooms publish (a table ended, ...); subscribed in one
        # place, `TableService.__init__`.
        self.events = events or TableEvents()

    # -- the guard -------------------------------------------------------------------

    @asynccontextmanager
    async def opened(
        self,
        table_id: int,
        statuses: Collection[str],
        gone: str = "table.gone",
        alert: bool = True,
        lang: str | None = None,
    ) -> AsyncIterator[Opened]:
        """Hold the table's lock with the table loaded; refuse with `gone` when
        it does not exist or its status is not one of `statuses`."""
        async with self.lock(table_id):
            table = await self.store.get_table(table_id)
            if lang is None:
                lang = await self.chat_lang(table.chat_id) if table else self.default_language
            if table is None or table.status not in statuses:
                raise Refused(Reply(t(lang, gone), alert=alert))
            yield Opened(table, lang)

    async def ask_rights(self, table_id: int, person: Person, is_admin: Rights) -> Rights:
        """Ask Telegram whether the person is a group admin now, before the
        table's lock is taken: no lock waits on the network (issue 57). Only
        when they are not the table's creator (who never changes), as
        `Opened.require_rights` would: the creator's answer stays unasked."""
        if isinstance(is_admin, bool):
            return is_admin
        table = await self.store.get_table(table_id)
        if table is None or person.user_id == table.creator_id:
            return is_admin
        return await is_admin()

    # -- caps ------------------------------------------------------------------------

    def person_lock(self, user_id: int) -> AbstractAsyncContextManager[None]:
        """Held around `require_room` and the table or seat it allows (/new,
        /play, a join), taken before any other lock: /new sent in several
        groups at once would otherwise all pass the check before any table
        exists. In this process only: several workers (PostgreSQL) each
        hold the cap for what they serve, so a person whose commands reach
        different workers at the same moment may open one table more per
        other worker, never more."""
        return self._people(user_id)

    async def require_room(self, user_id: int, lang: str, practice: bool = False) -> None:
        """Refuse, naming the cap, a person who already keeps as many tables
        open as one may (and a practice game when the bot runs its most)."""
        cap = self.limits.tables_per_person
        if len(await self.store.open_tables_of(user_id)) >= cap:
            raise Refused(Reply(t(lang, "limit.tables", cap=cap), alert=True))
        if practice and await self.store.count_open_practice() >= self.limits.practice_tables:
            raise Refused(Reply(t(lang, "limit.practice", cap=self.limits.practice_tables)))

    # -- languages -------------------------------------------------------------------

    async def chat_lang(self, chat_id: int) -> str:
        """A group's language (its /lang, else its first table's creator's);
        a private chat, where a practice table plays, speaks its person's:
        Telegram gives private chats the person's (positive) id."""
        if chat_id > 0:
            return await self.user_lang(chat_id)
        return await self.store.get_chat_lang(chat_id) or self.default_language

    async def user_lang(self, user_id: int, language_code: str | None = None) -> str:
        user = await self.store.get_user(user_id)
        if user is not None and user.lang:
            return user.lang
        code = language_code or (user.language_code if user else None)
        # Their Telegram app's language if the bot speaks it, else the default.
        return supported(code) or self.default_language

    # -- links and what rendering needs --------------------------------------------

    def deep_link(self, payload: str) -> str:
        return f"https://t.me/{self.bot_username}?start={payload}"

    def join_link(self, table: TableRecord) -> str:
        """The link that seats a member of the table's group (see `join_payload`)."""
        return self.deep_link(f"j{table.id:x}_{table.join_token}")

    def prepare_turn(self, table: TableRecord) -> None:
        """Give the person to act a fresh deadline; it is saved with the move."""
        state = table.state
        table.turn_reminded = False
        if table.status != PLAYING or state is None or state.deal is None:
            table.turn_deadline = None
            return
        seat = seat_at(table, state.deal.turn)
        if seat.played_by_computer:
            table.turn_deadline = None
        else:
            table.turn_deadline = self.clock.now() + self.turn_seconds(table)

    def turn_seconds(self, table: TableRecord) -> int:
        seconds = settings_of(table).turn_time
        return self.timing.turn_seconds if seconds is None else seconds

    async def with_ratings(self, info: TableInfo) -> TableInfo:
        """The people's rating changes, as stored with the match's last move
        (so a restart tells the same numbers), and the hints used (practice)."""
        rows = await self.store.match_results(info.id)
        changes = tuple(
            (row.result.seat, row.before[0], row.after[0])
            for row in rows
            if row.result.user_id is not None and row.before is not None and row.after is not None
        )
        played_for_chips = info.rules.stake > 0 and not info.practice
        chips = await self.chips.settled(info.id) if played_for_chips else ()
        used = await self.store.hints_used(info.id) if info.hints else 0
        return dataclasses.replace(info, ratings=changes, chips=chips, hints_used=used)

    async def require_chips(self, found: Opened, user_id: int) -> None:
        """Refuse a seat to someone whose balance cannot cover the table's stake."""
        stake = staking(found.table)
        if stake <= 0:
            return
        balance = await self.chips.balance(found.table.chat_id, user_id)
        if balance < stake:
            raise found.refuse("chips.short_join", balance=balance, stake=stake)

    def info(self, table: TableRecord, creator_name: str = "") -> TableInfo:
        rules, state = table.rules, table.state
        counts = PLAYER_COUNTS[rules.preset]
        kind, settings = kind_of(table), settings_of(table)
        return TableInfo(
            id=table.id,
            version=table.version,
            chat_title=table.chat_title,
            rules=rules,
            names=table.names,
            creator_name=creator_name,
            status=table.status,
            min_players=min(counts),
            max_players=kind.max_players(table, counts),
            bot_username=self.bot_username,
            computers={s.seat: s.level or "" for s in table.seats if s.is_computer},
            away=frozenset(s.seat for s in table.seats if s.auto),
            turn_time=self.turn_seconds(table),
            practice=kind.audience.one_chat,
            rematch_of=settings.rematch_of,
            waiting=frozenset(s.seat for s in table.seats if s.user_id in settings.waiting),
            tournament_round=None if table.tournament is None else table.tournament.round,
            hints=kind.hints,
            marks=_marks(table),
            reliable=table.settings.get("reliable"),
            commitment=shuffle_commitment(table),
            reveal=None if table.tournament is not None or state is None else state.shuffle,
        )

    async def creator_name(self, table: TableRecord) -> str:
        seat = table.seat_of(table.creator_id)
        if seat is not None:
            return seat.name
        user = await self.store.get_user(table.creator_id)
        return user.name if user else "?"


def _marks(table: TableRecord) -> dict[int, int]:
    """Seat -> the share of a joiner the lobby marks (bot/tables/seasons.py)."""
    kept = table.settings.get("marks") or {}
    return {s.seat: int(kept[str(s.user_id)]) for s in table.seats if str(s.user_id) in kept}
