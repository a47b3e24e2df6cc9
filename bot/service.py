"""Tables: the lobby, the match and the fan-out of messages.

Handlers are thin and call in here. For every table the service holds a
lock, so updates for one table never interleave while different tables run
concurrently. Every change is committed to SQLite before anybody is told.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from bot import callbacks, news, render
from bot.clock import AsyncioScheduler, Scheduler
from bot.i18n import Html, plural, supported, t
from bot.locks import KeyedLocks
from bot.messenger import Messenger, Outcome
from bot.render import Button, Screen, TableInfo
from bot.seats import (
    computer_name,
    display_name,
    free_computer_id,
    has_buttons,
    seat_at,
    turn_time,
)
from bot.storage import (
    CLOSED,
    COMPUTER,
    FINISHED,
    LOBBY,
    PLAYING,
    Conflict,
    Database,
    Seat,
    TableRecord,
)
from engine import (
    Action,
    IllegalAction,
    MatchState,
    RulesError,
    RuleSet,
    apply,
    legal_actions,
    new_match,
    start_match,
    view_for,
)
from engine.actions import Kind
from engine.ai import Player, levels, make_player, next_actor
from engine.events import (
    DealScored,
    DealVoid,
    Event,
    TrickRestarted,
    TrickTaken,
)
from engine.rules import PLAYER_COUNTS, Preset, applicable_options

log = logging.getLogger(__name__)


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
    afk_turns: int = 2  # missed turns in a row before the computer keeps the seat
    lobby_seconds: int = 1800  # a lobby nobody starts is closed after this long
    standin_level: str = "normal"  # who plays for an absent person


@dataclass(frozen=True, slots=True)
class Reply:
    """What a handler should answer: an alert/toast for a button, or a message."""

    text: str = ""
    alert: bool = False
    url: str | None = None
    screen: Screen | None = None


async def at_once(*jobs: Coroutine[Any, Any, None]) -> None:
    """Run jobs for different chats side by side: a move's group message and
    hands wait for the slowest request instead of for all of them in a row.
    A failure stops the others, and the message job fails as a whole (its
    move stays untold, to be caught up after a restart). Jobs start in the
    order given: each runs up to its first wait before the next begins."""
    if len(jobs) == 1:
        await jobs[0]
        return
    async with asyncio.TaskGroup() as group:
        for job in jobs:
            group.create_task(job)


async def _done(job: Coroutine[Any, Any, Any]) -> None:
    """`job` as a job for `at_once`, whatever it returns."""
    await job


class TableService:
    def __init__(
        self,
        db: Database,
        messenger: Messenger,
        bot_username: str,
        default_language: str = "ru",
        scheduler: Scheduler | None = None,
        timing: Timing | None = None,
    ) -> None:
        self.db = db
        self.out = messenger
        self.bot_username = bot_username
        self.default_language = default_language
        self.clock: Scheduler = scheduler or AsyncioScheduler()
        self.timing = timing or Timing()
        # Per table: one lock for the game state, one for the message jobs.
        self.lock = KeyedLocks()
        self._outbox = KeyedLocks()
        self._tasks: set[asyncio.Task[None]] = set()
        self._queued: dict[int, int] = {}  # message jobs waiting or running, per table

    # -- languages and small helpers ------------------------------------------------

    def later(self, table_id: int, job: Callable[[], Awaitable[None]]) -> None:
        """Tell Telegram about a committed change without making the tapper wait.

        Jobs of one table run one at a time in the order they were queued, so
        the group reads the game in order; the rate limiter may hold them back
        while the callback answer and other tables go ahead.
        """
        self._queued[table_id] = self._queued.get(table_id, 0) + 1

        async def run() -> None:
            try:
                async with self._outbox(table_id):
                    await job()
            except Exception:
                log.exception("table %s: telling the players failed", table_id)
            finally:
                left = self._queued[table_id] - 1
                if left:
                    self._queued[table_id] = left
                else:
                    del self._queued[table_id]

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self) -> None:
        """Wait until every queued message job has run (graceful shutdown, tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def chat_lang(self, chat_id: int) -> str:
        return await self.db.get_chat_lang(chat_id) or self.default_language

    async def user_lang(self, user_id: int, language_code: str | None = None) -> str:
        user = await self.db.get_user(user_id)
        if user is not None and user.lang:
            return user.lang
        code = language_code or (user.language_code if user else None)
        # Russian first: English speakers get English, everybody else Russian.
        return supported(code) or self.default_language

    async def remember(self, person: Person) -> None:
        await self.db.remember_user(
            person.user_id, person.name, person.username, person.language_code
        )

    def deep_link(self, payload: str) -> str:
        return f"https://t.me/{self.bot_username}?start={payload}"

    def join_link(self, table: TableRecord) -> str:
        return self.deep_link(f"j{table.id:x}")

    def info(self, table: TableRecord, creator_name: str = "") -> TableInfo:
        rules = table.rules
        counts = PLAYER_COUNTS[rules.preset]
        return TableInfo(
            id=table.id,
            version=table.version,
            chat_title=table.chat_title,
            rules=rules,
            names=table.names,
            creator_name=creator_name,
            status=table.status,
            min_players=min(counts),
            max_players=max(counts),
            bot_username=self.bot_username,
            computers={s.seat: s.level or "" for s in table.seats if s.is_computer},
            away=frozenset(s.seat for s in table.seats if s.auto),
            turn_time=self.turn_seconds(table),
            practice=table.practice,
        )

    async def _creator_name(self, table: TableRecord) -> str:
        seat = table.seat_of(table.creator_id)
        if seat is not None:
            return seat.name
        user = await self.db.get_user(table.creator_id)
        return user.name if user else "?"

    # -- opening a table --------------------------------------------------------------

    async def new_table(
        self, chat_id: int, chat_title: str, person: Person, args: Sequence[str]
    ) -> Reply:
        lang = await self.chat_lang(chat_id)
        preset_name = "burkozel"
        words = list(args)
        if words and "=" not in words[0]:
            preset_name = words.pop(0).lower()
        try:
            preset = Preset(preset_name)
        except ValueError:
            return Reply(
                t(lang, "new.bad_preset", preset=preset_name, presets=render.presets_list(lang))
            )
        options: dict[str, Any] = {}
        settings: dict[str, Any] = {}
        for word in words:
            name, sep, value = word.partition("=")
            if not sep or not name or not value:
                return Reply(
                    t(lang, "new.bad_word", word=word) + "\n\n" + render.options_help(lang, preset)
                )
            key = name.strip().lower()
            if key == "turn_time":
                seconds = turn_time(value)
                if seconds is None:
                    return Reply(t(lang, "new.bad_turn_time", value=value))
                settings[key] = seconds
            else:
                options[key] = value.strip()
        try:
            rules = RuleSet.create(preset, options)
        except RulesError as error:
            return Reply(
                t(lang, "new.bad_option", error=Html(render.rules_error(lang, error)))
                + "\n\n"
                + render.options_help(lang, preset)
            )
        async with self.lock(("chat", chat_id)):
            existing = await self.db.open_table_in_chat(chat_id)
            if existing is not None:
                return Reply(t(lang, "new.exists", table=existing.id))
            table = await self.db.create_table(
                chat_id, chat_title, person.user_id, preset.value, rules.changed_options(), settings
            )
            if table is None:
                return Reply(t(lang, "new.exists", table="?"))
            reply = Reply()
            user = await self.db.get_user(person.user_id)
            if user is not None and user.started:
                table.seats.append(Seat(0, person.user_id, person.name))
                table = await self.db.save_table(table)
            else:
                reply = Reply(
                    t(lang, "join.need_start_group", name=person.name),
                    screen=Screen(
                        t(lang, "join.need_start_group", name=person.name),
                        ((Button(t(lang, "button.open_private"), url=self.join_link(table)),),),
                    ),
                )
            table_id = table.id
            self.later(table_id, lambda: self._redraw_lobby(table_id, send_new=True))
            self._arm_lobby(table)
            return reply

    async def _redraw_lobby(
        self, table_id: int, send_new: bool = False, settings: bool = False
    ) -> None:
        table = await self.db.get_table(table_id)
        if table is None or table.status != LOBBY:
            return
        lang = await self.chat_lang(table.chat_id)
        info = self.info(table, await self._creator_name(table))
        screen = render.lobby_settings(info, lang) if settings else render.lobby(info, lang)
        if send_new or table.lobby_message_id is None:
            outcome, message_id = await self.out.send(table.chat_id, screen)
        else:
            outcome, message_id = await self.out.edit_or_send(
                table.chat_id, table.lobby_message_id, screen
            )
        if message_id is not None and message_id != table.lobby_message_id:
            table.lobby_message_id = message_id
            await self.db.set_message_ids(table.id, lobby_message_id=message_id)
        if outcome is Outcome.FORBIDDEN:
            log.info("table %s: the group %s is unreachable", table.id, table.chat_id)

    # -- joining and leaving --------------------------------------------------------------

    async def join(self, table_id: int, person: Person, chat_lang: str | None = None) -> Reply:
        """Seat `person` if the bot can reach them in private; else a link to open the chat."""
        async with self.lock(table_id):
            table = await self.db.get_table(table_id)
            lang = chat_lang or (
                await self.chat_lang(table.chat_id) if table else self.default_language
            )
            if table is None or table.status not in (LOBBY, PLAYING):
                return Reply(t(lang, "table.gone"), alert=True)
            if table.seat_of(person.user_id) is not None:
                return Reply(t(lang, "join.already"))
            if table.status != LOBBY:
                return Reply(t(lang, "join.started"), alert=True)
            rules = table.rules
            if len(table.seats) >= max(PLAYER_COUNTS[rules.preset]):
                return Reply(t(lang, "join.full"), alert=True)
            user = await self.db.get_user(person.user_id)
            if user is None or not user.started:
                return Reply(t(lang, "join.need_start"), url=self.join_link(table))
            private_lang = await self.user_lang(person.user_id, person.language_code)
            outcome, _ = await self.out.send(
                person.user_id,
                Screen(t(private_lang, "join.private", table=table.id, chat=table.chat_title)),
                silent=True,
            )
            if outcome is Outcome.FORBIDDEN:
                await self.db.set_started(person.user_id, False)
                return Reply(t(lang, "join.need_start"), url=self.join_link(table))
            table.seats.append(Seat(len(table.seats), person.user_id, person.name))
            table = await self.db.save_table(table)
            self.later(table_id, lambda: self._redraw_lobby(table_id))
            self._arm_lobby(table)
            return Reply(t(lang, "join.done"))

    async def leave(self, table_id: int, person: Person) -> Reply:
        async with self.lock(table_id):
            table = await self.db.get_table(table_id)
            lang = await self.chat_lang(table.chat_id) if table else self.default_language
            if table is None or table.status not in (LOBBY, PLAYING):
                return Reply(t(lang, "table.gone"), alert=True)
            seat = table.seat_of(person.user_id)
            if seat is None:
                return Reply(t(lang, "leave.not_seated"))
            if table.status == PLAYING:
                confirm = Button(
                    t(lang, "button.leave_confirm"), callbacks.lobby(table.id, table.version, "q")
                )
                return Reply(
                    t(lang, "leave.confirm"),
                    screen=Screen(t(lang, "leave.confirm"), ((confirm,),)),
                )
            table.seats = [s for s in table.seats if s.user_id != person.user_id]
            for index, other in enumerate(sorted(table.seats, key=lambda s: s.seat)):
                other.seat = index
            table = await self.db.save_table(table)
            self.later(table_id, lambda: self._redraw_lobby(table_id))
            return Reply(t(lang, "leave.done"))

    # -- lobby settings ------------------------------------------------------------------

    async def show_settings(
        self, table_id: int, person: Person, is_admin: bool, show: bool
    ) -> Reply:
        async with self.lock(table_id):
            table = await self.db.get_table(table_id)
            lang = await self.chat_lang(table.chat_id) if table else self.default_language
            if table is None or table.status != LOBBY:
                return Reply(t(lang, "table.gone"), alert=True)
            if show and not (is_admin or person.user_id == table.creator_id):
                return Reply(t(lang, "settings.not_allowed"), alert=True)
            self.later(table_id, lambda: self._redraw_lobby(table_id, settings=show))
            return Reply()

    async def set_option(
        self, payload: callbacks.SetOption, person: Person, is_admin: bool
    ) -> Reply:
        async with self.lock(payload.table):
            table = await self.db.get_table(payload.table)
            lang = await self.chat_lang(table.chat_id) if table else self.default_language
            if table is None or table.status != LOBBY:
                return Reply(t(lang, "table.gone"), alert=True)
            if not (is_admin or person.user_id == table.creator_id):
                return Reply(t(lang, "settings.not_allowed"), alert=True)
            if payload.version != table.version:
                return Reply(t(lang, "stale"), alert=True)
            if payload.option == "turn_time":
                seconds = turn_time(payload.value)
                if seconds is None:
                    return Reply(t(lang, "new.bad_turn_time", value=payload.value), alert=True)
                table.settings = {**table.settings, "turn_time": seconds}
                table = await self.db.save_table(table)
                table_id = table.id
                self.later(table_id, lambda: self._redraw_lobby(table_id, settings=True))
                return Reply(
                    t(lang, "settings.changed", name=t(lang, "option.turn_time"), value=seconds)
                )
            try:
                rules = table.rules.with_options({payload.option: payload.value})
            except RulesError as error:
                return Reply(render.rules_error(lang, error), alert=True)
            table.options = rules.changed_options()
            table = await self.db.save_table(table)
            table_id = table.id
            self.later(table_id, lambda: self._redraw_lobby(table_id, settings=True))
            return Reply(
                t(
                    lang,
                    "settings.changed",
                    name=t(lang, f"option.{payload.option}"),
                    value=render.option_value(lang, payload.option, getattr(rules, payload.option)),
                )
            )

    # -- starting and stopping -----------------------------------------------------------------

    async def start(
        self, table_id: int, person: Person, is_admin: bool, version: int | None = None
    ) -> Reply:
        async with self.lock(table_id):
            table = await self.db.get_table(table_id)
            lang = await self.chat_lang(table.chat_id) if table else self.default_language
            if table is None or table.status not in (LOBBY, PLAYING):
                return Reply(t(lang, "table.gone"), alert=True)
            if table.status == PLAYING:
                return Reply(t(lang, "start.already"), alert=True)
            if not (is_admin or person.user_id == table.creator_id):
                return Reply(t(lang, "start.not_allowed"), alert=True)
            if version is not None and version != table.version:
                return Reply(t(lang, "stale"), alert=True)
            rules = table.rules
            try:
                rules.check_players(len(table.seats))
            except RulesError:
                counts = " / ".join(str(n) for n in PLAYER_COUNTS[rules.preset])
                return Reply(
                    t(
                        lang,
                        "start.count",
                        preset=render.preset_name(lang, rules),
                        counts=counts,
                        now=len(table.seats),
                    ),
                    alert=True,
                )
            table.seed = secrets.randbits(48)
            table.state, dealt = start_match(rules, table.names, table.seed)
            table.status = FINISHED if table.state.over else PLAYING
            self._prepare_turn(table, None)
            table = await self.db.save_table(table)
            self.clock.cancel((table.id, "lobby"))
            self._arm(table)
            self.later(table_id, lambda: self._announce_start(table_id, dealt))
            return Reply(t(lang, "start.done_toast"))

    async def _announce_start(self, table_id: int, dealt: Sequence[Event] = ()) -> None:
        table = await self.db.get_table(table_id)
        if table is None or table.state is None or table.status not in (PLAYING, FINISHED):
            return
        lang = await self.chat_lang(table.chat_id)
        info = self.info(table, await self._creator_name(table))
        # In bura the very first deal can be redealt or won on sight.
        lines = news.announcements(info, lang, dealt, table.state)
        if table.lobby_message_id is not None:
            await self.out.edit(
                table.chat_id,
                table.lobby_message_id,
                Screen(render.lobby(info, lang).text + "\n\n" + t(lang, "start.done")),
            )
        if lines:
            await self.out.send(table.chat_id, Screen("\n\n".join(lines)))
        if table.state.over:
            return
        await self._send_live(table, lang)
        await self._sync_hands(table, previous=None, actor=None)

    async def stop(self, chat_id: int, person: Person, is_admin: bool) -> Reply:
        lang = await self.chat_lang(chat_id)
        table = await self.db.open_table_in_chat(chat_id)
        if table is None:
            return Reply(t(lang, "stop.none"))
        async with self.lock(table.id):
            table = await self.db.get_table(table.id)
            if table is None or table.status not in (LOBBY, PLAYING):
                return Reply(t(lang, "stop.none"))
            if not (is_admin or person.user_id == table.creator_id):
                return Reply(t(lang, "stop.not_allowed"))
            was_playing = table.status == PLAYING
            table.status = CLOSED
            table = await self.db.save_table(table)
            self._arm(table)
            self.clock.cancel((table.id, "lobby"))
            table_id = table.id
            self.later(table_id, lambda: self._announce_stop(table_id, was_playing))
            return Reply(t(lang, "stop.done", table=table.id, name=person.name))

    async def _announce_stop(self, table_id: int, was_playing: bool) -> None:
        table = await self.db.get_table(table_id)
        if table is None:
            return
        lang = await self.chat_lang(table.chat_id)
        if table.lobby_message_id is not None and not was_playing:
            info = self.info(table)
            await self.out.edit(
                table.chat_id,
                table.lobby_message_id,
                Screen(render.lobby(info, lang).text + "\n\n" + t(lang, "stop.closed_lobby")),
            )
        await self._close_hands(table)

    # -- the match: taps on hand buttons --------------------------------------------------------

    async def select(
        self, payload: callbacks.Select, person: Person, message_id: int | None = None
    ) -> Reply:
        lang = await self.user_lang(person.user_id, person.language_code)
        async with self.lock(payload.table):
            table = await self.db.get_table(payload.table)
            found = self._check_tap(table, payload.version, person, lang)
            if isinstance(found, Reply):
                return found
            table, seat = found
            assert table.state is not None
            view = view_for(table.state, seat.seat)
            if not payload.cards <= set(view.hand):
                return Reply(t(lang, "tap.stale"), alert=True)
            screen = render.hand(self.info(table), lang, view, payload.cards)
            table_id, number = table.id, seat.seat
            self.later(table_id, lambda: self._show_selection(table_id, number, screen, message_id))
            return Reply()

    async def _show_selection(
        self, table_id: int, number: int, screen: Screen, message_id: int | None
    ) -> None:
        table = await self.db.get_table(table_id)
        if table is None or table.status != PLAYING:
            return
        seat = seat_at(table, number)
        if message_id is not None and message_id != seat.hand_message_id:
            # The player tapped a hand message we lost track of (a crash right
            # after sending it): that one is the hand now; the old one goes quiet.
            if seat.hand_message_id is not None:
                await self.out.strip_buttons(seat.user_id, seat.hand_message_id)
            seat.hand_message_id, seat.hand_digest = message_id, None
        await self._put_hand(table, seat, screen, fresh=False)

    async def play(self, payload: callbacks.Play, person: Person) -> Reply:
        lang = await self.user_lang(person.user_id, person.language_code)
        async with self.lock(payload.table):
            table = await self.db.get_table(payload.table)
            found = self._check_tap(table, payload.version, person, lang)
            if isinstance(found, Reply):
                return found
            table, seat = found
            action = Action(payload.kind, seat.seat, tuple(payload.cards))
            seat.missed = 0
            seat.auto = False  # playing yourself takes the seat back from the computer
            try:
                await self._commit_move(table, action, person.user_id)
            except IllegalAction as error:
                return Reply(self.explain(lang, error), alert=True)
            except Conflict:
                return Reply(t(lang, "stale"), alert=True)
            return Reply()

    async def _commit_move(
        self,
        table: TableRecord,
        action: Action,
        user_id: int | None,
        news: Sequence[str] = (),
    ) -> None:
        """Apply, commit, then queue the messages and re-arm the timers.

        The caller holds the table's lock. Raises `IllegalAction` (nothing
        changed) or `Conflict` (someone else committed first).
        """
        previous = table.state
        assert previous is not None
        state, events = apply(previous, action)
        table.state = state
        if state.over:
            table.status = FINISHED
        self._prepare_turn(table, previous)
        table = await self.db.save_table(table, action=action, user_id=user_id)
        table_id, actor = table.id, action.seat
        extra = list(news)
        self.later(
            table_id, lambda: self._after_move(table_id, previous, events, actor, action, extra)
        )
        self._arm(table)

    def _check_tap(
        self, table: TableRecord | None, version: int, person: Person, lang: str
    ) -> tuple[TableRecord, Seat] | Reply:
        if table is None or table.status != PLAYING or table.state is None:
            return Reply(t(lang, "table.over"), alert=True)
        seat = table.seat_of(person.user_id)
        if seat is None:
            return Reply(t(lang, "tap.not_yours"), alert=True)
        if version != table.version:
            return Reply(t(lang, "tap.stale"), alert=True)
        return table, seat

    def explain(self, lang: str, error: IllegalAction) -> str:
        key = f"illegal.{error.code}"
        params = dict(error.params)
        if "need" in params:
            params["need_cards"] = plural(lang, "card", int(params["need"]))
        try:
            return t(lang, key, **params)
        except KeyError:
            return t(lang, "illegal.other", reason=str(error))

    # -- telling everybody what happened --------------------------------------------------------

    async def _after_move(
        self,
        table_id: int,
        previous: MatchState,
        events: Sequence[Event],
        actor: int,
        action: Action,
        extra_news: Sequence[str] = (),
    ) -> None:
        await self._tell_move(table_id, previous, events, actor, action, extra_news)
        # Only now is this move fully told; a crash before here is caught up at start-up.
        await self.db.set_told_step(table_id, previous.step + 1)

    async def _tell_move(
        self,
        table_id: int,
        previous: MatchState,
        events: Sequence[Event],
        actor: int,
        action: Action,
        extra_news: Sequence[str] = (),
    ) -> None:
        """The trick's record, the news, then the live message and the private
        hands side by side (each chat's new messages still in order; a record
        written into the old live message is an edit, so it runs beside them).

        Renders from the newest stored state (a later move may already be
        committed); `previous` and `events` describe this move for the record.
        """
        table = await self.db.get_table(table_id)
        if table is None or table.state is None:
            return
        # A newer move is already queued: it will redraw the live message and
        # the hands from the same newest state, so this job only adds what is
        # its own (the trick's record and the news). This is what keeps a
        # fast table under the group's per-minute message limit.
        superseded = self._queued.get(table_id, 0) > 1
        lang = await self.chat_lang(table.chat_id)
        info = self.info(table)
        state = table.state
        assert state is not None
        taken = next((e for e in events if isinstance(e, TrickTaken)), None)
        beside: list[Coroutine[Any, Any, None]] = []
        if taken is not None:
            record = news.trick_record(info, lang, previous, events, taken, state)
            if table.live_message_id is not None:
                # The live message becomes the trick's record. Its id is
                # forgotten first (the in-memory copy changes as the clear is
                # handed to the database, before the edit goes out), so that
                # nothing failing later can have it edited over; an edit
                # leaves the chat's order alone, so it runs beside the news
                # and the new live message. (A crash before the clear reaches
                # the file leaves this move untold: the catch-up at start-up
                # writes the record into the same message again.)
                live, table.live_message_id = table.live_message_id, None
                beside.append(self.db.clear_live_message(table.id))
                beside.append(self._edit_record(table.chat_id, live, record))
            else:
                await self.out.send(table.chat_id, record, silent=True)
        lines = [*extra_news, *news.announcements(info, lang, events, state)]
        new_trick = taken is not None or any(
            isinstance(e, DealScored | DealVoid | TrickRestarted) for e in events
        )

        said = Screen("\n\n".join(lines)) if lines else None

        async def tell_group() -> None:
            if said is not None:
                await self.out.send(table.chat_id, said)

        async def rest() -> None:
            if state.over:
                await tell_group()
                await self._close_hands(table)
                return
            if superseded:
                await tell_group()
                if new_trick and table.live_message_id is not None:
                    # A new deal or a restarted trick: the next job posts anew.
                    await self.db.clear_live_message(table.id)
                return
            await self._show_table(table, lang, previous, actor, action, new_trick, said)

        await at_once(*beside, rest())

    async def _edit_record(self, chat_id: int, message_id: int, record: Screen) -> None:
        await self.out.edit_or_send(chat_id, message_id, record)

    async def _show_table(
        self,
        table: TableRecord,
        lang: str,
        previous: MatchState,
        actor: int,
        action: Action,
        new_trick: bool,
        said: Screen | None = None,
    ) -> None:
        """The news and the live message in the group, the private hands beside
        them: a private chat has no order to keep with the group, so a hand
        does not wait for the news."""
        info = self.info(table)
        state = table.state
        assert state is not None

        async def group() -> None:
            if said is not None:
                await self.out.send(table.chat_id, said)
            if new_trick or table.live_message_id is None:
                await self._send_live(table, lang)
            elif not table.practice:
                screen = render.live(info, lang, view_for(state, None))
                _outcome, message_id = await self.out.edit_or_send(
                    table.chat_id, table.live_message_id, screen
                )
                if message_id is not None and message_id != table.live_message_id:
                    table.live_message_id = message_id
                    await self.db.set_message_ids(table.id, live_message_id=message_id)

        async def hands() -> None:
            await self._sync_hands(table, previous=previous, actor=actor, action=action)

        if table.practice:  # the table is shown in the hand's own chat: in order
            await group()
            await hands()
        else:
            await at_once(group(), hands())

    async def _send_live(self, table: TableRecord, lang: str) -> None:
        """A fresh live table message; a practice game shows the table in the hand."""
        assert table.state is not None
        if table.practice:
            return
        screen = render.live(self.info(table), lang, view_for(table.state, None))
        _outcome, message_id = await self.out.send(table.chat_id, screen, silent=True)
        if message_id is not None:
            table.live_message_id = message_id
            await self.db.set_message_ids(table.id, live_message_id=message_id)

    async def _sync_hands(
        self,
        table: TableRecord,
        previous: MatchState | None,
        actor: int | None,
        action: Action | None = None,
        refresh_only: bool = False,
    ) -> None:
        """Bring every private hand message up to date.

        The player whose turn it now is gets a fresh message (edits do not
        ring the phone) and their previous one loses its buttons; everybody
        else's message is edited only when what they see changed.
        """
        state = table.state
        assert state is not None
        info = self.info(table)

        async def sync(seat: Seat) -> None:
            lang = await self.user_lang(seat.user_id)
            view = view_for(state, seat.seat)
            screen = render.hand(info, lang, view)
            acting = view.turn == seat.seat and bool(view.legal)
            was_acting = (
                previous is not None
                and previous.deal is not None
                and previous.deal.turn == seat.seat
            )
            if refresh_only or seat.auto:
                # No new ring for an absent person; a returning one gets buttons.
                fresh = acting and not seat.auto and not has_buttons(seat)
            else:
                fresh = acting and (previous is None or not was_acting or actor == seat.seat)
            old = seat.hand_message_id if fresh else None
            quiet_old: Coroutine[Any, Any, Outcome] | None = None
            if old is not None and actor == seat.seat and action:
                # Leave a note of the move on the message the player just used.
                note = Screen(render.played_note(lang, action.kind, action.cards))
                quiet_old = self.out.edit(seat.user_id, old, note)
            elif old is not None and has_buttons(seat):
                quiet_old = self.out.strip_buttons(seat.user_id, old)
            if quiet_old is None:
                await self._put_hand(table, seat, screen, fresh=fresh)
            else:
                # An edit leaves the chat's order alone: the old message goes
                # quiet while the new one is sent (a tap on it in between is
                # refused as stale: the table's version has moved on).
                await at_once(_done(quiet_old), self._put_hand(table, seat, screen, fresh=fresh))

        # Each person's chat in its own order, the chats at once.
        people = sorted((s for s in table.seats if not s.is_computer), key=lambda s: s.seat)
        await at_once(*(sync(seat) for seat in people))

    async def _put_hand(self, table: TableRecord, seat: Seat, screen: Screen, fresh: bool) -> None:
        digest = screen.digest()
        if not fresh and digest == seat.hand_digest and seat.hand_message_id is not None:
            return
        if fresh or seat.hand_message_id is None:
            outcome, message_id = await self.out.send(seat.user_id, screen)
        else:
            outcome, message_id = await self.out.edit_or_send(
                seat.user_id, seat.hand_message_id, screen
            )
        if outcome is Outcome.FORBIDDEN:
            await self.db.set_started(seat.user_id, False)
            lang = await self.chat_lang(table.chat_id)
            await self.out.send(
                table.chat_id,
                Screen(
                    t(lang, "hand.unreachable", name=seat.name),
                    ((Button(t(lang, "button.open_private"), url=self.deep_link("hi")),),),
                ),
            )
            return
        if message_id is not None:
            seat.hand_message_id = message_id
            seat.hand_digest = digest
            await self.db.set_hand_message(table.id, seat.seat, message_id, digest)

    async def _close_hands(self, table: TableRecord) -> None:
        for seat in table.seats:
            if seat.is_computer:
                continue
            if seat.hand_message_id is not None and has_buttons(seat):
                await self.out.strip_buttons(seat.user_id, seat.hand_message_id)
                await self.db.set_hand_message(table.id, seat.seat, seat.hand_message_id, None)

    # -- turns: deadlines, reminders and computer players ------------------------------------

    def turn_seconds(self, table: TableRecord) -> int:
        return int(table.settings.get("turn_time", self.timing.turn_seconds))

    def _prepare_turn(self, table: TableRecord, previous: MatchState | None) -> None:
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

    def _computers(self, table: TableRecord) -> dict[int, Player]:
        """A computer player for every seat the computer plays now, seeded per move."""
        assert table.state is not None
        step = table.state.step
        players: dict[int, Player] = {}
        for seat in table.seats:
            if seat.played_by_computer:
                level = seat.level if seat.is_computer and seat.level else self.timing.standin_level
                seed = ((table.seed or 0) * 1_000_003 + step * 31 + seat.seat) & 0xFFFFFFFF
                players[seat.seat] = make_player(level, seed)
        return players

    def _computer_may_act(self, table: TableRecord) -> bool:
        state = table.state
        assert state is not None and state.deal is not None
        if seat_at(table, state.deal.turn).played_by_computer:
            return True
        return any(
            action.kind is Kind.DECLARE
            for seat in table.seats
            if seat.played_by_computer
            for action in legal_actions(state, seat.seat)
        )

    def _arm(self, table: TableRecord) -> None:
        """Arm this table's timers from its stored state: after every change and at start-up."""
        tid = table.id
        for purpose in ("computer", "deadline", "remind"):
            self.clock.cancel((tid, purpose))
        state = table.state
        if table.status != PLAYING or state is None or state.deal is None:
            return
        version = table.version
        if self._computer_may_act(table):
            self.clock.call_at(
                self.clock.now() + self.timing.computer_delay,
                (tid, "computer"),
                lambda: self._computer_move(tid, version),
            )
        deadline = table.turn_deadline
        if deadline is not None:
            if not table.turn_reminded:
                half = deadline - self.turn_seconds(table) / 2
                self.clock.call_at(
                    max(half, self.clock.now()), (tid, "remind"), lambda: self._remind(tid, version)
                )
            self.clock.call_at(deadline, (tid, "deadline"), lambda: self._deadline(tid, version))

    async def _current(self, table_id: int, version: int) -> TableRecord | None:
        """The table if it is still playing at exactly `version` (timers go stale)."""
        table = await self.db.get_table(table_id)
        if table is None or table.status != PLAYING or table.state is None:
            return None
        if table.version != version or table.state.deal is None:
            return None
        return table

    async def _computer_move(self, table_id: int, version: int) -> None:
        async with self.lock(table_id):
            table = await self._current(table_id, version)
            if table is None:
                return
            players = self._computers(table)
            state = table.state
            assert state is not None
            # The search of a strong player takes a while: keep the loop free.
            found = await asyncio.to_thread(next_actor, state, players)
            if found is None:
                return
            _, action = found
            try:
                await self._commit_move(table, action, None)
            except (IllegalAction, Conflict):
                log.exception("table %s: the computer's move was refused", table_id)

    async def _remind(self, table_id: int, version: int) -> None:
        async with self.lock(table_id):
            table = await self._current(table_id, version)
            if table is None or table.turn_reminded or table.turn_deadline is None:
                return
            assert table.state is not None and table.state.deal is not None
            seat = seat_at(table, table.state.deal.turn)
            if seat.played_by_computer:
                return
            await self.db.set_turn_reminded(table.id)
            left = max(0, round(table.turn_deadline - self.clock.now()))
            lang = await self.user_lang(seat.user_id)
            screen = Screen(
                t(lang, "timer.reminder", table=table.id, chat=table.chat_title, seconds=left)
            )
            user_id = seat.user_id
            self.later(table.id, lambda: self._send_private(user_id, screen))

    async def _send_private(self, user_id: int, screen: Screen) -> None:
        outcome, _ = await self.out.send(user_id, screen)
        if outcome is Outcome.FORBIDDEN:
            await self.db.set_started(user_id, False)

    async def _deadline(self, table_id: int, version: int) -> None:
        """Time is up: a computer plays this move for the person, and says so."""
        async with self.lock(table_id):
            table = await self._current(table_id, version)
            if table is None:
                return
            state = table.state
            assert state is not None and state.deal is not None
            seat = seat_at(table, state.deal.turn)
            if seat.played_by_computer:
                return
            standin = make_player(self.timing.standin_level, (table.seed or 0) ^ state.step)
            view = view_for(state, seat.seat)
            action = standin.choose(view)
            if action is None or action not in view.legal:
                action = next(a for a in view.legal if a.kind is not Kind.DECLARE)
            lang = await self.chat_lang(table.chat_id)
            seat.missed += 1
            news = [t(lang, "timer.played", name=seat.name)]
            if seat.missed >= self.timing.afk_turns:
                seat.auto = True
                news.append(t(lang, "timer.takeover", name=seat.name))
                self.later(table.id, lambda: self._offer_takeback(table_id, seat.seat))
            try:
                await self._commit_move(table, action, None, news)
            except (IllegalAction, Conflict):
                log.exception("table %s: the stand-in's move was refused", table_id)

    async def _offer_takeback(self, table_id: int, number: int) -> None:
        table = await self.db.get_table(table_id)
        if table is None or table.status != PLAYING:
            return
        seat = seat_at(table, number)
        lang = await self.user_lang(seat.user_id)
        screen = Screen(
            t(lang, "timer.takeover_private", table=table.id, chat=table.chat_title),
            ((Button(t(lang, "button.takeback"), callbacks.takeback(table.id)),),),
        )
        await self._send_private(seat.user_id, screen)

    async def take_back(self, table_id: int, person: Person) -> Reply:
        """One tap puts a person back in charge of a seat the computer kept for them."""
        lang = await self.user_lang(person.user_id, person.language_code)
        async with self.lock(table_id):
            table = await self.db.get_table(table_id)
            if table is None or table.status != PLAYING or table.state is None:
                return Reply(t(lang, "table.over"), alert=True)
            seat = table.seat_of(person.user_id)
            if seat is None:
                return Reply(t(lang, "tap.not_yours"), alert=True)
            if not seat.auto:
                return Reply(t(lang, "takeback.already"))
            seat.auto = False
            seat.missed = 0
            self._prepare_turn(table, table.state)
            table = await self.db.save_table(table)
            chat_lang = await self.chat_lang(table.chat_id)
            news = Screen(t(chat_lang, "takeback.news", name=seat.name))
            tid = table.id
            self.later(tid, lambda: self._news_and_hands(tid, news))
            self._arm(table)
            return Reply(t(lang, "takeback.done"))

    async def _news_and_hands(self, table_id: int, news: Screen | None) -> None:
        table = await self.db.get_table(table_id)
        if table is None:
            return
        if news is not None:
            await self.out.send(table.chat_id, news)
        if table.status == PLAYING and table.state is not None:
            await self._sync_hands(table, previous=None, actor=None, refresh_only=True)
            lang = await self.chat_lang(table.chat_id)
            if not table.practice and table.live_message_id is not None:
                screen = render.live(self.info(table), lang, view_for(table.state, None))
                await self.out.edit_or_send(table.chat_id, table.live_message_id, screen)
        else:
            await self._close_hands(table)

    async def replace_with_computer(
        self, chat_id: int, target_user_id: int, person: Person, is_admin: bool
    ) -> Reply:
        """/kick, and /leave during a match: a computer player takes the seat for good."""
        lang = await self.chat_lang(chat_id)
        table = await self.db.open_table_in_chat(chat_id)
        if table is None:
            return Reply(t(lang, "no_table"))
        async with self.lock(table.id):
            table = await self.db.get_table(table.id)
            if table is None or table.status not in (LOBBY, PLAYING):
                return Reply(t(lang, "no_table"))
            leaving = person.user_id == target_user_id
            if not leaving and not (is_admin or person.user_id == table.creator_id):
                return Reply(t(lang, "kick.not_allowed"))
            seat = table.seat_of(target_user_id)
            if seat is None:
                return Reply(t(lang, "kick.not_seated"))
            if table.status == LOBBY:
                table.seats = [s for s in table.seats if s.user_id != target_user_id]
                for index, other in enumerate(sorted(table.seats, key=lambda s: s.seat)):
                    other.seat = index
                table = await self.db.save_table(table)
                tid = table.id
                self.later(tid, lambda: self._redraw_lobby(tid))
                return Reply(t(lang, "kick.lobby", name=seat.name))
            old_user, old_message = seat.user_id, seat.hand_message_id
            seat.kind = COMPUTER
            seat.level = self.timing.standin_level
            seat.auto = False
            seat.user_id = free_computer_id(table)
            seat.name = f"🤖 {seat.name}"
            humans = [s for s in table.seats if not s.is_computer]
            if not humans:
                table.status = CLOSED
            self._prepare_turn(table, table.state)
            table = await self.db.save_table(table)
            await self.db.set_hand_message(table.id, seat.seat, None, None)
            key = "kick.left" if leaving else "kick.done"
            text = t(lang, key, name=seat.name)
            if table.status == CLOSED:
                text = Html(text + "\n" + t(lang, "kick.closed"))
            tid = table.id
            if old_message is not None:
                self.later(tid, lambda: self._strip(old_user, old_message))
            self.later(tid, lambda: self._news_and_hands(tid, Screen(text)))
            self._arm(table)
            return Reply()

    async def _strip(self, user_id: int, message_id: int) -> None:
        await self.out.strip_buttons(user_id, message_id)

    async def add_computer(
        self, table_id: int, person: Person, is_admin: bool, level: str | None = None
    ) -> Reply:
        async with self.lock(table_id):
            table = await self.db.get_table(table_id)
            lang = await self.chat_lang(table.chat_id) if table else self.default_language
            if table is None or table.status != LOBBY:
                return Reply(t(lang, "table.gone"), alert=True)
            if not (is_admin or person.user_id == table.creator_id):
                return Reply(t(lang, "computer.not_allowed"), alert=True)
            chosen = (level or self.timing.standin_level).lower()
            if chosen not in levels():
                return Reply(t(lang, "computer.bad_level", levels=", ".join(levels())), alert=True)
            if len(table.seats) >= max(PLAYER_COUNTS[table.rules.preset]):
                return Reply(t(lang, "join.full"), alert=True)
            name = computer_name(table)
            table.seats.append(
                Seat(len(table.seats), free_computer_id(table), name, kind=COMPUTER, level=chosen)
            )
            table = await self.db.save_table(table)
            tid = table.id
            self.later(tid, lambda: self._redraw_lobby(tid))
            self._arm_lobby(table)
            return Reply(t(lang, "computer.added", name=name, level=chosen))

    async def remove_computer(self, table_id: int, person: Person, is_admin: bool) -> Reply:
        async with self.lock(table_id):
            table = await self.db.get_table(table_id)
            lang = await self.chat_lang(table.chat_id) if table else self.default_language
            if table is None or table.status != LOBBY:
                return Reply(t(lang, "table.gone"), alert=True)
            if not (is_admin or person.user_id == table.creator_id):
                return Reply(t(lang, "computer.not_allowed"), alert=True)
            computers = [s for s in table.seats if s.is_computer]
            if not computers:
                return Reply(t(lang, "computer.none"), alert=True)
            gone = computers[-1]
            table.seats = [s for s in table.seats if s is not gone]
            for index, other in enumerate(sorted(table.seats, key=lambda s: s.seat)):
                other.seat = index
            table = await self.db.save_table(table)
            tid = table.id
            self.later(tid, lambda: self._redraw_lobby(tid))
            return Reply(t(lang, "computer.removed", name=gone.name))

    async def practice(self, person: Person, args: Sequence[str]) -> Reply:
        """/play in private: a match against computer players right in this chat."""
        lang = await self.user_lang(person.user_id, person.language_code)
        preset, players, level = Preset.BURKOZEL, 0, self.timing.standin_level
        for word in args:
            low = word.lower()
            if low in {p.value for p in Preset}:
                preset = Preset(low)
            elif low.isdigit():
                players = int(low)
            elif low in levels():
                level = low
            else:
                return Reply(
                    t(
                        lang,
                        "practice.usage",
                        presets=render.presets_list(lang),
                        levels=", ".join(levels()),
                    )
                )
        counts = PLAYER_COUNTS[preset]
        players = players or min(counts)
        if players not in counts:
            counts_text = " / ".join(str(n) for n in counts)
            return Reply(
                t(
                    lang,
                    "start.count",
                    preset=t(lang, f"preset.{preset.value}"),
                    counts=counts_text,
                    now=players,
                )
            )
        chat_id = person.user_id
        async with self.lock(("chat", chat_id)):
            existing = await self.db.open_table_in_chat(chat_id)
            if existing is not None:
                return Reply(t(lang, "practice.exists", table=existing.id))
            table = await self.db.create_table(
                chat_id,
                t(lang, "practice.title"),
                person.user_id,
                preset.value,
                {},
                practice=True,
            )
            if table is None:
                return Reply(t(lang, "practice.exists", table="?"))
            table.seats.append(Seat(0, person.user_id, person.name))
            for number in range(1, players):
                table.seats.append(
                    Seat(
                        number,
                        free_computer_id(table),
                        computer_name(table),
                        kind=COMPUTER,
                        level=level,
                    )
                )
            table = await self.db.save_table(table)
        return await self.start(table.id, person, is_admin=True)

    def _arm_lobby(self, table: TableRecord) -> None:
        tid = table.id
        self.clock.call_at(
            self.clock.now() + self.timing.lobby_seconds,
            (tid, "lobby"),
            lambda: self._lobby_timeout(tid),
        )

    async def _lobby_timeout(self, table_id: int) -> None:
        async with self.lock(table_id):
            table = await self.db.get_table(table_id)
            if table is None or table.status != LOBBY:
                return
            table.status = CLOSED
            table = await self.db.save_table(table)
            lang = await self.chat_lang(table.chat_id)
            info = self.info(table)
            lobby_id = table.lobby_message_id
            chat_id = table.chat_id

            async def tell() -> None:
                if lobby_id is not None:
                    await self.out.edit(
                        chat_id,
                        lobby_id,
                        Screen(render.lobby(info, lang).text + "\n\n" + t(lang, "lobby.expired")),
                    )
                await self.out.send(chat_id, Screen(t(lang, "lobby.expired_news", table=table_id)))

            self.later(table_id, tell)

    async def chat_gone(self, chat_id: int) -> None:
        """The bot was removed from the group: close its table quietly."""
        table = await self.db.open_table_in_chat(chat_id)
        if table is None:
            return
        async with self.lock(table.id):
            fresh = await self.db.get_table(table.id)
            if fresh is None or fresh.status not in (LOBBY, PLAYING):
                return
            fresh.status = CLOSED
            fresh = await self.db.save_table(fresh)
            self._arm(fresh)
            self.clock.cancel((fresh.id, "lobby"))
            tid = fresh.id
            self.later(tid, lambda: self._close_hands_by_id(tid))

    async def _close_hands_by_id(self, table_id: int) -> None:
        table = await self.db.get_table(table_id)
        if table is not None:
            await self._close_hands(table)

    async def chat_moved(self, old_chat_id: int, new_chat_id: int) -> None:
        """The group became a supergroup: its table moves along with it."""
        await self.db.move_chat(old_chat_id, new_chat_id)

    # -- after a restart -------------------------------------------------------------------

    async def catch_up(self, table_id: int) -> None:
        """Tell what a crash kept from the players: every committed move after
        the last one told, replayed from the seed and the log for its events."""
        table = await self.db.get_table(table_id)
        if table is None or table.state is None or table.seed is None:
            return
        log = await self.db.action_log(table_id)
        state = new_match(table.state.rules, table.names, table.seed)
        for seq, _, action in log:
            previous = state
            state, events = apply(state, action)
            if seq > table.told_step:
                await self._after_move(table_id, previous, list(events), action.seat, action)

    async def redraw_all(self) -> int:
        """Redraw every running table from the database (after a crash or restart)."""
        for table_id in await self.db.untold_tables():
            async with self.lock(table_id):
                await self.catch_up(table_id)
        tables = await self.db.tables_with_status(PLAYING)
        for record in tables:
            async with self.lock(record.id):
                table = await self.db.get_table(record.id)
                if table is None or table.status != PLAYING or table.state is None:
                    continue
                lang = await self.chat_lang(table.chat_id)
                screen = render.live(self.info(table), lang, view_for(table.state, None))
                _outcome, message_id = await self.out.edit_or_send(
                    table.chat_id, table.live_message_id, screen
                )
                if message_id is not None and message_id != table.live_message_id:
                    table.live_message_id = message_id
                    await self.db.set_message_ids(table.id, live_message_id=message_id)
                for seat in table.seats:
                    if seat.is_computer:
                        continue
                    view = view_for(table.state, seat.seat)
                    seat_lang = await self.user_lang(seat.user_id)
                    screen = render.hand(self.info(table), seat_lang, view)
                    await self._put_hand(table, seat, screen, fresh=False)
                # Deadlines are stored: time already spent counts.
                self._arm(table)
        for lobby in await self.db.tables_with_status(LOBBY):
            self._arm_lobby(lobby)
        return len(tables)

    # -- lookups for handlers -----------------------------------------------------------------

    async def table_in_chat(self, chat_id: int) -> TableRecord | None:
        return await self.db.open_table_in_chat(chat_id)

    async def rules_for_chat(self, chat_id: int) -> RuleSet | None:
        table = await self.db.open_table_in_chat(chat_id)
        return table.rules if table else None

    async def my_tables(self, person: Person) -> list[TableRecord]:
        return await self.db.open_tables_of_user(person.user_id)

    async def set_chat_lang(self, chat_id: int, title: str, lang: str) -> None:
        await self.db.set_chat_lang(chat_id, title, lang)

    async def set_user_lang(self, person: Person, lang: str) -> None:
        await self.remember(person)
        await self.db.set_user_lang(person.user_id, lang)

    def options_help(self, lang: str, preset: Preset) -> str:
        return render.options_help(lang, preset)

    def levels(self) -> tuple[str, ...]:
        return levels()

    def applicable(self, preset: Preset) -> list[str]:
        return applicable_options(preset)


__all__ = ["Person", "Reply", "TableService", "Timing", "display_name"]
