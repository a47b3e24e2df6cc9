"""The bot at a person's pace, under Telegram's flood limits (issue 57).

    python -m bench.load_pace --tables 4 --seconds 120 [--json]
    python -m bench.load_pace --quick          # smoke test: 2 tables, quick people

bench/load.py measures the bot's throughput with people who tap the moment a
message arrives, against a Bot API without limits. People do not play like
that, and Telegram does limit a bot: what a person feels is how long after
their move the next player is shown their turn, while the bot shares
Telegram's budgets (30 messages a second in all, edits included; one a
second with a burst of three per private chat; 20 a minute per group) among
its tables. So here the fake Bot API enforces those limits
(testing/fake_telegram/limits.py: a request over one gets a real 429 and
changes nothing), the bot runs with its production rate limiter, and each
table is burkozel for three people who look at their hand 2 to 5 s
(uniform, seeded) before each tap, the lobby's taps and the next match's
/new included.

Definitions:

* *hand-off*: from the moment the fake receives a tap that the bot then
  commits as a move to the moment the fake answers the request that first
  shows the next player to act at that table (the same player when they
  took the trick and lead) move buttons for the new position
  (bench/load_pace_people.py). Moves that end the match are excluded, and
  so would be moves after which a computer acts (there are none here).
  Its parts: *to the bot*, until getUpdates hands the tap over; *in the
  bot*, from then to the showing request's arrival; a refused request's
  wait for its retry is in the bot's part.
* *taps*: every tap the people made in the window (lobby and card picks
  too); the requests per tap are the bot's requests in the window (admitted
  ones by method, group and private chats apart; getUpdates excluded) over
  those taps; *sends + edits* are the counted ones Telegram's limits apply
  to. 429s are the fake's refusals in the window, by limit and by chat kind.
* *group record*: after the run, every finished deal in the bot's database
  (replayed from seed and log) against the trick lines its live message in
  the group ended with (bench/load_record.py).
* *bot CPU*: the bot process's user+system CPU in the window, per tap; its
  worker processes (the match charts) apart. *Peak RSS*: VmHWM at the end.

The window starts after every table is playing and a warm-up. At its end the
people stop; the moves of the window still waiting for their hand-off get up
to a minute, then the bot up to 90 s to send what it still holds back for the
groups' budgets, before it is stopped and its database read.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.load_bot import BotProcess, children_cpu, pin_cpus
from bench.load_pace_people import Handoff, People, Window, chat_kind
from bench.load_people import Collector, percentile
from bench.load_record import check, finished_deals, shown_in_groups
from bot.view.i18n import DEFAULT
from testing.fake_telegram import FakeTelegram, TelegramLimits
from testing.fake_telegram.limits import is_counted

# The bot's own rate limiter as in production (bench/load.py lifts it).
PRODUCTION_LIMITS = {
    "RATE_LIMIT_OVERALL": "30",
    "RATE_LIMIT_GROUP": "20",
    "RATE_LIMIT_PRIVATE": "1",
}


def _seconds(values: list[float]) -> dict[str, float]:
    return {
        "p50": round(percentile(values, 50), 2),
        "p95": round(percentile(values, 95), 2),
        "max": round(max(values, default=float("nan")), 2),
    }


def handoff_summary(window: Window) -> dict[str, Any]:
    handoffs: list[Handoff] = window.handoffs
    slow = [h for h in handoffs if h.seconds > 1.0]
    return {
        "count": len(handoffs),
        "seconds": _seconds([h.seconds for h in handoffs]),
        "to_same_player": sum(h.same_player for h in handoffs),
        "by_method": dict(Counter(h.method for h in handoffs).most_common()),
        "excluded": dict(window.excluded),
        "to_the_bot_s": _seconds([h.to_bot for h in handoffs]),
        "in_the_bot_s": _seconds([h.in_bot for h in handoffs]),
        "over_1s": len(slow),
        "over_1s_with_private_429": sum(1 for h in slow if h.private_429),
        "over_1s_with_group_429": sum(1 for h in slow if h.group_429),
    }


def api_summary(
    window: Window, counted: Counter[str], refused: dict[str, Counter[Any]]
) -> dict[str, Any]:
    """Requests per tap: the admitted ones the hooks saw, and the refused ones
    from the fake's limit statistics (`counted` counts both)."""
    taps = max(window.taps, 1)
    by_method: Counter[str] = Counter()
    by_kind: dict[str, Counter[str]] = {"group": Counter(), "private": Counter()}
    for (method, kind), count in window.calls.items():
        by_method[method] += count
        if kind in by_kind:
            by_kind[kind][method] += count
    sends_edits = sum(n for m, n in by_method.items() if is_counted(m))
    refused_by_method = {m: n - by_method[m] for m, n in counted.items() if n - by_method[m] > 0}
    by_chat: Counter[str] = Counter()
    for chat_id, count in refused["by_chat"].items():
        by_chat[chat_kind(chat_id or None)] += count
    return {
        "calls_per_tap": round(sum(by_method.values()) / taps, 2),
        "sends_edits_per_tap": round(sends_edits / taps, 2),
        "per_tap": {m: round(n / taps, 2) for m, n in by_method.most_common()},
        "group_per_tap": {m: round(n / taps, 2) for m, n in by_kind["group"].most_common()},
        "private_per_tap": {m: round(n / taps, 2) for m, n in by_kind["private"].most_common()},
        "calls_per_s": round(sum(by_method.values()) / (window.ended - window.started), 1),
        "refused_429": {
            "total": sum(refused["by_chat"].values()),
            "by_limit": dict(refused["by_limit"]),
            "by_chat_kind": dict(by_chat),
            "by_method": refused_by_method,
        },
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    bot_cpus, generator_cpus = pin_cpus(not args.no_pin)
    client_gc = Collector()
    fake = FakeTelegram(callback_max_age=900.0, quiet_period=0.05, limits=TelegramLimits())
    await fake.start()
    workdir = Path(tempfile.mkdtemp(prefix="burkozel-pace-"))
    bot = BotProcess(fake, workdir, None, bot_cpus, dict(PRODUCTION_LIMITS))
    people = People(fake, args.tables, args.seed, (args.think[0], args.think[1]), args.limit)
    started = time.monotonic()
    await bot.start()
    fake.keep_history = False
    fake.requests.clear()
    tasks = [
        asyncio.create_task(people.housekeeping()),
        asyncio.create_task(people.watchdog(args.silence)),
    ]
    loop = asyncio.get_running_loop()
    window = Window()
    samples: list[int] = []
    stats = fake.limit_stats
    try:
        for table in people.tables:
            for person in table.people:
                fake.user_sends(person.user, fake.private_chat(person.user), "/start")
        everybody = 3 * len(people.tables)
        await fake.wait_for(lambda: len(people.welcomed) == everybody, timeout=120 + everybody)
        for table in people.tables:
            people.later(functools.partial(people.open, table))
        await fake.wait_for(
            lambda: all(t.stage == "play" for t in people.tables),
            timeout=120 + 2 * len(people.tables),
        )
        setup_seconds = time.monotonic() - started
        client_gc.settle()
        await asyncio.sleep(args.warmup)
        counted0, by_chat0 = Counter(stats.counted), Counter(stats.refused)
        by_limit0 = Counter(stats.refused_by_limit)
        cpu0, workers0 = bot.cpu_seconds(), children_cpu([bot])
        window.started = loop.time()
        people.window = window
        end = window.started + args.seconds
        while (left := end - loop.time()) > 0:
            await asyncio.sleep(min(1.0, left))
            samples.append(bot.memory_kb().get("VmRSS", 0))
        people.window = None
        window.ended = loop.time()
        bot_cpu = bot.cpu_seconds() - cpu0
        workers_cpu = sum(s - workers0.get(pid, 0.0) for pid, s in children_cpu([bot]).items())
        counted = Counter(stats.counted)
        counted.subtract(counted0)
        refused: dict[str, Counter[Any]] = {
            "by_chat": Counter(stats.refused) - by_chat0,
            "by_limit": Counter(stats.refused_by_limit) - by_limit0,
        }
        people.stopping = True
        with contextlib.suppress(AssertionError):
            await fake.wait_for(lambda: people.unresolved() == 0, timeout=60)
        people.give_up()
        quiet = loop.time() + 90
        while loop.time() < quiet and loop.time() - people.last_request < 8:
            await asyncio.sleep(0.5)
        memory = bot.memory_kb()
    finally:
        people.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        code = await bot.stop()
        await fake.stop()
    deals = await finished_deals(bot.db_path)
    record = check(deals, shown_in_groups(fake, (t.group_id for t in people.tables), DEFAULT))
    log_text = bot.log_path.read_text(errors="replace")
    seconds = window.ended - window.started
    result: dict[str, Any] = {
        "tables": args.tables,
        "players_per_table": 3,
        "game": f"burkozel limit={args.limit}, three people",
        "think_s": list(args.think),
        "limits": "Telegram's: 30/s for the bot, 1/s (burst 3) a private chat, 20/min a group",
        "setup_seconds": round(setup_seconds, 1),
        "cpus": {
            "bot": sorted(bot_cpus) if bot_cpus else "any",
            "load_generator": sorted(generator_cpus) if generator_cpus else "any",
        },
        "window_s": round(seconds, 1),
        "taps": window.taps,
        "move_taps": window.move_taps,
        "matches_finished": window.matches,
        "handoff": handoff_summary(window),
        "api": api_summary(window, counted, refused),
        "group_record": record,
        "bot_cpu_ms_per_tap": round(bot_cpu / max(window.taps, 1) * 1000, 2),
        "bot_cpu_share": round(bot_cpu / seconds, 3),
        "workers_cpu_share": round(workers_cpu / seconds, 3),
        "peak_rss_mb": round(memory.get("VmHWM", 0) / 1024, 1),
        "rss_mb": {
            "first": round(samples[0] / 1024, 1) if samples else None,
            "last": round(samples[-1] / 1024, 1) if samples else None,
        },
        "nudges": people.nudges,
        "api_errors": dict(people.errors.most_common(8)),
        "bot_exit_code": code,
        "bot_log_errors": log_text.count("Traceback") + log_text.count(" ERROR "),
        "client_gc": client_gc.summary(),
    }
    if args.keep:
        result["workdir"] = str(workdir)
    else:
        for path in workdir.iterdir():
            path.unlink()
        workdir.rmdir()
    return result


def report(result: dict[str, Any]) -> str:
    hand, api, record = result["handoff"], result["api"], result["group_record"]
    low, high = result["think_s"]
    s, to_bot, in_bot = hand["seconds"], hand["to_the_bot_s"], hand["in_the_bot_s"]
    refused = api["refused_429"]
    excluded = ", ".join(f"{n} {why}" for why, n in hand["excluded"].items()) or "none"
    lines = [
        f"G = {result['tables']} tables x 3 people ({result['game']}), think {low}-{high} s,"
        f" {result['limits']}; set-up {result['setup_seconds']} s",
        f"  {result['taps']} taps in {result['window_s']} s ({result['move_taps']} moves,"
        f" {result['matches_finished']} matches finished)",
        f"  hand-off p50/p95/max {s['p50']}/{s['p95']}/{s['max']} s over {hand['count']} moves"
        f" ({hand['to_same_player']} to the same player; by {hand['by_method']});"
        f" excluded: {excluded}",
        f"    to the bot p50/p95 {to_bot['p50']}/{to_bot['p95']} s, in the bot"
        f" {in_bot['p50']}/{in_bot['p95']} s; over 1 s: {hand['over_1s']}"
        f" ({hand['over_1s_with_private_429']} after a 429 in the table's private chats,"
        f" {hand['over_1s_with_group_429']} in its group)",
        f"  per tap: sends + edits {api['sends_edits_per_tap']},"
        f" Bot API calls {api['calls_per_tap']} ({api['calls_per_s']} a second)",
        "    group: " + ", ".join(f"{m} {n}" for m, n in api["group_per_tap"].items()),
        "    private: " + ", ".join(f"{m} {n}" for m, n in api["private_per_tap"].items()),
        f"  429 answered: {refused['total']} (by limit {refused['by_limit']},"
        f" by chat {refused['by_chat_kind']}, by method {refused['by_method']})",
        f"  group record: {record['deals_checked']} deals ({record['tricks_checked']} tricks)"
        f" checked, {record['deals_missing_tricks']} missing tricks {record['missing']}"
        f" ({record['missing_but_summarised']} of them summarised),"
        f" {record['deals_without_summary']} without a summary",
        f"  bot CPU {result['bot_cpu_ms_per_tap']} ms/tap ({result['bot_cpu_share']:.1%} of a"
        f" core; charts {result['workers_cpu_share']:.1%}), peak RSS {result['peak_rss_mb']} MB"
        f" (RSS first/last {result['rss_mb']['first']}/{result['rss_mb']['last']} MB)",
        f"  nudges {result['nudges']}, errors in bot log {result['bot_log_errors']},"
        f" bot exit code {result['bot_exit_code']}",
    ]
    if result["api_errors"]:
        lines.append(f"  API errors: {result['api_errors']}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", "-G", type=int, default=4, help="tables open at once")
    parser.add_argument("--seconds", type=float, default=120.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=10.0, help="after every table plays")
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(2.0, 5.0),
        metavar=("LOW", "HIGH"),
        help="seconds a person looks before each tap (uniform)",
    )
    parser.add_argument(
        "--limit", type=int, default=12, help="the matches' penalty limit (12: the game's default)"
    )
    parser.add_argument("--silence", type=float, default=60.0, help="seconds before a nudge")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.add_argument("--keep", action="store_true", help="keep the database and bot log")
    parser.add_argument("--no-pin", action="store_true", help="let the OS place the processes")
    parser.add_argument(
        "--quick", action="store_true", help="smoke test: 2 tables, 8 s, people 5x faster"
    )
    args = parser.parse_args()
    if args.quick:
        args.tables, args.seconds, args.warmup, args.think = 2, 8.0, 1.0, (0.4, 1.0)
    result = asyncio.run(run(args))
    print(json.dumps(result, ensure_ascii=False, indent=1) if args.json else report(result))
    ok = (
        result["handoff"]["count"] > 0
        and result["bot_exit_code"] == 0
        and result["bot_log_errors"] == 0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
