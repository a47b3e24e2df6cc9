"""The command line (`python -m tools`): play, simulate and bench, end to end.

Whole seeded matches are the unit here: they are cheap (a few hundred
actions) and walk through every rule the players and the CLI depend on.
"""

from __future__ import annotations

import io
import json
import random
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Action, Kind, RuleSet
from engine.cards import Card
from engine.rules import PLAYER_COUNTS, Preset
from tools.bench import play_random_deal
from tools.cli import main
from tools.play import PlaySession

ROOT = Path(__file__).resolve().parents[2]
TABLES = [(preset, n) for preset in Preset for n in PLAYER_COUNTS[preset]]


def test_bench_deal_loop_plays_deals_out() -> None:
    for preset, n in TABLES:
        assert play_random_deal(RuleSet.create(preset), n, 3) >= 0
    assert play_random_deal(RuleSet.create("burkozel"), 4, 3) >= 9  # 36 cards, 4 per trick


# -- command line -------------------------------------------------------------------------


def words(command: str) -> list[str]:
    """A command line as argv, so long ones stay readable."""
    return shlex.split(command)


def run_main(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


def test_simulate_json_reports_matches_and_no_violations() -> None:
    code, text = run_main(
        words(
            "simulate --preset kozel --players 4 --matches 3 --seed 5"
            " --option combo_interrupt=on --json"
        )
    )
    assert code == 0
    data = json.loads(text)
    assert data["preset"] == "kozel" and data["players"] == 4 and data["matches"] == 3
    assert data["invariant_violations"] == 0
    assert data["options"]["combo_interrupt"] is True
    assert len(data["mean_penalties"]) == 4
    assert data["deals"] >= 3 and data["tricks"] > 0 and data["actions"] > 0
    assert data["wall_seconds"] > 0 and data["deals_per_second"] > 0


def test_simulate_readable_summary_and_level_mix() -> None:
    code, text = run_main(
        words("simulate --preset bura --players 3 --matches 2 --level greedy,random")
    )
    assert code == 0
    assert "invariant violations: 0" in text
    assert "greedy, random, greedy" in text


def test_simulate_json_through_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, *words("-m tools simulate --players 4 --matches 2 --seed 9 --json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["matches"] == 2 and data["invariant_violations"] == 0


def test_bench_prints_every_preset_and_player_count() -> None:
    code, text = run_main(["bench", "--deals", "2", "--runs", "1", "--json"])
    assert code == 0
    data = json.loads(text)
    assert [(r["preset"], r["players"]) for r in data["results"]] == [
        (p.value, n) for p, n in TABLES
    ]
    assert data["headline_burkozel_4_deals_per_second"] > 0


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["simulate", "--option", "limit=5"], "limit"),
        (["simulate", "--option", "nonsense=1"], "nonsense"),
        (["play", "--preset", "bura", "--option", "four_ends=on"], "four_ends"),
        (["simulate", "--option", "stake"], "stake"),
        (["simulate", "--preset", "kozel", "--players", "3"], "kozel"),
        (["play", "--preset", "poker"], "poker"),
        (["simulate", "--level", "grandmaster"], "grandmaster"),
    ],
)
def test_bad_options_exit_2_and_name_the_option(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run_main(argv)
    assert code == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err


def test_bad_option_from_the_shell_has_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools", "play", "--option", "limit=7"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "limit" in result.stderr and "Traceback" not in result.stderr


class ScriptedPerson:
    """Answers the terminal game's prompts from the session's own view of seat 0.

    It mostly types a legal move the way a person would (card numbers plus an
    action word, in either order), and now and then garbage, an illegal move
    or a command, so the error paths run inside a real match.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.session: PlaySession | None = None
        self.lines: list[str] = []
        self.illegal_sent = 0

    def __call__(self, prompt: str) -> str:
        assert self.session is not None
        assert len(self.lines) < 5_000, "the match does not end"
        line = self.answer(self.session)
        self.lines.append(line)
        return line

    def answer(self, session: PlaySession) -> str:
        view = session.view()
        roll = self.rng.random()
        if roll < 0.04:
            return self.rng.choice(["", "blah", "7 7 7 beat", "1 lead beat", "99 discard", "xyz"])
        if roll < 0.06:
            return self.rng.choice(["help", "hint", "show"])
        if roll < 0.08 and view.turn == session.human:
            # Illegal but well formed: the wrong kind of move for this moment.
            self.illegal_sent += 1
            return "1 beat" if not view.trick else "1 lead"
        if view.turn != session.human:  # an out-of-turn combination offer
            declarations = [a for a in view.legal if a.kind is Kind.DECLARE]
            if declarations and self.rng.random() < 0.5:
                return self.type(self.rng.choice(declarations), view.hand)
            return self.rng.choice(["pass", ""])
        own = [a for a in view.legal if a.seat == session.human]
        if any(a.kind is Kind.CLAIM for a in own) and self.rng.random() < 0.9:
            own = [a for a in own if a.kind is not Kind.CLAIM]  # fewer false claims
        return self.type(self.rng.choice(own), view.hand)

    def type(self, action: Action, hand: tuple[Card, ...]) -> str:
        if action.kind is Kind.CLAIM:
            return "claim"
        numbers = [str(hand.index(card) + 1) for card in action.cards]
        self.rng.shuffle(numbers)
        words = [*numbers, action.kind.value]
        if self.rng.random() < 0.3:
            words = [action.kind.value, *numbers]
        return " ".join(words)


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("burkozel", 2, {}),
        ("bura", 2, {}),
        ("kozel", 4, {"limit": 4}),
        ("burkozel", 3, {"closed_discard": "on", "limit": 6}),
    ],
)
def test_play_drives_a_whole_match_from_typed_lines(
    preset: str, players: int, options: dict[str, object]
) -> None:
    person = ScriptedPerson(seed=players)
    out = io.StringIO()
    session = PlaySession(
        RuleSet.create(preset, options), players, seed=11, input_fn=person, out=out
    )
    person.session = session
    assert session.run() == 0
    text = out.getvalue()
    assert session.state.over
    assert "Match over" in text and "Final standing" in text
    assert "Deal 1" in text and "Your hand:" in text
    if any(line in ("blah", "xyz") for line in person.lines):
        assert "is neither a card number nor an action" in text
    if person.illegal_sent:
        assert text.count("Not allowed:") >= person.illegal_sent


def test_play_from_piped_stdin_survives_garbage_and_finishes() -> None:
    lines = ["garbage", "1 2 3 4 5 6 lead", "help", *(["auto"] * 3000)]
    result = subprocess.run(
        [sys.executable, *words("-m tools play --preset burkozel --players 2 --seed 3")],
        cwd=ROOT,
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "`garbage` is neither a card number nor an action" in result.stdout
    assert "Match over" in result.stdout
    assert "Traceback" not in result.stderr


def test_play_quits_cleanly_on_quit_and_on_end_of_input() -> None:
    for script in ("quit\n", "", "blah\n"):
        result = subprocess.run(
            [sys.executable, "-m", "tools", "play", "--players", "3", "--seed", "1"],
            cwd=ROOT,
            input=script,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        assert "Bye." in result.stdout
        assert "Traceback" not in result.stderr
