"""Each achievement from a match the engine played: one that earns it and one
that does not. Positions are built with `engine_builders.table` near the end
of a match (its penalty points given), then played move by move, so every
event is the engine's own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from engine_builders import play, play_match, table

from bot.seasons.achievements import (
    ACHIEVEMENTS,
    BY_ID,
    FinishedMatch,
    Prior,
    after,
    available,
    earned,
    rare_first,
)
from bot.stats.results import replay_events
from engine import RuleSet
from engine.ai import make_player
from engine.events import ClaimMade, DealScored, DealWonByCombination, MatchOver
from engine.rules import Preset

Move = tuple[str, int, str]
TWO_PEOPLE = {0: 100, 1: 101}


def match(
    hands: list[str],
    moves: list[Move],
    penalties: list[int],
    preset: str = "burkozel",
    options: Mapping[str, object] | None = None,
    piles: list[str] | None = None,
    trump: str = "♥",
    people: Mapping[int, int] | None = None,
    computers: Mapping[int, str] | None = None,
    **extra: Any,
) -> FinishedMatch:
    state = table(
        hands, trump=trump, preset=preset, options=options, penalties=penalties, piles=piles
    )
    final, events = play(state, *moves)
    assert final.over and isinstance(events[-1], MatchOver)
    return FinishedMatch(
        rules=final.rules,
        events=events,
        people=TWO_PEOPLE if people is None else people,
        computers=computers or {},
        **extra,
    )


def simple_win(penalties: list[int], **extra: Any) -> FinishedMatch:
    """Seat 1 takes the one trick of the deal; seat 0 goes out on 6."""
    return match(["6♠", "A♠"], [("lead", 0, "6♠"), ("beat", 1, "A♠")], penalties, **extra)


def test_the_registry() -> None:
    assert len(ACHIEVEMENTS) == len(BY_ID) >= 15
    assert rare_first(["first_win", "golden_moscow", "unknown"]) == ("golden_moscow", "first_win")
    assert "true_31" not in available(frozenset({Preset.BURKOZEL}))
    assert "golden_moscow" not in available(frozenset({Preset.BURA}))
    assert available() == tuple(a.id for a in ACHIEVEMENTS)


def test_first_win_once() -> None:
    won = simple_win([10, 2])
    assert earned(won, 1, Prior()) == ("first_win",)
    assert earned(won, 0, Prior()) == ()
    assert earned(won, 1, Prior(earned=frozenset({"first_win"}))) == ()


def test_nothing_in_practice_or_for_a_computer() -> None:
    assert earned(simple_win([10, 2], practice=True), 1, Prior()) == ()
    assert earned(simple_win([10, 2], people={0: 100}, computers={1: "hard"}), 1, Prior()) == ()


def test_clean_sheet() -> None:
    assert "clean_sheet" in earned(simple_win([10, 0]), 1, Prior())
    assert "clean_sheet" not in earned(simple_win([10, 2]), 1, Prior())
    short = simple_win([0, 0], options={"limit": 4})
    assert "clean_sheet" not in earned(short, 1, Prior())


def test_brink_a_win_one_lost_deal_from_the_limit() -> None:
    on_brink = simple_win([10, 10])
    scored = next(e for e in on_brink.events if isinstance(e, DealScored))
    assert [r.total for r in scored.results] == [16, 10]
    assert "brink" in earned(on_brink, 1, Prior())
    assert "brink" not in earned(simple_win([10, 8]), 1, Prior())
    assert "brink" not in earned(on_brink, 0, Prior())


def test_comeback_after_three_lost() -> None:
    won = simple_win([10, 2])
    assert "comeback" in earned(won, 1, Prior(matches=3, losing_streak=3))
    assert "comeback" not in earned(won, 1, Prior(matches=3, losing_streak=2))


def test_regular_at_the_tenth_match_won_or_lost() -> None:
    won = simple_win([10, 2])
    assert "regular" in earned(won, 0, Prior(matches=9, losing_streak=9))
    assert "regular" not in earned(won, 0, Prior(matches=8))


def test_tournament_won() -> None:
    final = simple_win([10, 2], tournament=True, tournament_won=frozenset({1}))
    assert "tournament_won" in earned(final, 1, Prior())
    assert "tournament_won" not in earned(simple_win([10, 2], tournament=True), 1, Prior())


def three_with_a_computer(level: str, people: Mapping[int, int]) -> FinishedMatch:
    return match(
        ["6♠", "A♠", "7♠"],
        [("lead", 0, "6♠"), ("beat", 1, "A♠"), ("discard", 2, "7♠")],
        [10, 2, 10],
        people=people,
        computers={2: level},
    )


def test_beating_a_hard_computer_at_a_table_of_people() -> None:
    assert "hard_beaten" in earned(three_with_a_computer("hard", {0: 100, 1: 101}), 1, Prior())
    assert "hard_beaten" not in earned(
        three_with_a_computer("normal", {0: 100, 1: 101}), 1, Prior()
    )
    assert "hard_beaten" not in earned(three_with_a_computer("hard", {1: 101}), 1, Prior())


def test_every_trick_of_a_deal() -> None:
    both = match(
        ["6♠ 7♠", "A♠ 10♠"],
        [("lead", 0, "6♠"), ("beat", 1, "A♠"), ("lead", 1, "10♠"), ("discard", 0, "7♠")],
        [10, 10],
    )
    assert "every_trick" in earned(both, 1, Prior())
    shared = match(
        ["6♠ K♥", "A♠ 10♠"],
        [("lead", 0, "6♠"), ("beat", 1, "A♠"), ("lead", 1, "10♠"), ("beat", 0, "K♥")],
        [10, 10],
    )
    assert "every_trick" not in earned(shared, 0, Prior())
    assert "every_trick" not in earned(shared, 1, Prior())
    # One trick is not "every trick" of a deal.
    assert "every_trick" not in earned(simple_win([10, 2]), 1, Prior())


SIXTY_A = "A♠ 10♠ A♣ 10♣ A♦ K♠ Q♠"  # 60 points
SIXTY_B = "10♦ A♥ 10♥ K♥ Q♥ K♣ Q♣ K♦ Q♦ J♠ J♣ J♦ J♥"  # the other 60


def eggs(last: list[Move], hands: list[str]) -> FinishedMatch:
    return match(
        hands,
        last,
        [0, 0, 10],
        options={"end_at_first_loser": True},
        piles=[SIXTY_A, SIXTY_B, ""],
        people={0: 100, 1: 101, 2: 102},
    )


def test_eggs_sixty_sixty() -> None:
    tied = eggs([("lead", 0, "6♠"), ("beat", 1, "7♠"), ("discard", 2, "8♠")], ["6♠", "7♠", "8♠"])
    assert next(e for e in tied.events if isinstance(e, DealScored)).eggs
    assert "eggs" in earned(tied, 0, Prior()) and "eggs" in earned(tied, 1, Prior())
    assert "eggs" not in earned(tied, 2, Prior())
    # The last trick's 10 points break the tie.
    broken = eggs(
        [("lead", 0, "10♠"), ("beat", 1, "A♠"), ("discard", 2, "8♠")], ["10♠", "A♠", "8♠"]
    )
    assert not any(isinstance(e, DealScored) and e.eggs for e in broken.events)
    assert all("eggs" not in earned(broken, seat, Prior()) for seat in range(3))


@pytest.mark.parametrize(
    ("combination", "hands", "trump"),
    [
        ("bura", ["6♥ 7♥ 8♥ 9♥", "A♠ 10♠ K♠ Q♠"], "♥"),
        ("golden_moscow", ["A♥ A♠ A♣ A♦", "6♠ 7♠ 8♠ 9♠"], "♥"),
        ("four_ends", ["A♠ 10♠ A♣ 10♣", "6♠ 7♠ 8♠ 9♠"], "♥"),
    ],
)
def test_a_four_card_combination_laid_down(combination: str, hands: list[str], trump: str) -> None:
    laid = match(
        hands,
        [("declare", 0, hands[0]), ("discard", 1, hands[1])],
        [0, 10],
        trump=trump,
    )
    assert combination in earned(laid, 0, Prior())
    assert combination not in earned(laid, 1, Prior())


def test_moscow_is_three_aces_with_the_trump_ace() -> None:
    hands = ["A♥ A♠ A♣", "6♠ 7♠ 8♠"]
    laid = match(hands, [("declare", 0, hands[0]), ("discard", 1, hands[1])], [0, 10])
    assert "moscow" in earned(laid, 0, Prior())
    plain = ["A♥ 6♦", "6♠ 7♠"]
    singles = match(
        plain,
        [("lead", 0, "A♥"), ("discard", 1, "6♠"), ("lead", 0, "6♦"), ("discard", 1, "7♠")],
        [0, 10],
    )
    assert "moscow" not in earned(singles, 0, Prior())


def claim(pile: str) -> FinishedMatch:
    return match(
        ["6♦ 7♦ 8♦", "6♣ 7♣ 8♣"],
        [("claim", 0, "")],
        [0, 10],
        preset="bura",
        piles=[pile, "9♣"],
    )


def test_a_true_claim_of_31_and_exactly_31() -> None:
    exact = claim("A♠ A♣ K♠ Q♠ J♠")
    assert next(e for e in exact.events if isinstance(e, ClaimMade)) == ClaimMade(0, 31, True)
    assert set(earned(exact, 0, Prior())) >= {"true_31", "exact_31"}
    more = claim("A♠ A♣ K♠ Q♠ J♠ J♣")
    assert "true_31" in earned(more, 0, Prior())
    assert "exact_31" not in earned(more, 0, Prior())


def test_a_false_claim_earns_nothing() -> None:
    state = table(
        ["6♦ 7♦ 8♦", "6♣ 7♣ 8♣"],
        preset="bura",
        penalties=[10, 0],
        piles=["A♠ A♣ K♠ Q♠", "9♣"],
    )
    final, events = play(state, ("claim", 0, ""))
    assert final.over and ClaimMade(0, 29, False) in events
    lost = FinishedMatch(final.rules, events, TWO_PEOPLE, {})
    assert earned(lost, 0, Prior()) == ()


def test_small_moscow_in_bura() -> None:
    hands = ["6♥ 6♠ 6♣", "A♠ 10♠ K♠"]
    laid = match(
        hands,
        [("declare", 0, hands[0]), ("discard", 1, hands[1])],
        [0, 10],
        preset="bura",
    )
    assert "small_moscow" in earned(laid, 0, Prior())
    assert "small_moscow" not in earned(laid, 1, Prior())


def test_a_dealt_bura_in_bura_counts() -> None:
    """A dealt bura wins a bura deal at once (DealWonByCombination): found in
    matches the engine dealt, not built."""
    rules = RuleSet.create("bura", {"limit": 4}, players=2)
    for seed in range(200):
        computers = {seat: make_player("random", seat) for seat in range(2)}
        _, log, _ = play_match(rules, computers, seed)
        _, events = replay_events(rules, ["A", "B"], seed, log)
        won = [e for e in events if isinstance(e, DealWonByCombination) and e.combination == "bura"]
        if won:
            finished = FinishedMatch(rules, events, TWO_PEOPLE, {})
            assert "bura" in earned(finished, won[0].seat, Prior())
            return
    pytest.fail("no dealt bura in 200 matches")


def test_after_counts_matches_streaks_and_what_was_earned() -> None:
    won, lost = simple_win([10, 2]), simple_win([10, 2])
    prior = Prior(matches=4, losing_streak=3)
    winner = after(won, 1, prior)
    assert winner.matches == 5 and winner.losing_streak == 0
    assert winner.earned >= {"first_win", "comeback"}
    loser = after(lost, 0, prior)
    assert (loser.matches, loser.losing_streak, loser.earned) == (5, 4, frozenset())
    assert after(simple_win([10, 2], practice=True), 1, prior) == prior
