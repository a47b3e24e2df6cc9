"""A throwaway PostgreSQL server for tests and measurements.

`PostgresServer.start()` runs `initdb` in a temporary folder, starts the
server on a free port of 127.0.0.1 (its socket in the same folder) with
trust authentication, and `stop()` removes it all. It takes about a second.

Why not pytest-postgresql: it runs `initdb` and `pg_ctl` as the current
user, and PostgreSQL refuses to run as root, which is what CI and the
development machines are. Here, as root, the folder is handed to the
`postgres` user (mode 700) and every server program runs through
`runuser -u postgres --`; as anybody else they run as that user.

`PostgresServer.start()` raises `Unavailable` with a sentence saying why
when no server can be started (no PostgreSQL installed, no `postgres` user,
`initdb` failed): the tests turn it into a skip, or into a failure when
REQUIRE_POSTGRES=1 (as `.ci/run` sets).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

# The server's own superuser; authentication is "trust", so no password.
USER = "postgres"


class Unavailable(RuntimeError):
    """No throwaway server can be started here; the message says why."""


def _bin_dir() -> Path:
    """Where initdb and pg_ctl are: on PATH, else Debian's versioned folder."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    if candidates:
        return Path(candidates[0]).parent
    raise Unavailable(
        "PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql/*/bin);"
        " install the Debian package `postgresql`"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PostgresServer:
    folder: Path
    port: int
    bin_dir: Path
    as_user: str | None  # run the server programs as this user (we are root)

    @property
    def host(self) -> str:
        return "127.0.0.1"

    def url(self, database: str = "postgres") -> str:
        """postgresql://postgres@127.0.0.1:PORT/database (trust: no password)."""
        return f"postgresql://{USER}@{self.host}:{self.port}/{database}"

    @classmethod
    def start(cls) -> PostgresServer:
        bin_dir = _bin_dir()
        as_user: str | None = None
        if os.geteuid() == 0:
            try:
                pwd.getpwnam(USER)
            except KeyError:
                raise Unavailable(
                    "running as root and there is no `postgres` user to run the server as"
                    " (PostgreSQL refuses to run as root)"
                ) from None
            if shutil.which("runuser") is None:
                raise Unavailable("running as root and `runuser` is missing")
            as_user = USER
        folder = Path(tempfile.mkdtemp(prefix="burkozel-pg-"))
        server = cls(folder, free_port(), bin_dir, as_user)
        try:
            if as_user is not None:
                shutil.chown(folder, as_user, as_user)
            folder.chmod(0o700)
            server._run(
                "initdb",
                "-D",
                str(folder / "data"),
                "-U",
                USER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-locale",
                "--no-sync",
            )
            options = (
                f"-p {server.port} -k {folder} -c listen_addresses={server.host}"
                # A test server: nothing to keep over a power loss.
                " -c fsync=off -c full_page_writes=off"
            )
            server._run(
                "pg_ctl",
                "-D",
                str(folder / "data"),
                "-l",
                str(folder / "server.log"),
                "-w",
                "-o",
                options,
                "start",
            )
        except BaseException:
            server._remove()
            raise
        return server

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin_dir / program), *args]
        if self.as_user is not None:
            command = ["runuser", "-u", self.as_user, "--", *command]
        try:
            subprocess.run(command, check=True, capture_output=True, text=True, timeout=60)
        except subprocess.CalledProcessError as error:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-800:] if log.exists() else ""
            raise Unavailable(
                f"{program} failed ({error.returncode}): {error.stderr.strip()[-800:]} {tail}"
            ) from None
        except (OSError, subprocess.TimeoutExpired) as error:
            raise Unavailable(f"{program} could not run: {error}") from None

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        self._run("createdb", "-h", str(self.folder), "-p", str(self.port), "-U", USER, name)
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(Unavailable):
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        self._remove()

    def _remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
