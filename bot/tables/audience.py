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
    `rematch`: the match's end offers a rematch. `group_play`: the group is
    shown the play (the live table message, each move's news, the deals'
    summaries); without it the group hears the start and the match's end
    only, and each person follows the play in their hand (a duplicate
    round's table: another table of the round plays the same cards)."""

    one_chat: bool = False
    rematch: bool = True
    group_play: bool = True

    @property
    def live(self) -> bool:
        """The group keeps a live table message."""
        return not self.one_chat and self.group_play

    @property
    def hands_lane(self) -> str:
        return GROUP if self.one_chat else HANDS

    def hand_lane(self, seat: int) -> str:
        """The lane of one seat's hand: its own, or the one chat's."""
        return GROUP if self.one_chat else hand_lane(seat)


GROUP_TABLE = Audience()
ONE_CHAT = Audience(one_chat=True, rematch=False)
