"""How long a person waits for a 💡 hint in practice (issue 66: p95 ≤ 1.5 s).

    python -m bench.hint_latency                         # 4 students, the pool otherwise idle
    python -m bench.hint_latency --tables 8              # and 8 busy hard computer tables
    python -m bench.hint_latency --cpu --deals 6         # CPU of the worker's job alone

The real bot application runs in this process (bench/bot_in_process.py)
against the fake Bot API, long polling as in production, with its pool of
`--workers` computer processes. `--students` people each play `/play`
matches (kozel, burkozel with two and three, bura: the games in turn) and
tap 💡 at every move of theirs that offers it, then tap a move their hand
offers (the hint is not followed: the positions stay a person's). While
they do, `--tables` groups of bench/crowd.py's crowd (one person tapping at
once, three `hard` computers, `--delay` before a computer moves) keep the
same pool busy with computers' moves, which a hint shares at the same
priority.

`--cpu` measures the worker's job alone, in this thread: `think` (the deal
replayed through the coach, then the search) at every person's turn of the
first deals of `easy` players' matches, as CPU seconds of this thread, which
the machine's other load does not stretch (bench/review_cost.py measures
the search the same way).

The bot's pool is timed in this process (`time_the_workers`): each hint's
job also reports its wall and CPU seconds in the worker, so a wait splits
into the job, the machine's load stretching it (wall over CPU, printed as
"stretched"), and the rest (the queue behind computers, the bot, the fake).

A hint's wait is from the tap (the fake queues the callback) to its
answer reaching the fake: getUpdates, the checks, the action log read, the
worker's replay of the deal and its search (engine.ai.review.hint at
HINT_PLAYOUTS), the count written, answerCallbackQuery. Reported as the
median, the 95th percentile and the maximum, over all and per game, with
the computers' moves a second meanwhile (to show the pool was busy). The
machine is shared: run it side by side with what it is compared to.

Measured on 7 Dec 2026, a 2-core machine shared with up to 8 other jobs
(load average 16-20): `--cpu --deals 6`, CPU per hint p50/p95/max: kozel
0.34/0.76/0.95 s, burkozel with two 0.15/0.24/0.35 s, with three
0.18/0.29/0.35 s, bura 0.13/0.21/0.22 s. In the bot, 2 students, 2
workers: the pool otherwise idle, waits p50 2.15 s, p95 7.9 s, of which
the worker's job p50 2.09 s (CPU 0.27 s stretched 8.2x by the machine's
load); with 8 busy hard tables, p50 2.4 s, p95 9.2 s (the job's p50
1.9 s, stretched 13.4x). What the bot adds to the job (the queue behind
computers' moves, the log read, the count, the answer) is the difference:
0.06 s p50 with an idle pool, about 0.5 s with 8 busy tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench.bot_in_process import computers_at_play
from bench.crowd import FINAL_MARK, Crowd, stop_tasks, turn_buttons
from bench.figures import percentile
from bench.pace import Instant
from bot.tables.hints import think
from bot.tables.thinking import Thinking
from bot.view import callbacks
from engine import Action, MatchState, Preset, RuleSet, apply, new_match, view_for
from engine.ai.players.easy import EasyPlayer
from engine.ai.review import Hint
from engine.rules import PLAYER_COUNTS
from testing.fake_telegram import FakeTelegram, FakeUser

WAIT = 60.0
GAMES = ("kozel", "burkozel 2", "burkozel 3", "bura 2")
FIRST_STUDENT = 9_000_000


def timed_think(
    state: MatchState, seat: int, names: Sequence[str], seed: int, actions: Sequence[Action]
) -> tuple[Hint | None, float, float]:
    """`think` in the worker, with its wall and CPU seconds there."""
    wall, cpu = time.perf_counter(), time.thread_time()
    given = think(state, seat, names, seed, actions)
    return given, time.perf_counter() - wall, time.thread_time() - cpu


def time_the_workers(thinking: Thinking, spent: list[tuple[float, float]]) -> None:
    """The bot's pool runs `timed_think` for `think` and notes its times: how
    much of a wait was the worker's job, and how much the machine's load
    stretched that job's CPU seconds (the rest is the queue and the bot)."""
    advise = thinking.advise

    async def timed(function: Callable[..., Any], *args: Any) -> Any:
        if function is not think:
            return await advise(function, *args)
        given, wall, cpu = await advise(timed_think, *args)
        spent.append((wall, cpu))
        return given

    thinking.advise = timed  # type: ignore[method-assign]


def cpu_per_hint(deals: int) -> dict[str, dict[str, Any]]:
    """CPU seconds of `think` at every turn of the first `deals` deals per game."""
    found: dict[str, dict[str, Any]] = {}
    for game in GAMES:
        preset, _, count = game.partition(" ")
        players = int(count or PLAYER_COUNTS[Preset(preset)][-1])
        rules = RuleSet.create(preset, {}, players=players)
        names = [f"P{seat}" for seat in range(players)]
        spent: list[float] = []
        for seed in range(deals):
            state = start = new_match(rules, names, seed)
            easy = [EasyPlayer(seed * 10 + seat) for seat in range(players)]
            log: list[Action] = []
            assert start.deal is not None
            while state.deal is not None and state.deal.number == start.deal.number:
                seat = state.deal.turn
                clock = time.thread_time()
                think(state, seat, names, seed, log)
                spent.append(time.thread_time() - clock)
                action = easy[seat].choose(view_for(state, seat))
                assert action is not None
                state, _ = apply(state, action)
                log.append(action)
        found[game] = _figures(spent)
    return found


def computer_moves(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        row = connection.execute("SELECT COUNT(*) FROM actions WHERE user_id IS NULL").fetchone()
    return int(row[0])


async def student(
    fake: FakeTelegram,
    user: FakeUser,
    game: str,
    rng: random.Random,
    waits: dict[str, list[float]],
    stop: asyncio.Event,
) -> None:
    """Plays /play matches of `game`, asking for a hint at every move that offers one."""
    chat = fake.private_chat(user)
    await user.send_private("/start")
    await user.send_private(f"/play {game}")
    asked: set[str] = set()
    played: set[tuple[int, int]] = set()
    finals = 0
    while not stop.is_set():
        await asyncio.sleep(0.02)
        messages = fake.messages(chat)
        ended = sum(FINAL_MARK in message.text for message in messages)
        if ended > finals:
            finals = ended
            await user.send_private(f"/play {game}")
            continue
        for hand in reversed(messages):
            turn = turn_buttons(hand.callback_data)
            if turn:
                break
        else:
            continue
        hint = next((d for d in hand.callback_data if d.startswith("h:")), None)
        if hint is not None and hint not in asked:
            asked.add(hint)
            started = time.perf_counter()
            answer = await fake.user_taps(user, hand, hint).answer_received(timeout=WAIT)
            if answer.text and answer.text.startswith("💡"):
                waits[game].append(time.perf_counter() - started)
            continue
        move = (turn[0][1].table, turn[0][1].version)
        if move in played:
            continue
        plays = [d for d, p in turn if isinstance(p, callbacks.Play)]
        picks = [d for d, p in turn if isinstance(p, callbacks.Select) and len(p.cards) == 1]
        picks = picks or [d for d, p in turn if isinstance(p, callbacks.Select) and p.manual]
        if plays:
            played.add(move)
            data = rng.choice(plays)
        elif picks:
            data = rng.choice(picks)
        else:
            continue
        await fake.user_taps(user, hand, data).answer_received(timeout=WAIT)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    bot = await computers_at_play("hint_latency_", args.workers, args.delay)
    fake = bot.fake
    assert bot.app is not None
    in_workers: list[tuple[float, float]] = []
    time_the_workers(bot.app.bot_data["service"].tables.thinking, in_workers)
    rng = random.Random(1)
    tasks: list[asyncio.Task[None]] = []
    crowd = None
    if args.tables:
        crowd = Crowd(fake, args.tables, 1, Instant(rng), rng, 12, [], computers=3, level="hard")
        tasks = crowd.run_tasks(silence=60.0)
        await crowd.start(timeout=WAIT + 10 * args.tables)
    waits: dict[str, list[float]] = defaultdict(list)
    stop = asyncio.Event()
    moves_before = computer_moves(bot.db_path)
    started = time.perf_counter()
    students = [
        asyncio.create_task(
            student(
                fake,
                fake.user(FIRST_STUDENT + i, f"Ученик{i}"),
                GAMES[i % len(GAMES)],
                random.Random(i),
                waits,
                stop,
            )
        )
        for i in range(args.students)
    ]
    deadline = started + args.seconds
    while sum(map(len, waits.values())) < args.hints and time.perf_counter() < deadline:
        await asyncio.sleep(0.2)
    stop.set()
    await asyncio.gather(*students, return_exceptions=True)
    elapsed = time.perf_counter() - started
    moves = computer_moves(bot.db_path) - moves_before
    if crowd is not None:
        crowd.stopping = True
    await stop_tasks(tasks)
    await bot.stop()
    await fake.stop()
    every = [wait for game in waits.values() for wait in game]
    cpu_spent = sum(cpu for _, cpu in in_workers)
    return {
        "workers": args.workers,
        "busy_tables": args.tables,
        "students": args.students,
        "seconds": round(elapsed, 1),
        "computer_moves_per_s": round(moves / elapsed, 1),
        "hints": _figures(every),
        "worker_wall": _figures([wall for wall, _ in in_workers]),
        "worker_cpu": _figures([cpu for _, cpu in in_workers]),
        "stretch": round(sum(w for w, _ in in_workers) / max(cpu_spent, 1e-9), 1),
        "by_game": {game: _figures(values) for game, values in sorted(waits.items())},
    }


def _figures(values: list[float]) -> dict[str, Any]:
    return {
        "count": len(values),
        "p50_s": round(percentile(values, 50), 2),
        "p95_s": round(percentile(values, 95), 2),
        "max_s": round(max(values, default=float("nan")), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--students", type=int, default=4)
    parser.add_argument("--tables", type=int, default=0, help="busy hard computer tables")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--delay", type=float, default=1.2, help="COMPUTER_DELAY")
    parser.add_argument("--hints", type=int, default=80, help="stop after this many hints")
    parser.add_argument("--seconds", type=float, default=300.0, help="or after this long")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--cpu", action="store_true", help="the worker's job alone, CPU s")
    parser.add_argument("--deals", type=int, default=4, help="--cpu: deals per game")
    args = parser.parse_args()
    if args.cpu:
        for game, figures in cpu_per_hint(args.deals).items():
            print(
                f"{game}: {figures['count']} hints, CPU p50 {figures['p50_s']} s, "
                f"p95 {figures['p95_s']} s, max {figures['max_s']} s"
            )
        return 0
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
        return 0
    overall = result["hints"]
    print(
        f"{overall['count']} hints, {args.students} students, {args.tables} busy tables, "
        f"{args.workers} workers ({result['computer_moves_per_s']} computer moves/s): "
        f"p50 {overall['p50_s']} s, p95 {overall['p95_s']} s, max {overall['max_s']} s"
    )
    wall, cpu = result["worker_wall"], result["worker_cpu"]
    print(
        f"  in the workers: wall p50 {wall['p50_s']} s, p95 {wall['p95_s']} s; "
        f"CPU p50 {cpu['p50_s']} s, p95 {cpu['p95_s']} s "
        f"(the machine stretched CPU {result['stretch']}x)"
    )
    for game, figures in result["by_game"].items():
        print(
            f"  {game}: {figures['count']} hints, p50 {figures['p50_s']} s, "
            f"p95 {figures['p95_s']} s, max {figures['max_s']} s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
