"""Reading how each opponent answers (`engine.ai.search.opponents`, issue 14).

`hard` lets an opponent answer casually in the playouts in the share of
worlds its reader gives him; the reader learns that share from his answers."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest
from engine_builders import table

from engine import Action
from engine.ai import HardPlayer, Player, make_player, next_actor
from engine.ai.search.determinize import DealTracker, knowledge_of
from engine.ai.search.opponents import PRIOR, OpponentReader
from engine.ai.search.worlds import sample_state
from engine.cards import DECK, format_cards, parse_cards
from engine.game import apply, new_match
from engine.rules import RuleSet
from engine.view import TableView, view_for


def _rest(used: str) -> str:
    taken = set(parse_cards(used))
    return format_cards(tuple(card for card in DECK if card not in taken))


def _read(hands: list[str], plays: list[tuple[str, int, str]]) -> tuple[OpponentReader, TableView]:
    """Three-player burkozel, trumps ♥: the plays, then seat 0 reads the table."""
    state = table(hands, trump="♥", stock=_rest(" ".join(hands)), turn=1, tricks_played=1)
    for kind, seat, cards in plays:
        state, _ = apply(state, Action.make(kind, seat, cards))
    view = view_for(state, 0)
    reader = OpponentReader()
    knowledge = knowledge_of(view, DealTracker().observe(view))
    reader.observe(view, knowledge, random.Random(1), sample_state)
    return reader, view


def test_a_free_beat_mid_trick_reads_as_casual() -> None:
    """Seat 1 leads 7♠, seat 2 beats it with 8♠ with nothing on the table:
    a casual player always takes a free trick; a careful one would rather
    throw a low card of another suit, which he holds in most worlds."""
    hands = ["6♦ 7♦ A♥ K♣", "7♠ J♣ Q♦ 9♥", "8♠ 6♣ 9♣ 10♥"]
    reader, view = _read(hands, [("lead", 1, "7♠"), ("beat", 2, "8♠")])
    assert reader.casual_share(view, 2) > PRIOR + 0.2
    assert reader.casual_share(view, 1) == pytest.approx(PRIOR)  # a lead is not read


def test_a_throw_where_a_free_beat_may_have_been_reads_as_careful() -> None:
    """Seat 1 leads 7♠ and seat 2 throws 6♣ on it. A casual player throws
    only without a higher spade; the worlds mostly deal him none (what he
    showed he lacks), but in those that do, only a careful player throws."""
    hands = ["6♦ 7♦ A♥ K♣", "7♠ J♣ Q♦ 9♥", "6♣ 8♠ 9♣ 10♥"]
    reader, view = _read(hands, [("lead", 1, "7♠"), ("discard", 2, "6♣")])
    assert reader.casual_share(view, 2) < PRIOR


def _final_shares(players: int, level: str, deals: int) -> list[float]:
    """Seat 0 is `hard` reading the others, who all play `level`."""
    rules = RuleSet.create("burkozel", {}, players)
    shares = []
    for number in range(deals):
        state = new_match(rules, tuple(f"P{seat}" for seat in range(players)), 300 + number)
        reader = HardPlayer(number, playouts=8, read_styles=True)
        bots: dict[int, Player] = {0: reader}
        for seat in range(1, players):
            bots[seat] = make_player(level, seat + number)
        first = state.deals_dealt
        last: TableView | None = None
        while state.deal is not None and state.deals_dealt == first and not state.over:
            if state.deal.turn == 0:
                last = view_for(state, 0)
            chosen = next_actor(state, bots)
            assert chosen is not None
            state, _ = apply(state, chosen[1])
        assert last is not None
        shares += [reader.reader.casual_share(last, seat) for seat in range(1, players)]
    return shares


@pytest.mark.slow(reason="enough deals per level to read how it plays")
@pytest.mark.parametrize("players", [2, 3])
def test_easy_players_read_as_casual_and_normal_ones_as_careful(players: int) -> None:
    easy = statistics.mean(_final_shares(players, "easy", 10))
    normal = statistics.mean(_final_shares(players, "normal", 10))
    assert easy > PRIOR + 0.1
    assert normal < PRIOR


def test_the_reading_carries_over_to_the_next_deal_but_not_to_a_new_match() -> None:
    hands = ["6♦ 7♦ A♥ K♣", "7♠ J♣ Q♦ 9♥", "8♠ 6♣ 9♣ 10♥"]
    reader, view = _read(hands, [("lead", 1, "7♠"), ("beat", 2, "8♠")])
    read = reader.casual_share(view, 2)
    assert read > PRIOR
    later = replace(view, deal_number=view.deal_number + 1, trick=())
    knowledge = knowledge_of(later, None)
    reader.observe(later, knowledge, random.Random(1), sample_state)
    assert reader.casual_share(later, 2) == pytest.approx(read)
    fresh = replace(view, deal_number=view.deal_number - 1, trick=())
    reader.observe(fresh, knowledge, random.Random(1), sample_state)
    assert reader.casual_share(fresh, 2) == pytest.approx(PRIOR)
