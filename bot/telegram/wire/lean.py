"""A lean HTTP/1.1 client for the Bot API, plugged into PTB as its `BaseRequest`.

Opt-in (`HTTP_CLIENT=lean`): for a self-hosted Bot API server under heavy
load. Telegram itself lets a bot send about 30 messages a second, far below
where the saving matters, so the default is PTB's own HTTPX client.

PTB's default transport goes through httpx, httpcore, anyio and h11. Under
load that stack was most of the bot's CPU: about 3 ms per request on the
project's machine against a local server, where PTB's own part of a request
(building the parameters, reading the answer) is about 1 ms. This client does
only what the Bot API needs:

* one keep-alive connection per request in flight (at most `connections` at
  once, and answers to taps apart, as in bot/telegram/wire/transport.py;
  more wait here, at most `pool_timeout`), reused while it is idle for less
  than `keepalive` seconds;
* a request is one write: `POST` with the parameters as one JSON object (the
  Bot API takes `application/json`; encoding it is one C call, where
  form-encoding quoted every character in Python and cost about a tenth of
  the bot's CPU under load); answers with a Content-Length, chunked, or
  ending with the connection;
* TLS with the very context httpx would use (`httpx.create_ssl_context`);
* PTB's timeouts (connect, write, read, pool) and PTB's errors: `TimedOut`
  for a timeout, `NetworkError` for anything that went wrong on the wire.

File uploads (multipart), downloads, and URLs with credentials are handed to
httpx, and so is everything when a proxy is configured in the environment
(httpx honours those variables): `make_request` (bot/telegram/wire/clients.py)
chooses.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import httpx
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bot.telegram.wire.transport import HTTP_CONNECTIONS, BoundedRequest, Slots
from bot.telegram.wire.updates import trim_updates

_DEFAULT = type(BaseRequest.DEFAULT_NONE)  # PTB's "not given" marker for timeouts

_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode

POOL_TIMEOUT_MESSAGE = (
    "Pool timeout: All connections in the connection pool are occupied. "
    "Request was *not* sent to Telegram. Consider adjusting the connection "
    "pool size or the pool timeout."
)


@dataclass(slots=True)
class _Target:
    """What a URL means for the wire, worked out once per URL."""

    host: str
    port: int
    tls: bool
    head: bytes  # the request line and the fixed headers, up to Content-Length


@dataclass(slots=True)
class _Connection:
    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    idle_since: float = 0.0

    def usable(self, now: float, keepalive: float) -> bool:
        return (
            now - self.idle_since < keepalive
            and not self.reader.at_eof()
            and not self.writer.is_closing()
        )


class _Incomplete(Exception):
    """The answer was cut short or is not HTTP."""


class TelegramRequest(BaseRequest):
    def __init__(
        self,
        connections: int = HTTP_CONNECTIONS,
        read_timeout: float | None = 5.0,
        write_timeout: float | None = 5.0,
        connect_timeout: float | None = 5.0,
        pool_timeout: float | None = 1.0,
        keepalive: float = 5.0,
    ) -> None:
        self._read_timeout = read_timeout
        self._write_timeout = write_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._keepalive = keepalive
        self._slots = Slots(connections)
        self._idle: dict[tuple[str, int, bool], list[_Connection]] = {}
        self._targets: dict[str, _Target] = {}
        self._tls: Any = None  # ssl.SSLContext, made when first needed
        self._files = BoundedRequest(
            connections,
            read_timeout=read_timeout,
            write_timeout=write_timeout,
            connect_timeout=connect_timeout,
            pool_timeout=pool_timeout,
        )

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        self._slots = Slots(self._slots.connections)  # for the loop that runs the bot
        await self._files.initialize()

    async def shutdown(self) -> None:
        for connections in self._idle.values():
            for connection in connections:
                connection.writer.close()
        self._idle.clear()
        await self._files.shutdown()

    def _target(self, url: str) -> _Target | None:
        """None for what this client leaves to httpx (credentials in the URL, say)."""
        target = self._targets.get(url)
        if target is None:
            parts = urlsplit(url)
            tls = parts.scheme == "https"
            if parts.scheme not in ("http", "https") or not parts.hostname or "@" in parts.netloc:
                return None
            path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
            head = (
                f"POST {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept: */*\r\n"
                f"User-Agent: {self.USER_AGENT}\r\n"
                "Content-Type: application/json\r\n"
            ).encode("ascii")
            target = _Target(parts.hostname, parts.port or (443 if tls else 80), tls, head)
            if len(self._targets) > 1000:  # URLs carry the method name: a handful in practice
                self._targets.clear()
            self._targets[url] = target
        return target

    @staticmethod
    def _pick(value: Any, default: float | None) -> float | None:
        return default if isinstance(value, _DEFAULT) else value

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = BaseRequest.DEFAULT_NONE,
        write_timeout: Any = BaseRequest.DEFAULT_NONE,
        connect_timeout: Any = BaseRequest.DEFAULT_NONE,
        pool_timeout: Any = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        target = self._target(url) if method == "POST" else None
        if target is None or (request_data is not None and request_data.contains_files):
            return await self._files.do_request(
                url,
                method,
                request_data,
                read_timeout,
                write_timeout,
                connect_timeout,
                pool_timeout,
            )
        parameters = request_data.parameters if request_data is not None else {}
        body = _encode(parameters).encode()
        request = target.head + b"Content-Length: %d\r\n\r\n" % len(body) + body
        slots = self._slots.of(url)
        if slots.locked():  # a timer only when there is something to wait for
            try:
                async with asyncio.timeout(self._pick(pool_timeout, self._pool_timeout)):
                    await slots.acquire()
            except TimeoutError:
                raise TimedOut(POOL_TIMEOUT_MESSAGE) from None
        else:
            await slots.acquire()
        try:
            return await self._exchange(
                target,
                request,
                self._pick(read_timeout, self._read_timeout),
                self._pick(write_timeout, self._write_timeout),
                self._pick(connect_timeout, self._connect_timeout),
            )
        finally:
            slots.release()

    async def _exchange(
        self,
        target: _Target,
        request: bytes,
        read_timeout: float | None,
        write_timeout: float | None,
        connect_timeout: float | None,
    ) -> tuple[int, bytes]:
        connection = await self._connect(target, connect_timeout)
        reusable = False
        try:
            try:
                connection.writer.write(request)
                if connection.writer.transport.get_write_buffer_size():
                    # The kernel did not take it all at once: wait, with a timer.
                    async with asyncio.timeout(write_timeout):
                        await connection.writer.drain()
                async with asyncio.timeout(read_timeout):
                    status, payload, reusable = await _read_response(connection.reader)
            except TimeoutError:
                raise TimedOut from None
            except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as error:
                raise NetworkError(f"{type(error).__name__}: {error}") from error
            except _Incomplete as error:
                raise NetworkError(f"bad answer from the server: {error}") from None
            return status, payload
        finally:
            # Anything unfinished (an error, a cancellation) closes the connection.
            if reusable:
                connection.idle_since = time.monotonic()
                key = (target.host, target.port, target.tls)
                self._idle.setdefault(key, []).append(connection)
            else:
                connection.writer.close()

    async def _connect(self, target: _Target, timeout: float | None) -> _Connection:
        idle = self._idle.get((target.host, target.port, target.tls))
        now = time.monotonic()
        while idle:
            connection = idle.pop()  # the most recently used one
            if connection.usable(now, self._keepalive):
                return connection
            connection.writer.close()
        tls = None
        if target.tls:
            if self._tls is None:
                self._tls = httpx.create_ssl_context()
                self._tls.set_alpn_protocols(["http/1.1"])
            tls = self._tls
        try:
            async with asyncio.timeout(timeout):
                reader, writer = await asyncio.open_connection(target.host, target.port, ssl=tls)
        except TimeoutError:
            raise TimedOut from None
        except OSError as error:
            raise NetworkError(f"{type(error).__name__}: {error}") from error
        return _Connection(reader, writer)


async def _read_response(reader: asyncio.StreamReader) -> tuple[int, bytes, bool]:
    """Status, body, and whether the connection may carry another request."""
    while True:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head[:-4].split(b"\r\n")
        status_line = lines[0].split(None, 2)
        if len(status_line) < 2 or not status_line[0].startswith(b"HTTP/"):
            raise _Incomplete(f"status line {lines[0][:80]!r}")
        try:
            status = int(status_line[1])
        except ValueError:
            raise _Incomplete(f"status line {lines[0][:80]!r}") from None
        if not 100 <= status < 200:
            break  # 1xx answers are interim: the real one follows
    length: int | None = None
    chunked = False
    keep = status_line[0] == b"HTTP/1.1"
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        value = value.strip().lower()
        if name == b"content-length":
            try:
                length = int(value)
            except ValueError:
                raise _Incomplete(f"content-length {value[:20]!r}") from None
        elif name == b"transfer-encoding":
            chunked = value.endswith(b"chunked")
        elif name == b"connection":
            keep = b"close" not in value and (keep or b"keep-alive" in value)
    if chunked:
        parts = []
        while True:
            size_line = await reader.readuntil(b"\r\n")
            try:
                size = int(size_line.split(b";", 1)[0].strip(), 16)
            except ValueError:
                raise _Incomplete(f"chunk size {size_line[:20]!r}") from None
            if size == 0:
                while await reader.readuntil(b"\r\n") != b"\r\n":
                    pass  # trailers
                break
            parts.append(await reader.readexactly(size))
            if await reader.readexactly(2) != b"\r\n":
                raise _Incomplete("chunk not terminated")
        return status, b"".join(parts), keep
    if length is not None:
        return status, await reader.readexactly(length), keep
    if status in (204, 304):
        return status, b"", keep
    return status, await reader.read(), False  # the body ends with the connection


class UpdatesRequest(TelegramRequest):
    """The lean client for getUpdates."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        return trim_updates(BaseRequest.parse_json_payload(payload))
