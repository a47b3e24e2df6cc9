"""`python -m tools verify <secret> <public>` end to end: it prints the deals
the engine deals (not a second reading of the spec: the engine's own match),
with the cards as the bot writes them, and refuses bad input clearly."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.view.cards import cards_text
from engine import RuleSet, apply, legal_actions, new_match
from engine.cards import format_cards
from engine.shuffle import ShuffleKey, commitment, deck_order, read_public
from engine.state import Deal
from tools.cli import main

ROOT = Path(__file__).resolve().parents[2]
SECRET = "5e" * 32
PUBLIC = "burkozel:3:bottom:-1009876543210:321"


def run_main(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, out=out)
    return code, out.getvalue()


def deals(text: str) -> dict[int, list[str]]:
    """The printed deals: each deal's lines, by number."""
    found: dict[int, list[str]] = {}
    for block in text.split("\n\n")[1:]:
        lines = block.strip().splitlines()
        found[int(lines[0].split()[1])] = lines[1:]
    return found


def engine_match(public: str, secret: str = SECRET) -> tuple[RuleSet, list[Deal]]:
    """The deals of a match the engine plays with this key (random legal moves)."""
    fields = read_public(public)
    rules = RuleSet.create(fields.game, {"trump_card": fields.trump_card})
    state = new_match(
        rules, [f"P{i}" for i in range(fields.players)], 1, ShuffleKey(secret, public)
    )
    rng = random.Random(4)
    dealt: list[Deal] = []
    while state.deal is not None:
        if not dealt or dealt[-1].number != state.deal.number:
            dealt.append(state.deal)
        state, _ = apply(state, rng.choice(legal_actions(state, state.deal.turn)))
    return rules, dealt


def test_the_first_deal_is_the_engines_seat_by_seat_through_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools", "verify", SECRET, PUBLIC, "--deals", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert f"commitment: {commitment(SECRET)}" in result.stdout
    _, dealt = engine_match(PUBLIC)
    first = dealt[0]
    trump = first.trump
    lines = deals(result.stdout)
    assert sorted(lines) == [1, 2, 3]
    assert lines[1] == [
        *(f"seat {seat + 1}: {cards_text('en', first.hands[seat], trump)}" for seat in range(3)),
        f"trump card: {cards_text('en', [first.trump_card], trump)}",
        f"stock: {cards_text('en', first.stock, trump)}",
    ]
    assert f"seat {first.dealer + 1} deals" in result.stdout


@pytest.mark.parametrize(
    "public", ["bura:2:bottom:5:6", "kozel:4:middle:-100200:7", "burkozel:4:middle:1:2"]
)
def test_later_deals_are_the_engines_hands_from_the_dealers_left(public: str) -> None:
    _, dealt = engine_match(public)
    code, text = run_main(["verify", SECRET, public, "--deals", str(dealt[-1].number)])
    assert code == 0
    printed = deals(text)
    players = len(dealt[0].hands)
    compared = 0
    for deal in dealt:
        playing = [seat for seat in range(players) if deal.hands[seat]]
        if len(playing) < players:
            continue  # dealt to fewer after someone went out: the tool says so
        lines = printed[deal.number]
        # The first deal by seat, later ones from the dealer's left.
        order = [seat if deal.number == 1 else (deal.dealer + 1 + seat) % players
                 for seat in range(players)]  # fmt: skip
        hands = [line.split(": ", 1)[1] for line in lines[:players]]
        assert hands == [cards_text("en", deal.hands[seat], deal.trump) for seat in order]
        assert lines[players] == f"trump card: {cards_text('en', [deal.trump_card], deal.trump)}"
        assert lines[players + 1] == f"stock: {cards_text('en', deal.stock, deal.trump)}"
        compared += 1
    assert compared >= 2, "the match should have gone past its first deal"


def test_ranks_in_the_readers_language() -> None:
    code, text = run_main(["verify", SECRET, PUBLIC, "--deals", "1", "--lang", "ru"])
    assert code == 0
    deal = deals(text)[1]
    _, dealt = engine_match(PUBLIC)
    assert deal[0].endswith(cards_text("ru", dealt[0].hands[0], dealt[0].trump))


def test_the_deck_form_is_the_specs() -> None:
    code, text = run_main(["verify", SECRET.upper(), PUBLIC, "--deck", "--deals", "2"])
    assert code == 0
    key = ShuffleKey(SECRET, PUBLIC)
    assert f"deal 1: {format_cards(deck_order(key, 1))}" in text.splitlines()
    assert f"deal 2: {format_cards(deck_order(key, 2))}" in text.splitlines()


def test_a_matching_commitment_is_said_and_a_wrong_one_fails(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, text = run_main(["verify", SECRET, PUBLIC, "--commitment", commitment(SECRET)])
    assert code == 0 and text.startswith("the secret matches the commitment\n")
    changed = "0" + SECRET[1:]
    code, text = run_main(["verify", changed, PUBLIC, "--commitment", commitment(SECRET)])
    assert code == 1 and text == ""
    assert "does not match the commitment" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["verify", "5e5e", PUBLIC], "the secret is 64 hex digits"),
        (["verify", "z" * 64, PUBLIC], "the secret is 64 hex digits"),
        (["verify", SECRET, "burkozel-3-bottom"], "game:players:trump_card:chat:message"),
        (["verify", SECRET, "kozel:2:middle:1:2"], "kozel is played by 4 players, not 2"),
        (["verify", SECRET, "durak:2:middle:1:2"], "unknown game 'durak'"),
        (["verify", SECRET, PUBLIC, "--deals", "0"], "--deals is from 1 to 500"),
    ],
)
def test_bad_input_gets_a_clear_message_and_exit_2(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = run_main(argv)
    assert code == 2 and text == ""
    assert said in capsys.readouterr().err
