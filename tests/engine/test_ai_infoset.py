"""The information-set search experiment (`engine.ai.infoset`, issue 14).

It measured worse (the whole tree) and level (a tree below each of the flat
search's candidates) in kozel: docs/PERFORMANCE.md, "Issue 14,
thirty-seventh pass". These tests check that with either switch on the
search still plays legal moves only, and that the tree's nodes hold only
what the seat saw: a face-down discard is known by its count, not its cards.
"""

from __future__ import annotations

import pytest

from engine import RuleSet, apply, new_match
from engine.actions import Action, Kind
from engine.ai import EasyPlayer, HardPlayer
from engine.ai.base import Player, next_actor
from engine.ai.infoset import Node
from engine.events import DealScored


def _play_deal(hard: HardPlayer) -> int:
    """One kozel deal, `hard` in seat 0 against `easy` (refuses an illegal move):
    the number of moves."""
    players: dict[int, Player] = {0: hard, 1: EasyPlayer(1), 2: EasyPlayer(2), 3: EasyPlayer(3)}
    state = new_match(RuleSet.create("kozel"), ["a", "b", "c", "d"], 11)
    for moves in range(1, 200):
        chosen = next_actor(state, players)
        assert chosen is not None
        state, events = apply(state, chosen[1])
        if any(isinstance(event, DealScored) for event in events):
            return moves
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("switch", ["infoset", "infoset_paired"])
def test_the_tree_search_plays_a_whole_deal(switch: str, monkeypatch: pytest.MonkeyPatch) -> None:
    nodes: list[Node] = []
    original = Node.__init__

    def counted(self: Node) -> None:
        original(self)
        nodes.append(self)

    monkeypatch.setattr(Node, "__init__", counted)
    hard = HardPlayer(seed=3, playouts=30)
    setattr(hard, switch, True)
    assert _play_deal(hard) > 8
    assert len(nodes) > 10 and any(node.visits for node in nodes)  # the trees were grown


def test_a_node_tries_the_policys_move_first_then_the_untried_then_the_best() -> None:
    moves = [Action.lead(0, card) for card in ("6♠", "7♠", "8♠")]
    node = Node()
    assert node.choose(moves, moves[1]) == (moves[1], True)
    node.update(moves[1], 1.0)
    assert node.choose(moves, moves[1]) == (moves[0], True)
    node.update(moves[0], 5.0)
    node.update(moves[2], -5.0)
    assert node.choose(moves) == (moves[0], False)


def test_the_trees_keys_hold_face_down_discards_as_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    keys: list[object] = []
    original = Node.__init__

    def spy(self: Node) -> None:
        original(self)
        children = self.children

        class Recording(dict[object, Node]):
            def __setitem__(self, key: object, value: Node) -> None:
                keys.append(key)
                super().__setitem__(key, value)

        self.children = Recording(children)

    monkeypatch.setattr(Node, "__init__", spy)
    hard = HardPlayer(seed=5, playouts=40)
    hard.infoset_paired = True
    _play_deal(hard)
    plays = [play for key in keys for play in key[1]]  # type: ignore[index]
    discards = [play for play in plays if play[1] is Kind.DISCARD]
    assert discards and all(isinstance(play[2], int) for play in discards)
    assert any(isinstance(play[2], tuple) for play in plays if play[1] is not Kind.DISCARD)
