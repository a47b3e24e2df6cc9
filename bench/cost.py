"""What the bot's processes cost in a window of bench/load.py, and this
process's garbage collector kept quiet.

The bots' user+system CPU (/proc/<pid>/stat) summed over every worker, per
update and per tap; their worker processes (the match charts, which share
the bot's core) and PostgreSQL's processes apart; this process's CPU (the
fake Bot API and the crowd), so one can tell whether it was the bottleneck;
the SQLite database's used pages before and after (page_count -
freelist_count through a separate connection, so WAL content counts once);
the bot's RSS each second.
"""

from __future__ import annotations

import asyncio
import gc
import time
from dataclasses import dataclass
from typing import Any

from bench.bot_process import Bot, children_cpu, db_used_bytes, server_cpu
from bench.figures import per
from bench.window import Measure, Window
from bot.__main__ import tune_gc
from testing.postgres import PostgresServer

# -- what the bot's processes cost ----------------------------------------------------------------


@dataclass
class _Cost:
    bot: float = 0.0  # summed over the workers
    server: float = 0.0  # PostgreSQL's processes
    workers: float = 0.0  # the bots' child processes (charts)
    client: float = 0.0
    db_before: int = 0
    db_after: int = 0


class BotCost(Measure):
    """CPU of the bots (summed over every worker), their charts, PostgreSQL and
    this process in a window; the SQLite database's growth; RSS samples."""

    name = "cost"

    def __init__(self, bots: list[Bot], server: PostgresServer | None) -> None:
        self.bots = bots
        self.server = server
        self.windows: dict[str, _Cost] = {}
        self.started: dict[str, tuple[float, float, dict[int, float], dict[int, float]]] = {}
        self.samples: list[tuple[float, str, int]] = []

    async def _db(self) -> int:
        if self.server is not None:
            return 0
        return await asyncio.to_thread(db_used_bytes, self.bots[0].db_path)

    async def begin(self, window: Window) -> None:
        self.windows[window.name] = _Cost(db_before=await self._db())
        await self.bots[0].instrument(True)
        self.started[window.name] = (
            sum(b.cpu_seconds() for b in self.bots),
            time.process_time(),
            children_cpu(self.bots),
            server_cpu(self.server),
        )

    def sample(self, now: float, window: Window) -> None:
        self.samples.append((round(now, 2), window.name, self.bots[0].memory_kb().get("VmRSS", 0)))

    async def end(self, window: Window) -> None:
        bot0, client0, workers0, server0 = self.started[window.name]
        cost = self.windows[window.name]
        cost.bot = sum(b.cpu_seconds() for b in self.bots) - bot0
        cost.workers = sum(s - workers0.get(pid, 0.0) for pid, s in children_cpu(self.bots).items())
        cost.server = sum(s - server0.get(pid, 0.0) for pid, s in server_cpu(self.server).items())
        await self.bots[0].instrument(False)
        cost.client = time.process_time() - client0
        cost.db_after = await self._db()

    def summary(self, window: Window) -> dict[str, Any]:
        cost, seconds, updates = self.windows[window.name], window.seconds, window.updates
        return {
            "bot_cpu_s": round(cost.bot, 2),
            "bot_cpu_share": round(cost.bot / seconds, 3),
            "bot_cpu_ms_per_update": per(cost.bot * 1000, updates),
            "bot_cpu_ms_per_tap": per(cost.bot * 1000, window.taps),
            "server_cpu_ms_per_update": per(cost.server * 1000, updates),
            "client_cpu_share": round(cost.client / seconds, 2),
            "workers_cpu_ms_per_update": per(cost.workers * 1000, updates),
            "workers_cpu_share": round(cost.workers / seconds, 3),
            "db_growth_kb": round((cost.db_after - cost.db_before) / 1024, 1),
        }

    def db_growth(self) -> int:
        return sum(c.db_after - c.db_before for c in self.windows.values())

    @staticmethod
    def lines(s: dict[str, Any]) -> list[str]:
        return [
            f"bot CPU {s['bot_cpu_ms_per_update']} ms/update, {s['bot_cpu_ms_per_tap']} ms/tap"
            f" ({s['bot_cpu_share']:.1%} of a core), PostgreSQL CPU"
            f" {s['server_cpu_ms_per_update']} ms/update, client CPU"
            f" {s['client_cpu_share']:.0%} of a core",
            f"the bot's worker processes (charts) {s['workers_cpu_ms_per_update']} ms/update"
            f" ({s['workers_cpu_share']:.1%} of a core, on the bot's core)",
        ]


# -- this process's garbage collector --------------------------------------------------------------


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
