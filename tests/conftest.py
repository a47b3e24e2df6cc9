"""Fixtures shared by every test module.

The fake Bot API's fixtures (``fake_telegram``, ``fake_bot``) are registered here once, so a
test asks for them by parameter name without importing them.

``postgres_server`` and ``postgres_url`` give a test a throwaway PostgreSQL database.

The suite runs in parallel under pytest-xdist (the README's command, ``-n 4``): each worker
is a process of its own with its own PostgreSQL server (its own port and data folder, from
testing/postgres.py), started in the background as soon as the worker knows it has tests
that need one, so the first of them seldom waits for ``initdb``. A test marked
``@pytest.mark.serial`` (the reason beside it) is left out of the parallel part
(``-m "not serial"``) and runs after it, alone (``-m serial``): it holds the bot to a
real-time promise that tests running beside it would eat into.

A test that takes more than ``SLOW_SECONDS`` says why beside it with
``@pytest.mark.slow(reason=...)`` (issue 69); the run's summary lists the
ones that took longer and don't.
"""

from __future__ import annotations

import itertools
import os
import threading

import pytest

from testing.postgres import PostgresServer, Unavailable

# The bot opts into PTB's timedelta durations when it builds its application
# (bot/app.py); tests that make PTB objects without one run the same way.
os.environ.setdefault("PTB_TIMEDELTA", "1")

# pytester: tests/testing/test_postgres_server.py runs pytest on a conftest of its own.
pytest_plugins = ["testing.fake_telegram.fixtures", "pytester"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "serial: not run in parallel with other tests (the README's second command runs"
        " these alone); the reason is written beside the marker",
    )
    config.addinivalue_line(
        "markers",
        "slow(reason): takes more than SLOW_SECONDS (tests/conftest.py) for the reason given",
    )
    config.addinivalue_line(
        "markers",
        "own_pools: the bot's computers and charts spawn worker processes of their own"
        " (tests/support/shared_pools.py)",
    )


@pytest.hookimpl(trylast=True)  # after -k and -m deselected what they do
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The PostgreSQL server starts in the background when a collected test needs it."""
    if any("postgres_server" in getattr(item, "fixturenames", ()) for item in items):
        _EARLY.begin()


class _EarlyServer:
    """The run's (or xdist worker's) PostgreSQL server, started on a thread
    while the first tests run: `initdb` and `pg_ctl` are subprocesses, so the
    thread mostly waits and the tests go on meanwhile."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._server: PostgresServer | None = None
        self._error: Unavailable | None = None

    def begin(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._start, name="postgres-start", daemon=True)
            self._thread.start()

    def _start(self) -> None:
        try:
            self._server = PostgresServer.start()
        except Unavailable as why:
            self._error = why

    def stop(self) -> None:
        """At the end of the run: stop the server if one was started."""
        if self._thread is not None:
            self._thread.join()
            if self._server is not None:
                self._server.stop()
                self._server = None

    def take(self) -> PostgresServer:
        """The started server (waiting for it), or the `Unavailable` that said why not."""
        self.begin()
        assert self._thread is not None
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._server is not None
        return self._server


_EARLY = _EarlyServer()


SLOW_SECONDS = 5.0
_UNEXPLAINED: list[tuple[float, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Runs where the reports are gathered (the controller under xdist)."""
    if report.when == "call" and report.duration > SLOW_SECONDS and "slow" not in report.keywords:
        _UNEXPLAINED.append((report.duration, report.nodeid))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _UNEXPLAINED:
        return
    terminalreporter.section(f"over {SLOW_SECONDS:.0f} s without a reason (mark slow)")
    for duration, nodeid in sorted(_UNEXPLAINED, reverse=True):
        terminalreporter.write_line(f"{duration:6.1f} s  {nodeid}")


def pytest_sessionfinish() -> None:
    # Here rather than in the fixture's teardown: a worker that started the
    # server early may have been sent none of the tests that use it.
    _EARLY.stop()


@pytest.fixture(scope="session")
def postgres_server() -> PostgresServer:
    """A throwaway PostgreSQL server for the whole run (testing/postgres.py),
    one per xdist worker, started in the background once collection shows a
    test that needs it (else by the first such test).

    Where none can be started the test is skipped with the reason, unless
    REQUIRE_POSTGRES=1 (as `.ci/run` sets): then it fails, so that CI never
    passes by skipping. Tests that use it carry `postgres` in their id.
    `pytest_sessionfinish` stops it."""
    try:
        server = _EARLY.take()
    except Unavailable as why:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REQUIRE_POSTGRES=1 but no PostgreSQL server could be started: {why}")
        pytest.skip(f"no PostgreSQL server could be started: {why}")
    return server


@pytest.fixture
def postgres_url(postgres_server: PostgresServer, worker_id: str) -> str:
    """A new empty database on the throwaway server, for one test (named
    after the xdist worker too, for the server logs' sake)."""
    return postgres_server.create_database(f"test_{worker_id}_{next(_DATABASES)}")


_DATABASES = itertools.count(1)
