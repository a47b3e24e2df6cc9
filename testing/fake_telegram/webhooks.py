"""Webhook delivery to several bot workers behind one URL.

Telegram posts each update to the webhook; behind a load balancer, any of
the bot's workers may get it. `WebhookDealer` plays both: it takes the
fake's queued updates in order and posts each to a worker chosen at random
(a seeded `random.Random`, so a test replays), with the secret header
Telegram sends. A worker that cannot be reached (killed) is skipped and the
update goes to another, as Telegram retries a failed delivery; a worker is
taken out of the rotation with `drop`.

`concurrency` > 1 posts that many updates at once (Telegram's
`max_connections`), in queue order but not waiting for each other: for load
tests whose people have one update outstanding per chat. `on_deal` is told
of each update as it is handed to a worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from typing import Any

import aiohttp

from .state import FakeState, Signal

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class WebhookDealer:
    def __init__(
        self,
        fake: FakeState,
        targets: list[str],
        secret: str,
        rng: random.Random,
        concurrency: int = 1,
        on_deal: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.fake = fake
        self.on_deal = on_deal
        self._room = asyncio.Semaphore(concurrency)
        self._concurrency = concurrency
        self._posts: set[asyncio.Task[None]] = set()
        self.targets = list(targets)  # http://127.0.0.1:port/path of each worker
        self.secret = secret
        self.rng = rng
        self.dealt: dict[str, int] = dict.fromkeys(targets, 0)
        self._task: asyncio.Task[None] | None = None
        self._session: aiohttp.ClientSession | None = None

    def start(self) -> None:
        self._session = aiohttp.ClientSession()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        for post in list(self._posts):
            post.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._session is not None:
            await self._session.close()

    def drop(self, target: str) -> None:
        """The worker is gone: no update goes to it any more."""
        if target in self.targets:
            self.targets.remove(target)

    async def _run(self) -> None:
        signal = self.fake._require_signal()
        while True:
            event = signal.current
            while self.fake._queue:
                entry = self.fake._queue[0]
                update = {"update_id": entry.update_id, **entry.payload}
                if self._concurrency > 1:
                    await self._room.acquire()
                    self.fake._queue.pop(0)
                    post = asyncio.get_running_loop().create_task(self._post(update))
                    self._posts.add(post)
                    post.add_done_callback(self._posted)
                    continue
                await self._post(update)
                # Delivered: Telegram forgets it (kept in `updates_queued`).
                if self.fake._queue and self.fake._queue[0] is entry:
                    self.fake._queue.pop(0)
                self.fake._touch()
                self.fake._notify()
            await Signal.wait(event, 1.0)

    def _posted(self, post: asyncio.Task[None]) -> None:
        self._posts.discard(post)
        self._room.release()
        self.fake._touch()
        self.fake._notify()

    async def _post(self, update: dict[str, Any]) -> None:
        assert self._session is not None
        while True:
            if not self.targets:
                await asyncio.sleep(0.05)
                continue
            target = self.rng.choice(self.targets)
            self._handing(update)
            try:
                async with self._session.post(
                    target, json=update, headers={SECRET_HEADER: self.secret}
                ) as response:
                    if response.status == 200:
                        self.dealt[target] = self.dealt.get(target, 0) + 1
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.01)  # unreachable or refused: another worker, or again

    def _handing(self, update: dict[str, Any]) -> None:
        if self.on_deal is not None:
            self.on_deal(update)
