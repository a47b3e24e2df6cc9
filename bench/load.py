"""Load test: the real `python -m bot` process against the fake Bot API.

    python -m bench.load --tables 100 --seconds 60 [--rate 300] [--json]
    python -m bench.load --quick            # smoke test: 3 tables, a few seconds
    python -m bench.load --database postgres [--workers 2 | --webhook]

(At a person's pace and under Telegram's flood limits, three people a
table: bench/load_pace.py.)

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
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.load_bot import BotProcess, children_cpu, db_used_bytes, pin_cpus, server_cpu
from bench.load_people import Collector, Load, Phase, percentile
from testing.fake_telegram import FakeTelegram
from testing.fake_telegram.webhooks import WebhookDealer
from testing.postgres import PostgresServer, free_port

WEBHOOK_SECRET = "load-Secret_1-at-least-32-characters"

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
