"""Two versions of `hard` on the same decisions, judged on the real deal.

    python -m bench.ai_pairs --deals 40 --seed 21 --set prior_z=0.5
    python -m bench.ai_pairs --deals 40 --seed 21 --patch engine.ai.search.evidence:TRIES=24

A 400-deal arena run scatters by two to three points of deal wins, so a
change worth one point needs thousands of timed deals (an hour a
variant). This compares decisions instead: kozel is played, two `hard`
seats against two `easy`, by the version on main (`--playouts`, else timed
with `--budget-ms` of CPU time). At each of its searched decisions the
variant searches the same view with the same memory of the deal (a copy of
the player, its attributes changed by `--set`, module constants by
`--patch`, the advisor's bar by `--prior-z`; timed alike). Where the two
choose differently, both choices are played out on the real deal
(`--oracle` playouts of the real hands, the stock shuffled again, the
opponents answering and leading as casual players, as `easy` does; same
dice for both): the difference of their values (penalty points plus
`POINT_WEIGHT` a card point, for the deciding side) is the variant's gain
there, 0 where they agree. Each decision is paired, so the scatter is the
disagreements' alone.

It reads the real deal (it cheats: `bench/real_deal.py`), so it lives in
`bench/`. Before trusting it on a new kind of change, check that it ranks a
change with a known arena result the same way.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import io
import json
import math
import runpy
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import engine.ai.base as ai_base
from bench.real_deal import real_deal_values, real_states, spy_view
from engine.actions import Action, Kind
from engine.ai import register_level
from engine.ai.players.hard import HardPlayer, SearchStats
from engine.ai.search.determinize import Knowledge
from engine.view import TableView, view_for
from tools.cli import main

_SIMULATED = (Kind.LEAD, Kind.BEAT, Kind.DISCARD)


def _value(text: str) -> object:
    if text in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[text]
    try:
        return int(text)
    except ValueError:
        return float(text)


def settings_of(items: Sequence[str]) -> list[tuple[str, object]]:
    """`KEY=VALUE` arguments (`--set`, `--patch`) as pairs, the values as Python reads them."""
    pairs = []
    for item in items:
        key, sep, text = item.partition("=")
        if not sep:
            raise SystemExit(f"expected KEY=VALUE, got {item!r}")
        pairs.append((key, _value(text)))
    return pairs


@contextmanager
def patched(patches: Sequence[tuple[str, object]]) -> Iterator[None]:
    """Module constants (`module:NAME`) set while in the block, then put back."""
    # Every target is checked before any is set, so a bad one leaves nothing patched.
    targets = []
    for target, value in patches:
        module_name, _, name = target.partition(":")
        if not name:
            raise SystemExit(f"expected module:NAME=VALUE, got {target!r}")
        module = importlib.import_module(module_name)
        targets.append((module, name, getattr(module, name), value))
    saved = []
    for module, name, old, value in targets:
        saved.append((module, name, old))
        setattr(module, name, value)
    try:
        yield
    finally:
        for module, name, old in reversed(saved):
            setattr(module, name, old)


class Pairs:
    """The paired decisions gathered so far."""

    def __init__(self) -> None:
        self.gains: dict[str, list[float]] = defaultdict(list)
        self.playouts: dict[str, list[int]] = defaultdict(list)

    def report(self) -> str:
        lines = []
        everything = [gain for gains in self.gains.values() for gain in gains]
        for name, gains in [*sorted(self.gains.items()), ("all", everything)]:
            if not gains:
                continue
            differ = sum(1 for gain in gains if gain != 0.0)
            mean = statistics.mean(gains)
            error = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
            lines.append(
                f"{name:18} {len(gains):5} decisions, {differ:4} differ: "
                f"variant's gain {mean:+.4f} +/- {error:.4f} a decision"
            )
        for who, counts in self.playouts.items():
            lines.append(f"playouts a decision, {who}: {statistics.mean(counts):.0f}")
        return "\n".join(lines)


@contextmanager
def judging(
    pairs: Pairs,
    settings: Sequence[tuple[str, object]],
    patches: Sequence[tuple[str, object]],
    prior_z: float | None,
    oracle: int,
    configure: Callable[[HardPlayer], None] | None = None,
    wins: bool = False,
) -> Iterator[None]:
    """While in the block, the level "hard" is `hard` judged against the
    variant at every searched decision, the gains gathered in `pairs`."""

    class Judged(HardPlayer):
        def search(
            self,
            view: TableView,
            knowledge: Knowledge,
            candidates: Sequence[Action | None],
            default: int | None = None,
            bar: float | None = None,
        ) -> Action | None:
            choice = super().search(view, knowledge, candidates, default, bar)
            real = real_states.get(knowledge.viewer)
            if real is None or real.step != view.step:
                return choice
            if any(c is None or c.kind not in _SIMULATED for c in candidates):
                return choice
            variant = copy.copy(self)
            for name, value in settings:
                setattr(variant, name, value)
            if configure is not None:
                configure(variant)
            variant.stats = SearchStats(candidates=len(candidates))
            variant.start_clock()
            with patched(patches):
                other = HardPlayer.search(
                    variant,
                    view,
                    knowledge,
                    candidates,
                    default,
                    bar if prior_z is None else prior_z,
                )
            pairs.playouts["main"].append(self.stats.playouts)
            pairs.playouts["variant"].append(variant.stats.playouts)
            kind = ("lead" if not view.trick else "answer") + (
                ", stock" if view.stock_left else ", no stock"
            )
            gain = 0.0
            if other != choice:
                assert other is not None and choice is not None
                # Both sides lead casually there, as `easy` and main's own playouts do.
                mine, theirs = real_deal_values(
                    self,
                    view,
                    knowledge,
                    real,
                    [choice, other],
                    oracle,
                    casual_leads=0b1111,
                    wins=wins,
                )
                gain = theirs - mine
            pairs.gains[kind].append(gain)
            return choice

    # The arena hands players views only: the real state behind each comes
    # from the engine's own `view_for` call.
    setattr(ai_base, "view_for", spy_view)  # noqa: B010 - patching on purpose
    register_level("hard", Judged, replace=True)
    try:
        yield
    finally:
        register_level("hard", HardPlayer, replace=True)
        setattr(ai_base, "view_for", view_for)  # noqa: B010
        real_states.clear()


def run(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--playouts", type=int, help="fixed playouts (else timed)")
    parser.add_argument("--budget-ms", type=float, default=270.0, help="CPU time a search")
    parser.add_argument("--oracle", type=int, default=300, help="real-deal playouts")
    parser.add_argument("--set", action="append", default=[], help="player ATTR=VALUE")
    parser.add_argument("--patch", action="append", default=[], help="module:NAME=VALUE")
    parser.add_argument("--prior-z", type=float, help="the advisor's bar, for the variant")
    parser.add_argument(
        "--wins", action="store_true", help="score deals won (+1) and lost (-1), not value"
    )
    parser.add_argument("--json", help="also write every decision's gain to this file")
    parser.add_argument(
        "--exec",
        dest="script",
        help="a Python file whose `configure(player)` changes the variant's copy",
    )
    args = parser.parse_args(argv)
    pairs = Pairs()
    configure = None
    if args.script:
        configure = runpy.run_path(args.script)["configure"]
    settings, patches = settings_of(args.set), settings_of(args.patch)
    arena = ["arena", "--preset", "kozel", "--players", "4", "--levels", "hard,easy,hard,easy"]
    arena += ["--deals", str(args.deals), "--seed", str(args.seed), "--jobs", "1"]
    if args.playouts:
        arena += ["--playouts", str(args.playouts)]
    else:
        arena += ["--budget-ms", str(args.budget_ms), "--clock", "cpu"]
    with judging(pairs, settings, patches, args.prior_z, args.oracle, configure, args.wins):
        main(arena, out=io.StringIO())
    print(pairs.report())
    if args.json:
        Path(args.json).write_text(json.dumps({"gains": pairs.gains, "playouts": pairs.playouts}))
    return 0


if __name__ == "__main__":
    raise SystemExit(run(sys.argv[1:]))
