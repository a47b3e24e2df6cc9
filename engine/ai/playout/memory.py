"""What a seat remembers during one playout: the card counting and the
table's facts every playout decision reads.

Copied once per playout from the searching seat's start (`memory_for`),
then updated from the engine's events or by the light simulator
(`engine.ai.playout.fastplay`), so both ways of playing out read the same memory.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event, TrickTaken
from engine.game import active_seats
from engine.rules import Preset
from engine.state import MatchState


class PlayoutMemory:
    """What the playout policy remembers during one playout.

    `seen`: per seat, the points it saw go into its own pile (bura claims);
    `gone`: a bit per card id for every card already in a pile (card counting);
    `active`, `teams`: the table, fixed for the deal;
    `casual`: a bit per seat that answers as a casual player
    (`engine.ai.playout.easy_rules`) instead of by the careful policy's values;
    `counting`: the last seat to answer a trick answers as a card counter
    (`engine.ai.playout.counting`) unless casual;
    `casual_leads`: a bit per seat that leads as a casual player
    (`engine.ai.playout.easy_rules.easy_lead`; combinations and random leads as the
    policy makes them, `engine.ai.playout.policy`).
    """

    __slots__ = ("active", "casual", "casual_leads", "counting", "gone", "seen", "teams")

    def __init__(
        self,
        seen: list[int],
        gone: int,
        active: int,
        teams: bool,
        casual: int = 0,
        counting: bool = False,
        casual_leads: int = 0,
    ) -> None:
        self.seen = seen
        self.gone = gone
        self.active = active
        self.teams = teams
        self.casual = casual
        self.counting = counting
        self.casual_leads = casual_leads

    def copy(self) -> PlayoutMemory:
        return PlayoutMemory(
            list(self.seen),
            self.gone,
            self.active,
            self.teams,
            self.casual,
            self.counting,
            self.casual_leads,
        )

    def note(self, events: list[Event]) -> None:
        for event in events:
            if type(event) is TrickTaken:
                gone = self.gone
                for card in event.cards:
                    gone |= 1 << card.id
                self.gone = gone
                hidden = 0
                for card in event.face_down:
                    hidden += card.points
                self.seen[event.seat] += event.points - hidden


def memory_for(state: MatchState, seen: Sequence[int]) -> PlayoutMemory:
    """A playout memory at `state`, with `seen` points per seat so far."""
    deal = state.deal
    assert deal is not None
    gone = 0
    for pile in deal.piles:
        for card in pile:
            gone |= 1 << card.id
    teams = state.rules.preset is Preset.KOZEL
    return PlayoutMemory(list(seen), gone, len(active_seats(state)), teams)
