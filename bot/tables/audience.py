"""Who hears a table's telling, and in which order: a table's kind has one
(`kinds.audience_of`), so that no telling function asks what kind of table it
tells."""

from __future__ import annotations

from dataclasses import dataclass

from bot.tables.outbox import GROUP, HANDS, hand_lane


@dataclass(frozen=True)
class Audience:
    """Who hears a table's telling, and in which order.

    `one_chat`: one person's chat is both the group and the hand: no live
    table message (the hand shows the table), everything told in order on
    the group's lane, the deal's summary told once, as the group's. Else a
    group with a live message, and each hand on a lane of its own beside it.
    `rematch`: the match's end offers a rematch."""

    one_chat: bool = False
    rematch: bool = True

    @property
    def live(self) -> bool:
        """The group keeps a live table message."""
        return not self.one_chat

    @property
    def hands_lane(self) -> str:
        return GROUP if self.one_chat else HANDS

    def hand_lane(self, seat: int) -> str:
        """The lane of one seat's hand: its own, or the one chat's."""
        return GROUP if self.one_chat else hand_lane(seat)


GROUP_TABLE = Audience()
ONE_CHAT = Audience(one_chat=True, rematch=False)
