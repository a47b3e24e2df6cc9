"""Fixtures shared by every test module.

The fake Bot API's fixtures (``fake_telegram``, ``fake_bot``) are registered here once, so a
test asks for them by parameter name without importing them.

``postgres_server`` and ``postgres_url`` give a test a throwaway PostgreSQL database.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest

from testing.postgres import PostgresServer, Unavailable

# The bot opts into PTB's timedelta durations when it builds its application
# (bot/app.py); tests that make PTB objects without one run the same way.
os.environ.setdefault("PTB_TIMEDELTA", "1")

# pytester: tests/testing/test_postgres_server.py runs pytest on a conftest of its own.
pytest_plugins = ["testing.fake_telegram.fixtures", "pytester"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the whole run (testing/postgres.py),
    started by the first test that asks for it.

    Where none can be started the test is skipped with the reason, unless
    REQUIRE_POSTGRES=1 (as `.ci/run` sets): then it fails, so that CI never
    passes by skipping. Tests that use it carry `postgres` in their id."""
    try:
        server = PostgresServer.start()
    except Unavailable as why:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REQUIRE_POSTGRES=1 but no PostgreSQL server could be started: {why}")
        pytest.skip(f"no PostgreSQL server could be started: {why}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """A new empty database on the throwaway server, for one test."""
    return postgres_server.create_database(f"test_{next(_DATABASES)}")


_DATABASES = itertools.count(1)
