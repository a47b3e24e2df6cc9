"""How close `hard`'s worlds come to the real deal, and what its choices cost.

    python bench/ai_worlds.py --deals 30 --seed 21 --playouts 100
    python bench/ai_worlds.py --deals 24 --seed 21 --playouts 600 --regret

Plays kozel, two `hard` seats against two `easy`, one process (the real
state is taken from the engine's `view_for` call that made each view, as in
`bench/ai_oracle.py`; it cheats, so it lives here). At each searched decision
of a `hard` seat:

- *placement*: of the opponents' real cards, the share that a world puts in
  the right hand, for worlds drawn blind, kept by the clues as the search
  keeps them (`TRIES` draws at most), with 48 draws, and resampled from
  1,000 weighed drafts (the clues' posterior, as near as sampling gets),
  and the sharpest posterior the clues allow (the styles known, each clue
  at least 0.03, 3,000 drafts: the most any reading of the clues could
  give the search); only decisions with at least three clues;
- *composition*: the opponents' (and the partner's) trumps, trumps of queen
  and up, aces and tens, and card points, really and in blind and kept
  worlds, while the stock lasts and after;
- with `--regret`: each candidate's value on the real deal (`--oracle`
  playouts of the real hands, the stock shuffled again, the opponents
  answering as casual players), and per kind of decision how much less
  than the best hard's choice, the greedy rules' and (leads) the playout
  policy's lead are worth there. The values are noisy: the best of them is
  biased up, so compare the rows with each other, not with zero.

docs/PERFORMANCE.md, "Issue 14, thirteenth pass".
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.ai.base as ai_base
import engine.ai.evidence as evidence
from engine.actions import Action, Kind
from engine.ai.determinize import Knowledge
from engine.ai.fastplay import fast_play_out
from engine.ai.hard import HardPlayer, side_of
from engine.ai.playout_memory import memory_for
from engine.ai.policy import RolloutPolicy
from engine.ai.worlds import Draft, deal_only_state, draw_draft
from engine.cards import Card, Suit
from engine.state import MatchState
from engine.view import TableView, view_for
from tools.cli import main

real_states: dict[int, MatchState] = {}
placement: dict[str, list[float]] = defaultdict(list)
composition: dict[tuple[str, str, str], dict[str, list[float]]] = defaultdict(
    lambda: defaultdict(list)
)
regrets: list[dict[str, object]] = []
SHARP_FLOOR = 0.03
SAMPLES = 40  # worlds per decision and sampler


def spy_view(state: MatchState, seat: int | None) -> TableView:
    if seat is not None:
        real_states[seat] = state
    return view_for(state, seat)


def _features(cards: Sequence[Card], trump: Suit) -> dict[str, float]:
    return {
        "trumps": sum(card.suit == trump for card in cards),
        "high trumps": sum(card.suit == trump and card.rank >= 5 for card in cards),
        "aces and tens": sum(card.points >= 10 for card in cards),
        "points": sum(card.points for card in cards),
    }


def _measure_worlds(
    view: TableView,
    knowledge: Knowledge,
    real: MatchState,
    reading: evidence.Reading,
    shares: evidence.Shares,
) -> None:
    seat = knowledge.viewer
    assert real.deal is not None and view.trump is not None
    opponents = [other for other in range(4) if (other - seat) % 2]
    rng = random.Random(view.step * 7 + seat)

    def draft() -> Draft:
        return draw_draft(view, knowledge, rng)

    def kept(tries: int) -> Draft:
        saved = evidence.TRIES
        evidence.TRIES = tries
        try:
            return evidence.pick_world(draft, reading, shares, rng)
        finally:
            evidence.TRIES = saved

    samplers: dict[str, Callable[[], Draft]] = {
        "blind": draft,
        "kept": lambda: kept(evidence.TRIES) if reading else draft(),
    }
    phase = "stock" if view.stock_left else "no stock"
    for who, seats in (("opponents", opponents), ("partner", [(seat + 2) % 4])):
        truth = [card for other in seats for card in real.deal.hands[other]]
        if not truth:
            continue
        for name, value in _features(truth, view.trump).items():
            composition[(who, phase, name)]["real"].append(value)
        for label, sample in samplers.items():
            drawn = [
                _features([c for other in seats for c in sample().dealt[other]], view.trump)
                for _ in range(SAMPLES)
            ]
            for name in drawn[0]:
                values = [features[name] for features in drawn]
                composition[(who, phase, name)][label].append(statistics.mean(values))
    if len(reading.clues) < 3:
        return
    real_hands = {other: set(real.deal.hands[other]) for other in opponents}
    total = sum(len(hand) for hand in real_hands.values())
    if not total:
        return

    def placed(world: Draft) -> float:
        return sum(len(real_hands[o] & set(world.dealt[o])) for o in opponents) / total

    placement["blind"].append(statistics.mean(placed(draft()) for _ in range(SAMPLES)))
    for tries in (evidence.TRIES, 48):
        placement[f"kept, {tries} draws"].append(
            statistics.mean(placed(kept(tries)) for _ in range(SAMPLES))
        )
    pool = [draft() for _ in range(1000)]
    weights = [evidence.weight(world, reading, shares, rng) for world in pool]
    picks = rng.choices(pool, weights=weights, k=SAMPLES)
    placement["resampled from 1,000"].append(statistics.mean(placed(world) for world in picks))
    # The sharpest posterior the clues allow: the styles known (the
    # opponents are `easy`: casual), each clue at least 0.03 (sharper
    # measured no better), 3,000 weighed drafts.
    saved = evidence.FLOOR
    evidence.FLOOR = SHARP_FLOOR
    try:
        casual = {other: 1.0 for other in opponents}
        pool = [draft() for _ in range(3000)]
        weights = [evidence.weight(world, reading, casual, rng) for world in pool]
    finally:
        evidence.FLOOR = saved
    picks = rng.choices(pool, weights=weights, k=SAMPLES)
    placement["sharpest: casual, 3,000"].append(statistics.mean(map(placed, picks)))
    placement["  its effective sample"].append(sum(weights) ** 2 / sum(w * w for w in weights))


def real_deal_values(
    player: HardPlayer,
    view: TableView,
    knowledge: Knowledge,
    real: MatchState,
    actions: Sequence[Action | None],
    playouts: int,
    casual_leads: int = 0,
    wins: bool = False,
) -> list[float]:
    """Each action's mean value on the real deal for the deciding side:
    `playouts` playouts of the real hands, the stock shuffled again, the
    opponents answering as casual players (and the seats of `casual_leads`
    leading as they do); every action sees the same dice. With `wins`, a
    playout scores the deal's outcome alone: +1 won, -1 lost, 0 eggs."""
    seat = knowledge.viewer
    side = side_of(view, seat)
    others = [other for other in range(len(view.penalties)) if other != side]
    rng = random.Random(view.step * 31 + seat)
    base = deal_only_state(real)
    deal = base.deal
    assert deal is not None
    casual = sum(1 << other for other in range(4) if side_of(view, other) != side)
    totals = [0.0] * len(actions)
    for _ in range(playouts):
        world = base
        if deal.stock:
            last = [] if deal.trump_hidden else list(deal.stock[-1:])
            body = list(deal.stock[: len(deal.stock) - len(last)])
            rng.shuffle(body)
            world = base._replace(deal=deal._replace(stock=(*body, *last)))
        dice = rng.getrandbits(32)
        memory = memory_for(world, knowledge.visible_points)
        memory.casual = casual
        memory.casual_leads = casual_leads
        for index, action in enumerate(actions):
            result = fast_play_out(
                world, player.policy, random.Random(dice), memory.copy(), first=action
            )
            if wins:  # +1 a deal won, -1 a deal lost, 0 eggs
                lost = result.penalties[side] > 0
                totals[index] += -1.0 if lost else float(any(result.penalties))
            else:
                totals[index] += player.value(result, side, others)
    return [total / playouts for total in totals]


def _measure_regret(
    player: HardPlayer,
    view: TableView,
    knowledge: Knowledge,
    real: MatchState,
    candidates: Sequence[Action | None],
    choice: Action | None,
    default: int | None,
    playouts: int,
) -> None:
    if any(c is None or c.kind not in (Kind.LEAD, Kind.BEAT, Kind.DISCARD) for c in candidates):
        return
    seat = knowledge.viewer
    means = real_deal_values(player, view, knowledge, real, candidates, playouts)
    best = max(means)
    lead = not view.trick
    row: dict[str, object] = {
        "decision": ("lead" if lead else "answer")
        + (", stock" if view.stock_left else ", no stock"),
        "hard": best - means[candidates.index(choice)],
    }
    if default is not None:
        row["greedy"] = best - means[default]
    if lead:
        careful = RolloutPolicy(0.0).lead(
            view.rules,
            seat,
            view.hand,
            view.trump,  # type: ignore[arg-type]
            len(view.history),
            not view.stock_left,
            random.Random(0),
            memory_for(real, knowledge.visible_points),
        )
        if careful in candidates:
            row["policy's lead"] = best - means[candidates.index(careful)]
    regrets.append(row)


def _install(regret_playouts: int | None) -> None:
    search = HardPlayer.search

    def measured(
        self: HardPlayer,
        view: TableView,
        knowledge: Knowledge,
        candidates: Sequence[Action | None],
        default: int | None = None,
        prior_z: float | None = None,
    ) -> Action | None:
        choice = search(self, view, knowledge, candidates, default, prior_z)
        real = real_states.get(knowledge.viewer)
        if real is None or real.step != view.step:
            return choice
        if regret_playouts:
            _measure_regret(
                self, view, knowledge, real, candidates, choice, default, regret_playouts
            )
        else:
            reading, shares = self._reading(view, self._reads(view))
            _measure_worlds(view, knowledge, real, reading, shares)
        return choice

    setattr(ai_base, "view_for", spy_view)  # noqa: B010 - patching on purpose
    setattr(HardPlayer, "search", measured)  # noqa: B010


def _report() -> None:
    for name, values in placement.items():
        print(f"placement {name:24} {statistics.mean(values):.3f} ({len(values)} decisions)")
    for (who, phase, name), columns in sorted(composition.items()):
        shown = "  ".join(f"{k} {statistics.mean(v):6.2f}" for k, v in columns.items())
        print(f"{who:9} {phase:8} {name:13} {shown}  ({len(columns['real'])})")
    kinds = sorted({str(row["decision"]) for row in regrets})
    for kind in kinds:
        rows = [row for row in regrets if row["decision"] == kind]
        parts = []
        for key in ("hard", "greedy", "policy's lead"):
            values = [float(row[key]) for row in rows if key in row]  # type: ignore[arg-type]
            if values:
                parts.append(f"{key} {statistics.mean(values):.2f}")
        print(f"regret {kind:18} {len(rows):4} decisions: {', '.join(parts)}")


def run(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--playouts", type=int, default=100, help="hard's fixed playouts")
    parser.add_argument("--regret", action="store_true", help="measure choices, not worlds")
    parser.add_argument("--oracle", type=int, default=150, help="real-deal playouts")
    args = parser.parse_args(argv)
    _install(args.oracle if args.regret else None)
    main(
        [
            "arena",
            "--preset",
            "kozel",
            "--players",
            "4",
            "--levels",
            "hard,easy,hard,easy",
            "--deals",
            str(args.deals),
            "--seed",
            str(args.seed),
            "--playouts",
            str(args.playouts),
            "--jobs",
            "1",
        ],
        out=io.StringIO(),
    )
    _report()
    return 0


if __name__ == "__main__":
    raise SystemExit(run(sys.argv[1:]))
