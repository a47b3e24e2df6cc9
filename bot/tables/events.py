"""What the rooms of the table service publish, and who hears it. A room
that must tell a room above it (the tournament runner, the turns) publishes
here instead of calling it, and every subscription is made in one visible
block (`TableService.__init__`), so the wiring can be read in one place.

- `ended`: a table ended (its match played out, or closed): after its save,
  once its telling is queued; subscribers only queue work (the table's lock
  is held);
- `no_show`: a confirming lobby's time ran out (bot/tables/kinds.py
  `LobbyEnd.NO_SHOW`);
- `unreachable`: a person's private chat refused a message;
- `tick`: the watchdog's round, once a minute;
- `chat_moved`, `topic_gone`: the messenger learnt that a group became a
  supergroup, or that a forum topic was closed or deleted (the wiring,
  bot/app.py, hands these two to the messenger when it is built).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.storage import TableRecord

Ended = Callable[[TableRecord], None]
NoShow = Callable[[int], Awaitable[None]]  # the table's id
Unreachable = Callable[[int], Awaitable[None]]  # the person's id
Tick = Callable[[], Awaitable[object]]
ChatMoved = Callable[[int, int], Awaitable[None]]  # the old chat id, the new
TopicGone = Callable[[int, "int | None"], Awaitable[None]]  # the chat, the topic
Hook = TypeVar("Hook")


class TableEvents:
    def __init__(self) -> None:
        self._ended: list[Ended] = []
        self._no_show: list[NoShow] = []
        self._unreachable: list[Unreachable] = []
        self._tick: list[Tick] = []
        self._chat_moved: list[ChatMoved] = []
        self._topic_gone: list[TopicGone] = []

    def subscribe(
        self,
        *,
        ended: Ended | None = None,
        no_show: NoShow | None = None,
        unreachable: Unreachable | None = None,
        tick: Tick | None = None,
        chat_moved: ChatMoved | None = None,
        topic_gone: TopicGone | None = None,
    ) -> None:
        _add(self._ended, ended)
        _add(self._no_show, no_show)
        _add(self._unreachable, unreachable)
        _add(self._tick, tick)
        _add(self._chat_moved, chat_moved)
        _add(self._topic_gone, topic_gone)

    def ended(self, table: TableRecord) -> None:
        for hook in self._ended:
            hook(table)

    async def no_show(self, table_id: int) -> None:
        for hook in self._no_show:
            await hook(table_id)

    async def unreachable(self, user_id: int) -> None:
        for hook in self._unreachable:
            await hook(user_id)

    async def tick(self) -> None:
        for hook in self._tick:
            await hook()

    async def chat_moved(self, old_chat_id: int, new_chat_id: int) -> None:
        for hook in self._chat_moved:
            await hook(old_chat_id, new_chat_id)

    async def topic_gone(self, chat_id: int, thread: int | None) -> None:
        for hook in self._topic_gone:
            await hook(chat_id, thread)


def _add(hooks: list[Hook], hook: Hook | None) -> None:
    """Subscribe `hook`, if one was given."""
    if hook is not None:
        hooks.append(hook)
