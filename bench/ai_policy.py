"""How well the playout policy plays kozel, with other numbers or other leads.

    python bench/ai_policy.py --deals 10000
    python bench/ai_policy.py --deals 10000 --set discard_table=0.75 --lead casual
    python bench/ai_policy.py --deals 10000 --descend
    python bench/ai_policy.py --deals 20000 --seed 7000 --lead casual --base-lead casual \
        --their-leads casual --set keep_trump=1.0

`hard` plays its own later moves in every playout with the careful policy
(`engine.ai.policy`: its answers weigh the numbers of `Style`, its leads
follow fixed rules). A search is only as good as the play it imagines, so
this asks whether other numbers or leads would play kozel better: one team
plays the variant, the other answers as a casual player (`engine.ai.casual`,
the easy player's rules) and leads with the default policy (or, with
`--their-leads casual`, as the easy player does), each deal twice
(the variant on seats 0 and 2, then 1 and 3) with the same dice for every
variant, so the variants are compared deal by deal (paired differences and
their standard error). Only playouts are run, a few thousand deals a
second, so effects of a fraction of a point show; it says nothing by itself
about `hard`, whose arena runs decide (docs/PERFORMANCE.md, "Issue 14,
fourteenth pass").

`--descend` tries each number of `Style` halved, one and a half times and at
zero (the risks as a whole), keeping a change that wins more deals by two
standard errors, then the same with a quarter up and down.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import RuleSet, new_match
from engine.actions import Action
from engine.ai.fastplay import fast_play_out
from engine.ai.playout_memory import PlayoutMemory, memory_for
from engine.ai.playout_style import Style
from engine.ai.policy import RolloutPolicy
from engine.state import MatchState

RULES = RuleSet.create("kozel")


class Teams(RolloutPolicy):
    """Seats of `team` (0 or 1: seat % 2) play `ours`, the others `theirs`."""

    def __init__(self, ours: RolloutPolicy, theirs: RolloutPolicy, team: int) -> None:
        super().__init__(ours.noise)
        self.ours, self.theirs, self.team = ours, theirs, team

    def _of(self, seat: int) -> RolloutPolicy:
        return self.ours if seat % 2 == self.team else self.theirs

    def lead(self, rules: RuleSet, seat: int, *rest: Any) -> Action:
        return self._of(seat).lead(rules, seat, *rest)

    def answer(self, seat: int, *rest: Any, **named: Any) -> Action:
        return self._of(seat).answer(seat, *rest, **named)


def deals(count: int, seed: int) -> list[MatchState]:
    return [new_match(RULES, ["a", "b", "c", "d"], seed=seed + index) for index in range(count)]


def outcomes(
    policy: RolloutPolicy,
    states: Sequence[MatchState],
    lead: str = "policy",
    their_leads: str = "policy",
) -> list[bool]:
    """Per deal and team: whether the policy's team won the deal; with
    `lead="casual"` its seats lead as hard's own side does in its playouts
    (`PlayoutMemory.casual_leads`), with `their_leads="casual"` the other
    team's seats lead as `easy` does."""
    theirs = RolloutPolicy(policy.noise)
    won = []
    for index, state in enumerate(states):
        for team in (0, 1):
            memory: PlayoutMemory = memory_for(state, [0, 0, 0, 0])
            memory.casual = 0b1010 if team == 0 else 0b0101
            if lead == "casual":
                memory.casual_leads = 0b0101 if team == 0 else 0b1010
            if their_leads == "casual":
                memory.casual_leads |= 0b1010 if team == 0 else 0b0101
            dice = random.Random(index * 2 + team)
            result = fast_play_out(state, Teams(policy, theirs, team), dice, memory)
            ours, other = result.penalties[team], result.penalties[1 - team]
            won.append(ours == 0 and other > 0)
    return won


def paired(new: list[bool], old: list[bool]) -> tuple[float, float]:
    """Mean difference in deals won, and its standard error."""
    diffs = [float(a) - float(b) for a, b in zip(new, old, strict=True)]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
    return mean, (var / len(diffs)) ** 0.5


def scaled(style: Style, name: str, factor: float) -> Style:
    value = getattr(style, name)
    if isinstance(value, tuple):
        changed: dict[str, Any] = {name: tuple(min(x * factor, 0.49) for x in value)}
    else:
        changed = {name: value * factor}
    return replace(style, **changed)


def descend(states: Sequence[MatchState], lead: str, noise: float, their_leads: str) -> Style:
    current = Style()
    won = outcomes(RolloutPolicy(noise, current), states, lead, their_leads)
    for factors in ((0.5, 1.5, 0.0), (0.75, 1.25)):
        for field in fields(Style):
            for factor in factors:
                trial = scaled(current, field.name, factor)
                if trial == current:
                    continue
                trial_won = outcomes(RolloutPolicy(noise, trial), states, lead, their_leads)
                mean, error = paired(trial_won, won)
                kept = mean > 2 * error
                print(
                    f"{field.name} x{factor}: {_rate(trial_won)} against {_rate(won)}, "
                    f"{mean:+.2%} ± {error:.2%}{'  kept' if kept else ''}",
                    flush=True,
                )
                if kept:
                    current, won = trial, trial_won
    print(f"found: {current}")
    return current


def _rate(won: list[bool]) -> str:
    return f"{sum(won) / len(won):.2%}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--noise", type=float, default=0.1, help="as hard's playouts: 0.1")
    parser.add_argument("--set", nargs="*", default=[], help="Style numbers: name=value")
    parser.add_argument("--lead", choices=("policy", "casual"), default="policy")
    parser.add_argument(
        "--their-leads", choices=("policy", "casual"), default="policy", help="casual: as easy"
    )
    parser.add_argument(
        "--base-lead", choices=("policy", "casual"), default="policy", help="the default's leads"
    )
    parser.add_argument("--descend", action="store_true")
    args = parser.parse_args(argv)
    states = deals(args.deals, args.seed)
    base = outcomes(RolloutPolicy(args.noise), states, args.base_lead, args.their_leads)
    print(f"default policy against casual answers: {_rate(base)} of {len(base)} deals won")
    if args.descend:
        descend(states, args.lead, args.noise, args.their_leads)
        return
    style = Style()
    for item in args.set:
        name, _, value = item.partition("=")
        current = getattr(style, name)
        if isinstance(current, tuple):
            style = scaled(style, name, float(value))  # a factor for the risks
        else:
            number: dict[str, Any] = {name: float(value)}
            style = replace(style, **number)
    won = outcomes(RolloutPolicy(args.noise, style), states, args.lead, args.their_leads)
    mean, error = paired(won, base)
    print(f"variant: {_rate(won)}, {mean:+.2%} ± {error:.2%} against the default")


if __name__ == "__main__":
    main()
