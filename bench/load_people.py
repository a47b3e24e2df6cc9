"""The simulated people of bench/load.py and what is measured of them:
two players a table who tap what their hand message offers, a phase's
counters, the fake Bot API's hooks that time each update, and this
process's garbage collector, kept quiet."""

from __future__ import annotations

import asyncio
import gc
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.__main__ import tune_gc
from bot.view import callbacks
from engine.actions import Kind
from testing.fake_telegram import ApiError, FakeTelegram, FakeUser

PLAY_KINDS = (Kind.LEAD, Kind.BEAT, Kind.DISCARD)
FINAL_MARK = "🏁"  # the final standing of a match (final.title in both languages)

# The fake keeps every message (its history of versions and the requests are
# switched off); a long run at G = 1000 would make this process the memory
# hog. Keep only the newest messages of every chat (the bot never edits
# older ones).
KEEP_GROUP_MESSAGES = 16
KEEP_PRIVATE_MESSAGES = 6


@dataclass
class Pending:
    """The update of a table handed over last, until the next one is."""

    handed: float
    phase: str | None
    last_call: float | None = None


@dataclass
class Player:
    user: FakeUser
    table: Table
    done: tuple[int, str] = (-1, "")  # (version, "s" or "p"): the last tap made


@dataclass
class Table:
    number: int
    group_id: int
    creator: Player = field(init=False)
    guest: Player = field(init=False)
    stage: str = "setup"  # setup, new, join, start, play
    lobby_id: int | None = None
    lobby_version: int = -1
    pending: Pending | None = None
    progress: float = 0.0  # the last update handed over or request made
    unanswered: set[str] = field(default_factory=set)  # taps the bot has not answered yet


@dataclass
class Phase:
    name: str
    started: float = 0.0
    ended: float = 0.0
    updates: int = 0
    calls: int = 0
    methods: Counter[str] = field(default_factory=Counter)  # calls, getUpdates too
    matches: int = 0
    latencies: list[float] = field(default_factory=list)
    handed: list[float] = field(default_factory=list)  # when each of `latencies` began
    answers: list[float] = field(default_factory=list)
    silent: int = 0  # updates after which the bot made no request at all
    bot_cpu: float = 0.0  # summed over the workers
    server_cpu: float = 0.0  # PostgreSQL's processes
    workers_cpu: float = 0.0  # the bots' child processes (charts)
    client_cpu: float = 0.0
    db_before: int = 0
    db_after: int = 0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


class Load:
    def __init__(
        self, fake: FakeTelegram, tables: int, rate: float, seed: int, limit: int = 2
    ) -> None:
        self.fake = fake
        self.limit = limit  # the matches' penalty limit: each finished match draws a chart
        self.loop = asyncio.get_running_loop()
        self.rng = random.Random(seed)
        self.rate = 0.0  # taps per second over all tables; 0 = at once
        self.paced_rate = rate
        self.next_slot = 0.0
        self.phase: Phase | None = None  # the window being measured, if any
        self.tables: list[Table] = []
        self.by_chat: dict[int, Table] = {}
        self.players: dict[int, Player] = {}
        self.callbacks: dict[str, tuple[float, str | None]] = {}
        self.errors: Counter[str] = Counter()
        self.nudges = 0
        self.dropped = 0
        self.welcomed: set[int] = set()
        self.matches = 0
        self.stopping = False
        self.finished_phases: dict[str, Phase] = {}
        for number in range(tables):
            table = Table(number, -1_000_000_000_000 - number)
            group = fake.group(table.group_id, f"Load {number}", supergroup=True)
            first = fake.user(10_000 + 2 * number, f"A{number}")
            second = fake.user(10_001 + 2 * number, f"B{number}")
            group.add_member(first)
            group.add_member(second)
            table.creator = Player(first, table)
            table.guest = Player(second, table)
            self.tables.append(table)
            self.by_chat[table.group_id] = table
            for player in (table.creator, table.guest):
                self.by_chat[player.user.id] = table
                self.players[player.user.id] = player
        for key, (name, handler) in list(fake._methods.items()):
            fake._methods[key] = (name, self._wrap(name, handler))

    # -- pacing: the people's think time ---------------------------------------------------

    def soon(self, action: Callable[[], None]) -> None:
        """Do `action` now, or (paced) at the next slot of a Poisson stream."""
        if self.stopping:
            return
        if not self.rate:
            action()
            return
        now = self.loop.time()
        self.next_slot = max(self.next_slot, now) + self.rng.expovariate(self.rate)
        self.loop.call_at(self.next_slot, action)

    # -- what the bot asks of the fake -------------------------------------------------------

    def _wrap(self, name: str, handler: Callable[..., Awaitable[Any]]) -> Any:
        loop = self.loop
        if name == "getUpdates":

            async def get_updates(p: Any, record: Any, request: Any) -> Any:
                result = await handler(p, record, request)
                if self.phase is not None:
                    self.phase.methods[name] += 1
                if result:
                    self._handed(result, loop.time())
                return result

            return get_updates

        async def call(p: Any, record: Any, request: Any) -> Any:
            now = loop.time()
            if self.phase is not None:
                self.phase.methods[name] += 1
            table = self._table_of(name, p, now)
            if table is not None:
                table.progress = now
                if table.pending is not None:
                    table.pending.last_call = now
                if self.phase is not None:
                    self.phase.calls += 1
            try:
                result = await handler(p, record, request)
            except ApiError as error:
                self.errors[f"{name}: {error.description[:60]}"] += 1
                raise
            if table is not None and name in ("sendMessage", "editMessageText"):
                self._react(table, name, result)
            return result

        return call

    def _table_of(self, name: str, p: Any, now: float) -> Table | None:
        if name == "answerCallbackQuery":
            query = p.get_str("callback_query_id") or ""
            handed = self.callbacks.pop(query, None)
            phase = self.phase
            if handed is not None and phase is not None and handed[1] == phase.name:
                phase.answers.append(now - handed[0])
            callback = self.fake._callbacks.get(query)
            table = None if callback is None else self.by_chat.get(callback.chat_id)
            if table is not None:
                table.unanswered.discard(query)
            return table
        raw = p.get_str("chat_id")
        try:
            return self.by_chat.get(int(raw)) if raw else None
        except ValueError:
            return None

    def _handed(self, updates: list[dict[str, Any]], now: float) -> None:
        phase = self.phase.name if self.phase is not None else None
        for update in updates:
            query = update.get("callback_query")
            if query is not None:
                chat_id = query["message"]["chat"]["id"]
                self.callbacks[query["id"]] = (now, phase)
            else:
                message = update.get("message") or {}
                chat_id = (message.get("chat") or {}).get("id")
            table = self.by_chat.get(chat_id)
            if table is None:
                continue
            self._finish_pending(table)
            table.pending = Pending(now, phase)
            table.progress = now
            if self.phase is not None:
                self.phase.updates += 1

    def _finish_pending(self, table: Table) -> None:
        pending, table.pending = table.pending, None
        if pending is None or pending.phase is None:
            return
        phase = self.phase if self.phase and self.phase.name == pending.phase else None
        if phase is None:
            phase = self.finished_phases.get(pending.phase)
        if phase is None:
            return
        if pending.last_call is None:
            phase.silent += 1
        else:
            phase.latencies.append(pending.last_call - pending.handed)
            phase.handed.append(pending.handed)

    # -- the people's side ----------------------------------------------------------------------

    def _react(self, table: Table, method: str, message: dict[str, Any]) -> None:
        chat_id = message["chat"]["id"]
        rows = (message.get("reply_markup") or {}).get("inline_keyboard") or []
        data = [b["callback_data"] for row in rows for b in row if "callback_data" in b]
        if chat_id == table.group_id:
            self._react_group(table, method, message, data)
        elif data:
            self._react_hand(self.players[chat_id], message, data)
        elif table.stage == "setup" and method == "sendMessage":
            self.welcomed.add(chat_id)

    def _react_group(
        self, table: Table, method: str, message: dict[str, Any], data: list[str]
    ) -> None:
        if method == "sendMessage" and FINAL_MARK in message.get("text", ""):
            self.matches += 1
            if self.phase is not None:
                self.phase.matches += 1
            table.stage = "new"
            table.lobby_id = None
            # A short pause, so that the end-of-match clean-up (stripping the
            # hands' buttons) is counted towards the last move.
            self.loop.call_later(0.2, lambda: self.soon(lambda: self.open(table)))
            return
        lobby = [p for p in map(_parse, data) if isinstance(p, callbacks.Lobby)]
        if not lobby:
            return
        if table.stage == "new" and method == "sendMessage":
            table.lobby_id = message["message_id"]
            table.lobby_version = lobby[0].version
            join = next(d for d in data if d.endswith(":j"))
            table.stage = "join"
            self.soon(lambda: self.tap(table.guest, table.group_id, table.lobby_id, join))
        elif (
            table.stage == "join"
            and message["message_id"] == table.lobby_id
            and lobby[0].version > table.lobby_version
        ):
            start = next(d for d in data if d.endswith(":s"))
            table.stage = "start"
            self.soon(lambda: self.tap(table.creator, table.group_id, table.lobby_id, start))

    def _react_hand(self, player: Player, message: dict[str, Any], data: list[str]) -> None:
        """Most moves are one tap (a card, a ready answer, the only move): tap
        one of the moves offered; when only cards to pick are shown, pick one
        first. Declarations are left alone."""
        selects = [d for d in data if d.startswith("s:")]
        plays = []
        for item in data:
            if item.startswith("p:"):
                payload = _parse(item)
                if isinstance(payload, callbacks.Play) and payload.kind in PLAY_KINDS:
                    plays.append(item)
        if not plays and not selects:
            return  # not this person's turn (at most a combination to declare)
        player.table.stage = "play"
        version = _parse((plays or selects)[0]).version  # type: ignore[union-attr]
        message_id = message["message_id"]
        chat_id = message["chat"]["id"]
        if plays:
            if player.done == (version, "p"):
                return
            player.done = (version, "p")
            choice = self.rng.choice(plays)
        else:
            if player.done[0] == version:
                return
            singles = [d for d in selects if len(_parse(d).cards) == 1]  # type: ignore[union-attr]
            picks = singles or [d for d in selects if d.endswith(":m")]
            if not picks:
                return
            player.done = (version, "s")
            choice = self.rng.choice(picks)
        self.soon(lambda: self.tap(player, chat_id, message_id, choice))

    def tap(self, player: Player, chat_id: int, message_id: int | None, data: str) -> None:
        if self.stopping or message_id is None:
            return
        stored = self.fake.find_message(chat_id, message_id)
        if stored is None or stored.find_button(data) is None:
            self.dropped += 1  # the message changed meanwhile; its newer self is handled
            return
        callback = self.fake.user_taps(player.user, stored, data)
        player.table.unanswered.add(callback.id)

    def open(self, table: Table) -> None:
        if self.stopping:
            return
        table.stage = "new"
        self.fake.user_sends(
            table.creator.user, self.fake.chat(table.group_id), f"/new limit={self.limit}"
        )

    # -- a table that went quiet ------------------------------------------------------------------

    def nudge(self, table: Table) -> None:
        """Look at the newest hand messages again, as a person would after a while."""
        self.nudges += 1
        table.progress = self.loop.time()
        for player in (table.creator, table.guest):
            player.done = (-1, "")
            for stored in reversed(self.fake.messages(player.user)):
                data = stored.callback_data
                if any(d.startswith(("s:", "p:")) for d in data):
                    as_json = stored.to_json(self.fake)
                    self._react_hand(player, as_json, data)
                    break

    async def watchdog(self, silence: float) -> None:
        while not self.stopping:
            await asyncio.sleep(1.0)
            now = self.loop.time()
            for table in self.tables:
                # Only a table that is not waiting on the bot: in overload the
                # bot may take minutes, and a nudge would only add to its work.
                if (
                    table.stage == "play"
                    and not table.unanswered
                    and now - table.progress > silence
                ):
                    self.nudge(table)

    async def housekeeping(self) -> None:
        fake = self.fake
        while not self.stopping:
            await asyncio.sleep(5.0)
            fake.errors_returned.clear()
            for chat_id, messages in fake._messages.items():
                keep = KEEP_GROUP_MESSAGES if chat_id < 0 else KEEP_PRIVATE_MESSAGES
                for message_id in list(messages)[:-keep]:
                    del messages[message_id]
            now = fake.clock()
            for query_id, callback in list(fake._callbacks.items()):
                if callback.answer is not None or now - callback.created_at > 900:
                    del fake._callbacks[query_id]
            stale = self.loop.time() - 900
            for query_id, (handed, _) in list(self.callbacks.items()):
                if handed < stale:
                    del self.callbacks[query_id]


def _parse(data: str) -> callbacks.Payload | None:
    try:
        return callbacks.parse(data)
    except callbacks.BadPayload:
        return None


class Collector:
    """This process's garbage collector, kept quiet and watched.

    The fake Bot API answers from this process, so a collector pause here is
    charged to the bot's latency. Left to the defaults, with the fake keeping
    every request record and the people's state churning, full collections
    walked the whole heap every few seconds and paused the fake for up to
    160 ms: the paced p95 at G = 100 read 33-54 ms when the bot's own share
    was under 20 ms. So the generator keeps no request records, freezes what
    the set-up made, collects young objects less often (as the bot does), and
    reports what pauses are left."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []
        self._began = 0.0

    def settle(self) -> None:
        """After the set-up: out of the collector's sight, then watched."""
        tune_gc()
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.pauses.append((int(info["generation"]), time.perf_counter() - self._began))

    def summary(self) -> dict[str, Any]:
        if self._note in gc.callbacks:
            gc.callbacks.remove(self._note)
        durations = [d for _, d in self.pauses]
        return {
            "collections": len(durations),
            "seconds": round(sum(durations), 2),
            "max_ms": round(max(durations, default=0.0) * 1000, 1),
            "full": sum(1 for generation, _ in self.pauses if generation == 2),
        }
