"""Who is an admin of a group: Telegram's list, asked at most once a minute
per chat.

Lobby actions that need rights (settings, computer seats, removing a player,
start, stop, /kick, the group's language) belong to the table's creator or a
group admin. The service asks whether the person is an admin only when they
are not the creator (`Opened.require_rights` in bot/tables/core.py), and the
answer comes from here: a burst of taps in one group costs at most one
getChatAdministrators a minute instead of one request per tap. The list is
read outside the group's send budget (`Messenger.admin_ids`), so asking
never waits behind the group's messages.

A list that could not be read counts as "nobody is an admin" for a few
seconds (`retry`): a doubt never grants rights, and a failing chat is not
asked again on every tap.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from bot.locks import KeyedLocks

# The ids of a chat's administrators (its owner included); None: Telegram
# could not tell.
Fetch = Callable[[int], Awaitable[frozenset[int] | None]]


class AdminLists:
    """Per-chat admin lists, each kept for `ttl` seconds of `clock`."""

    def __init__(
        self,
        fetch: Fetch,
        ttl: float = 60.0,
        retry: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        limit: int = 10_000,
    ) -> None:
        self._fetch = fetch
        self.ttl = ttl
        self.retry = retry
        self.clock = clock
        self.limit = limit
        # chat id -> (when it stops being good, admin ids); oldest first
        self._kept: dict[int, tuple[float, frozenset[int]]] = {}
        self._asking = KeyedLocks()  # one question per chat at a time

    def _fresh(self, chat_id: int) -> frozenset[int] | None:
        kept = self._kept.get(chat_id)
        if kept is not None and self.clock() < kept[0]:
            return kept[1]
        return None

    async def admins(self, chat_id: int) -> frozenset[int]:
        found = self._fresh(chat_id)
        if found is not None:
            return found
        async with self._asking(chat_id):
            found = self._fresh(chat_id)  # asked while we waited for the turn
            if found is not None:
                return found
            fetched = await self._fetch(chat_id)
            good_for = self.ttl if fetched is not None else self.retry
            found = fetched or frozenset()
            self._kept.pop(chat_id, None)
            self._kept[chat_id] = (self.clock() + good_for, found)
            self._trim()
            return found

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        return user_id in await self.admins(chat_id)

    def _trim(self) -> None:
        """Forget stale lists, and the oldest ones beyond `limit` chats."""
        now = self.clock()
        for chat_id in [c for c, (until, _) in self._kept.items() if until <= now]:
            del self._kept[chat_id]
        while len(self._kept) > self.limit:
            del self._kept[next(iter(self._kept))]
