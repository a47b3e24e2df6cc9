"""Logging and output that never print a secret.

PTB and httpx put the bot token in request URLs, PTB's debug lines print the
webhook secret among setWebhook's parameters, and an exception's text may
carry either. Two guards, so that no output at any log level shows them:

- `RedactSecrets` on the log handler rewrites every record that passes it;
- `RedactingStream` wraps stdout and stderr, for whatever reaches them
  without the handler (a traceback Python prints itself, a library's own
  handler, a warning).

What counts as secret (`secrets_of`): the token, the token's part after the
colon (the part that is the secret; the bot id before it is public), and
BOT_WEBHOOK_SECRET.

Nor what people wrote: at LOG_LEVEL=DEBUG PTB logs whole updates and API
answers, and `WithholdPayloads` keeps those lines without their payloads.

LOG_FORMAT=json writes one JSON object a line (`JsonFormatter`) for a log
collector. It formats the record after `RedactSecrets` has cleaned it, and
goes out through the same redacting stream, so both guards apply to it too.
A line carries `table` and `chat` when the call passed them (`extra=`) or
when it ran for an update or job that set `log_context` (a contextvar: it
follows the update's handlers and the tasks they start).
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, TextIO

MARK = "<secret>"


def secrets_of(token: str, *others: str | None) -> list[str]:
    """What never may be printed: the token, its part after the colon, the others."""
    found = [token, token.partition(":")[2], *others]
    return [s for s in found if s]


class Redactor:
    """Replaces each secret with `MARK`, the longest first (the whole token
    before its tail, so a line shows `<secret>` once, not `123:<secret>`)."""

    def __init__(self, secrets: Iterable[str]) -> None:
        found = set()
        for secret in secrets:
            # A token's part after the colon is a secret by itself.
            head, colon, tail = secret.partition(":")
            found |= {secret, tail} if colon and head.isdigit() else {secret}
        self.secrets = sorted(found - {""}, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, MARK)
        return text


class RedactSecrets(logging.Filter):
    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self.redact = Redactor(secrets)
        self.secrets = self.redact.secrets

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(secret in message for secret in self.secrets):
            record.msg = self.redact(message)
            record.args = None
        # Exceptions are formatted after filters run; format them here, cleaned,
        # so the handler prints our text (it uses exc_text when it is set).
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


WITHHELD = "<withheld>"
# What a payload-free log argument is: an endpoint's name, a number, a flag.
PLAIN = (str, int, float, bool, type(None))
# Libraries whose debug lines carry payloads: PTB's, and aiosqlite's (each
# statement's call, its parameters included: names, chosen languages).
PAYLOAD_LOGGERS = ("telegram", "aiosqlite")


class WithholdPayloads(logging.Filter):
    """PTB's debug lines carry whole payloads: every Bot API call's
    parameters and answer (getUpdates': people's private texts, and callback
    data naming the cards they select) and each update it processes
    (security review N17); aiosqlite's, each statement with its parameters.
    Such a line is kept with each argument that is
    not a plain value (a dict, a list, an Update) replaced by `WITHHELD`, so
    LOG_LEVEL=DEBUG still shows which calls were made, never what people
    wrote. The bot's own lines say what happened, never a message's text."""

    def filter(self, record: logging.LogRecord) -> bool:
        if (
            record.name.startswith(PAYLOAD_LOGGERS)
            and record.levelno < logging.INFO
            and record.args
        ):
            if isinstance(record.args, tuple):
                record.args = tuple(a if isinstance(a, PLAIN) else WITHHELD for a in record.args)
            else:  # one mapping, for %(name)s formats
                record.args = {
                    k: v if isinstance(v, PLAIN) else WITHHELD for k, v in record.args.items()
                }
        return True


class RedactingStream:
    """A text stream that redacts every write before passing it on.

    Python writes a traceback line by line and a log handler a record at a
    time, and no secret holds a line break, so redacting each write is enough."""

    def __init__(self, stream: TextIO, redact: Redactor) -> None:
        self._stream = stream
        self._redact = redact

    @property
    def inner(self) -> TextIO:
        """The stream written to (a second set-up wraps it anew, not the wrapper)."""
        return self._stream

    def write(self, text: str) -> int:
        self._stream.write(self._redact(text))
        return len(text)

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


# What the code runs for, for JSON lines: {"chat": id} for an update,
# {"table": id} for a table's job.
log_context: contextvars.ContextVar[dict[str, int] | None] = contextvars.ContextVar(
    "log_context", default=None
)
CONTEXT_FIELDS = ("table", "chat")


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message,
    `table`/`chat` when known, and the exception's text when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        known = log_context.get() or {}
        for name in CONTEXT_FIELDS:
            value = getattr(record, name, None)
            if value is None:
                value = known.get(name)
            if value is not None:
                line[name] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = record.stack_info
        return json.dumps(line, ensure_ascii=False, default=str)


def setup_logging(level: str, secrets: Iterable[str], form: str = "text") -> None:
    redact = Redactor(secrets)
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        inner = stream.inner if isinstance(stream, RedactingStream) else stream
        setattr(sys, name, RedactingStream(inner, redact))
    handler = logging.StreamHandler()
    if form == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(WithholdPayloads())
    handler.addFilter(RedactSecrets(redact.secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # httpx logs every request URL (redacted above, but one line per request
    # is noise); warnings and errors still show.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)
    # Python's warnings go through the log, so through the filter.
    logging.captureWarnings(True)
