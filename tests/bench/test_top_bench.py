"""`python -m bench.top` still runs (on a small history): it fills results,
counts them into `standings` as the migration does, and times the boards."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import top
from bot.storage import DatabaseUrl


async def test_the_top_bench_runs_on_a_small_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = DatabaseUrl.sqlite(tmp_path / "top.db")
    await top.migrated(url)
    assert url.path is not None
    busiest = top.fill(url.path, top.generate(4_000, 60, 5))
    assert busiest < 0
    await top.measure(url, busiest, 1)
    out = capsys.readouterr().out
    assert out.count("leaderboard: bot") == 3 and "save_table: alone" in out, out
