"""What bench/load.py measures of the crowd and of the bot, one measure a
kind, each chosen with `--measure` (the bot's cost is always measured).

* `latency` (*update latency*): from the moment an update of a table is
  handed to the bot (getUpdates, or posted to its webhook) to the bot's last
  API request for that table (the group and its players' private chats)
  before the table's next update is handed over; a request made after that
  counts for the next one. *answer*: from handing over a callback query to
  the bot's answerCallbackQuery for it. Also updates/s and the requests per
  update by method (getUpdates included).
* `handoff`: from the moment the fake receives a tap that the bot then
  commits as a move to the moment the fake answers the request that first
  shows the next player to act at that table (the same player when they took
  the trick and lead) move buttons for the new position. "New" is told by
  the callback data's table version (bot/view/callbacks.py). Moves that end
  the match are excluded. Its parts: *to the bot*, until the tap is handed
  over; *in the bot*, from then to the showing request's arrival. The fake
  answers a request over Telegram's limits with 429 before the crowd's hooks
  see it, so a refused request is never taken for the hand-off: its retry is.
* `requests`: the bot's admitted requests in the window (getUpdates
  excluded) per tap, by method, group and private chats apart; *sends +
  edits* are those Telegram's limits count. 429s are the fake's refusals in
  the window, by limit and chat kind.
* `record`: the group's record of every finished deal (bench/group_record.py).
* the bot's cost in a window is bench/cost.py's, always measured.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.crowd import chat_kind
from bench.figures import percentile, quantiles
from bench.window import Measure, Person, Request, Table, Turn, Window
from testing.fake_telegram import FakeTelegram
from testing.fake_telegram.limits import LimitStats, is_counted

# -- update latency -----------------------------------------------------------------------------


@dataclass
class _Pending:
    """The update of a table handed over last, until the next one is."""

    handed: float
    window: Window | None
    last_call: float | None = None


@dataclass
class _Latencies:
    calls: int = 0  # requests for a table
    methods: Counter[str] = field(default_factory=Counter)  # every request, getUpdates too
    latencies: list[float] = field(default_factory=list)
    handed: list[float] = field(default_factory=list)  # when each of `latencies` began
    answers: list[float] = field(default_factory=list)
    silent: int = 0  # updates after which the bot made no request at all


class UpdateLatency(Measure):
    name = "latency"

    def __init__(self) -> None:
        self.pending: dict[int, _Pending] = {}
        self.queries: dict[str, tuple[float, Window | None]] = {}
        self.windows: dict[str, _Latencies] = {}

    def _of(self, window: Window) -> _Latencies:
        return self.windows.setdefault(window.name, _Latencies())

    def handed(
        self, table: Table, update: dict[str, Any], now: float, window: Window | None
    ) -> None:
        query = update.get("callback_query")
        if query is not None:
            self.queries[query["id"]] = (now, window)
        self.finish(table)
        self.pending[table.number] = _Pending(now, window)

    def request(self, request: Request, window: Window | None) -> None:
        if window is not None:
            self._of(window).methods[request.method] += 1
        if request.query_id is not None:
            handed = self.queries.pop(request.query_id, None)
            if handed is not None and window is not None and handed[1] is window:
                self._of(window).answers.append(request.arrived - handed[0])
        if request.table is None:
            return
        pending = self.pending.get(request.table.number)
        if pending is not None:
            pending.last_call = request.arrived
        if window is not None:
            self._of(window).calls += 1

    def finish(self, table: Table) -> None:
        pending = self.pending.pop(table.number, None)
        if pending is None or pending.window is None:
            return
        stats = self._of(pending.window)
        if pending.last_call is None:
            stats.silent += 1
        else:
            stats.latencies.append(pending.last_call - pending.handed)
            stats.handed.append(pending.handed)

    def prune(self, before: float) -> None:
        for query_id, (handed, _) in list(self.queries.items()):
            if handed < before:
                del self.queries[query_id]

    def summary(self, window: Window) -> dict[str, Any]:
        stats = self._of(window)
        updates = window.updates
        return {
            "api_calls_per_s": round(stats.calls / window.seconds, 1),
            "requests_per_update": {
                m: round(n / updates, 2) for m, n in stats.methods.most_common()
            }
            if updates
            else {},
            "latency_ms": quantiles(stats.latencies, scale=1000, top=True),
            "answer_ms": quantiles(stats.answers, scale=1000),
            "updates_without_calls": stats.silent,
            "latency_by_second": by_second(stats, window.started),
        }

    @staticmethod
    def lines(s: dict[str, Any]) -> list[str]:
        lat, ans, per_update = s["latency_ms"], s["answer_ms"], s["requests_per_update"]
        return [
            f"latency p50/p95/p99 {lat['p50']}/{lat['p95']}/{lat['p99']} ms"
            f" (answer {ans['p50']}/{ans['p95']}/{ans['p99']} ms), {s['api_calls_per_s']:.0f}"
            f" API calls/s, {s['updates_without_calls']} updates without a call",
            f"requests per update {sum(per_update.values()):.2f}: "
            + ", ".join(f"{method} {count}" for method, count in per_update.items()),
        ]


def by_second(stats: _Latencies, started: float) -> list[list[float]]:
    """[second, updates, p50 ms, p95 ms] for each second of the window: whether
    a tail comes from a few stalls or from all along."""
    seconds: dict[int, list[float]] = {}
    for began, latency in zip(stats.handed, stats.latencies, strict=True):
        seconds.setdefault(int(began - started), []).append(latency)
    return [
        [
            second,
            len(values),
            round(percentile(values, 50) * 1000, 1),
            round(percentile(values, 95) * 1000, 1),
        ]
        for second, values in sorted(seconds.items())
    ]


# -- hand-off to the next player ---------------------------------------------------------------


@dataclass
class _MoveTap:
    at: float  # when the fake received it
    table_id: int  # the bot's table (a new one for each match)
    version: int
    user_id: int
    window: Window | None
    private_refused: int  # 429s in the table's private chats so far
    group_refused: int
    handed: float | None = None  # when it was handed to the bot


@dataclass
class _Handoff:
    seconds: float
    same_player: bool
    method: str  # the request that showed the turn
    to_bot: float
    in_bot: float
    private_429: int  # refused in the table's private chats meanwhile
    group_429: int


@dataclass
class _Handoffs:
    handoffs: list[_Handoff] = field(default_factory=list)
    excluded: Counter[str] = field(default_factory=Counter)


def _seconds(values: list[float]) -> dict[str, float]:
    return quantiles(values, (50, 95), digits=2, top=True)


class Handoffs(Measure):
    name = "handoff"

    def __init__(self, fake: FakeTelegram) -> None:
        self.fake = fake
        self.awaiting: dict[int, _MoveTap] = {}  # table number → its move, until handed off
        self.taps: dict[str, _MoveTap] = {}  # query id → its move, until handed over
        self.windows: dict[str, _Handoffs] = {}

    def _of(self, window: Window) -> _Handoffs:
        return self.windows.setdefault(window.name, _Handoffs())

    def _refused(self, table: Table) -> tuple[int, int]:
        refused = self.fake.limit_stats.refused
        return sum(refused[p.user.id] for p in table.people), refused[table.group_id]

    def _exclude(self, table: Table, why: str) -> None:
        tap = self.awaiting.pop(table.number, None)
        if tap is not None and tap.window is not None:
            self._of(tap.window).excluded[why] += 1

    def tapped(
        self, person: Person, query_id: str, move: tuple[int, int] | None, window: Window | None
    ) -> None:
        if move is None:
            return
        table = person.table
        if table.number in self.awaiting:
            self._exclude(table, "no hand-off before the next move")
        private, group = self._refused(table)
        now = asyncio.get_running_loop().time()
        tap = _MoveTap(now, move[0], move[1], person.user.id, window, private, group)
        self.awaiting[table.number] = self.taps[query_id] = tap

    def handed(
        self, table: Table, update: dict[str, Any], now: float, window: Window | None
    ) -> None:
        query = update.get("callback_query")
        tap = self.taps.pop(query["id"], None) if query else None
        if tap is not None:
            tap.handed = now

    def turn_shown(self, turn: Turn) -> None:
        table, payload, arrived = turn.table, turn.payload, turn.arrived
        tap = self.awaiting.get(table.number)
        if tap is None or tap.table_id != payload.table or payload.version <= tap.version:
            return
        del self.awaiting[table.number]
        if tap.window is None:
            return
        now = asyncio.get_running_loop().time()
        private, group = self._refused(table)
        handed = tap.handed if tap.handed is not None else arrived
        self._of(tap.window).handoffs.append(
            _Handoff(
                seconds=now - tap.at,
                same_player=turn.chat_id == tap.user_id,
                method=turn.how,
                to_bot=handed - tap.at,
                in_bot=arrived - handed,
                private_429=private - tap.private_refused,
                group_429=group - tap.group_refused,
            )
        )

    def match_ended(self, table: Table) -> None:
        self._exclude(table, "ended the match")

    def prune(self, before: float) -> None:
        for query_id, tap in list(self.taps.items()):
            if tap.at < before:
                del self.taps[query_id]

    def unresolved(self) -> int:
        """Moves of a window still waiting for their hand-off."""
        return sum(1 for tap in self.awaiting.values() if tap.window is not None)

    def give_up(self, tables: list[Table]) -> None:
        for table in tables:
            self._exclude(table, "no hand-off by the end")

    def summary(self, window: Window) -> dict[str, Any]:
        stats = self._of(window)
        handoffs = stats.handoffs
        slow = [h for h in handoffs if h.seconds > 1.0]
        return {
            "handoff": {
                "count": len(handoffs),
                "seconds": _seconds([h.seconds for h in handoffs]),
                "to_same_player": sum(h.same_player for h in handoffs),
                "by_method": dict(Counter(h.method for h in handoffs).most_common()),
                "excluded": dict(stats.excluded),
                "to_the_bot_s": _seconds([h.to_bot for h in handoffs]),
                "in_the_bot_s": _seconds([h.in_bot for h in handoffs]),
                "over_1s": len(slow),
                "over_1s_with_private_429": sum(1 for h in slow if h.private_429),
                "over_1s_with_group_429": sum(1 for h in slow if h.group_429),
            }
        }

    @staticmethod
    def lines(s: dict[str, Any]) -> list[str]:
        hand = s["handoff"]
        q, to_bot, in_bot = hand["seconds"], hand["to_the_bot_s"], hand["in_the_bot_s"]
        excluded = ", ".join(f"{n} {why}" for why, n in hand["excluded"].items()) or "none"
        return [
            f"hand-off p50/p95/max {q['p50']}/{q['p95']}/{q['max']} s over {hand['count']} moves"
            f" ({hand['to_same_player']} to the same player; by {hand['by_method']});"
            f" excluded: {excluded}",
            f"  to the bot p50/p95 {to_bot['p50']}/{to_bot['p95']} s, in the bot"
            f" {in_bot['p50']}/{in_bot['p95']} s; over 1 s: {hand['over_1s']}"
            f" ({hand['over_1s_with_private_429']} after a 429 in the table's private chats,"
            f" {hand['over_1s_with_group_429']} in its group)",
        ]


# -- Bot API requests and 429s a tap -------------------------------------------------------------


class Requests(Measure):
    name = "requests"

    def __init__(self, fake: FakeTelegram) -> None:
        self.fake = fake
        self.calls: dict[str, Counter[tuple[str, str]]] = {}  # window → (method, chat kind)
        self.before: dict[str, LimitStats] = {}
        self.limits: dict[str, LimitStats] = {}

    def request(self, request: Request, window: Window | None) -> None:
        if window is not None and request.method != "getUpdates":
            calls = self.calls.setdefault(window.name, Counter())
            calls[(request.method, chat_kind(request.chat_id))] += 1

    async def begin(self, window: Window) -> None:
        self.before[window.name] = self.fake.limit_stats.copy()

    async def end(self, window: Window) -> None:
        self.limits[window.name] = self.fake.limit_stats.since(self.before[window.name])

    def summary(self, window: Window) -> dict[str, Any]:
        """The admitted requests the hooks saw, and the refused ones from the
        fake's limit statistics (which count both)."""
        taps = max(window.taps, 1)
        limits = self.limits.get(window.name, LimitStats())
        by_method: Counter[str] = Counter()
        by_kind: dict[str, Counter[str]] = {"group": Counter(), "private": Counter()}
        for (method, kind), count in self.calls.get(window.name, Counter()).items():
            by_method[method] += count
            if kind in by_kind:
                by_kind[kind][method] += count
        sends_edits = sum(n for m, n in by_method.items() if is_counted(m))
        refused_by_method = {
            m: n - by_method[m] for m, n in limits.counted.items() if n - by_method[m] > 0
        }
        by_chat: Counter[str] = Counter()
        for chat_id, count in limits.refused.items():
            by_chat[chat_kind(chat_id or None)] += count
        return {
            "api": {
                "calls_per_tap": round(sum(by_method.values()) / taps, 2),
                "sends_edits_per_tap": round(sends_edits / taps, 2),
                "per_tap": {m: round(n / taps, 2) for m, n in by_method.most_common()},
                "group_per_tap": {m: round(n / taps, 2) for m, n in by_kind["group"].most_common()},
                "private_per_tap": {
                    m: round(n / taps, 2) for m, n in by_kind["private"].most_common()
                },
                "calls_per_s": round(sum(by_method.values()) / window.seconds, 1),
                "refused_429": {
                    "total": limits.refused_total,
                    "by_limit": dict(limits.refused_by_limit),
                    "by_chat_kind": dict(by_chat),
                    "by_method": refused_by_method,
                },
            }
        }

    @staticmethod
    def lines(s: dict[str, Any]) -> list[str]:
        api = s["api"]
        refused = api["refused_429"]
        return [
            f"per tap: sends + edits {api['sends_edits_per_tap']},"
            f" Bot API calls {api['calls_per_tap']} ({api['calls_per_s']} a second)",
            "  group: " + ", ".join(f"{m} {n}" for m, n in api["group_per_tap"].items()),
            "  private: " + ", ".join(f"{m} {n}" for m, n in api["private_per_tap"].items()),
            f"429 answered: {refused['total']} (by limit {refused['by_limit']},"
            f" by chat {refused['by_chat_kind']}, by method {refused['by_method']})",
        ]
