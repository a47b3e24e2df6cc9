"""Load test: the real `python -m bot` process against the fake Bot API,
played by a crowd of simulated people (bench/crowd.py).

    python -m bench.load --tables 100 --seconds 60 [--rate 300] [--json]
    python -m bench.load --quick            # smoke test: 3 tables, a few seconds
    python -m bench.load --database postgres [--workers 2 | --webhook]
    python -m bench.load --pace person --tables 4 --seconds 120   # issue 57
    python -m bench.load --pace person --quick

The fake Bot API (testing/fake_telegram) runs in this process on 127.0.0.1;
the bot runs as a subprocess exactly as in production (`python -m bot`, long
polling, SQLite in WAL mode, one transaction per move). With `--database
postgres` the bot's tables live in a throwaway PostgreSQL server
(testing/postgres.py), whose processes' CPU is reported beside the bot's;
with `--workers N` (or `--webhook`) N bot processes share it in webhook mode,
each update posted to any of them (WebhookDealer), and the bot's CPU is
summed over them (docs/PERFORMANCE.md, issue 17). Each finished match draws
a chart in the bot's worker processes, whose CPU is reported apart.

`--pace instant` (the default): G tables of two people who tap the moment a
message arrives, burkozel `limit=2` (so matches end and new ones open at the
same table; at large G the first matches end together, and `--limit 12`
keeps match ends out of the windows), no flood limits. Two windows run on
the same bot, each `--seconds` after a `--warmup`:

* **saturated**: every tap at once, a closed loop with G requests
  outstanding: the bot's throughput; its latency is mostly queueing inside
  the bot (Little's law: latency ≈ G / throughput). `--paced-only` skips it.
* **paced**: taps released as a Poisson stream of `--rate` a second over all
  tables (their think time): the latency at a given load.

`--pace person` (issue 57): what a person feels is how long after their
move the next player is shown their turn, while the bot shares Telegram's
budgets (30 messages a second in all, edits included; one a second with a
burst of three per private chat; 20 a minute per group) among its tables.
So by default the fake enforces those limits (`--limits telegram`:
testing/fake_telegram/limits.py, a request over one gets a real 429 and
changes nothing), the bot runs with its production rate limiter, and each
table is burkozel (`--limit 12`) for three people who look at their hand 2
to 5 s (`--think`, uniform, seeded) before each tap. One window; at its end
the people stop, the window's moves still waiting for their hand-off get up
to a minute, then the bot up to 90 s to send what it holds back for the
groups' budgets, before it is stopped and its database read.

What is measured (`--measure`, bench/measures.py): update latency
(`latency`, the instant pace's default), hand-off to the next player,
requests and 429s a tap and the group's record (`handoff,requests,record`,
the person pace's), and always the bot's CPU per update and per tap, its
peak RSS and the database's growth.

Placement: the bot runs on the first CPU and this process on the others
(`--no-pin` leaves it to the OS). Left to the OS on the 2-core machine, the
load generator (0.6-0.7 of a core) often ran on the bot's core: at 300
updates/s a database trip's p95 was ~30 ms unpinned and ~9 ms pinned.
Telegram's servers are not on the bot's machine; pinned is the fairer
picture of the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import measures
from bench.bot_in_process import BotInProcess
from bench.bot_process import Bot, BotProcess, pin_cpus
from bench.cost import BotCost, Collector
from bench.crowd import Crowd, stop_tasks
from bench.figures import report
from bench.group_record import check, finished_deals, shown_in_groups
from bench.pace import Instant, Looking
from bench.reviews import ReviewTimes
from bench.window import Measure, Window
from bot.view.i18n import DEFAULT
from testing.fake_telegram import FakeTelegram, TelegramLimits
from testing.fake_telegram.webhooks import WebhookDealer
from testing.postgres import PostgresServer, free_port

WEBHOOK_SECRET = "load-Secret_1-at-least-32-characters"
# The bot's own rate limiter as in production (lifted under --limits none).
PRODUCTION_LIMITS = {
    "RATE_LIMIT_OVERALL": "30",
    "RATE_LIMIT_GROUP": "20",
    "RATE_LIMIT_PRIVATE": "1",
}
LIMITS = "Telegram's: 30/s for the bot, 1/s (burst 3) a private chat, 20/min a group"
MEASURES = ("latency", "handoff", "requests", "record", "reviews")  # reviews: bench/reviews.py
# --pace: (tables, players, seconds, warmup, limit, measures); --quick's (tables, seconds, warmup)
DEFAULTS = {
    "instant": (100, 2, 60.0, 5.0, 2, "latency"),
    "person": (4, 3, 120.0, 10.0, 12, "handoff,requests,record"),
}
THINK = (2.0, 5.0)
QUICK = {"instant": (3, 3.0, 1.0), "person": (2, 8.0, 1.0)}


def start_bots(
    args: argparse.Namespace,
    fake: FakeTelegram,
    workdir: Path,
    cpus: set[int] | None,
    env: dict[str, str],
) -> list[Bot]:
    if args.in_process:
        return [BotInProcess(fake, workdir, env)]
    bots: list[Bot] = []
    for number in range(args.workers):
        extra = dict(env)
        if args.webhook:
            extra |= {
                "BOT_WEBHOOK_URL": "https://bench.example.org/hook",
                "BOT_WEBHOOK_SECRET": WEBHOOK_SECRET,
                "BOT_WEBHOOK_LISTEN": "127.0.0.1",
                "BOT_WEBHOOK_PORT": str(free_port()),
            }
        name = "bot" if args.workers == 1 else f"bot{number}"
        bots.append(BotProcess(fake, workdir, args.profile, cpus, extra, name))
    return bots


async def measure(
    crowd: Crowd,
    cost: BotCost,
    chosen: list[Measure],
    window: Window,
    seconds: float,
    until_a_match: bool = False,
) -> None:
    """One window: the measures begin, the bot's RSS is sampled each second.
    `until_a_match` (--quick): on past `seconds` until a match has finished in
    the run, up to a minute, so that a smoke test on a slow machine still
    sees a match to its end."""
    loop = crowd.loop
    await cost.begin(window)  # the only one that waits: the others' begin with the window
    for m in chosen:
        if m is not cost:
            await m.begin(window)
    window.started = loop.time()
    crowd.window = window
    end = window.started + seconds
    while (left := end - loop.time()) > 0 or (
        until_a_match and not crowd.matches and loop.time() < window.started + 60
    ):
        await asyncio.sleep(min(1.0, left) if left > 0 else 0.1)
        cost.sample(loop.time(), window)
    crowd.window = None
    window.ended = loop.time()
    for m in chosen:
        if m is not cost:
            await m.end(window)
    await cost.end(window)


async def drain(
    crowd: Crowd, handoffs: measures.Handoffs | None, fake: FakeTelegram, quiet_s: float
) -> None:
    """The people stop; the window's moves get up to a minute for their
    hand-off, then the bot up to 90 s to send what it holds back (until it
    has made no request for `quiet_s`)."""
    crowd.stopping = True
    loop = crowd.loop
    if handoffs is not None:
        with contextlib.suppress(AssertionError):
            await fake.wait_for(lambda: handoffs.unresolved() == 0, timeout=60)
        handoffs.give_up(crowd.tables)
    quiet = loop.time() + 90
    while loop.time() < quiet and loop.time() - crowd.last_request < quiet_s:
        await asyncio.sleep(0.5)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    # In process, the bot and the crowd share one process: nothing to place.
    bot_cpus, generator_cpus = pin_cpus(not args.no_pin and not args.in_process)
    client_gc = Collector()
    telegram = args.limits == "telegram"
    fake = FakeTelegram(
        callback_max_age=900.0, quiet_period=0.05, limits=TelegramLimits() if telegram else None
    )
    await fake.start()
    workdir = Path(tempfile.mkdtemp(prefix="burkozel-load-"))
    server = PostgresServer.start() if args.database == "postgres" else None
    env = dict(PRODUCTION_LIMITS) if telegram else {}
    if server is not None:
        env["DATABASE_URL"] = server.create_database("load")
    bots = start_bots(args, fake, workdir, bot_cpus, env)
    bot = bots[0]
    rng = random.Random(args.seed)
    pace = Instant(rng) if args.pace == "instant" else Looking(rng, *args.think)
    instant = pace if isinstance(pace, Instant) else None
    cost = BotCost(bots, server)
    named: dict[str, Measure] = {
        "latency": measures.UpdateLatency(),
        "handoff": measures.Handoffs(fake),
        "requests": measures.Requests(fake),
        "reviews": ReviewTimes(),
    }
    chosen = [named[n] for n in args.measure if n in named] + [cost]
    handoffs = named["handoff"] if "handoff" in args.measure else None
    assert handoffs is None or isinstance(handoffs, measures.Handoffs)
    record = "record" in args.measure
    crowd = Crowd(fake, args.tables, args.players, pace, rng, args.limit, chosen, record)
    crowd.reviews = named["reviews"] if "reviews" in args.measure else None  # type: ignore[assignment]
    started = time.monotonic()
    for worker in bots:
        await worker.start()
    dealer = None
    if args.webhook:
        # Telegram posting to the webhook behind a load balancer: each update
        # to any worker, up to 64 at once.
        targets = [f"http://127.0.0.1:{b.extra_env['BOT_WEBHOOK_PORT']}/hook" for b in bots]
        dealer = WebhookDealer(
            fake,
            targets,
            WEBHOOK_SECRET,
            random.Random(args.seed),
            concurrency=64,
            on_deal=lambda update: crowd.handed([update], crowd.loop.time()),
        )
        dealer.start()
    fake.keep_history = False  # counted as they come (see measures.Collector)
    fake.requests.clear()
    tasks = crowd.run_tasks(args.silence)
    windows: list[Window] = []
    try:
        await crowd.start(timeout=120 + args.players * len(crowd.tables))
        setup_seconds = time.monotonic() - started
        if not args.in_process:  # the bot's (and a test's) process is not ours to tune
            client_gc.settle()
        if args.pace == "person":
            windows.append(Window("person"))
        elif not args.paced_only:
            windows.append(Window("saturated"))
        if args.pace == "instant" and args.rate > 0:
            windows.append(Window("paced"))
        for window in windows:
            if instant is not None and (window.name == "paced" or args.paced_only):
                instant.rate = args.rate
            await asyncio.sleep(args.warmup)
            quick = args.quick and args.pace == "instant"  # a person's match is longer
            await measure(crowd, cost, chosen, window, args.seconds, quick)
        if handoffs is not None or telegram or record:
            await drain(crowd, handoffs, fake, args.quiet)
        memory = bot.memory_kb()
    finally:
        crowd.stopping = True
        await stop_tasks(tasks)
        if dealer is not None:
            await dealer.stop()
        codes = [await worker.stop() for worker in bots]
        code = max(codes, key=abs)
        await fake.stop()
        try:
            group_record = None
            if record:
                deals = await finished_deals(env.get("DATABASE_URL") or bot.db_path)
                groups = (t.group_id for t in crowd.tables)
                group_record = check(deals, shown_in_groups(fake, groups, DEFAULT))
        finally:
            if server is not None:
                server.stop()
    latency = named["latency"]
    if isinstance(latency, measures.UpdateLatency):
        for table in crowd.tables:
            latency.finish(table)
    log_text = "".join(b.log_path.read_text(errors="replace") for b in bots)
    matches = sum(w.matches for w in windows)
    rss = [kb for _, _, kb in cost.samples]
    result: dict[str, Any] = {
        "pace": args.pace,
        "tables": args.tables,
        "players_per_table": args.players,
        "database": args.database,
        "workers": args.workers,
        "updates_by": "webhook" if args.webhook else "getUpdates",
        "game": f"burkozel limit={args.limit}, {args.players} people",
        "think_s": list(args.think) if args.pace == "person" else None,
        "paced_rate": args.rate if args.pace == "instant" else None,
        "limits": LIMITS if telegram else "none",
        "setup_seconds": round(setup_seconds, 1),
        "cpus": {
            "bot": sorted(bot_cpus) if bot_cpus else "any",
            "load_generator": sorted(generator_cpus) if generator_cpus else "any",
        },
        "phases": {w.name: summary(w, chosen) for w in windows},
        "peak_rss_mb": round(memory.get("VmHWM", 0) / 1024, 1),
        "rss_mb": {
            "first": round(rss[0] / 1024, 1) if rss else None,
            "last": round(rss[-1] / 1024, 1) if rss else None,
            "max": round(max(rss) / 1024, 1) if rss else None,
        },
        "db_kb_per_match": round(cost.db_growth() / matches / 1024, 2)
        if matches and not server
        else None,
        "db_file_kb_at_exit": round(bot.db_path.stat().st_size / 1024, 1) if not server else 0,
        "matches_total": crowd.matches,
        "nudges": crowd.nudges,
        "taps_dropped": crowd.dropped,
        "api_errors": dict(crowd.errors.most_common(8)),
        "bot_exit_code": code,
        "bot_log_errors": log_text.count("Traceback") + log_text.count(" ERROR "),
        "client_peak_rss_mb": round(_self_hwm_kb() / 1024, 1),
        "client_gc": client_gc.summary(),
        "rss_samples": cost.samples if args.samples else None,
    }
    if group_record is not None:
        result["group_record"] = group_record
    instructions = bot.instructions()
    if instructions is not None:
        updates = sum(w.updates for w in windows)
        result["bot_instructions_per_update"] = round(instructions / max(updates, 1))
    if args.keep:
        result["workdir"] = str(workdir)
    else:
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()
    return result


def summary(window: Window, chosen: list[Measure]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seconds": round(window.seconds, 1),
        "updates": window.updates,
        "updates_per_s": round(window.updates / window.seconds, 1),
        "taps": window.taps,
        "move_taps": window.move_taps,
        "matches_finished": window.matches,
    }
    for m in chosen:
        out |= m.summary(window)
    return out


def _self_hwm_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    add = parser.add_argument
    add("--pace", choices=("instant", "person"), default="instant", help="how people tap")
    add("--limits", choices=("none", "telegram"), help="Telegram's flood limits (person: on)")
    add("--tables", "-G", type=int, help="tables open at once (instant 100, person 4)")
    add("--players", type=int, choices=(2, 3, 4), help="people a table (instant 2, person 3)")
    add("--seconds", type=float, help="each measured window (instant 60, person 120)")
    add("--warmup", type=float, help="before each window (instant 5, person 10)")
    add("--limit", type=int, help="the matches' penalty limit (instant 2: short matches; 12)")
    add("--measure", help=f"comma-separated, of {', '.join(MEASURES)} (default: by pace)")
    add("--paced-only", action="store_true", help="instant: only the paced window")
    add("--rate", type=float, default=300.0, help="instant: the paced window's taps/s (0: skip)")
    add(
        "--think",
        type=float,
        nargs=2,
        default=THINK,
        metavar=("LOW", "HIGH"),
        help="person: seconds a person looks before each tap (uniform)",
    )
    add("--silence", type=float, default=60.0, help="seconds before a nudge")
    add("--quiet", type=float, default=8.0, help="at the end: the bot is done after this silence")
    add("--seed", type=int, default=1)
    add("--json", action="store_true", help="print JSON only")
    add("--samples", action="store_true", help="include RSS samples in JSON")
    add("--keep", action="store_true", help="keep the database and bot log")
    add(
        "--profile",
        help="profile the bot: OUT.prof (cProfile), OUT.txt/.html (pyinstrument),"
        " py-spy:OUT.svg/.json/.txt (py-spy on PATH: flame graph, speedscope, collapsed"
        " stacks; the first window), or 'callgrind' (instructions per update in the"
        " window, under valgrind; use --rate 0)",
    )
    add("--no-pin", action="store_true", help="let the OS place the bot and this process")
    add(
        "--database",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="postgres: a throwaway PostgreSQL server (testing/postgres.py) as DATABASE_URL",
    )
    add("--workers", type=int, default=1, help="bot processes (more than one: webhook, postgres)")
    add("--webhook", action="store_true", help="updates posted to the bots' webhooks")
    add(
        "--in-process",
        action="store_true",
        help="the bot's application in this process (starts at once, for tests: its CPU"
        " and memory are then this whole process's)",
    )
    add(
        "--quick",
        action="store_true",
        help="smoke test: instant 3 tables 3 s (on until a match ended), person 2 tables 8 s",
    )
    args = parser.parse_args(argv)
    if args.workers > 1 and args.database != "postgres":
        parser.error("several workers need --database postgres (SQLite is one process's)")
    args.webhook = args.webhook or args.workers > 1
    if args.in_process and (args.webhook or args.profile):
        parser.error("--in-process runs one bot, long polling, unprofiled")
    tables, players, seconds, warmup, limit, chosen = DEFAULTS[args.pace]
    if args.quick:  # smaller defaults; what is given explicitly still counts
        tables, seconds, warmup = QUICK[args.pace]
        args.rate = min(args.rate, 30.0)
        if args.pace == "person" and args.think == THINK:
            args.think = (0.4, 1.0)  # people five times faster
    args.tables = args.tables if args.tables is not None else tables
    args.players = args.players or players
    args.seconds = args.seconds if args.seconds is not None else seconds
    args.warmup = args.warmup if args.warmup is not None else warmup
    args.limit = args.limit if args.limit is not None else limit
    args.limits = args.limits or ("telegram" if args.pace == "person" else "none")
    args.measure = [m.strip() for m in (args.measure or chosen).split(",") if m.strip()]
    if unknown := set(args.measure) - set(MEASURES):
        parser.error(f"unknown measures {sorted(unknown)}: choose from {', '.join(MEASURES)}")
    return args


KINDS: dict[str, type[Measure]] = {
    "latency": measures.UpdateLatency,
    "handoff": measures.Handoffs,
    "requests": measures.Requests,
    "reviews": ReviewTimes,
}


def healthy(result: dict[str, Any]) -> bool:
    """Every window had updates (and hand-offs, when measured); the bot ended cleanly."""
    phases = result["phases"].values()
    return (
        all(p["updates"] > 0 and p.get("handoff", {"count": 1})["count"] > 0 for p in phases)
        and result["bot_exit_code"] == 0
        and result["bot_log_errors"] == 0
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    result = asyncio.run(run(args))
    kinds = [KINDS[n] for n in args.measure if n in KINDS] + [BotCost]
    print(json.dumps(result, ensure_ascii=False, indent=1) if args.json else report(result, kinds))
    return 0 if healthy(result) else 1


if __name__ == "__main__":
    raise SystemExit(main())
