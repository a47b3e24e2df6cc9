"""`python -m bench.load --quick`: the load test's smoke runs stay healthy.

The load test drives the real `python -m bot` process through the fake Bot
API with simulated people. It is the one check that the whole bot keeps
playing under many tables at once (and the numbers in docs/PERFORMANCE.md
come from it), so a change that breaks the bot's process, the simulated
people or the report would otherwise go unnoticed until the next
measurement. Its `--quick` run (three tables, a second or two a window) is
run here as a newcomer would run it, and its report is read; the person
pace's run is the crowd and its measures, so it runs the bot in this
process (`--in-process`), which starts at once.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import load
from testing.postgres import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def _quick(*extra: str) -> dict[str, Any]:
    # Longer than 5 s, because it is about processes: `python -m bot` started,
    # played and stopped with exit code 0 as in production, two of them at
    # once on one throwaway PostgreSQL, driven by the command a newcomer
    # types. It pays a server's start and two bots' (importing the bot and
    # reading its catalogues), and the windows run on until a match has ended
    # (--quick): 24-52 s on the loaded 2-core machine it was written on.
    quick = ["--quick", "--json", "--seconds", "1", "--warmup", "0.5"]
    done = subprocess.run(
        [sys.executable, "-m", "bench.load", *quick, *extra],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def _assert_healthy(report: dict[str, Any]) -> None:
    # The bot process ended cleanly and logged no error.
    assert report["bot_exit_code"] == 0
    assert report["bot_log_errors"] == 0
    # Every tap got its answer: no table stalled, nothing was dropped or refused.
    assert report["nudges"] == 0
    assert report["taps_dropped"] == 0
    # Not even Telegram's "message is not modified", which the bot takes as
    # success: each one is a request the group's budget paid for nothing
    # (two move jobs drawing one position did it to 1 edit in 500 until
    # tests/bot/test_live_redraw.py's fix).
    assert report["api_errors"] == {}
    # Matches were played to the end, in both phases, and every update the
    # bot was handed made it call the Bot API.
    assert report["matches_total"] >= 1
    for phase in ("saturated", "paced"):
        measured = report["phases"][phase]
        assert measured["updates"] > 0
        assert measured["updates_without_calls"] == 0
        assert measured["requests_per_update"]["answerCallbackQuery"] > 0


@pytest.mark.slow(reason="a real bot process under the bench's crowd for a measured window")
async def test_quick_load_run_on_sqlite_is_healthy() -> None:
    # The crowd, its measures and the report, with the bot in this process.
    # 7-18 s on the loaded 2-core machine it was written on: a match must end (about
    # 50 moves a table), and the bot's first start in a process reads its
    # four catalogues (~1-3 s).
    args = load.parse_args(
        ["--quick", "--in-process", "-G", "2", "--seconds", "1", "--warmup", "0.3"]
    )
    report = await load.run(args)
    assert load.healthy(report)
    _assert_healthy(report)


@pytest.mark.slow(reason="a real bot process under the bench's crowd for a measured window")
def test_quick_load_run_on_postgres_with_two_workers_is_healthy(
    postgres_server: PostgresServer,
) -> None:
    # The fixture only says whether a server can be started here (or fails
    # under REQUIRE_POSTGRES=1); the bench starts a throwaway one of its own.
    report = _quick("--database", "postgres", "--workers", "2")
    _assert_healthy(report)
    assert report["workers"] == 2


@pytest.mark.slow(reason="a real bot process under the bench's crowd for a measured window")
async def test_quick_run_at_a_persons_pace_measures_hand_offs() -> None:
    # `--pace person`: three people a table who look before they tap, against
    # a fake Bot API that enforces Telegram's flood limits. Only the report's
    # shape and that moves were handed off are checked: how long a hand-off
    # takes depends on the machine. The people look 50-150 ms (not 2-5 s):
    # what is measured does not depend on how long they look.
    person = ["--pace", "person", "--quick", "--in-process", "--think", "0.05", "0.15"]
    args = load.parse_args([*person, "--seconds", "1.5", "--warmup", "0.2", "--quiet", "1"])
    report = await load.run(args)
    assert load.healthy(report)
    assert report["bot_exit_code"] == 0
    assert report["bot_log_errors"] == 0
    assert report["nudges"] == 0
    assert report["players_per_table"] == 3
    window = report["phases"]["person"]
    assert window["taps"] >= window["move_taps"] > 0
    hand = window["handoff"]
    # Every move of the window was handed off or excluded with a reason.
    assert hand["count"] > 0
    assert hand["count"] + sum(hand["excluded"].values()) == window["move_taps"]
    assert set(hand["seconds"]) == {"p50", "p95", "max"}
    assert 0 <= hand["seconds"]["p50"] <= hand["seconds"]["max"]
    assert sum(hand["by_method"].values()) == hand["count"]
    api = window["api"]
    assert api["per_tap"]["answerCallbackQuery"] > 0
    assert api["sends_edits_per_tap"] > 0
    assert "getUpdates" not in api["per_tap"]
    assert set(api["refused_429"]) == {"total", "by_limit", "by_chat_kind", "by_method"}
    record = report["group_record"]
    assert record["deals_checked"] >= 0
    assert record["deals_missing_tricks"] >= len(record["missing"])
    assert report["peak_rss_mb"] > 0
