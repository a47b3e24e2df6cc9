"""Does computer players' thinking stall the bot? Event-loop lag and update
latency while hard computer tables think (issue 13, item 3).

    python -m bench.computer_lag                    # 8 tables, 2 worker processes
    python -m bench.computer_lag --workers 0        # think in a thread (the old way)
    python -m bench.computer_lag --delay 0 --seconds 30 --json   # never a pause

The real bot application (handlers, service, SQLite store, timers on the
event loop) runs in this process (bench/bot_in_process.py) against the fake
Bot API (testing/fake_telegram), long polling as in production. Each of
`--tables` groups holds one person of the load bench's crowd
(bench/crowd.py) and three `hard` computer players. `--delay` is
`COMPUTER_DELAY`, the pause before a computer moves: 1.2 s by default as in
production; with `--delay 0` most tables have a computer thinking at any
moment. The person taps a move their hand offers the moment it is their
turn, and a finished match is opened again.

Measured during `--seconds` after a warm-up:

* *loop lag*: a task asks to sleep 10 ms, over and over; how much later than
  asked it wakes is the time the loop was busy with something else. This is
  what every update of every chat waits for.
* *update latency*: another person sends `/help` in private, one at a time
  every 50 ms; from the moment the fake queues the update to the moment the
  bot's answer reaches the fake (getUpdates, the handler, sendMessage). It
  includes the fake's own work in this process.
* *computer moves*: moves the computers committed in the window (as logged),
  to show the tables were thinking all along.

`--workers 0` is the code before issue 13: `asyncio.to_thread`, so the search
runs in a thread of this process and holds the GIL while it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import time
from pathlib import Path
from typing import Any

from bench.bot_in_process import computers_at_play
from bench.crowd import Crowd, stop_tasks
from bench.figures import percentile
from bench.pace import Instant
from bench.window import Window
from testing.fake_telegram import FakeTelegram

WAIT = 60.0


def computer_moves(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        (count,) = connection.execute(
            "SELECT count(*) FROM actions WHERE user_id IS NULL"
        ).fetchone()
    return int(count)


async def ticker(lags: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append((time.perf_counter() - asked - 0.01) * 1000)


async def prober(fake: FakeTelegram, latencies: list[float], stop: asyncio.Event) -> None:
    user = fake.user(99_999, "Prober")
    chat = fake.private_chat(user)

    def newest() -> int:  # the crowd's housekeeping keeps only a chat's newest messages
        return max((m.message_id for m in fake.messages(chat)), default=0)

    while not stop.is_set():
        before = newest()
        sent = time.perf_counter()
        await user.send_private("/help")

        def answered(seen: int = before) -> bool:
            return newest() > seen

        await fake.wait_for(answered, timeout=WAIT)
        latencies.append((time.perf_counter() - sent) * 1000)
        await asyncio.sleep(0.05)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    bot = await computers_at_play("computer_lag_", args.workers, args.delay)
    fake = bot.fake
    db = bot.db_path
    rng = random.Random(1)
    # One person and three computers a table; the person taps at once.
    crowd = Crowd(fake, args.tables, 1, Instant(rng), rng, 12, [], computers=3, level=args.level)
    people = crowd.run_tasks(silence=60.0)
    await crowd.start(timeout=WAIT + 10 * args.tables)
    crowd.window = run = Window("run")
    await asyncio.sleep(args.warmup)
    lags: list[float] = []
    latencies: list[float] = []
    window = asyncio.Event()
    moves_before = computer_moves(db)
    started = time.perf_counter()
    probes = [
        asyncio.create_task(ticker(lags, window)),
        asyncio.create_task(prober(fake, latencies, window)),
    ]
    await asyncio.sleep(args.seconds)
    window.set()
    await asyncio.gather(*probes)
    elapsed = time.perf_counter() - started
    moves = computer_moves(db) - moves_before
    crowd.stopping = True
    await stop_tasks(people)
    await bot.stop()
    await fake.stop()
    return {
        "tables": args.tables,
        "level": args.level,
        "workers": args.workers,
        "seconds": round(elapsed, 1),
        "loop_lag_ms": {
            "p50": round(percentile(lags, 50), 1),
            "p95": round(percentile(lags, 95), 1),
            "p99": round(percentile(lags, 99), 1),
            "max": round(max(lags, default=float("nan")), 1),
            "mean": round(statistics.fmean(lags), 1) if lags else None,
            "samples": len(lags),
        },
        "update_ms": {
            "p50": round(percentile(latencies, 50), 1),
            "p95": round(percentile(latencies, 95), 1),
            "max": round(max(latencies, default=float("nan")), 1),
            "samples": len(latencies),
        },
        "computer_moves_per_s": round(moves / elapsed, 1),
        "person_moves": run.move_taps,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--workers", type=int, default=2, help="0: think in a thread (old)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--delay", type=float, default=1.2, help="COMPUTER_DELAY: the pause before a computer moves"
    )
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
    else:
        lag, update = result["loop_lag_ms"], result["update_ms"]
        print(
            f"{result['tables']} {result['level']} tables, workers={result['workers']}, "
            f"{result['seconds']} s: loop lag p50 {lag['p50']} / p95 {lag['p95']} / "
            f"p99 {lag['p99']} / max {lag['max']} ms ({lag['samples']} samples); "
            f"/help p50 {update['p50']} / p95 {update['p95']} / max {update['max']} ms "
            f"({update['samples']}); computer moves {result['computer_moves_per_s']}/s, "
            f"person moves {result['person_moves']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
