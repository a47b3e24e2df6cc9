"""`bench/ai_agreement.py`: how often `hard`'s kozel choices are the ones its
playouts imagine, with the two whole-suit lead rules of the thirty-third pass."""

from __future__ import annotations

import pytest
from bench_scripts import load_bench

from engine.cards import Suit, parse_cards

bench = load_bench("ai_agreement")


def test_the_casual_suit_is_led_whole_point_cards_too() -> None:
    hand = parse_cards("6♥ J♥ 10♥ K♦")
    rules = bench.whole_suit_leads(hand, Suit.CLUBS, 4)
    assert rules["casual suit whole"] == parse_cards("6♥ J♥ 10♥")
    assert rules["longest suit whole"] == parse_cards("6♥ J♥ 10♥")


def test_the_longest_plain_suit_can_differ_from_the_casual_suit() -> None:
    hand = parse_cards("6♠ 7♦ Q♦ K♦")
    rules = bench.whole_suit_leads(hand, Suit.CLUBS, 4)
    assert rules["casual suit whole"] == parse_cards("6♠")
    assert rules["longest suit whole"] == parse_cards("7♦ Q♦ K♦")
    # No more cards than a lead may have.
    assert bench.whole_suit_leads(hand, Suit.CLUBS, 2)["longest suit whole"] == parse_cards("7♦ Q♦")


def test_trumps_are_the_longest_suit_only_in_a_hand_of_trumps() -> None:
    assert bench.whole_suit_leads(parse_cards("6♣ 7♣ 8♣ A♦"), Suit.CLUBS, 4)[
        "longest suit whole"
    ] == parse_cards("A♦")
    assert bench.whole_suit_leads(parse_cards("6♣ 7♣"), Suit.CLUBS, 2)[
        "longest suit whole"
    ] == parse_cards("6♣ 7♣")


def test_the_table_counts_both_rules_at_leads(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--deals", "1", "--playouts", "10", "--seed", "1000"])
    lines = capsys.readouterr().out.splitlines()
    assert "= casual suit whole" in lines[0] and "= longest suit whole" in lines[0]
    leads = [line for line in lines[1:] if line.startswith("lead")]
    answers = [line for line in lines[1:] if line.startswith("answer")]
    assert leads and answers

    def numbers(line: str) -> int:
        return sum(word.replace(".", "").isdigit() for word in line.split())

    assert all(numbers(line) == 6 for line in leads)  # count, three shares, both rules
    assert all(numbers(line) == 4 for line in answers)  # no lead rules at answers
