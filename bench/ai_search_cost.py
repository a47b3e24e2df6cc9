"""What one `hard` decision costs at a fixed number of playouts.

    python -m bench.ai_search_cost --preset kozel --players 4 --games 2 --playouts 300

Plays `--games` matches with `easy` players in every seat, keeps the views
of seat 0 after the first trick of each deal, and lets a fresh `hard` player
decide each of them with `--playouts` playouts (deterministic for its seed).
Reports the CPU seconds of all those decisions (the best of `--repeat`
runs: the machine's speed swings between runs), the worlds drawn and
searched per decision, and a digest of the choices: two versions of the
code that should search alike must print the same digest, so a change meant
only to be faster is checked here for both.
"""

from __future__ import annotations

import argparse
import hashlib
import time

from engine import RuleSet, apply, legal_actions, new_match, view_for
from engine.ai.players.easy import EasyPlayer
from engine.ai.players.hard import HardPlayer
from engine.view import TableView


def views_of(preset: str, players: int, games: int) -> list[TableView]:
    rules = RuleSet.create(preset, {})
    easy = [EasyPlayer(seat) for seat in range(players)]
    views = []
    for game in range(games):
        state = new_match(rules, [f"P{seat}" for seat in range(players)], game)
        while not state.over:
            deal = state.deal
            assert deal is not None
            seat = deal.turn
            view = view_for(state, seat)
            if seat == 0 and view.legal and deal.tricks_played >= 1:
                views.append(view)
            action = easy[seat].choose(view) or legal_actions(state, seat)[0]
            state, _ = apply(state, action)
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="kozel")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    views = views_of(args.preset, args.players, args.games)
    best = float("inf")
    choices: list[str] = []
    drawn = worlds = 0
    for _ in range(args.repeat):
        choices, drawn, worlds = [], 0, 0
        start = time.thread_time()
        for view in views:
            hard = HardPlayer(1, playouts=args.playouts)
            choices.append(repr(hard.choose(view)))
            drawn += hard.stats.drawn
            worlds += hard.stats.worlds
        best = min(best, time.thread_time() - start)
    digest = hashlib.sha256("\n".join(choices).encode()).hexdigest()[:12]
    count = len(views)
    print(
        f"{args.preset} {args.players}p: {count} decisions at {args.playouts} playouts, "
        f"CPU {best:.2f} s (best of {args.repeat}), {best / count * 1000:.1f} ms a decision; "
        f"worlds drawn {drawn / count:.0f}, searched {worlds / count:.0f} a decision; "
        f"choices {digest}"
    )


if __name__ == "__main__":
    main()
