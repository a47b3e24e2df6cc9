"""`DATABASE_URL`: which backend holds the tables, and where.

SQLAlchemy's convention: `sqlite:///name.db` is relative to the working
directory, `sqlite:////abs/path.db` absolute. A backend is one scheme in
`BACKENDS`, naming the module that opens it (`open_backend(url)`); a
server backend reads what it needs from `DatabaseUrl.url`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_SQLITE = Path("burkozel.db")

# Scheme -> the module of its backend; the module has `open_backend(url)`.
# "postgres" too: managed PostgreSQL services hand out postgres://... URLs.
BACKENDS = {
    "sqlite": "bot.storage.sqlite",
    "postgresql": "bot.storage.postgres",
    "postgres": "bot.storage.postgres",
}


@dataclass(frozen=True, slots=True)
class DatabaseUrl:
    scheme: str
    url: str  # as given (a server backend's address and credentials)
    path: Path | None = None  # sqlite: the file

    def __str__(self) -> str:
        if self.path is not None:
            return f"{self.scheme}:///{self.path}"
        return f"{self.scheme}://…"  # never print credentials

    @classmethod
    def sqlite(cls, path: Path) -> DatabaseUrl:
        return cls("sqlite", f"sqlite:///{path}", path)


def parse_database_url(url: str) -> DatabaseUrl:
    """The URL's backend and location; ValueError names what is wrong."""
    scheme, sep, rest = url.strip().partition("://")
    if not sep:
        raise ValueError("must look like sqlite:///burkozel.db")
    scheme = scheme.lower()
    if scheme not in BACKENDS:
        known = ", ".join(BACKENDS)
        raise ValueError(f"the {scheme!r} backend is not supported; use one of: {known}")
    if scheme != "sqlite":
        return DatabaseUrl(scheme, url.strip())
    if not rest.startswith("/") or rest == "/":
        raise ValueError("a SQLite URL is sqlite:///relative.db or sqlite:////absolute/path.db")
    # "sqlite:///x.db" leaves "/x.db": the first slash ends the (empty) host.
    path = rest[1:].split("?", 1)[0]
    if not path:
        raise ValueError("a SQLite URL needs a file name: sqlite:///burkozel.db")
    return DatabaseUrl(scheme, url.strip(), Path(path))
