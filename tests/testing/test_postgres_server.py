"""The throwaway PostgreSQL server of testing/postgres.py and the rule for
tests that need it: skipped with the reason where none can be started,
failed instead under REQUIRE_POSTGRES=1 (what `.ci/run` sets), so that CI
never passes by skipping them."""

from __future__ import annotations

from pathlib import Path

import pytest

from testing.postgres import PostgresServer

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"
NO_SERVER = """
import testing.postgres


def _nowhere():
    raise testing.postgres.Unavailable("simulated: PostgreSQL is not installed")


testing.postgres._bin_dir = _nowhere
"""


@pytest.mark.parametrize("required", ["", "1"])
@pytest.mark.slow(reason="runs pytest in a subprocess of its own (pytester)")
def test_without_a_server_postgres_tests_skip_or_fail_when_required(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, required: str
) -> None:
    pytester.makeconftest(CONFTEST.read_text() + NO_SERVER)
    pytester.makepyfile(test_needs_postgres="def test_it(postgres_url):\n    pass\n")
    monkeypatch.setenv("REQUIRE_POSTGRES", required)
    result = pytester.runpytest_subprocess("-rs", "-p", "no:cacheprovider")
    if required:
        result.assert_outcomes(errors=1)
        result.stdout.fnmatch_lines(["*REQUIRE_POSTGRES=1 but no PostgreSQL server*simulated*"])
    else:
        result.assert_outcomes(skipped=1)
        result.stdout.fnmatch_lines(["*no PostgreSQL server could be started: simulated*"])


def test_postgres_server_makes_databases_on_its_own_port(
    postgres_server: PostgresServer,
) -> None:
    url = postgres_server.create_database("probe")
    assert url == f"postgresql://postgres@127.0.0.1:{postgres_server.port}/probe"
    assert (postgres_server.folder / "data" / "PG_VERSION").exists()
