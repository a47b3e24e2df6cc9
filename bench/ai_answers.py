"""How far the playout policy's kozel answers are from `hard`'s search, in the
search's eyes and on the real deal.

    python bench/ai_answers.py --deals 40 --playouts 1000 --seed 10000 --oracle 300
    python bench/ai_answers.py --patch engine.ai.policy:COMBO_KEEP=12.0   # branch combo-keep

Two `hard` seats (fixed playouts) play two `easy` ones. At each of a `hard`
seat's answers this takes the search's mean value of every candidate and
asks the playout policy (noise off, as in a playout: own leads casual) for
its answer from the same position. It reports, by phase, the policy's
regret under the search's means (the best mean minus the mean of the
policy's answer) and how often the policy plays what `hard` played.

The best of a few noisy means is biased up (the winner's curse), so a
regret under the search's means overstates what the policy gives away.
`--oracle N` checks it: where the policy's answer is not the search's best,
both are played out `N` times on the real deal (the real hands, the stock
shuffled again, the opponents casual; `bench.ai_worlds.real_deal_values`)
and the two gaps are set side by side. It reads the real deal (it
cheats), so it lives in `bench/` (docs/PERFORMANCE.md, "Issue 14,
twenty-fifth pass").
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.ai.hard as hard_module
from bench.ai_agreement import HARD_LEADS, HARD_SEATS, kozel_table, policy_choice
from bench.ai_pairs import patched, settings_of
from bench.ai_worlds import real_deal_values
from engine import apply, view_for
from engine.actions import Kind
from engine.ai import HardPlayer, next_actor
from engine.ai.candidates import candidate_actions
from engine.ai.determinize import knowledge_of
from engine.ai.policy import RolloutPolicy
from engine.events import DealScored


class _Spy:
    """The search's per-candidate values of its last decision (`best_of`'s
    input), while in a `with` block."""

    def __init__(self) -> None:
        self.values: list[list[float]] | None = None
        self._best_of = vars(hard_module)["best_of"]

    def __enter__(self) -> _Spy:
        # `engine.ai.hard` imported `best_of` by name: replace it there.
        vars(hard_module)["best_of"] = self._record
        return self

    def __exit__(self, *_: object) -> None:
        vars(hard_module)["best_of"] = self._best_of

    def _record(self, alive: list[int], values: list[list[float]]) -> int:
        self.values = [list(row) for row in values]
        best: int = self._best_of(alive, values)
        return best


def play_deal(
    seed: int, args: argparse.Namespace, spy: _Spy, rows: list[dict[str, object]]
) -> None:
    """One first deal of a kozel match, recording the `hard` seats' answers."""
    state, players = kozel_table(seed, args.playouts)
    policy = RolloutPolicy(0.0)
    prober = HardPlayer(0, playouts=1)
    while state.deal is not None:
        deal = state.deal
        spy.values = None
        chosen = next_actor(state, players)
        assert chosen is not None
        seat, action = chosen
        answering = deal.trick is not None and seat == deal.turn and action.kind is not Kind.DECLARE
        if seat in HARD_SEATS and answering and spy.values is not None:
            view = view_for(state, seat)
            candidates = list(candidate_actions(view))
            mine = policy_choice(policy, state)
            values_ok = len(spy.values) == len(candidates) and all(spy.values)
            if values_ok and mine in candidates:
                means = [statistics.fmean(row) for row in spy.values]
                best = max(range(len(means)), key=means.__getitem__)
                index = candidates.index(mine)
                row: dict[str, object] = {
                    "phase": "stock" if deal.stock else "no stock",
                    "regret": means[best] - means[index],
                    "agrees": mine == action,
                }
                if args.oracle and index != best:
                    values = real_deal_values(
                        prober,
                        view,
                        knowledge_of(view, None),
                        state,
                        [candidates[best], mine],
                        args.oracle,
                        casual_leads=HARD_LEADS,
                    )
                    row["search gap"] = row["regret"]
                    row["real gap"] = values[0] - values[1]
                rows.append(row)
        state, events = apply(state, action)
        if any(isinstance(event, DealScored) for event in events):
            return


def collect(args: argparse.Namespace) -> list[dict[str, object]]:
    """One row per `hard` answer over `args.deals` deals from `args.seed`."""
    rows: list[dict[str, object]] = []
    with _Spy() as spy:
        for index in range(args.deals):
            play_deal(args.seed + index, args, spy, rows)
    return rows


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=10000)
    parser.add_argument("--oracle", type=int, default=0, help="real-deal playouts (0: none)")
    parser.add_argument("--patch", action="append", default=[], help="module:NAME=VALUE")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    args = parse(argv)
    with patched(settings_of(args.patch)):
        rows = collect(args)
    by_phase: dict[str, list[dict[str, object]]] = defaultdict(list)
    for row in rows:
        by_phase[str(row["phase"])].append(row)
    by_phase["all"] = rows
    print("answers    count  regret (search's means)  = hard's answer")
    for phase in ("stock", "no stock", "all"):
        group = by_phase[phase]
        if not group:
            continue
        regret = statistics.fmean(float(row["regret"]) for row in group)  # type: ignore[arg-type]
        agrees = statistics.fmean(bool(row["agrees"]) for row in group)
        print(f"{phase:9s} {len(group):6d}  {regret:22.3f}  {agrees:14.2f}")
    checked = [row for row in rows if "real gap" in row]
    if len(checked) > 1:
        search = [float(row["search gap"]) for row in checked]  # type: ignore[arg-type]
        real = [float(row["real gap"]) for row in checked]  # type: ignore[arg-type]
        error = statistics.stdev(real) / len(real) ** 0.5
        print(
            f"where the policy's answer is not the search's best ({len(checked)}): the search's"
            f" best is ahead by {statistics.fmean(search):.3f} in its means,"
            f" {statistics.fmean(real):.3f} +/- {error:.3f} on the real deal"
        )


if __name__ == "__main__":
    main()
