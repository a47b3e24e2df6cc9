"""Computer players, the simulator and the command line, tested end to end.

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
from collections.abc import Mapping
from pathlib import Path

import pytest

from engine import Action, Kind, MatchState, RuleSet, apply, legal_actions, new_match
from engine.ai import (
    GreedyPlayer,
    Player,
    RandomPlayer,
    levels,
    make_player,
    next_actor,
    pending_declarations,
    register_level,
)
from engine.cards import Card, Suit, points
from engine.events import ClaimMade, Event
from engine.rules import PLAYER_COUNTS, Preset
from engine.view import TableView, view_for
from tools.bench import play_random_deal
from tools.cli import main
from tools.play import PlaySession
from tools.simulate import make_players, simulate

ROOT = Path(__file__).resolve().parents[1]
TABLES = [(preset, n) for preset in Preset for n in PLAYER_COUNTS[preset]]


class CheckedPlayer:
    """Wraps a player and fails the test the moment it returns a non-legal action."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.level = inner.level
        self.choices = 0

    def choose(self, view: TableView) -> Action | None:
        action = self.inner.choose(view)
        if action is not None:
            assert action in view.legal, f"{self.level} chose {action} outside {view.legal}"
            assert action.seat == view.viewer
            if view.turn != view.viewer:
                assert action.kind is Kind.DECLARE, "off turn only combinations may be led"
            self.choices += 1
        return action


def play_match(
    rules: RuleSet, players: Mapping[int, Player], seed: int, max_actions: int = 50_000
) -> tuple[MatchState, list[Action], list[Event]]:
    """Drive a computer-only match to its end, checking each action's legality."""
    state = new_match(rules, [f"P{seat}" for seat in range(len(players))], seed)
    log: list[Action] = []
    events: list[Event] = []
    while not state.over:
        chosen = next_actor(state, players)
        assert chosen is not None, "no computer player acted"
        seat, action = chosen
        assert action in legal_actions(state, seat)
        state, new_events = apply(state, action)
        log.append(action)
        events.extend(new_events)
        assert len(log) < max_actions, "the match does not end"
    return state, log, events


# -- computer players -----------------------------------------------------------------


def test_registry_lists_levels_and_rejects_unknown_ones() -> None:
    assert {"random", "greedy"} <= set(levels())
    assert isinstance(make_player("greedy", 1), GreedyPlayer)
    assert isinstance(make_player(" Random ", 1), RandomPlayer)
    with pytest.raises(ValueError, match="unknown player level"):
        make_player("grandmaster", 1)
    with pytest.raises(ValueError, match="already registered"):
        register_level("greedy", GreedyPlayer)


@pytest.mark.parametrize(("preset", "players"), TABLES)
@pytest.mark.parametrize("mix", [("random",), ("greedy",), ("greedy", "random")])
def test_players_choose_only_legal_actions_and_matches_finish(
    preset: Preset, players: int, mix: tuple[str, ...]
) -> None:
    rules = RuleSet.create(preset)
    for seed in range(3):
        computers = {
            seat: CheckedPlayer(player) for seat, player in make_players(mix, players, seed).items()
        }
        state, log, _ = play_match(rules, computers, seed)
        assert state.over and state.standing is not None
        assert len({placing.side for placing in state.standing}) == len(state.penalties)
        assert sum(player.choices for player in computers.values()) >= len(log)


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("burkozel", 4, {"combo_interrupt": "on", "trump_card": "middle"}),
        ("burkozel", 3, {"first_lead_max3": "on", "first_lead": "lowest_trump", "limit": 6}),
        ("kozel", 4, {"combo_interrupt": "on", "eggs_double": "on"}),
        ("bura", 3, {"show_own_points": "on", "closed_discard": "off"}),
        ("bura", 2, {"redeal_on_initial_combo": "on", "false_claim_double": "off"}),
    ],
)
def test_simulation_with_options_keeps_every_invariant(
    preset: str, players: int, options: dict[str, str]
) -> None:
    rules = RuleSet.create(preset, options)
    for mix in (("random",), ("greedy", "random")):
        report = simulate(rules, players, matches=4, seed=3, levels=mix)
        assert report.matches == 4
        assert report.invariant_violations == 0, report.violations
        assert report.deals >= 4 and report.actions > 0


def test_same_seed_gives_the_same_match() -> None:
    rules = RuleSet.create("burkozel")
    for mix in (("random",), ("greedy",)):
        first = play_match(rules, make_players(mix, 3, 42), 42)
        second = play_match(rules, make_players(mix, 3, 42), 42)
        assert first[1] == second[1]
        assert first[0] == second[0]
    other = play_match(rules, make_players(("random",), 3, 43), 43)
    assert other[1] != first[1]


def test_a_player_does_not_touch_the_global_random() -> None:
    rules = RuleSet.create("bura")
    random.seed(7)
    expected = random.random()
    random.seed(7)
    play_match(rules, make_players(("random", "greedy"), 2, 5), 5)
    assert random.random() == expected


def test_random_player_acts_off_turn_only_with_combinations() -> None:
    state = new_match(RuleSet.create("burkozel"), ["a", "b", "c"], 9)
    assert state.deal is not None
    for seat in range(3):
        player = RandomPlayer(seat)
        action = player.choose(view_for(state, seat))
        if seat == state.deal.turn:
            assert action is not None and action.kind in (Kind.LEAD, Kind.DECLARE)
        else:
            assert action is None  # no out-of-turn lead before the first trick


def mean_deal_penalties(mix: tuple[str, ...], matches: int) -> tuple[list[float], int]:
    report = simulate(RuleSet.create("burkozel"), 2, matches=matches, seed=2024, levels=mix)
    assert report.invariant_violations == 0
    return report.mean_deal_penalties, report.scored_deals


def test_greedy_beats_random_clearly_in_two_player_burkozel() -> None:
    # Both seatings, so neither side profits from who deals first.
    first, deals_a = mean_deal_penalties(("greedy", "random"), 25)
    second, deals_b = mean_deal_penalties(("random", "greedy"), 25)
    assert deals_a + deals_b >= 150
    greedy = (first[0] * deals_a + second[1] * deals_b) / (deals_a + deals_b)
    rand = (first[1] * deals_a + second[0] * deals_b) / (deals_a + deals_b)
    # Measured: about 0.1 against 3.4 penalty points per deal.
    assert greedy < 1.0
    assert rand > greedy + 1.5


def test_greedy_never_beats_its_partner_in_kozel() -> None:
    class Watch(GreedyPlayer):
        beats_checked = 0

        def choose(self, view: TableView) -> Action | None:
            action = super().choose(view)
            assert view.viewer is not None
            if view.turn == view.viewer and view.owner == (view.viewer + 2) % 4:
                assert action is not None and action.kind is not Kind.BEAT
                Watch.beats_checked += 1
            return action

    rules = RuleSet.create("kozel")
    for seed in range(4):
        play_match(rules, {seat: Watch(seed * 10 + seat) for seat in range(4)}, seed)
    assert Watch.beats_checked > 20


@pytest.mark.parametrize(
    "options",
    [{}, {"closed_discard": "off"}, {"show_own_points": "on"}, {"trump_card": "middle"}],
)
def test_greedy_counts_its_bura_pile_and_never_claims_falsely(
    options: dict[str, str],
) -> None:
    rules = RuleSet.create("bura", options)
    exact = not rules.closed_discard or rules.show_own_points
    claims: list[ClaimMade] = []
    for players in (2, 3, 4):
        for seed in range(6):
            greedy = {seat: GreedyPlayer(seed * 7 + seat) for seat in range(players)}
            state = new_match(rules, [f"P{s}" for s in range(players)], seed)
            steps = 0
            while not state.over:
                deal = state.deal
                assert deal is not None
                seat = deal.turn
                view = view_for(state, seat)
                chosen = next_actor(state, greedy)
                assert chosen is not None
                # The player's own count, made from what it saw, never exceeds
                # the truth, and equals it when nothing is hidden from it.
                if chosen[0] == seat:
                    counted = greedy[seat].own_points(view)
                    truth = points(deal.piles[seat])
                    assert counted <= truth
                    if exact:
                        assert counted == truth
                state, events = apply(state, chosen[1])
                claims.extend(e for e in events if isinstance(e, ClaimMade))
                steps += 1
                assert steps < 20_000
    assert claims, "greedy should claim 31 now and then"
    assert all(claim.success for claim in claims)


def test_pending_declarations_go_nearest_to_the_rightful_leader_first() -> None:
    rules = RuleSet.create("burkozel")
    state = new_match(rules, ["a", "b", "c", "d"], 1)
    deal = state.deal
    assert deal is not None
    trump = deal.trump
    plain = [suit for suit in Suit if suit != trump]

    def cards(*texts: tuple[str, Suit]) -> tuple[Card, ...]:
        return tuple(sorted(Card.of(rank, suit) for rank, suit in texts))

    hands = (
        cards(("6", plain[1]), ("7", plain[1]), ("8", plain[1]), ("9", plain[1])),  # molodka
        cards(("J", plain[2]), ("Q", plain[2]), ("J", trump), ("Q", trump)),  # nothing
        cards(("6", plain[0]), ("7", plain[0]), ("8", plain[0]), ("9", plain[0])),  # molodka
        cards(("A", plain[0]), ("10", plain[0]), ("A", plain[1]), ("10", plain[1])),  # ends
    )
    state = state._replace(
        deal=deal._replace(hands=hands, turn=1, trick=None, tricks_played=1, last_taker=1)
    )
    computers: dict[int, Player] = {seat: GreedyPlayer(seat) for seat in range(4)}
    wanted = pending_declarations(state, computers)
    assert [action.seat for action in wanted] == [2, 3, 0]
    assert all(action.kind is Kind.DECLARE for action in wanted)
    chosen = next_actor(state, computers)
    assert chosen is not None and chosen[0] == 2 and chosen[1] == wanted[0]
    # Without a computer at seat 2 the next one in priority goes first.
    del computers[2]
    assert [a.seat for a in pending_declarations(state, computers)] == [3, 0]
    # No combinations before the first trick of a deal.
    early = state._replace(deal=state.deal._replace(tricks_played=0))  # type: ignore[union-attr]
    assert pending_declarations(early, computers) == []


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
