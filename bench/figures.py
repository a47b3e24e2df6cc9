"""Percentiles and the summaries the benchmarks print, written once (and
bench/load.py's report: a line or two per measure and window).

Every bench script reports a distribution the same way, so that a p95 in
one report means what it means in another: the nearest rank, no
interpolation (a reported latency is one that was measured).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bench.window import Measure


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank; NaN when there are no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def quantiles(
    values: Sequence[float],
    qs: Iterable[int] = (50, 95, 99),
    *,
    scale: float = 1.0,
    digits: int = 1,
    top: bool = False,
) -> dict[str, float]:
    """{"p50": …, "p95": …} of `values` times `scale` (1000: seconds to ms),
    rounded, with the maximum as "max" when `top`."""
    out = {f"p{q}": round(percentile(values, q) * scale, digits) for q in qs}
    if top:
        out["max"] = round(max(values, default=float("nan")) * scale, digits)
    return out


def per(count: float, over: float, digits: int = 2) -> float | None:
    """count / over, rounded; None when nothing was counted over."""
    return round(count / over, digits) if over else None


def report(result: dict[str, Any], chosen: list[type[Measure]]) -> str:
    think = f", think {result['think_s'][0]}-{result['think_s'][1]} s" if result["think_s"] else ""
    lines = [
        f"G = {result['tables']} tables x {result['players_per_table']} people"
        f" ({result['game']}), {result['pace']} pace{think}, limits: {result['limits']};"
        f" set-up {result['setup_seconds']} s",
        f"  {result['database']}, {result['workers']} worker(s), updates by {result['updates_by']}",
        f"  CPUs: bot {result['cpus']['bot']}, load generator {result['cpus']['load_generator']}",
    ]
    for name, phase in result["phases"].items():
        lines.append(
            f"  {name:9} {phase['updates_per_s']:7.1f} updates/s, {phase['taps']} taps"
            f" ({phase['move_taps']} moves) in {phase['seconds']} s,"
            f" {phase['matches_finished']} matches finished"
        )
        lines += [f"            {line}" for kind in chosen for line in kind.lines(phase)]
    record = result.get("group_record")
    if record is not None:
        lines.append(
            f"  group record: {record['deals_checked']} deals ({record['tricks_checked']} tricks)"
            f" checked, {record['deals_missing_tricks']} missing tricks {record['missing']}"
            f" ({record['missing_but_summarised']} of them summarised),"
            f" {record['deals_without_summary']} without a summary"
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
