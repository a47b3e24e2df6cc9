"""Fit the weights of `engine.ai.imitated_leads` to `hard`'s real kozel leads.

    python bench/imitated_leads_fit.py --deals 1200 --seed 6000 --playouts 800 --jobs 2

Two `hard` seats (fixed playouts) play two `easy` ones, as in
`bench/ai_agreement.py`. At each plain lead of a `hard` seat that had a
choice, it records the position and the lead (`--data`, JSON lines; an
existing file is read instead of played again). A conditional logit over
every lead the hand allows (the features of `lead_features`) is fitted on
the first three quarters of the seeds and its agreement with `hard` told on
the last quarter, by phase, beside the casual lead's; then it is fitted on
all of them and the weights printed for `WEIGHTS` (docs/PERFORMANCE.md,
"Issue 14, thirty-fourth pass").

    python bench/imitated_leads_fit.py --twin --deals 300 --seed 8000

`--twin` fits nothing: at each such lead a copy of the seat searches again
with other dice, and it tells how often the copy makes the same lead (the
most any imitation of `hard` can agree with it), beside the committed
model's and the casual lead's agreement on the same leads.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ai_agreement import HARD_SEATS, kozel_table
from engine import apply, legal_actions, view_for
from engine.actions import Kind
from engine.ai import next_actor
from engine.ai.casual import casual_lead
from engine.ai.counting import ALL_CARDS
from engine.ai.hard import HardPlayer
from engine.ai.imitated_leads import WEIGHTS, lead_features, leads_of
from engine.ai.playout_memory import memory_for
from engine.cards import DECK, Suit
from engine.events import DealScored
from engine.game import max_lead

Record = dict[str, Any]


def play(seeds: tuple[int, int], playouts: int, twin: bool = False) -> list[Record]:
    """The `hard` seats' leads with a choice in the first deals of `seeds`;
    with `twin`, also the lead a copy of the seat makes with other dice."""
    records: list[Record] = []
    for seed in range(*seeds):
        state, players = kozel_table(seed, playouts)
        while state.deal is not None:
            deal = state.deal
            turn = deal.turn
            record: Record | None = None
            if turn in HARD_SEATS and deal.trick is None:
                leads = [a for a in legal_actions(state, turn) if a.kind is Kind.LEAD]
                record = {
                    "seed": seed,
                    "hand": [card.id for card in deal.hands[turn]],
                    "trump": int(deal.trump),
                    "gone": memory_for(state, [0] * len(state.players)).gone,
                    "stock": len(deal.stock),
                    "limit": max_lead(state, deal),
                    "leads": len(leads),
                }
                if twin and len(leads) > 1:
                    other = copy.deepcopy(players[turn])
                    assert isinstance(other, HardPlayer)
                    other.seed = seed * 7919 + 13 + turn
                    again = other.choose(view_for(state, turn))
                    record["twin"] = sorted(c.id for c in again.cards) if again else None
            chosen = next_actor(state, players)
            assert chosen is not None
            seat, action = chosen
            if (
                record is not None
                and record["leads"] > 1
                and seat == turn
                and action.kind is Kind.LEAD
            ):
                records.append(record | {"chosen": sorted(c.id for c in action.cards)})
            state, events = apply(state, action)
            if any(isinstance(event, DealScored) for event in events):
                break
    return records


def design(record: Record) -> tuple[np.ndarray, int]:
    """The features of every lead of a record, and which one `hard` chose."""
    hand = tuple(DECK[card] for card in record["hand"])
    trump = Suit(record["trump"])
    casual = casual_lead(hand, trump, record["limit"])
    out = ALL_CARDS & ~record["gone"] & ~sum(1 << card.id for card in hand)
    leads = leads_of(hand, record["limit"])
    rows = [lead_features(lead, hand, trump, out, record["stock"] > 0, casual) for lead in leads]
    chosen = [sorted(card.id for card in lead) for lead in leads].index(record["chosen"])
    return np.array(rows, float), chosen


def fit(data: list[tuple[np.ndarray, int]], steps: int = 800, l2: float = 1e-3) -> np.ndarray:
    """The conditional logit's weights, by Adam on the mean log-likelihood
    (`l2` a weight's squared size, against the summed log-likelihood)."""
    weights = np.zeros(data[0][0].shape[1])
    first = np.zeros_like(weights)
    second = np.zeros_like(weights)
    for step in range(1, steps + 1):
        gradient = -l2 * weights
        for rows, chosen in data:
            scores = rows @ weights
            odds = np.exp(scores - scores.max())
            gradient += rows[chosen] - odds @ rows / odds.sum()
        gradient /= len(data)
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient * gradient
        weights += 0.05 * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
    return weights


def agreement(data: list[tuple[np.ndarray, int]], weights: np.ndarray) -> tuple[float, float]:
    """How often the model's best lead, and the casual lead, are `hard`'s."""
    model = sum(int(np.argmax(rows @ weights) == chosen) for rows, chosen in data)
    casual = sum(int(rows[chosen][0] == 1.0) for rows, chosen in data)
    return model / len(data), casual / len(data)


def collect(args: argparse.Namespace, twin: bool) -> list[Record]:
    """`play` over `args.deals` seeds from `args.seed`, split among `args.jobs`."""
    step = -(-args.deals // args.jobs)
    end = args.seed + args.deals
    parts = [(start, min(start + step, end)) for start in range(args.seed, end, step)]
    with ProcessPoolExecutor(args.jobs) as pool:
        chunks = pool.map(play, parts, [args.playouts] * len(parts), [twin] * len(parts))
        return [record for chunk in chunks for record in chunk]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--playouts", type=int, default=800)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data", type=Path, default=Path("imitated_leads.jsonl"))
    parser.add_argument(
        "--twin",
        action="store_true",
        help="only tell how often hard makes the same lead twice (other dice) and how "
        "often the committed WEIGHTS' lead is its lead",
    )
    args = parser.parse_args(argv)
    if args.twin:
        twins(args)
        return
    if not args.data.exists():
        with args.data.open("w") as file:
            for record in collect(args, twin=False):
                file.write(json.dumps(record) + "\n")
    records = [json.loads(line) for line in args.data.open()]
    seeds = sorted({record["seed"] for record in records})
    cut = seeds[len(seeds) * 3 // 4]
    train = [design(record) for record in records if record["seed"] < cut]
    weights = fit(train)
    print(f"{len(records)} leads; fitted on the {len(train)} of seeds below {cut}")
    for phase, name in ((True, "while the stock lasts"), (False, "after it")):
        test = [design(r) for r in records if r["seed"] >= cut and (r["stock"] > 0) == phase]
        if not test:
            print(f"held out, {name}: no leads (play more deals)")
            continue
        model, casual = agreement(test, weights)
        print(f"held out, {name}: {len(test)} leads, model {model:.3f}, casual {casual:.3f}")
    weights = fit([design(record) for record in records])
    print("WEIGHTS = (" + ", ".join(f"{weight:.3f}" for weight in weights) + ")")


def twins(args: argparse.Namespace) -> None:
    """How often `hard` leads the same twice: the most any imitation can agree."""
    records = collect(args, twin=True)
    weights = np.array(WEIGHTS)
    for phase, name in ((True, "while the stock lasts"), (False, "after it")):
        chosen = [r for r in records if (r["stock"] > 0) == phase]
        if not chosen:
            print(f"{name}: no leads (play more deals)")
            continue
        same = sum(r["twin"] == r["chosen"] for r in chosen) / len(chosen)
        model, casual = agreement([design(r) for r in chosen], weights)
        print(
            f"{name}: {len(chosen)} leads; hard again {same:.3f},"
            f" model {model:.3f}, casual {casual:.3f}"
        )


if __name__ == "__main__":
    main()
