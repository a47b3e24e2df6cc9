"""Who is in a group, as Telegram said a few minutes ago.

A lobby's Join button and a replay's ◀ ▶ seat or show only members of the
table's group (a public group's preview lets a non-member tap its buttons).
Asking Telegram at every tap would cost a request each (getChatMember, under
the bot's global rate limit) and let a few accounts tapping fast spend the
bot's budget, so each answer is kept a while: a yes for `MEMBER_TTL`
seconds (someone who just left can still tap for that long), a no for
`OUTSIDER_TTL` (someone who just joined, or whom Telegram could not place, is
refused for that long at most). Kept in memory per process, bounded: the
oldest answers go first; another worker asks Telegram once for itself.
"""

from __future__ import annotations

from collections import OrderedDict

from bot.clock import Scheduler
from bot.tables.outbox import Sender

MEMBER_TTL = 300.0  # seconds a yes is trusted
OUTSIDER_TTL = 30.0  # seconds a no is trusted
CAPACITY = 10_000  # answers kept at most


class Memberships:
    def __init__(self, sender: Sender, clock: Scheduler, capacity: int = CAPACITY) -> None:
        self.out = sender
        self.clock = clock
        self.capacity = capacity
        self._known: OrderedDict[tuple[int, int], tuple[float, bool]] = OrderedDict()

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """`Sender.is_member`, answered from a recent answer when there is one."""
        key = (chat_id, user_id)
        now = self.clock.now()
        known = self._known.get(key)
        if known is not None and now - known[0] < (MEMBER_TTL if known[1] else OUTSIDER_TTL):
            return known[1]
        member = await self.out.is_member(chat_id, user_id)
        self._known.pop(key, None)
        self._known[key] = (now, member)
        while len(self._known) > self.capacity:
            self._known.popitem(last=False)
        return member
