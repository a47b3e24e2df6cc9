"""What the coach costs: CPU per review of one player's deal, and per hint.

    python -m bench.review_cost --deals 6
    python -m bench.review_cost --games kozel --worlds 48 --playouts 600

For each game, plays `--deals` first deals of matches with `easy` players
in every seat (the cheapest way to get many deals; the cost of a review
hardly depends on who played), reviews every seat's play in each
(`engine.ai.review.review_deal` at `--worlds`), and asks for a hint
(`engine.ai.review.hint` at `--playouts`) at `--hints` turns of each deal.
Reports the CPU seconds of this thread (not wall time: the machine is
shared) per review and per hint, as the median, the 95th percentile and
the maximum, and a digest of the verdicts (the same code and arguments
must print the same digest: the review is deterministic for its seed).

The bot will hold a review to 15 s p95 while 8 tables play, in the
computer players' pool at a lower priority, and a hint to 1.5 s p95;
the default budgets are chosen to cost a small part of that on one core.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Sequence

from bench.figures import percentile
from engine import Action, MatchState, RuleSet, apply, new_match, view_for
from engine.ai.players.easy import EasyPlayer
from engine.ai.review import HINT_PLAYOUTS, REVIEW_WORLDS, hint, review_deal

GAMES = {"burkozel": 2, "burkozel3": 3, "kozel": 4, "bura": 2}


def first_deal(preset: str, players: int, seed: int) -> tuple[MatchState, list[Action]]:
    rules = RuleSet.create(preset, {}, players=players)
    start = new_match(rules, [f"P{seat}" for seat in range(players)], seed)
    assert start.deal is not None
    easy = [EasyPlayer(seed * 10 + seat) for seat in range(players)]
    state, log = start, []
    while state.deal is not None and state.deal.number == start.deal.number:
        turn = state.deal.turn
        action = easy[turn].choose(view_for(state, turn))
        assert action is not None
        state, _ = apply(state, action)
        log.append(action)
    return start, log


def quantiles(values: Sequence[float]) -> str:
    if not values:
        return "-"
    p50, p95 = percentile(values, 50), percentile(values, 95)
    return f"p50 {p50:.2f} s, p95 {p95:.2f} s, max {max(values):.2f} s"


def measure(game: str, deals: int, worlds: int, playouts: int, hints: int) -> str:
    preset = game.rstrip("0123456789")
    players = GAMES[game]
    reviews: list[float] = []
    asked: list[float] = []
    verdicts: list[str] = []
    decisions = 0
    for seed in range(deals):
        start, log = first_deal(preset, players, seed)
        for seat in range(players):
            clock = time.thread_time()
            review = review_deal(start, log, seat, seed=seed, worlds=worlds)
            reviews.append(time.thread_time() - clock)
            decisions += len(review.decisions)
            verdicts.append(repr([(d.played, d.better, d.costly) for d in review.decisions]))
        state = start
        turns = [index for index, _ in enumerate(log)][:: max(1, len(log) // max(hints, 1))]
        for index, action in enumerate(log):
            if index in turns[:hints]:
                view = view_for(state, action.seat)
                clock = time.thread_time()
                given = hint(view, seed=seed, playouts=playouts)
                asked.append(time.thread_time() - clock)
                verdicts.append(repr(given))
            state, _ = apply(state, action)
    digest = hashlib.sha256("\n".join(verdicts).encode()).hexdigest()[:12]
    return (
        f"{game} {players}p: {len(reviews)} reviews ({decisions / len(reviews):.1f} moves each) "
        f"at {worlds} worlds: {quantiles(reviews)}; {len(asked)} hints at {playouts} "
        f"playouts: {quantiles(asked)}; verdicts {digest}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=REVIEW_WORLDS)
    parser.add_argument("--playouts", type=int, default=HINT_PLAYOUTS)
    parser.add_argument("--hints", type=int, default=4, help="hints asked per deal")
    args = parser.parse_args()
    for game in args.games:
        print(measure(game, args.deals, args.worlds, args.playouts, args.hints), flush=True)


if __name__ == "__main__":
    main()
