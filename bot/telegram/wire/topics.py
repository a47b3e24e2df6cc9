"""Forum topics the bot may no longer write to, and what it does about them.

A table lives in the forum topic where it was opened. When that topic is
closed, Telegram refuses every message to it ("TOPIC_CLOSED"); when it is
deleted, "message thread not found". Either way the table cannot be played
there any more, so the table is ended (`TableService.topic_gone`), and the
messages still queued for that topic (the rest of a move's telling, the
moves committed just before) are not sent only to be refused one by one:
`Messenger` asks `ClosedTopics` before a send and answers `Outcome.CLOSED`
itself.

A deleted topic never comes back (its id, a message id, is not reused), so
it is remembered for good. A closed one can be reopened: the
`forum_topic_reopened` message forgets it at once, and so that a worker that
did not see that message (several workers behind one webhook) does not keep
a reopened topic silent, a closed topic is remembered only for `REMEMBER`
seconds, long enough for the sends that were already under way.
"""

from __future__ import annotations

import time
from collections.abc import Callable

# A place messages go to: a chat and its topic (None: the chat itself or a
# forum's General).
Place = tuple[int, int | None]

REMEMBER = 60.0  # seconds a closed (not deleted) topic is taken as closed
MAX_PLACES = 10_000  # places remembered at most; the oldest are forgotten first


def refused_topic(description: str) -> bool | None:
    """Whether Telegram's refusal says the topic is gone: True deleted (for
    good), False closed, None another refusal."""
    text = description.lower()
    if "message thread not found" in text:
        return True
    if "topic_closed" in text:
        return False
    return None


class ClosedTopics:
    """The places the bot found closed or deleted, until they reopen."""

    def __init__(
        self, remember: float = REMEMBER, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.remember = remember
        self.clock = clock
        self._until: dict[Place, float] = {}  # place -> when it is forgotten

    def is_closed(self, place: Place) -> bool:
        until = self._until.get(place)
        if until is None:
            return False
        if until <= self.clock():
            del self._until[place]
            return False
        return True

    def close(self, place: Place, deleted: bool = False) -> None:
        """The place refuses messages (closed, or for good when `deleted`)."""
        if self._until.get(place) == float("inf"):
            return  # deleted already: that is for good
        self._until.pop(place, None)  # to the end of the order: the newest
        self._until[place] = float("inf") if deleted else self.clock() + self.remember
        while len(self._until) > MAX_PLACES:
            del self._until[next(iter(self._until))]

    def reopen(self, place: Place) -> None:
        """The topic was reopened: messages may go there again."""
        self._until.pop(place, None)
