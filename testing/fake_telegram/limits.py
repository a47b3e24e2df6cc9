"""Telegram's flood limits, enforced only when a test or benchmark asks for them.

Telegram's bot FAQ ("My bot is hitting limits, how do I avoid this?") names three:
about 30 messages a second for the whole bot, about one message a second in one chat
("we may allow short bursts"), and no more than 20 messages a minute in one group. A
request over a limit gets HTTP 429 ``Too Many Requests: retry after N`` with
``parameters.retry_after`` = N, the body the real Bot API server writes
(``Query::set_retry_after_error`` in tdlib/telegram-bot-api), and takes no effect.

Each limit is a token bucket (kept as a "theoretical arrival time", GCRA, so that
refilling needs no timer): the bot's of 30 tokens refilling at 30 a second, a private
chat's of 3 refilling at one a second, a group's (or supergroup's) of 20 refilling over
a minute, one every 3 seconds. The real limits are not published that precisely; a
bucket lets the burst Telegram tolerates through and then holds the documented rate,
which is what a bot that paces itself must cope with. Groups get only the minute
limit, not the one-a-second one as well: 20 a minute is the stricter of the two
except within a burst, and Telegram says nothing more exact.

Counted requests are the ones that put a message into a chat or change one: every
``send*`` method but ``sendChatAction``, and every ``edit*``, ``copy*`` and
``forward*`` one. ``deleteMessage``, ``sendChatAction``, ``answerCallbackQuery``,
getUpdates and reads are not counted: the FAQ speaks of messages sent, and deletes
(which the bot uses to clean up) have no documented limit. A request is checked against
every bucket that applies before it takes effect: one refused consumes no token from
any of them, so it changes nothing; one admitted takes a token from each even if it
then fails with 400 or 403 (assumed: Telegram counts what reaches it).
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .protocol import ApiError

# A bucket whose token is due within this many seconds counts as having it, so that
# float rounding (a token every 1/30 s) never refuses a request sent right on time.
_EPSILON = 1e-9


@dataclass(frozen=True)
class TelegramLimits:
    """The limits to enforce; every number can be changed, e.g. to make a test short.

    ``clock`` gives the current time in seconds (monotonic); None means the running
    event loop's ``time()``. A test passes its own to step time without sleeping.
    """

    bot_per_second: float = 30.0
    bot_burst: int = 30
    private_per_second: float = 1.0
    private_burst: int = 3
    group_per_minute: float = 20.0
    group_burst: int = 20
    clock: Callable[[], float] | None = None


@dataclass
class LimitStats:
    """What the limits saw, for benchmarks and tests (kept whether or not enforced).

    ``counted``: counted requests by method, refused ones too. ``refused``: 429s by chat
    id (0 when the request named no chat, e.g. an inline message's edit).
    ``refused_by_limit``: 429s by the limit that refused them (``"bot"``, ``"private"``,
    ``"group"``; a request refused by two counts for both).
    """

    counted: Counter[str] = field(default_factory=Counter)
    refused: Counter[int] = field(default_factory=Counter)
    refused_by_limit: Counter[str] = field(default_factory=Counter)

    @property
    def refused_total(self) -> int:
        return sum(self.refused.values())

    def since(self, earlier: LimitStats) -> LimitStats:
        """What was counted after ``earlier`` (a :meth:`copy` taken then): a window's."""
        counted = Counter(self.counted)
        counted.subtract(earlier.counted)
        return LimitStats(
            +counted,
            self.refused - earlier.refused,
            self.refused_by_limit - earlier.refused_by_limit,
        )

    def copy(self) -> LimitStats:
        return LimitStats(
            Counter(self.counted), Counter(self.refused), Counter(self.refused_by_limit)
        )


def is_counted(method: str) -> bool:
    """Whether a request to ``method`` (canonical name) counts against the limits."""
    if method == "sendChatAction":
        return False
    return method.startswith(("send", "edit", "copy", "forward"))


class TokenBucket:
    """``burst`` tokens refilled at ``rate`` a second, as a theoretical arrival time."""

    def __init__(self, rate: float, burst: int) -> None:
        self.interval = 1.0 / rate
        self.tolerance = (max(1, burst) - 1) * self.interval
        self.tat = -math.inf  # when the bucket would be full again

    def wait(self, now: float) -> float:
        """Seconds until a token is free (0 when one is now)."""
        return max(0.0, max(self.tat, now) - self.tolerance - now)

    def take(self, now: float) -> None:
        self.tat = max(self.tat, now) + self.interval


class FloodControl:
    """The buckets of one :class:`TelegramLimits`: the bot's and one per chat."""

    def __init__(self, limits: TelegramLimits) -> None:
        self.limits = limits
        self._bot = TokenBucket(limits.bot_per_second, limits.bot_burst)
        self._chats: dict[int, TokenBucket] = {}

    def now(self) -> float:
        clock = self.limits.clock
        return clock() if clock is not None else asyncio.get_running_loop().time()

    def _chat_bucket(self, chat_id: int, kind: str) -> tuple[str, TokenBucket]:
        label = "private" if kind == "private" else "group"
        bucket = self._chats.get(chat_id)
        if bucket is None:
            limits = self.limits
            if label == "private":
                bucket = TokenBucket(limits.private_per_second, limits.private_burst)
            else:
                bucket = TokenBucket(limits.group_per_minute / 60.0, limits.group_burst)
            self._chats[chat_id] = bucket
        return label, bucket

    def admit(self, chat_id: int | None, kind: str | None, stats: LimitStats) -> ApiError | None:
        """Take a token from every bucket that applies, or return the 429 to answer.

        ``kind`` is the chat's type (``"private"``, ``"group"``, ``"supergroup"``); with
        no known chat only the bot's limit applies.
        """
        now = self.now()
        buckets = [("bot", self._bot)]
        if chat_id is not None and kind is not None:
            buckets.append(self._chat_bucket(chat_id, kind))
        waits = [(label, bucket.wait(now)) for label, bucket in buckets]
        over = [(label, wait) for label, wait in waits if wait > _EPSILON]
        if not over:
            for _, bucket in buckets:
                bucket.take(now)
            return None
        stats.refused[chat_id or 0] += 1
        for label, _ in over:
            stats.refused_by_limit[label] += 1
        retry_after = max(1, math.ceil(max(wait for _, wait in over) - _EPSILON))
        return ApiError(
            429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after}
        )
