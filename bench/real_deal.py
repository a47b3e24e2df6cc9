"""The real deal behind a computer's view, for the scripts that judge choices on it.

The arena hands a player only its view. `spy_view`, put in place of
`engine.ai.base.view_for` (which builds the view of the seat about to
decide), keeps the state each view was made from in `real_states`;
`real_deal_values` then plays candidate actions out on that real deal.
They cheat, which is why they live in `bench/` and not in `engine.ai`:
`bench/ai_pairs.py` and `bench/ai_oracle.py` use them as measuring sticks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action
from engine.ai.players.hard import HardPlayer, side_of
from engine.ai.playout.fastplay import fast_play_out
from engine.ai.playout.memory import memory_for
from engine.ai.search.determinize import Knowledge
from engine.ai.search.worlds import deal_only_state
from engine.state import MatchState
from engine.view import TableView, view_for

real_states: dict[int, MatchState] = {}  # seat -> the state its last view was made from


def spy_view(state: MatchState, seat: int | None) -> TableView:
    """`view_for`, noting the real state behind the view."""
    if seat is not None:
        real_states[seat] = state
    return view_for(state, seat)


def real_deal_values(
    player: HardPlayer,
    view: TableView,
    knowledge: Knowledge,
    real: MatchState,
    actions: Sequence[Action | None],
    playouts: int,
    casual_leads: int = 0,
    wins: bool = False,
) -> list[float]:
    """Each action's mean value on the real deal for the deciding side:
    `playouts` playouts of the real hands, the stock shuffled again, the
    opponents answering as casual players (and the seats of `casual_leads`
    leading as they do); every action sees the same dice. With `wins`, a
    playout scores the deal's outcome alone: +1 won, -1 lost, 0 eggs."""
    seat = knowledge.viewer
    side = side_of(view, seat)
    others = [other for other in range(len(view.penalties)) if other != side]
    rng = random.Random(view.step * 31 + seat)
    base = deal_only_state(real)
    deal = base.deal
    assert deal is not None
    casual = sum(1 << other for other in range(4) if side_of(view, other) != side)
    totals = [0.0] * len(actions)
    for _ in range(playouts):
        world = base
        if deal.stock:
            last = [] if deal.trump_hidden else list(deal.stock[-1:])
            body = list(deal.stock[: len(deal.stock) - len(last)])
            rng.shuffle(body)
            world = base._replace(deal=deal._replace(stock=(*body, *last)))
        dice = rng.getrandbits(32)
        memory = memory_for(world, knowledge.visible_points)
        memory.casual = casual
        memory.casual_leads = casual_leads
        for index, action in enumerate(actions):
            result = fast_play_out(
                world, player.policy, random.Random(dice), memory.copy(), first=action
            )
            if wins:  # +1 a deal won, -1 a deal lost, 0 eggs
                lost = result.penalties[side] > 0
                totals[index] += -1.0 if lost else float(any(result.penalties))
            else:
                totals[index] += player.value(result, side, others)
    return [total / playouts for total in totals]
