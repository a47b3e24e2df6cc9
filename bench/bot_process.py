"""The bot under load (bench/load.py): `python -m bot` as a subprocess,
pinned to its CPU, with its settings, its log, its CPU and memory read from
/proc, an optional profiler beside it, and the database's size."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from testing.fake_telegram import FakeTelegram
from testing.postgres import PostgresServer

# Settings to compare, passed on to the bot from the caller's environment.
PASSED_ON = ("HTTP_CLIENT", "DATABASE_SYNC", "DATABASE_CACHE")

ROOT = Path(__file__).resolve().parents[1]  # the checkout whose bot the subprocess runs

CLK_TCK = os.sysconf("SC_CLK_TCK")


class BotProcess:
    def __init__(
        self,
        fake: FakeTelegram,
        workdir: Path,
        profile: str | None,
        cpus: set[int] | None = None,
        env: dict[str, str] | None = None,
        name: str = "bot",
    ) -> None:
        self.fake = fake
        self.cpus = cpus  # where the bot may run (None: anywhere)
        self.workdir = workdir
        self.db_path = workdir / "bot.db"
        self.log_path = workdir / f"{name}.log"
        # DATABASE_URL (PostgreSQL) and the webhook's settings, when given.
        self.extra_env = env or {}
        self.profile = profile
        self.process: asyncio.subprocess.Process | None = None
        self.spy: asyncio.subprocess.Process | None = None
        self.spied = False

    async def start(self) -> None:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": os.environ.get("HOME", "/tmp"),
            "BOT_TOKEN": self.fake.token,
            "BOT_API_URL": self.fake.base_url,
            "DATABASE_PATH": str(self.db_path),
            "COMPUTER_DELAY": "0",
            "RATE_LIMIT_OVERALL": "1000000",
            "RATE_LIMIT_GROUP": "1000000",
            "RATE_LIMIT_PRIVATE": "1000000",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
            # The bot of this checkout, whatever the virtual environment installed.
            "PYTHONPATH": str(ROOT),
            # Choices to compare, passed on from the caller's environment.
            **{k: os.environ[k] for k in PASSED_ON if k in os.environ},
            **self.extra_env,
        }
        if "DATABASE_URL" in env:
            del env["DATABASE_PATH"]
        command = [sys.executable]
        if self.profile == "callgrind":
            # Instructions are counted only inside the measured window
            # (callgrind_control switches them on and off): a count that other
            # programs on the machine cannot disturb, for comparing versions.
            command = [
                "valgrind",
                "--tool=callgrind",
                "--instr-atstart=no",
                f"--callgrind-out-file={self.workdir / 'callgrind.out'}",
                sys.executable,
            ]
        elif self.profile and not self.profile.startswith("py-spy:"):
            out = str(Path(self.profile).resolve())
            if out.endswith(".prof"):
                command += ["-m", "cProfile", "-o", out]
            else:
                renderer = "html" if out.endswith(".html") else "text"
                command += ["-m", "pyinstrument", "-r", renderer, "-o", out]
        command += ["-m", "bot"]
        self.log = self.log_path.open("wb")
        cpus = self.cpus
        self.process = await asyncio.create_subprocess_exec(
            *command,
            cwd=self.workdir,
            env=env,
            stdout=self.log,
            stderr=asyncio.subprocess.STDOUT,
            # Set before exec, so that every thread of the bot inherits it.
            preexec_fn=None if cpus is None else lambda: os.sched_setaffinity(0, cpus),
        )
        webhooks = len(self.fake.calls("setWebhook"))

        def started() -> bool:
            if "BOT_WEBHOOK_URL" in self.extra_env:  # its webhook is set: it serves
                return len(self.fake.calls("setWebhook")) > webhooks
            return bool(self.fake.calls("getUpdates"))

        await self.fake.wait_for(
            lambda: started() or self._exited(),
            timeout=600 if self.profile == "callgrind" else 60,
        )
        if self._exited():
            raise SystemExit("the bot did not start:\n" + self.log_path.read_text())

    async def instrument(self, on: bool) -> None:
        if self.profile and self.profile.startswith("py-spy:"):
            await self._py_spy(on, Path(self.profile.removeprefix("py-spy:")).resolve())
        if self.profile == "callgrind":
            switch = await asyncio.create_subprocess_exec(
                "callgrind_control",
                "-i",
                "on" if on else "off",
                str(self.pid),
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
            await switch.wait()

    async def _py_spy(self, on: bool, out: Path) -> None:
        """Sample the bot with py-spy during the first measured window (it pauses
        the process at each sample, so that window's numbers are slower)."""
        if on and not self.spied:
            formats = {".svg": "flamegraph", ".json": "speedscope", ".txt": "raw"}
            self.spied = True
            self.spy = await asyncio.create_subprocess_exec(
                "py-spy",
                "record",
                "--pid",
                str(self.pid),
                "--rate",
                "100",
                "--format",
                formats.get(out.suffix, "raw"),
                "--output",
                str(out),
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
        elif not on and self.spy is not None:
            self.spy.send_signal(signal.SIGINT)  # py-spy writes its output and ends
            await self.spy.wait()
            self.spy = None

    def instructions(self) -> int | None:
        """Instructions the bot executed while instrumented (after it exited)."""
        out = self.workdir / "callgrind.out"
        if not out.exists():
            return None
        for line in out.read_text(errors="replace").splitlines():
            if line.startswith("totals:"):
                return int(line.split()[1])
        return None

    def _exited(self) -> bool:
        return self.process is not None and self.process.returncode is not None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        # After the command name: state is field 3; utime and stime are 14 and 15.
        return (int(fields[11]) + int(fields[12])) / CLK_TCK

    def memory_kb(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                out[name] = int(value.split()[0])
        return out

    async def stop(self) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            code = await asyncio.wait_for(self.process.wait(), timeout=60)
        except TimeoutError:
            self.process.kill()
            code = await self.process.wait()
        self.log.close()
        return code


def db_used_bytes(path: Path) -> int:
    """Bytes of pages in use, as the newest committed snapshot has them."""
    with contextlib.closing(sqlite3.connect(path, timeout=30)) as connection:
        pages = connection.execute("PRAGMA page_count").fetchone()[0]
        free = connection.execute("PRAGMA freelist_count").fetchone()[0]
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    return int((pages - free) * size)


def process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def family_cpu(parents: set[int], include_parents: bool = False) -> dict[int, float]:
    """CPU seconds by pid of the children of `parents` (and of the parents
    themselves when asked), read from /proc."""
    found: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            pid = int(entry.name)
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(stat[1]) in parents or (include_parents and pid in parents):
                found[pid] = process_cpu(pid)
    return found


class Bot(Protocol):
    """What the bench reads of a bot: this module's process, or the
    application in the bench's own process (bench/bot_in_process.py)."""

    db_path: Path
    log_path: Path
    extra_env: dict[str, str]

    @property
    def pid(self) -> int: ...

    async def start(self) -> None: ...

    async def stop(self) -> int: ...

    async def instrument(self, on: bool) -> None: ...

    def instructions(self) -> int | None: ...

    def cpu_seconds(self) -> float: ...

    def memory_kb(self) -> dict[str, int]: ...


def children_cpu(bots: Sequence[Bot]) -> dict[int, float]:
    """The bots' own child processes: the thinking room's workers, which draw
    the match charts (and decide for computers). They inherit the bot's core,
    so their work competes with the bot's."""
    return family_cpu({bot.pid for bot in bots})


def server_cpu(server: PostgresServer | None) -> dict[int, float]:
    """The PostgreSQL server's processes (the postmaster and its children: one
    backend per connection, and its helpers)."""
    if server is None:
        return {}
    pid_file = server.folder / "data" / "postmaster.pid"
    return family_cpu({int(pid_file.read_text().split()[0])}, include_parents=True)


def pin_cpus(pin: bool) -> tuple[set[int] | None, set[int] | None]:
    """The bot's CPUs and this process's: the bot gets the first, this process
    the rest, so that the load generator never takes the bot's core."""
    cpus = sorted(os.sched_getaffinity(0))
    if not pin or len(cpus) < 2:
        return None, None
    bot, generator = {cpus[0]}, set(cpus[1:])
    os.sched_setaffinity(0, generator)
    return bot, generator
