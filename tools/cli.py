"""`python -m tools`: play in a terminal, simulate matches, measure speed, pit levels,
and recompute the deals of a checkable shuffle.

This module reads the command line and hands each subcommand to the module
that does the work: `tools.play` (the terminal game), `tools.simulate`,
`tools.bench`, `tools.arena` and `tools.verify`. It prints their results as text or JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.view.i18n import LANGUAGES
from engine.ai import levels
from engine.errors import RulesError
from engine.rules import OPTIONS, PLAYER_COUNTS, Preset, RuleSet
from engine.shuffle import ShuffleError, commitment, read_key
from tools.arena import arena, default_jobs
from tools.bench import BenchResult, bench
from tools.play import InputFn, PlaySession
from tools.simulate import simulate
from tools.verify import DEFAULT_DEALS, verify_text

# -- argument parsing --------------------------------------------------------------


def parse_option_args(items: Sequence[str] | None) -> dict[str, str]:
    """`key=value` strings into a dict; values are checked later by RuleSet."""
    options: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError(
                f"option {item!r} must look like key=value; options are: " + ", ".join(OPTIONS),
                option=key.strip() or item,
            )
        options[key.strip()] = value.strip()
    return options


def build_rules(args: argparse.Namespace) -> tuple[RuleSet, int]:
    """Rules and player count from the command line (RulesError on bad input)."""
    rules = RuleSet.create(args.preset, parse_option_args(args.option))
    players = args.players if args.players is not None else PLAYER_COUNTS[rules.preset][0]
    rules.check_players(players)
    return rules, players


def parse_levels(text: str) -> list[str]:
    chosen = [part.strip().lower() for part in text.split(",") if part.strip()]
    known = levels()
    for level in chosen:
        if level not in known:
            raise RulesError(
                f"unknown player level {level!r}: choose one of {', '.join(known)}",
                option="level",
            )
    if not chosen:
        raise RulesError("name at least one player level", option="level")
    return chosen


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m tools",
        description="Burkozel, Kozel and Bura in a terminal, plus simulation and benchmarks.",
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def table_arguments(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--preset", default="burkozel", help="burkozel, kozel or bura")
        sub.add_argument("--players", type=int, default=None, help="2, 3 or 4 (kozel: 4)")
        sub.add_argument(
            "--option",
            action="append",
            metavar="KEY=VALUE",
            help="a table option, repeatable; e.g. --option limit=6",
        )
        sub.add_argument("--seed", type=int, default=1)

    play = commands.add_parser("play", help="play against computer players")
    table_arguments(play)
    play.add_argument("--level", default="greedy", help="computer level: " + ", ".join(levels()))

    sim = commands.add_parser("simulate", help="computer-only matches with invariant checks")
    table_arguments(sim)
    sim.add_argument("--matches", type=int, default=10)
    sim.add_argument(
        "--level",
        default="greedy",
        help="computer level, or a comma list repeated round the table (greedy,random)",
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    ben = commands.add_parser("bench", help="random deals per second for every preset")
    ben.add_argument("--deals", type=int, default=None, help="deals per run (default 200)")
    ben.add_argument("--seconds", type=float, default=None, help="time per run instead")
    ben.add_argument("--runs", type=int, default=3, help="best of this many runs")
    ben.add_argument("--json", action="store_true", help="print one JSON object")

    are = commands.add_parser(
        "arena", help="levels against each other: win rates, penalties, decision times"
    )
    table_arguments(are)
    are.add_argument("--deals", type=int, default=200, help="deals to play (default 200)")
    are.add_argument("--matches", type=int, default=0, help="also play this many whole matches")
    are.add_argument(
        "--levels",
        default="hard,easy",
        help="comma list repeated round the table, seats rotated (default hard,easy)",
    )
    are.add_argument(
        "--budget-ms", type=float, default=None, help="time per decision for searching levels"
    )
    are.add_argument(
        "--playouts",
        type=int,
        default=None,
        help="fixed worlds per decision for searching levels (deterministic; overrides time)",
    )
    are.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default=None,
        help="what --budget-ms measures: wall time (default) or the decision's CPU time "
        "(fair comparisons on a busy machine)",
    )
    are.add_argument(
        "--jobs", type=int, default=None, help="worker processes (default: one per core)"
    )
    are.add_argument("--json", action="store_true", help="print one JSON object")

    ver = commands.add_parser(
        "verify",
        help="recompute a match's deals from its secret and public value (docs/RULES.md 9)",
    )
    ver.add_argument("secret", help="the 64 hex digits the bot revealed when the match ended")
    ver.add_argument("public", help="the public value, game:players:trump_card:chat:message")
    ver.add_argument(
        "--deals", type=int, default=DEFAULT_DEALS, help=f"deals to show (default {DEFAULT_DEALS})"
    )
    ver.add_argument(
        "--commitment", default=None, help="the hash shown before the match: checked first"
    )
    ver.add_argument("--lang", choices=LANGUAGES, default="en", help="how ranks are written")
    ver.add_argument(
        "--deck", action="store_true", help="each deal's deck order, as in RULES.md's vectors"
    )
    return parser


# -- commands ----------------------------------------------------------------------


def run_play(args: argparse.Namespace, input_fn: InputFn, out: TextIO) -> int:
    rules, players = build_rules(args)
    level = parse_levels(args.level)[0]
    return PlaySession(rules, players, args.seed, level, input_fn, out).run()


def run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    rules, players = build_rules(args)
    chosen = parse_levels(args.level)
    if args.matches < 0:
        raise RulesError("--matches must be 0 or more", option="matches")
    report = simulate(rules, players, args.matches, args.seed, chosen)
    if args.json:
        out.write(json.dumps(report.to_json(), ensure_ascii=False) + "\n")
    else:
        data = report.to_json()
        out.write(
            f"{data['preset']} with {players} players, levels {', '.join(report.levels)}\n"
            f"{data['matches']} matches, {data['deals']} deals, {data['tricks']} tricks, "
            f"{data['actions']} actions in {data['wall_seconds']} s "
            f"({data['deals_per_second']} deals/s)\n"
            f"mean final penalty points per seat: {data['mean_penalties']}\n"
            f"mean penalty points per deal per seat: {data['mean_deal_penalties']}\n"
            f"matches won per seat: {data['wins']}\n"
            f"invariant violations: {data['invariant_violations']}\n"
        )
        for message in report.violations:
            out.write(f"  {message}\n")
    out.flush()
    return 0 if report.invariant_violations == 0 else 1


def run_bench(args: argparse.Namespace, out: TextIO) -> int:
    if args.runs < 1 or (args.deals is not None and args.deals < 1):
        raise RulesError("--runs and --deals must be at least 1", option="deals")
    deals = args.deals if args.deals is not None or args.seconds is not None else 200

    def progress(result: BenchResult) -> None:
        if not args.json:
            out.write(
                f"{result.preset:9} {result.players} players: "
                f"{result.deals_per_second:9.1f} deals/s  "
                f"{result.actions_per_second:10.1f} actions/s  "
                f"({result.deals} deals in {result.seconds:.2f} s, best of {args.runs})\n"
            )
            out.flush()

    results = bench(deals=deals, seconds=args.seconds, runs=args.runs, progress=progress)
    headline = next(r for r in results if r.preset == Preset.BURKOZEL.value and r.players == 4)
    if args.json:
        data = {
            "results": [r.to_json() for r in results],
            "headline_burkozel_4_deals_per_second": round(headline.deals_per_second, 1),
        }
        out.write(json.dumps(data) + "\n")
    else:
        out.write(
            f"Headline: four-player burkozel, {headline.deals_per_second:.1f} deals/s "
            f"({headline.actions_per_second:.1f} actions/s)\n"
        )
    out.flush()
    return 0


def run_arena(args: argparse.Namespace, out: TextIO) -> int:
    rules, players = build_rules(args)
    chosen = parse_levels(args.levels)
    if args.deals < 0 or args.matches < 0 or args.deals + args.matches == 0:
        raise RulesError("play at least one deal or match (--deals, --matches)", option="deals")
    if args.budget_ms is not None and args.budget_ms <= 0:
        raise RulesError("--budget-ms must be positive", option="budget_ms")
    if args.playouts is not None and args.playouts < 1:
        raise RulesError("--playouts must be at least 1", option="playouts")
    jobs = args.jobs if args.jobs is not None else default_jobs()
    report = arena(
        rules,
        players,
        chosen,
        deals=args.deals,
        seed=args.seed,
        matches=args.matches,
        budget_ms=args.budget_ms,
        playouts=args.playouts,
        jobs=jobs,
        clock=args.clock,
    )
    if args.json:
        out.write(json.dumps(report.to_json(), ensure_ascii=False) + "\n")
    else:
        out.write(report.table())
    out.flush()
    return 0


def run_verify(args: argparse.Namespace, out: TextIO) -> int:
    """0: the deals printed (and the commitment, if given, matches); 1: the
    commitment does not match; 2: the secret or public value is malformed."""
    try:
        key = read_key(args.secret, args.public)
        text = verify_text(key, args.deals, args.lang, args.deck)
    except (ShuffleError, ValueError) as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    if args.commitment is not None:
        expected = args.commitment.strip().lower()
        if commitment(key.secret) != expected:
            sys.stderr.write(
                f"error: the secret does not match the commitment {expected}: its SHA-256 "
                f"is {commitment(key.secret)}\n"
            )
            return 1
        text = "the secret matches the commitment\n" + text
    out.write(text)
    out.flush()
    return 0


def main(
    argv: Sequence[str] | None = None,
    input_fn: InputFn = input,
    out: TextIO | None = None,
) -> int:
    """Entry point; returns the exit code (2 for bad options, like argparse)."""
    stream = out if out is not None else sys.stdout
    if out is None and hasattr(sys.stdout, "reconfigure"):
        # Suit symbols must not crash a terminal or pipe with a narrow encoding.
        sys.stdout.reconfigure(errors="replace")
    args = make_parser().parse_args(argv)
    try:
        if args.command == "play":
            return run_play(args, input_fn, stream)
        if args.command == "simulate":
            return run_simulate(args, stream)
        if args.command == "arena":
            return run_arena(args, stream)
        if args.command == "verify":
            return run_verify(args, stream)
        return run_bench(args, stream)
    except RulesError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    except KeyboardInterrupt:
        stream.write("\n")
        return 130
    except BrokenPipeError:
        # The reader went away (`... | head`): stop quietly, like other tools.
        if out is None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1
