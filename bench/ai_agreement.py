"""How often `hard`'s real choices in kozel are the ones its playouts imagine.

    python bench/ai_agreement.py --deals 30 --playouts 1000 --seed 500

A playout plays the seat's own later moves and its partner's with the
careful policy's answers and the casual player's leads (`engine.ai.policy`,
`OWN_CASUAL_LEADS`), and the search's own default is the greedy rules'
choice (`ADVISORS`). Two `hard` seats play two `easy` ones; at each of a
`hard` seat's own leads and answers this counts how often its choice equals
the greedy rules' and the policy's (noise off) from the same position, by
kind and phase. Where both agree with it rarely, the playouts imagine the
team's later play differently from how it is played (docs/PERFORMANCE.md,
"Issue 14, twenty-fourth pass").

At leads it also counts two lead rules a playout could imagine instead
(`whole_suit_leads`): the casual lead's suit led whole, point cards too,
and the longest plain suit led whole; `hard` often leads a suit's point
cards with its low ones where the casual lead keeps them back
(docs/PERFORMANCE.md, "Issue 14, thirty-third pass").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import RuleSet, apply, new_match, view_for
from engine.actions import Action, Kind
from engine.ai import HardPlayer, Player, make_player, next_actor
from engine.ai.casual import casual_lead
from engine.ai.greedy import GreedyPlayer
from engine.ai.playout_memory import memory_for
from engine.ai.policy import RolloutPolicy
from engine.cards import Card, Suit
from engine.events import DealScored
from engine.game import max_lead
from engine.state import MatchState

HARD_SEATS = (0, 2)
HARD_LEADS = sum(1 << seat for seat in HARD_SEATS)  # they lead casually in playouts


def kozel_table(seed: int, playouts: int) -> tuple[MatchState, dict[int, Player]]:
    """A kozel match from `seed`: `hard` at fixed playouts in `HARD_SEATS`, `easy` else."""
    state = new_match(RuleSet.create("kozel"), [f"P{seat}" for seat in range(4)], seed)
    players: dict[int, Player] = {
        seat: HardPlayer(seed * 10 + seat, playouts=playouts)
        if seat in HARD_SEATS
        else make_player("easy", seed * 10 + seat)
        for seat in range(4)
    }
    return state, players


def policy_choice(policy: RolloutPolicy, state: MatchState) -> Action:
    """The playout policy's move on turn, as a playout would make it (the
    `hard` seats lead casually, `OWN_CASUAL_LEADS`)."""
    deal = state.deal
    assert deal is not None
    memory = memory_for(state, [0] * len(state.players))
    memory.casual_leads = HARD_LEADS
    return policy.act(state, deal, random.Random(0), memory)


def whole_suit_leads(
    hand: tuple[Card, ...], trump: Suit, limit: int
) -> dict[str, tuple[Card, ...]]:
    """Two lead rules: the casual lead's suit whole (up to `limit` cards), and
    the plain suit with the most cards whole (fewest points, lowest ranks
    among equals; trumps only from a hand of trumps)."""
    casual = casual_lead(hand, trump, limit)
    suit = casual[0].suit
    best: tuple[Card, ...] = ()
    best_key: tuple[int, ...] | None = None
    for other in Suit:
        group = tuple(card for card in hand if card.suit == other)[:limit]
        if not group:
            continue
        key = (
            int(other == trump),
            -len(group),
            sum(card.points for card in group),
            sum(card.rank for card in group),
        )
        if best_key is None or key < best_key:
            best, best_key = group, key
    return {
        "casual suit whole": tuple(card for card in hand if card.suit == suit)[:limit],
        "longest suit whole": best,
    }


def play_deal(seed: int, playouts: int, tally: Counter[tuple[str, str]]) -> None:
    """One first deal of a kozel match, counting the `hard` seats' agreements."""
    state, players = kozel_table(seed, playouts)
    greedy = {seat: GreedyPlayer(seed * 10 + seat) for seat in HARD_SEATS}
    policy = RolloutPolicy(0.0)
    while state.deal is not None:
        deal = state.deal
        turn = deal.turn
        rules_choice: Action | None = None
        policy_move: Action | None = None
        rules: dict[str, tuple[Card, ...]] = {}
        if turn in greedy:
            rules_choice = greedy[turn].choose(view_for(state, turn))
            policy_move = policy_choice(policy, state)
            if deal.trick is None:
                rules = whole_suit_leads(deal.hands[turn], deal.trump, max_lead(state, deal))
        chosen = next_actor(state, players)
        assert chosen is not None
        seat, action = chosen
        if seat in greedy and seat == turn and action.kind is not Kind.DECLARE:
            kind = "lead" if deal.trick is None else "answer"
            key = f"{kind}, {'stock' if deal.stock else 'no stock'}"
            tally[key, "decisions"] += 1
            tally[key, "greedy"] += action == rules_choice
            tally[key, "policy"] += action == policy_move
            tally[key, "neither"] += action not in (rules_choice, policy_move)
            led = sorted(action.cards) if action.kind is Kind.LEAD else None
            for name, cards in rules.items():
                tally[key, name] += led == sorted(cards)
        state, events = apply(state, action)
        if any(isinstance(event, DealScored) for event in events):
            return


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    tally: Counter[tuple[str, str]] = Counter()
    for index in range(args.deals):
        play_deal(args.seed + index, args.playouts, tally)
    print(
        "decision            count  = greedy  = policy  neither"
        "  = casual suit whole  = longest suit whole"
    )
    for key in sorted({key for key, _ in tally}):
        count = tally[key, "decisions"]
        line = (
            f"{key:18s} {count:6d}  {tally[key, 'greedy'] / count:7.2f}"
            f"  {tally[key, 'policy'] / count:7.2f}  {tally[key, 'neither'] / count:7.2f}"
        )
        if key.startswith("lead"):
            line += f"  {tally[key, 'casual suit whole'] / count:18.2f}"
            line += f"  {tally[key, 'longest suit whole'] / count:19.2f}"
        print(line)


if __name__ == "__main__":
    main()
