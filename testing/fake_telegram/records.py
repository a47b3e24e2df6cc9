"""What the fake Bot API server keeps of the HTTP requests it received and the errors it
answered, for tests to inspect (``fake.requests``, ``fake.errors_returned``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .models import JSONDict


@dataclass
class RequestRecord:
    """One HTTP request the fake received."""

    method: str  # canonical Bot API name, e.g. "sendMessage" (as sent if unknown)
    params: JSONDict
    received_at: float  # event-loop time
    status: int = 0  # HTTP status; 0 while pending or when no response was sent
    outcome: str = "pending"  # "ok", the error description, or "fault:<kind>"
    result: Any = None
    injected: str | None = None  # the fault kind when a fault was injected
    files: dict[str, bytes] = field(default_factory=dict, repr=False)  # uploads by field

    @property
    def ok(self) -> bool:
        return self.outcome == "ok"

    def __iter__(self) -> Iterator[Any]:
        """Unpack as ``method, params, outcome``."""
        return iter((self.method, self.params, self.outcome))

    def __repr__(self) -> str:
        shown = {k: v for k, v in self.params.items() if k not in ("reply_markup",)}
        text = repr(shown)
        if len(text) > 160:
            text = text[:157] + "..."
        return f"<{self.method} {text} -> {self.status} {self.outcome}>"


@dataclass(frozen=True)
class ErrorRecord:
    """A non-ok response the fake returned."""

    method: str
    params: JSONDict
    error_code: int
    description: str
    parameters: JSONDict | None
    injected: bool
