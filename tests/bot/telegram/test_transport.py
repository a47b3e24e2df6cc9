"""bot.telegram.wire.lean: the opt-in lean HTTP/1.1 client for the Bot API.

The bot's tests against the fake Bot API run through it (keep-alive, 429s,
timeouts and dropped connections included); these pin down the wire details
with small hand-written servers.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from telegram import Bot, Update
from telegram.error import NetworkError, RetryAfter, TimedOut
from telegram.request import HTTPXRequest, RequestData
from telegram.request._requestparameter import RequestParameter

from bot.telegram.wire.clients import make_request
from bot.telegram.wire.lean import TelegramRequest
from bot.telegram.wire.transport import BoundedRequest
from bot.telegram.wire.updates import chat_of, tapped_message

Answer = Callable[[bytes, dict[str, str], bytes], Awaitable[bytes | None]]


class Server:
    """A tiny HTTP server: `answer(request line, headers, body)` gives the raw reply
    (None: hang up). It hangs up after a reply that says `Connection: close`, an
    HTTP/1.0 one, or any reply when `hang_up` is set."""

    def __init__(self, answer: Answer, hang_up: bool = False) -> None:
        self.answer = answer
        self.hang_up = hang_up
        self.connections = 0
        self.requests: list[tuple[bytes, dict[str, str], bytes]] = []
        self.port = 0
        self.handlers: set[asyncio.Task[Any]] = set()
        self.writers: set[asyncio.StreamWriter] = set()
        self.stopped = asyncio.Event()  # an answer that never comes waits for this

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        task = asyncio.current_task()
        assert task is not None
        self.handlers.add(task)
        self.writers.add(writer)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head[:-4].split(b"\r\n")
                headers = {}
                for line in lines[1:]:
                    name, _, value = line.decode().partition(":")
                    headers[name.strip().lower()] = value.strip()
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                self.requests.append((lines[0], headers, body))
                reply = await self.answer(lines[0], headers, body)
                if reply is None:
                    break
                writer.write(reply)
                await writer.drain()
                if self.hang_up or b"Connection: close" in reply or reply.startswith(b"HTTP/1.0"):
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()
            self.handlers.discard(task)
            self.writers.discard(writer)

    @asynccontextmanager
    async def running(self, tls: ssl.SSLContext | None = None) -> AsyncIterator[Server]:
        server = await asyncio.start_server(self.handle, "127.0.0.1", 0, ssl=tls)
        self.port = server.sockets[0].getsockname()[1]
        try:
            yield self
        finally:
            server.close()
            self.stopped.set()
            for writer in list(self.writers):
                writer.close()  # a handler waiting for the next request sees the end
            await asyncio.gather(*self.handlers, return_exceptions=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/botTOKEN/sendMessage"


def ok(payload: Any = True, *extra: bytes) -> bytes:
    body = json.dumps({"ok": True, "result": payload}).encode()
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n" + b"".join(extra)
    return head + b"Content-Length: %d\r\n\r\n" % len(body) + body


def data(**parameters: Any) -> RequestData:
    return RequestData([RequestParameter.from_input(k, v) for k, v in parameters.items()])


async def test_keep_alive_and_the_request_on_the_wire() -> None:
    async def answer(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        return ok({"n": len(body)})

    request = TelegramRequest()
    async with Server(answer).running() as server:
        await request.initialize()
        for n in range(5):
            status, payload = await request.do_request(
                server.url, "POST", data(chat_id=1, text=f"hi & <b>{n}</b> é")
            )
            assert status == 200
            assert json.loads(payload)["ok"] is True
        await request.shutdown()
    assert server.connections == 1, "one keep-alive connection for requests in a row"
    line, headers, body = server.requests[-1]
    assert line == b"POST /botTOKEN/sendMessage HTTP/1.1"
    assert headers["host"] == f"127.0.0.1:{server.port}"
    assert headers["content-type"] == "application/json"
    assert json.loads(body.decode()) == {"chat_id": 1, "text": "hi & <b>4</b> é"}


async def test_nested_parameters_travel_as_json_objects() -> None:
    async def answer(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        return ok()

    request = TelegramRequest()
    markup = {"inline_keyboard": [[{"text": "A♠", "callback_data": "s:1:2:3"}]]}
    async with Server(answer).running() as server:
        await request.do_request(server.url, "POST", data(chat_id=5, reply_markup=markup))
        await request.shutdown()
    fields = json.loads(server.requests[0][2].decode())
    assert fields == {"chat_id": 5, "reply_markup": markup}


@pytest.mark.parametrize("style", ["chunked", "close", "eof", "http10"])
async def test_answers_of_every_shape(style: str) -> None:
    body = json.dumps({"ok": True, "result": {"x": "y" * 3000}}).encode()

    async def answer(line: bytes, headers: dict[str, str], _: bytes) -> bytes:
        if style == "chunked":
            chunks = [body[i : i + 1000] for i in range(0, len(body), 1000)]
            encoded = b"".join(b"%x;ext=1\r\n%s\r\n" % (len(c), c) for c in chunks)
            return (
                b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + encoded
                + b"0\r\nX-Trailer: 1\r\n\r\n"
            )
        if style == "close":
            return ok({"x": "y" * 3000}, b"Connection: close\r\n")
        if style == "eof":
            return b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + body
        return b"HTTP/1.0 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body

    request = TelegramRequest()
    server = Server(answer)
    async with server.running():
        for _ in range(3):
            status, payload = await request.do_request(server.url, "POST", data(a=1))
            assert status == 200
            assert json.loads(payload)["result"]["x"] == "y" * 3000
        await request.shutdown()
    assert server.connections == (1 if style == "chunked" else 3)


async def test_an_idle_connection_the_server_closed_is_not_used() -> None:
    async def answer(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        return ok()

    request = TelegramRequest()
    server = Server(answer, hang_up=True)  # like a server whose keep-alive ran out
    async with server.running():
        await request.do_request(server.url, "POST", data(a=1))
        idle = [c for connections in request._idle.values() for c in connections]
        for _ in range(200):  # until the hang-up has reached this side
            if all(c.reader.at_eof() for c in idle):
                break
            await asyncio.sleep(0.01)
        status, _ = await request.do_request(server.url, "POST", data(a=2))
        await request.shutdown()
    assert status == 200
    assert server.connections == 2


async def test_errors_are_ptbs() -> None:
    async def silent(line: bytes, headers: dict[str, str], body: bytes) -> None:
        await server.stopped.wait()
        return None

    async def hang_up(line: bytes, headers: dict[str, str], body: bytes) -> None:
        return None

    async def garbage(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        return b"SPDY/9 what\r\n\r\n"

    request = TelegramRequest(read_timeout=0.2)
    server = Server(silent)
    async with server.running():
        with pytest.raises(TimedOut):
            await request.do_request(server.url, "POST", data(a=1))
    async with Server(hang_up).running() as server:
        with pytest.raises(NetworkError):
            await request.do_request(server.url, "POST", data(a=1))
    async with Server(garbage).running() as server:
        with pytest.raises(NetworkError, match="bad answer"):
            await request.do_request(server.url, "POST", data(a=1))
    with pytest.raises(NetworkError):  # nobody listens there any more
        await request.do_request(server.url, "POST", data(a=1))
    await request.shutdown()


async def test_requests_beyond_the_connections_wait_then_time_out_like_ptbs_pool() -> None:
    arrived = asyncio.Event()
    release = asyncio.Event()

    async def slow(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        arrived.set()
        await release.wait()
        return ok()

    request = TelegramRequest(connections=1, pool_timeout=0.1)
    async with Server(slow).running() as server:
        first = asyncio.ensure_future(request.do_request(server.url, "POST", data(a=1)))
        # The server has the first request: it holds the only connection until answered.
        await asyncio.wait_for(arrived.wait(), timeout=5)
        with pytest.raises(TimedOut, match="Pool timeout"):
            await request.do_request(server.url, "POST", data(a=2))
        release.set()
        assert (await first)[0] == 200
        await request.shutdown()


@pytest.mark.parametrize("client", ["lean", "httpx"])
async def test_an_answer_to_a_tap_does_not_wait_behind_slow_sends(client: str) -> None:
    """Every connection is taken by a send Telegram is slow to take: the
    answer to a tap goes out on one kept for answers (issue 57)."""
    arrived = asyncio.Event()
    release = asyncio.Event()

    async def slow_sends(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        if b"/sendMessage" in line:
            arrived.set()
            await release.wait()
        return ok()

    request = (
        TelegramRequest(connections=1, pool_timeout=0.1)
        if client == "lean"
        else BoundedRequest(1, pool_timeout=0.1)
    )
    await request.initialize()
    async with Server(slow_sends).running() as server:
        send = asyncio.ensure_future(request.do_request(server.url, "POST", data(a=1)))
        try:
            await asyncio.wait_for(arrived.wait(), timeout=5)
            answer_url = server.url.replace("/sendMessage", "/answerCallbackQuery")
            answered = await asyncio.wait_for(
                request.do_request(answer_url, "POST", data(callback_query_id="1")), timeout=5
            )
            assert answered[0] == 200
            assert not send.done()
        finally:
            release.set()
        assert (await send)[0] == 200
        await request.shutdown()


async def test_http_errors_reach_ptb_as_telegram_errors() -> None:
    async def flood(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        if b"/getMe " in line:
            return ok({"id": 123, "is_bot": True, "first_name": "B", "username": "b_bot"})
        payload = json.dumps(
            {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 3",
                "parameters": {"retry_after": 3},
            }
        ).encode()
        return b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: %d\r\n\r\n%s" % (
            len(payload),
            payload,
        )

    async with Server(flood).running() as server:
        bot = Bot(
            "123:ABCDEFGHIJ",
            base_url=f"http://127.0.0.1:{server.port}/bot",
            request=TelegramRequest(),
            get_updates_request=TelegramRequest(1),
        )
        async with bot:
            with pytest.raises(RetryAfter):
                await bot.send_message(1, "hi")


def test_httpx_is_the_default_and_a_proxy_leaves_everything_to_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("ALL_PROXY", raising=False)
    assert isinstance(make_request(), HTTPXRequest)
    assert isinstance(make_request(updates=True), HTTPXRequest)
    assert isinstance(make_request(lean=True), TelegramRequest)
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.example:3128")
    assert isinstance(make_request(lean=True), BoundedRequest)


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl command")
async def test_tls_verifies_the_certificate_and_keeps_the_connection(tmp_path: Path) -> None:
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost"),
            *("-addext", "subjectAltName=DNS:localhost"),
        ],
        check=True,
        capture_output=True,
    )
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert, key)

    async def answer(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        return ok()

    server = Server(answer)
    async with server.running(tls=server_tls):
        url = f"https://localhost:{server.port}/botTOKEN/getMe"
        request = TelegramRequest()
        with pytest.raises(NetworkError, match="CERTIFICATE_VERIFY_FAILED"):
            await request.do_request(url, "POST", data())
        request._tls = ssl.create_default_context(cafile=str(cert))  # trust this one
        for _ in range(3):
            assert (await request.do_request(url, "POST", data()))[0] == 200
        await request.shutdown()
    assert server.connections == 1  # one kept connection (the refused one never got through)


async def test_a_tapped_message_arrives_as_its_chat_and_id() -> None:
    """The polling client drops what PTB would parse for nothing: the message
    under a tapped button becomes a reference to its chat and id; the rest stays."""
    tapped = {
        "message_id": 7,
        "date": 1,
        "chat": {"id": 5, "type": "private", "first_name": "P"},
        "text": "hand",
        "entities": [{"type": "bold", "offset": 0, "length": 4}],
        "reply_markup": {"inline_keyboard": [[{"text": "A♠", "callback_data": "s:1"}]]},
    }
    updates = [
        {
            "update_id": 1,
            "callback_query": {
                "id": "q",
                "chat_instance": "c",
                "data": "s:1",
                "from": {"id": 5, "is_bot": False, "first_name": "P"},
                "message": tapped,
            },
        },
        {
            "update_id": 2,
            "message": dict(tapped, message_id=8),
        },
    ]

    async def answer(line: bytes, headers: dict[str, str], body: bytes) -> bytes:
        return ok(updates)

    polling = make_request(1, lean=True, updates=True)
    sending = make_request(1, lean=True)
    async with Server(answer).running() as server:
        for request in (polling, sending):
            await request.initialize()
        got = await polling.post(server.url, data(offset=1))
        sent = await sending.post(server.url, data(offset=1))
        for request in (polling, sending):
            await request.shutdown()
    assert isinstance(got, list) and isinstance(sent, list)
    assert "message" not in got[0]["callback_query"]
    assert got[0]["callback_query"]["message_ref"] == [5, 7]
    assert got[0]["callback_query"]["data"] == "s:1"
    update = Update.de_json(got[0], None)
    assert update.callback_query is not None and update.callback_query.message is None
    assert tapped_message(update.callback_query) == (5, 7)
    assert chat_of(update) == 5, "taps of one chat still run in order"
    whole = Update.de_json(sent[0], None)  # as a webhook delivers it
    assert whole.callback_query is not None
    assert tapped_message(whole.callback_query) == (5, 7)
    assert got[1]["message"]["entities"] == tapped["entities"], "other messages keep theirs"
    assert sent[0]["callback_query"]["message"]["reply_markup"] == tapped["reply_markup"]


def test_a_reference_that_is_not_two_ids_is_no_message() -> None:
    def query(**extra: Any) -> Any:
        data = {
            "id": "q",
            "chat_instance": "c",
            "data": "s:1",
            "from": {"id": 5, "is_bot": False, "first_name": "P"},
            **extra,
        }
        return Update.de_json({"update_id": 1, "callback_query": data}, None).callback_query

    assert tapped_message(query()) is None, "a button under an inline message"
    assert tapped_message(query(message_ref=["5", 7])) is None
    assert tapped_message(query(message_ref=[5])) is None
    assert tapped_message(query(message_ref=[5, True])) is None
    assert tapped_message(query(message_ref=[-100, 3])) == (-100, 3)
