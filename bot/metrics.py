"""The bot's numbers for Prometheus (`GET /metrics`) and the health check.

prometheus_client, the project's reference client: its text format, its
histograms and its parser (which the tests read /metrics with) are the ones
a Prometheus server expects, with nothing of ours to keep in step.

Each application has a `CollectorRegistry` of its own, not the library's
global one: tests build many applications in one process, and several
registries must not collide on a metric's name.

What is counted where (the wiring, bot/app.py, connects them):

- updates by kind and the time from an update's arrival to its handlers'
  end: the update processor (bot/telegram/wire/metered.py);
- Bot API calls by method and outcome, 429s among them: the rate limiter;
- queue depths: read when scraped, from the objects that hold the queues;
- open tables: one store query per scrape (`refresh`);
- a computer's decision and a table's commit: timed by `Thinking` and the
  store (`Store.save_table`), each given its histogram's `observe` when built.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

CONTENT_TYPE = CONTENT_TYPE_LATEST
# Seconds: a handler's answer is felt from 0.1 s, a commit from a few ms.
FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
SLOW = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)


class Metrics:
    """The metric families and the moments the health check reports."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.updates = Counter(
            "bot_updates",
            "Updates received, by kind (message, callback_query, ...)",
            ["kind"],
            registry=r,
        )
        self.update_seconds = Histogram(
            "bot_update_seconds",
            "From an update's arrival to its handlers' end, its chat's earlier updates included",
            buckets=SLOW,
            registry=r,
        )
        self.api_calls = Counter(
            "bot_api_calls",
            "Bot API requests by method and outcome (ok, retry_after, forbidden, bad_request,"
            " network, timed_out, error)",
            ["method", "outcome"],
            registry=r,
        )
        self.retry_after = Counter(
            "bot_api_retry_after",
            "429 answers (Telegram's flood control) from the Bot API",
            registry=r,
        )
        self.decision_seconds = Histogram(
            "bot_computer_decision_seconds",
            "A computer player's thinking, the wait for a free worker included",
            buckets=SLOW,
            registry=r,
        )
        self.commit_seconds = Histogram(
            "bot_commit_seconds", "Saving a table (Store.save_table)", buckets=FAST, registry=r
        )
        self.open_tables = Gauge(
            "bot_open_tables", "Tables in the lobby or playing, read at scrape time", registry=r
        )
        self.outbox_jobs = Gauge(
            "bot_outbox_jobs", "Message jobs of tables waiting or running", registry=r
        )
        self.limiter_waiting = Gauge(
            "bot_rate_limiter_waiting", "Bot API requests waiting for their turn", registry=r
        )
        self.replies_waiting = Gauge(
            "bot_replies_waiting", "Answers to commands waiting to be sent", registry=r
        )
        self.last_update = 0.0  # time.monotonic() of the last update received, 0: none yet
        self.last_done = 0.0  # ... and of the last one whose handlers ended

    def update_received(self, kind: str) -> None:
        self.updates.labels(kind).inc()
        self.last_update = time.monotonic()

    def update_done(self, seconds: float) -> None:
        self.update_seconds.observe(seconds)
        self.last_done = time.monotonic()

    def api_call(self, method: str, outcome: str) -> None:
        self.api_calls.labels(method, outcome).inc()
        if outcome == "retry_after":
            self.retry_after.inc()

    def depths(
        self, outbox: Callable[[], int], limiter: Callable[[], int], replies: Callable[[], int]
    ) -> None:
        """Read the queues' depths at each scrape (and health check)."""
        self.outbox_jobs.set_function(outbox)
        self.limiter_waiting.set_function(limiter)
        self.replies_waiting.set_function(replies)

    def since(self, moment: float) -> float | None:
        """Seconds since a moment of `last_update`/`last_done`, None before any."""
        return round(time.monotonic() - moment, 3) if moment else None

    def text(self) -> bytes:
        return generate_latest(self.registry)
