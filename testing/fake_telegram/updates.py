"""Updates: the queue's delivery to the bot and the bot's answers to callback queries.

getUpdates long polling (a newer poll terminates the waiting one, confirmed offsets drop
updates, updates of types the bot did not ask for are dropped), the webhook settings,
crash replays of an update (:meth:`UpdatesMixin.duplicate_last_update`) and
answerCallbackQuery. Updates are queued by :meth:`FakeState.queue_update`.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from .models import CallbackAnswer, JSONDict, copy_json
from .protocol import DEFAULT_ALLOWED_UPDATES, ApiError, Params, bad_request
from .records import RequestRecord
from .state import FakeState, Poll, QueuedUpdate, Signal

MAX_CALLBACK_ANSWER_TEXT = 200

QUERY_INVALID = "query is too old and response timeout expired or query ID is invalid"
CONFLICT_TERMINATED = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)
CONFLICT_WEBHOOK = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)


class UpdatesMixin(FakeState):
    """Delivery of queued updates to the bot, and answers to callback queries."""

    # ------------------------------------------------------------------ test side

    def duplicate_last_update(self, *, same_id: bool = True) -> int:
        """Deliver the most recently queued update again (a crash replay).

        With ``same_id=True`` the copy keeps its update_id and is delivered once even if the
        bot already confirmed it (as after a crash that lost the offset); otherwise it gets
        a fresh update_id.
        """
        if not self.updates_queued:
            raise AssertionError("no update was kept (none queued yet, or keep_history is off)")
        last = copy_json(self.updates_queued[-1])
        if not same_id:
            last.pop("update_id")
            return self.queue_update(last)
        update_id = int(last.pop("update_id"))
        entry = QueuedUpdate(update_id, last, replay=True)
        self._queue.append(entry)
        self.updates_queued.append(entry.to_json())
        self._touch()
        self._notify()
        return update_id

    @property
    def pending_updates(self) -> int:
        """Updates queued but not yet confirmed by the bot."""
        return len(self._queue)

    # ------------------------------------------------------------------ Bot API methods

    async def _delete_webhook(self, p: Params, record: RequestRecord, request: web.Request) -> bool:
        self.webhook_url = ""
        if p.get_bool("drop_pending_updates"):
            self._queue.clear()
            self._touch()
        return True

    async def _set_webhook(self, p: Params, record: RequestRecord, request: web.Request) -> bool:
        url = p.get_str("url") or ""
        if url and not url.startswith("https://"):
            raise bad_request("bad webhook: HTTPS url must be provided for webhook")
        self.webhook_url = url
        if p.get_bool("drop_pending_updates"):
            self._queue.clear()
        return True

    async def _get_webhook_info(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        return {
            "url": self.webhook_url,
            "has_custom_certificate": False,
            "pending_update_count": len(self._queue),
        }

    async def _get_updates(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> list[JSONDict]:
        if self.webhook_url:
            raise ApiError(409, CONFLICT_WEBHOOK)
        offset = p.get_int("offset")
        limit = p.get_int("limit") or 100
        limit = max(1, min(100, limit))
        timeout = max(0.0, p.get_float("timeout") or 0.0)
        allowed = p.get_json("allowed_updates")
        if isinstance(allowed, list):
            self.allowed_updates = (
                frozenset(str(a) for a in allowed) if allowed else DEFAULT_ALLOWED_UPDATES
            )
        # A newer getUpdates terminates the one still waiting, like Telegram does.
        if self._active_poll is not None:
            self._active_poll.terminated = True
            self._notify()
        poll = Poll()
        self._active_poll = poll
        signal = self._require_signal()
        loop = asyncio.get_running_loop()
        try:
            if offset is not None:
                self._confirm(offset)
                if offset < 0:
                    offset = None
            deadline = loop.time() + timeout
            while True:
                event = signal.current
                if poll.terminated:
                    raise ApiError(409, CONFLICT_TERMINATED)
                batch = self._deliverable(offset, limit)
                if batch or self._closing:
                    break
                remaining = deadline - loop.time()
                if remaining <= 0:
                    break
                await Signal.wait(event, remaining)
            for entry in batch:
                entry.delivered = True
            if batch:
                self._touch()
            # Serialised at once and never kept: no copy needed (it shows under load).
            return [{"update_id": entry.update_id, **entry.payload} for entry in batch]
        finally:
            if self._active_poll is poll:
                self._active_poll = None

    def _confirm(self, offset: int) -> None:
        before = len(self._queue)
        if offset < 0:
            self._queue = self._queue[offset:]
        else:
            self._queue = [
                e for e in self._queue if e.update_id >= offset or (e.replay and not e.delivered)
            ]
        if len(self._queue) != before:
            self._touch()
            self._notify()

    def _deliverable(self, offset: int | None, limit: int) -> list[QueuedUpdate]:
        # Updates of types the bot did not ask for are dropped, as Telegram does.
        kept = [e for e in self._queue if e.kind in self.allowed_updates]
        if len(kept) != len(self._queue):
            self._queue = kept
            self._touch()
        ready = [
            e
            for e in self._queue
            if offset is None or e.update_id >= offset or (e.replay and not e.delivered)
        ]
        return ready[:limit]

    async def _answer_callback_query(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> bool:
        query_id = p.get_str("callback_query_id")
        callback = self._callbacks.get(query_id or "")
        if callback is None:
            raise bad_request(QUERY_INVALID)
        callback.answer_attempts += 1
        now = self.clock()
        if callback.answer is not None or now - callback.created_at > self.callback_max_age:
            raise bad_request(QUERY_INVALID)
        text = p.get_str("text")
        if text is not None and len(text) > MAX_CALLBACK_ANSWER_TEXT:
            raise bad_request("MESSAGE_TOO_LONG")
        callback.answer = CallbackAnswer(
            text=text or None,
            show_alert=p.get_bool("show_alert"),
            url=p.get_str("url") or None,
            cache_time=p.get_int("cache_time") or 0,
            answered_at=now,
        )
        return True
