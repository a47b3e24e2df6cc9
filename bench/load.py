"""Load test: the real `python -m bot` process against the fake Bot API.

    python bench/load.py --tables 100 --seconds 60 [--rate 300] [--json]
    python bench/load.py --quick            # smoke test: 3 tables, a few seconds
    python bench/load.py --database postgres [--workers 2 | --webhook]

The fake Bot API (testing/fake_telegram) runs in this process on 127.0.0.1,
without rate limits; the bot runs as a subprocess exactly as in production
(`python -m bot`, long polling, SQLite in WAL mode, one transaction per move).
With `--database postgres` the bot's tables live in a throwaway PostgreSQL
server (testing/postgres.py), whose processes' CPU is reported beside the
bot's; with `--workers N` (or `--webhook`) N bot processes share it in
webhook mode, each update posted to any of them (WebhookDealer), and the
bot's CPU is summed over them (docs/PERFORMANCE.md, issue 17).
G tables are opened in G groups, two people each (Burkozel, `limit=2` unless
`--limit` says otherwise, so matches end and new ones are opened at the same
table). Each finished match draws a chart in the bot's worker processes,
whose CPU is reported apart (they share the bot's core); at large G the
tables' first matches end together, so `--limit 12` keeps match ends out of
the windows.

The simulated people never read the bot's database: they look at the hand
message the bot just sent or edited, and when it carries buttons for their
turn they tap one of the moves offered ("p:": most moves are one tap: a
card, a ready answer, the only move), or, when only cards to pick are
shown, pick one ("s:") and then the action button ("p:") the bot offers for
it. Reactions are hooked into the fake's request handling, so there
is no polling on the client side. A watchdog nudges a playing table whose
taps were all answered but which has been silent for a long while since
(reported as `nudges`; it should stay 0).

Two phases run on the same bot process, each `--seconds` long after a short
warm-up (`--paced-only`: the paced one alone, without the saturated phase's
backlog of G taps to drain first):

* **saturated**: every tap is made the moment its message arrives. This is a
  closed loop with G requests outstanding at all times, so it measures the
  bot's throughput; its latency is mostly queueing inside the bot
  (Little's law: latency ≈ G / throughput).
* **paced**: the same people, but taps are released as a Poisson stream of
  `--rate` updates per second over all tables (their think time). This is
  the latency at a given load; "sustained" means the bot keeps up with it.

Definitions:

* *update latency*: from the moment getUpdates hands an update to the bot to
  the bot's last API request for that table (the group and its players'
  private chats) before the next update of that table is handed over. A
  request the bot makes after the table's next update was handed over counts
  for that next update. `answer` latency is exact: from handing over a
  callback query to the bot's answerCallbackQuery for it.
* *updates/s*: updates handed to the bot during the measured window / window.
* *CPU ms per update*: the bot process's user+system CPU in the window
  (/proc/<pid>/stat) / updates in the window. The client's (this process:
  fake server and players) CPU is reported too, so one can tell whether it
  was the bottleneck.
* *peak RSS*: VmHWM of the bot process (/proc/<pid>/status), sampled at the
  end; RSS is also sampled every second to show growth over the run.
* *DB KB per match*: growth of the database's used pages (page_count -
  freelist_count, read through a separate connection, so WAL content is
  included exactly once) over both windows / matches finished in them.

Placement: the bot runs on the first CPU and this process on the others
(`--no-pin` leaves it to the OS). The bot is one Python process (the GIL
keeps it to about one core) with a database thread beside its loop; left to
the OS on the 2-core machine, the load generator (0.6-0.7 of a core) often
ran on the bot's core, and the bot's database thread and loop waited for it:
at 300 updates/s a database trip's p95 was ~30 ms unpinned and ~9 ms pinned,
the update p95 80-150 ms against ~50 ms. Telegram's servers are not on the
bot's machine; pinned is the fairer picture of the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.__main__ import tune_gc
from bot.view import callbacks
from engine.actions import Kind
from testing.fake_telegram import ApiError, FakeTelegram, FakeUser
from testing.fake_telegram.webhooks import WebhookDealer
from testing.postgres import PostgresServer, free_port

WEBHOOK_SECRET = "load-Secret_1"
# Settings to compare, passed on to the bot from the caller's environment.
PASSED_ON = ("HTTP_CLIENT", "DATABASE_SYNC", "DATABASE_CACHE")

ROOT = Path(__file__).resolve().parents[1]  # the checkout whose bot the subprocess runs

PLAY_KINDS = (Kind.LEAD, Kind.BEAT, Kind.DISCARD)
FINAL_MARK = "🏁"  # the final standing of a match (final.title in both languages)
CLK_TCK = os.sysconf("SC_CLK_TCK")

# The fake keeps every message (its history of versions and the requests are
# switched off); a long run at G = 1000 would make this process the memory
# hog. Keep only the newest messages of every chat (the bot never edits
# older ones).
KEEP_GROUP_MESSAGES = 16
KEEP_PRIVATE_MESSAGES = 6


# -- the bot process --------------------------------------------------------------------


class BotProcess:
    def __init__(
        self,
        fake: FakeTelegram,
        workdir: Path,
        profile: str | None,
        cpus: set[int] | None = None,
        env: dict[str, str] | None = None,
        name: str = "bot",
    ) -> None:
        self.fake = fake
        self.cpus = cpus  # where the bot may run (None: anywhere)
        self.workdir = workdir
        self.db_path = workdir / "bot.db"
        self.log_path = workdir / f"{name}.log"
        # DATABASE_URL (PostgreSQL) and the webhook's settings, when given.
        self.extra_env = env or {}
        self.profile = profile
        self.process: asyncio.subprocess.Process | None = None
        self.spy: asyncio.subprocess.Process | None = None
        self.spied = False

    async def start(self) -> None:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": os.environ.get("HOME", "/tmp"),
            "BOT_TOKEN": self.fake.token,
            "BOT_API_URL": self.fake.base_url,
            "DATABASE_PATH": str(self.db_path),
            "COMPUTER_DELAY": "0",
            "RATE_LIMIT_OVERALL": "1000000",
            "RATE_LIMIT_GROUP": "1000000",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
            # The bot of this checkout, whatever the virtual environment installed.
            "PYTHONPATH": str(ROOT),
            # Choices to compare, passed on from the caller's environment.
            **{k: os.environ[k] for k in PASSED_ON if k in os.environ},
            **self.extra_env,
        }
        if "DATABASE_URL" in env:
            del env["DATABASE_PATH"]
        command = [sys.executable]
        if self.profile == "callgrind":
            # Instructions are counted only inside the measured window
            # (callgrind_control switches them on and off): a count that other
            # programs on the machine cannot disturb, for comparing versions.
            command = [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={self.workdir / 'callgrind.out'}",
                sys.executable,
            ]
        elif self.profile and not self.profile.startswith("py-spy:"):
            out = str(Path(self.profile).resolve())
            if out.endswith(".prof"):
                command += ["-m", "cProfile", "-o", out]
            else:
                renderer = "html" if out.endswith(".html") else "text"
                command += ["-m", "pyinstrument", "-r", renderer, "-o", out]
        command += ["-m", "bot"]
        self.log = self.log_path.open("wb")
        cpus = self.cpus
        self.process = await asyncio.create_subprocess_exec(
            *command,
            cwd=self.workdir,
            env=env,
            stdout=self.log,
            stderr=asyncio.subprocess.STDOUT,
            # Set before exec, so that every thread of the bot inherits it.
            preexec_fn=None if cpus is None else lambda: os.sched_setaffinity(0, cpus),
        )
        webhooks = len(self.fake.calls("setWebhook"))

        def started() -> bool:
            if "BOT_WEBHOOK_URL" in self.extra_env:  # its webhook is set: it serves
                return len(self.fake.calls("setWebhook")) > webhooks
            return bool(self.fake.calls("getUpdates"))

        await self.fake.wait_for(
            lambda: started() or self._exited(),
            timeout=600 if self.profile == "callgrind" else 60,
        )
        if self._exited():
            raise SystemExit("the bot did not start:\n" + self.log_path.read_text())

    async def instrument(self, on: bool) -> None:
        if self.profile and self.profile.startswith("py-spy:"):
            await self._py_spy(on, Path(self.profile.removeprefix("py-spy:")).resolve())
        if self.profile == "callgrind":
            switch = await asyncio.create_subprocess_exec(
                "callgrind_control",
                "-i",
                "on" if on else "off",
                str(self.pid),
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
            await switch.wait()

    async def _py_spy(self, on: bool, out: Path) -> None:
        """Sample the bot with py-spy during the first measured window (it pauses
        the process at each sample, so that window's numbers are slower)."""
        if on and not self.spied:
            formats = {".svg": "flamegraph", ".json": "speedscope", ".txt": "raw"}
            self.spied = True
            self.spy = await asyncio.create_subprocess_exec(
                "py-spy",
                "record",
                "--pid",
                str(self.pid),
                "--rate",
                "100",
                "--format",
                formats.get(out.suffix, "raw"),
                "--output",
                str(out),
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
        elif not on and self.spy is not None:
            self.spy.send_signal(signal.SIGINT)  # py-spy writes its output and ends
            await self.spy.wait()
            self.spy = None

    def instructions(self) -> int | None:
        """Instructions the bot executed while instrumented (after it exited)."""
        out = self.workdir / "callgrind.out"
        if not out.exists():
            return None
        for line in out.read_text(errors="replace").splitlines():
            if line.startswith("totals:"):
                return int(line.split()[1])
        return None

    def _exited(self) -> bool:
        return self.process is not None and self.process.returncode is not None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        # After the command name: state is field 3; utime and stime are 14 and 15.
        return (int(fields[11]) + int(fields[12])) / CLK_TCK

    def memory_kb(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                out[name] = int(value.split()[0])
        return out

    async def stop(self) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            code = await asyncio.wait_for(self.process.wait(), timeout=60)
        except TimeoutError:
            self.process.kill()
            code = await self.process.wait()
        self.log.close()
        return code


def db_used_bytes(path: Path) -> int:
    """Bytes of pages in use, as the newest committed snapshot has them."""
    with contextlib.closing(sqlite3.connect(path, timeout=30)) as connection:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        free = connection.execute("PRAGMA freelist_count").fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    return int((pages - free) * size)


# -- people and tables --------------------------------------------------------------------


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


# -- the run -------------------------------------------------------------------------------------


async def measure(
    load: Load,
    bots: list[BotProcess],
    name: str,
    warmup: float,
    seconds: float,
    samples: list[Any],
    server: PostgresServer | None = None,
) -> Phase:
    """One window; the bots' CPU summed over every worker, and (PostgreSQL)
    the server's processes' CPU beside it."""
    bot = bots[0]
    sqlite = server is None
    await asyncio.sleep(warmup)
    phase = Phase(name)
    phase.db_before = await asyncio.to_thread(db_used_bytes, bot.db_path) if sqlite else 0
    await bot.instrument(True)
    cpu0, client0 = sum(b.cpu_seconds() for b in bots), time.process_time()
    workers0 = children_cpu(bots)
    server0 = server_cpu(server)
    phase.started = load.loop.time()
    load.phase = phase
    end = phase.started + seconds
    while (left := end - load.loop.time()) > 0:
        await asyncio.sleep(min(1.0, left))
        samples.append((round(load.loop.time(), 2), name, bot.memory_kb().get("VmRSS", 0)))
    load.phase = None
    phase.ended = load.loop.time()
    phase.bot_cpu = sum(b.cpu_seconds() for b in bots) - cpu0
    phase.workers_cpu = sum(
        seconds - workers0.get(pid, 0.0) for pid, seconds in children_cpu(bots).items()
    )
    phase.server_cpu = sum(
        seconds - server0.get(pid, 0.0) for pid, seconds in server_cpu(server).items()
    )
    await bot.instrument(False)
    phase.client_cpu = time.process_time() - client0
    phase.db_after = await asyncio.to_thread(db_used_bytes, bot.db_path) if sqlite else 0
    load.finished_phases[name] = phase
    return phase


def process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def family_cpu(parents: set[int], include_parents: bool = False) -> dict[int, float]:
    """CPU seconds by pid of the children of `parents` (and of the parents
    themselves when asked), read from /proc."""
    found: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            pid = int(entry.name)
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(stat[1]) in parents or (include_parents and pid in parents):
                found[pid] = process_cpu(pid)
    return found


def children_cpu(bots: Sequence[BotProcess]) -> dict[int, float]:
    """The bots' own child processes: the thinking room's workers, which draw
    the match charts (and decide for computers). They inherit the bot's core,
    so their work competes with the bot's."""
    return family_cpu({bot.pid for bot in bots})


def server_cpu(server: PostgresServer | None) -> dict[int, float]:
    """The PostgreSQL server's processes (the postmaster and its children: one
    backend per connection, and its helpers)."""
    if server is None:
        return {}
    pid_file = server.folder / "data" / "postmaster.pid"
    return family_cpu({int(pid_file.read_text().split()[0])}, include_parents=True)


def summary(phase: Phase) -> dict[str, Any]:
    window = max(phase.ended - phase.started, 1e-9)
    per_update = phase.bot_cpu / phase.updates * 1000 if phase.updates else float("nan")
    return {
        "seconds": round(window, 1),
        "updates": phase.updates,
        "updates_per_s": round(phase.updates / window, 1),
        "api_calls_per_s": round(phase.calls / window, 1),
        "matches_finished": phase.matches,
        "requests_per_update": {
            method: round(count / phase.updates, 2) for method, count in phase.methods.most_common()
        }
        if phase.updates
        else {},
        "latency_ms": {
            q: round(percentile(phase.latencies, float(q[1:])) * 1000, 1)
            for q in ("p50", "p95", "p99")
        }
        | {"max": round(max(phase.latencies, default=float("nan")) * 1000, 1)},
        "answer_ms": {
            q: round(percentile(phase.answers, float(q[1:])) * 1000, 1)
            for q in ("p50", "p95", "p99")
        },
        "updates_without_calls": phase.silent,
        "bot_cpu_s": round(phase.bot_cpu, 2),
        "bot_cpu_share": round(phase.bot_cpu / window, 2),
        "bot_cpu_ms_per_update": round(per_update, 2),
        "server_cpu_ms_per_update": round(phase.server_cpu / phase.updates * 1000, 2)
        if phase.updates
        else None,
        "client_cpu_share": round(phase.client_cpu / window, 2),
        "workers_cpu_ms_per_update": round(phase.workers_cpu / phase.updates * 1000, 2)
        if phase.updates
        else None,
        "workers_cpu_share": round(phase.workers_cpu / window, 2),
        "db_growth_kb": round((phase.db_after - phase.db_before) / 1024, 1),
        "latency_by_second": by_second(phase),
    }


def by_second(phase: Phase) -> list[list[float]]:
    """[second, updates, p50 ms, p95 ms] for each second of the window: whether
    a tail comes from a few stalls or from all along."""
    seconds: dict[int, list[float]] = {}
    for began, latency in zip(phase.handed, phase.latencies, strict=True):
        seconds.setdefault(int(began - phase.started), []).append(latency)
    return [
        [
            second,
            len(values),
            round(percentile(values, 50) * 1000, 1),
            round(percentile(values, 95) * 1000, 1),
        ]
        for second, values in sorted(seconds.items())
    ]


def pin_cpus(pin: bool) -> tuple[set[int] | None, set[int] | None]:
    """The bot's CPUs and this process's: the bot gets the first, this process
    the rest, so that the load generator never takes the bot's core."""
    cpus = sorted(os.sched_getaffinity(0))
    if not pin or len(cpus) < 2:
        return None, None
    bot, generator = {cpus[0]}, set(cpus[1:])
    os.sched_setaffinity(0, generator)
    return bot, generator


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


async def run(args: argparse.Namespace) -> dict[str, Any]:
    bot_cpus, generator_cpus = pin_cpus(not args.no_pin)
    client_gc = Collector()
    fake = FakeTelegram(callback_max_age=900.0, quiet_period=0.05)
    await fake.start()
    workdir = Path(tempfile.mkdtemp(prefix="burkozel-load-"))
    server = PostgresServer.start() if args.database == "postgres" else None
    env: dict[str, str] = {}
    if server is not None:
        env["DATABASE_URL"] = server.create_database("load")
    webhook = args.webhook or args.workers > 1
    bots = []
    for number in range(args.workers):
        extra = dict(env)
        if webhook:
            extra |= {
                "BOT_WEBHOOK_URL": "https://bench.example.org/hook",
                "BOT_WEBHOOK_SECRET": WEBHOOK_SECRET,
                "BOT_WEBHOOK_LISTEN": "127.0.0.1",
                "BOT_WEBHOOK_PORT": str(free_port()),
            }
        name = "bot" if args.workers == 1 else f"bot{number}"
        bots.append(BotProcess(fake, workdir, args.profile, bot_cpus, extra, name))
    bot = bots[0]
    load = Load(fake, args.tables, args.rate, args.seed, args.limit)
    started = time.monotonic()
    for worker in bots:
        await worker.start()
    dealer = None
    if webhook:
        # Telegram posting to the webhook behind a load balancer: each update
        # to any worker, up to 64 at once.
        targets = [f"http://127.0.0.1:{b.extra_env['BOT_WEBHOOK_PORT']}/hook" for b in bots]
        dealer = WebhookDealer(
            fake,
            targets,
            WEBHOOK_SECRET,
            random.Random(args.seed),
            concurrency=64,
            on_deal=lambda update: load._handed([update], load.loop.time()),
        )
        dealer.start()
    fake.keep_history = False  # counted as they come (see Collector)
    fake.requests.clear()
    tasks = [
        asyncio.create_task(load.housekeeping()),
        asyncio.create_task(load.watchdog(args.silence)),
    ]
    samples: list[Any] = []
    try:
        # Everybody opens a private chat with the bot, then every group opens a table.
        for table in load.tables:
            for player in (table.creator, table.guest):
                fake.user_sends(player.user, fake.private_chat(player.user), "/start")
        await fake.wait_for(
            lambda: len(load.welcomed) == 2 * len(load.tables), timeout=120 + len(load.tables)
        )
        for table in load.tables:
            load.open(table)
        await fake.wait_for(
            lambda: all(t.stage == "play" for t in load.tables), timeout=120 + len(load.tables)
        )
        setup_seconds = time.monotonic() - started
        client_gc.settle()
        phases = []
        if args.paced_only:
            load.rate = args.rate  # the warm-up drains the taps set-up left outstanding
        else:
            phases.append(
                await measure(load, bots, "saturated", args.warmup, args.seconds, samples, server)
            )
        if args.rate > 0:
            load.rate = args.rate
            phases.append(
                await measure(load, bots, "paced", args.warmup, args.seconds, samples, server)
            )
        memory = bot.memory_kb()
    finally:
        load.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if dealer is not None:
            await dealer.stop()
        codes = [await worker.stop() for worker in bots]
        code = max(codes, key=abs)
        await fake.stop()
        if server is not None:
            server.stop()
    for table in load.tables:
        load._finish_pending(table)
    log_text = "".join(b.log_path.read_text(errors="replace") for b in bots)
    matches = sum(p.matches for p in phases)
    growth = sum(p.db_after - p.db_before for p in phases)
    db_file = bot.db_path.stat().st_size if server is None else 0
    rss = [kb for _, _, kb in samples]
    result: dict[str, Any] = {
        "tables": args.tables,
        "database": args.database,
        "workers": args.workers,
        "updates_by": "webhook" if webhook else "getUpdates",
        "players_per_table": 2,
        "game": f"burkozel limit={args.limit}, one tap a move (the moves the hand offers)",
        "setup_seconds": round(setup_seconds, 1),
        "cpus": {
            "bot": sorted(bot_cpus) if bot_cpus else "any",
            "load_generator": sorted(generator_cpus) if generator_cpus else "any",
        },
        "phases": {p.name: summary(p) for p in phases},
        "paced_rate": args.rate,
        "peak_rss_mb": round(memory.get("VmHWM", 0) / 1024, 1),
        "rss_mb": {
            "first": round(rss[0] / 1024, 1) if rss else None,
            "last": round(rss[-1] / 1024, 1) if rss else None,
            "max": round(max(rss) / 1024, 1) if rss else None,
        },
        "db_kb_per_match": round(growth / matches / 1024, 2) if matches and not server else None,
        "db_file_kb_at_exit": round(db_file / 1024, 1),
        "matches_total": load.matches,
        "nudges": load.nudges,
        "taps_dropped": load.dropped,
        "api_errors": dict(load.errors.most_common(8)),
        "bot_exit_code": code,
        "bot_log_errors": log_text.count("Traceback") + log_text.count(" ERROR "),
        "client_peak_rss_mb": round(_self_hwm_kb() / 1024, 1),
        "client_gc": client_gc.summary(),
        "rss_samples": samples if args.samples else None,
    }
    instructions = bot.instructions()
    if instructions is not None:
        updates = sum(p.updates for p in phases)
        result["bot_instructions_per_update"] = round(instructions / max(updates, 1))
    if args.keep:
        result["workdir"] = str(workdir)
    else:
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()
    return result


def _self_hwm_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def report(result: dict[str, Any]) -> str:
    lines = [
        f"G = {result['tables']} tables x {result['players_per_table']} players "
        f"({result['game']}); set-up {result['setup_seconds']} s",
        f"  {result['database']}, {result['workers']} worker(s), updates by {result['updates_by']}",
        f"  CPUs: bot {result['cpus']['bot']}, load generator {result['cpus']['load_generator']}",
    ]
    for name, phase in result["phases"].items():
        lat, ans = phase["latency_ms"], phase["answer_ms"]
        lines.append(
            f"  {name:9} {phase['updates_per_s']:7.1f} updates/s"
            f" ({phase['api_calls_per_s']:.0f} API calls/s)"
            f"  latency p50/p95/p99 {lat['p50']}/{lat['p95']}/{lat['p99']} ms"
            f"  (answer {ans['p50']}/{ans['p95']}/{ans['p99']} ms)"
        )
        lines.append(
            f"            bot CPU {phase['bot_cpu_ms_per_update']} ms/update"
            f" ({phase['bot_cpu_share']:.0%} of a core),"
            f" PostgreSQL CPU {phase['server_cpu_ms_per_update']} ms/update, client CPU"
            f" {phase['client_cpu_share']:.0%} of a core,"
            f" {phase['matches_finished']} matches finished"
        )
        lines.append(
            f"            the bot's worker processes (charts) {phase['workers_cpu_ms_per_update']}"
            f" ms/update ({phase['workers_cpu_share']:.0%} of a core, on the bot's core)"
        )
        per_update = phase["requests_per_update"]
        lines.append(
            f"            requests per update {sum(per_update.values()):.2f}: "
            + ", ".join(f"{method} {count}" for method, count in per_update.items())
        )
    lines.append(
        f"  peak RSS {result['peak_rss_mb']} MB (RSS first/last sample"
        f" {result['rss_mb']['first']}/{result['rss_mb']['last']} MB),"
        f" DB {result['db_kb_per_match']} KB per finished match"
    )
    lines.append(
        f"  nudges {result['nudges']}, taps dropped {result['taps_dropped']},"
        f" errors in bot log {result['bot_log_errors']}, bot exit code {result['bot_exit_code']}"
    )
    client_gc = result["client_gc"]
    lines.append(
        f"  load generator's collector: {client_gc['collections']} pauses"
        f" ({client_gc['full']} full), {client_gc['seconds']} s in all,"
        f" the longest {client_gc['max_ms']} ms"
    )
    if result.get("bot_instructions_per_update"):
        lines.append(f"  bot instructions per update {result['bot_instructions_per_update']:,}")
    if result["api_errors"]:
        lines.append(f"  API errors: {result['api_errors']}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", "-G", type=int, default=100, help="tables open at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="each measured window")
    parser.add_argument("--warmup", type=float, default=5.0, help="before each window")
    parser.add_argument(
        "--limit",
        type=int,
        default=2,
        help="the matches' penalty limit (2: short matches, a chart every ~50 moves)",
    )
    parser.add_argument(
        "--paced-only",
        action="store_true",
        help="only the paced phase (no saturated backlog to drain first at large G)",
    )
    parser.add_argument(
        "--rate", type=float, default=300.0, help="updates/s of the paced phase (0: skip it)"
    )
    parser.add_argument("--silence", type=float, default=60.0, help="seconds before a nudge")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--samples", action="store_true", help="include RSS samples in JSON")
    parser.add_argument("--keep", action="store_true", help="keep the database and bot log")
    parser.add_argument(
        "--profile",
        help="profile the bot: OUT.prof (cProfile), OUT.txt/.html (pyinstrument),"
        " py-spy:OUT.svg/.json/.txt (py-spy on PATH: flame graph, speedscope, collapsed"
        " stacks; the first window), or 'callgrind' (instructions per update in the"
        " window, under valgrind; use --rate 0)",
    )
    parser.add_argument(
        "--no-pin",
        action="store_true",
        help="let the OS place the bot and the load generator (by default the bot runs"
        " on the first CPU and the load generator on the others)",
    )
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="postgres: a throwaway PostgreSQL server (testing/postgres.py) as DATABASE_URL;"
        " its processes' CPU is reported beside the bot's",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="bot processes sharing the database (more than one: webhook mode, PostgreSQL)",
    )
    parser.add_argument(
        "--webhook",
        action="store_true",
        help="updates posted to the bot's webhook (each to any worker) instead of getUpdates",
    )
    parser.add_argument("--quick", action="store_true", help="smoke test: 3 tables, 3 s")
    args = parser.parse_args()
    if args.workers > 1 and args.database != "postgres":
        parser.error("several workers need --database postgres (SQLite is one process's)")
    if args.quick:
        args.tables, args.seconds, args.warmup = 3, 3.0, 1.0
        args.rate = min(args.rate, 30.0)
    result = asyncio.run(run(args))
    print(json.dumps(result, ensure_ascii=False, indent=1) if args.json else report(result))
    ok = (
        all(p["updates"] > 0 for p in result["phases"].values())
        and result["bot_exit_code"] == 0
        and result["bot_log_errors"] == 0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
