"""How much `hard` would gain from knowing the cards it cannot see.

    python bench/ai_oracle.py --preset bura --players 2 --levels oracle,normal \\
        --deals 400 --seed 21 --playouts 300 --jobs 2

Adds one arena level, `oracle`: `hard`, except that every world it searches
is the real deal (the other hands, the piles' face-down cards), with only the
stock's order shuffled again. It cheats, so it lives here and not in
`engine.ai`: it is a measuring stick. Against the same deals, the gap between
`oracle` and `hard` is what better guessing of the hidden cards could buy at
most; what `oracle` still loses is the search's and the playout policy's
share (docs/PERFORMANCE.md, "Issue 14, fourth pass").

The arena hands a player only its view, so the real state is taken from the
engine's `view_for` call that made that view (`engine.ai.base` asks for the
view of the seat on turn just before the player decides). The other options
are the arena's (`python -m tools arena --help`).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.ai.base as ai_base
import engine.ai.hard as hard_module
from engine.ai import HardPlayer, register_level
from engine.ai.determinize import Knowledge
from engine.ai.worlds import deal_only_state, sample_state
from engine.state import MatchState
from engine.view import TableView, view_for
from tools.cli import main

_real: dict[int, MatchState] = {}  # seat -> the state its last view was made from


def _spy(state: MatchState, seat: int | None) -> TableView:
    if seat is not None:
        _real[seat] = state
    return view_for(state, seat)


_sample = sample_state  # the worlds `hard` samples itself
_ORACLE = {"on": False}  # only the search's worlds are the real deal


def _oracle_world(
    view: TableView, knowledge: Knowledge, rng: random.Random, deal_only: bool = False
) -> MatchState:
    """The real deal with its stock shuffled (the shown trump card stays last)."""
    state = _real.get(knowledge.viewer)
    if not _ORACLE["on"] or state is None or state.step != view.step:
        return _sample(view, knowledge, rng, deal_only=deal_only)
    world = deal_only_state(state) if deal_only else state
    deal = world.deal
    assert deal is not None
    if deal.stock:
        stock = list(deal.stock)
        last = [] if deal.trump_hidden else stock[-1:]
        body = stock[: len(stock) - len(last)]
        rng.shuffle(body)
        world = world._replace(deal=deal._replace(stock=(*body, *last)))
    return world


class OraclePlayer(HardPlayer):
    level = "oracle"

    def search(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        _ORACLE["on"] = True
        try:
            return super().search(*args, **kwargs)
        finally:
            _ORACLE["on"] = False


setattr(ai_base, "view_for", _spy)  # noqa: B010 - patching on purpose
setattr(hard_module, "sample_state", _oracle_world)  # noqa: B010
register_level("oracle", OraclePlayer)

if __name__ == "__main__":
    raise SystemExit(main(["arena", *sys.argv[1:]]))
