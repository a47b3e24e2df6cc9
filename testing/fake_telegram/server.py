"""``FakeTelegram``: an offline Telegram Bot API server for tests.

The server is an ``aiohttp.web`` application bound to 127.0.0.1 on a random free port. It
runs in the test's own event loop and speaks real HTTP, so the bot under test uses PTB's
real HTTPX client unchanged::

    async with FakeTelegram() as fake:
        app = ApplicationBuilder().token(fake.token).base_url(fake.base_url).build()
        alice = fake.user(1001, "Alice")
        await alice.send_private("/start")
        ...
        await fake.wait_idle()
        assert fake.last_message(alice).text == "..."

Everything the fake does is driven by HTTP requests and test-side calls in the same event
loop, so no locks are needed; waiting is done with asyncio events, never by polling with
sleeps. The only timed wait is the quiet period of :meth:`FakeTelegram.wait_idle`.

The class is put together from one mixin per concern, all sharing
:class:`~testing.fake_telegram.state.FakeState`: this module is the HTTP server (lifecycle,
routing of ``/bot<token>/<method>``, responses, fault injection) and the table of Bot API
methods; ``updates`` delivers updates and answers callback queries, ``messages`` sends,
edits and deletes messages, ``chats`` handles chat members and admins, ``topics`` forums
and their topics, ``bot_profile`` the bot's commands and descriptions, and ``control`` is
the test-side API.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import traceback
from types import TracebackType
from typing import TYPE_CHECKING, Any

from aiohttp import web
from telegram import Bot
from telegram.ext import ApplicationBuilder

from .bot_profile import BotProfileMixin
from .chats import ChatsMixin
from .control import ControlMixin
from .faults import FaultRule
from .limits import is_counted
from .messages import MessagesMixin
from .models import FakeHub, JSONDict
from .protocol import ApiError, Handler, Params
from .records import ErrorRecord, RequestRecord
from .state import Signal
from .topics import TopicsMixin
from .updates import UpdatesMixin

if TYPE_CHECKING:
    from telegram.ext._applicationbuilder import InitApplicationBuilder

# Parameters that PTB sends as JSON-encoded strings inside form data.
JSON_PARAMS = frozenset(
    {
        "reply_markup",
        "commands",
        "scope",
        "allowed_updates",
        "entities",
        "caption_entities",
        "link_preview_options",
        "reply_parameters",
        "media",
        "results",
    }
)


class FakeTelegram(
    ControlMixin, MessagesMixin, UpdatesMixin, TopicsMixin, ChatsMixin, BotProfileMixin
):
    """A fake Telegram Bot API server plus the people and chats that use it.

    Construct, then ``await start()`` (or ``async with``) inside the running event loop;
    point PTB at :attr:`base_url` / :attr:`base_file_url`.
    """

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeTelegram:
        """Start listening on 127.0.0.1 (random free port) in the running event loop."""
        if self._runner is not None:
            return self
        self._signal = Signal()
        self._closing = False
        self._last_activity = asyncio.get_running_loop().time()
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        runner = web.AppRunner(
            app,
            handle_signals=False,
            access_log=None,
            handler_cancellation=True,
            shutdown_timeout=1.0,
        )
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        site = web.SockSite(runner, sock)
        await site.start()
        self._port = int(sock.getsockname()[1])
        self._runner = runner
        return self

    async def stop(self) -> None:
        """Release held long polls and timeout faults, then close the server."""
        if self._runner is None:
            return
        self._closing = True
        self._notify()
        runner, self._runner = self._runner, None
        await runner.cleanup()

    async def __aenter__(self) -> FakeTelegram:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeTelegram is not started")
        return self._port

    @property
    def base_url(self) -> str:
        """Pass to ``ApplicationBuilder().base_url(...)`` / ``Bot(base_url=...)``."""
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    def make_bot(self, **kwargs: Any) -> Bot:
        """A ``telegram.Bot`` wired to this fake (use it with ``async with``)."""
        return Bot(self.token, base_url=self.base_url, base_file_url=self.base_file_url, **kwargs)

    def application_builder(self) -> InitApplicationBuilder:
        """``ApplicationBuilder`` with token, base_url and base_file_url set for this fake."""
        return (
            ApplicationBuilder()
            .token(self.token)
            .base_url(self.base_url)
            .base_file_url(self.base_file_url)
        )

    # ------------------------------------------------------------------ HTTP layer

    async def _read_params(self, request: web.Request) -> tuple[JSONDict, dict[str, bytes]]:
        """The request's parameters, and its uploaded files by field name (a
        file's parameter reads ``<file name>``)."""
        params: JSONDict = dict(request.query)
        files: dict[str, bytes] = {}
        if request.can_read_body:
            ctype = request.content_type
            if ctype == "application/json":
                body = await request.json()
                if isinstance(body, dict):
                    params.update(body)
            else:
                form = await request.post()
                for key, value in form.items():
                    if isinstance(value, web.FileField):
                        params[key] = f"<file {value.filename}>"
                        files[key] = value.file.read()
                    else:
                        params[key] = value
        for name in JSON_PARAMS:
            encoded = params.get(name)
            if isinstance(encoded, str):
                with contextlib.suppress(ValueError):
                    params[name] = json.loads(encoded)
        return params, files

    def _respond(
        self,
        record: RequestRecord,
        request: web.Request,
        status: int,
        body: JSONDict,
        *,
        injected: bool = False,
    ) -> web.Response:
        record.status = status
        if body.get("ok"):
            record.outcome = "ok"
            record.result = body.get("result")
        else:
            record.outcome = str(body.get("description"))
            transport = request.transport
            if transport is not None and not transport.is_closing():
                self.errors_returned.append(
                    ErrorRecord(
                        method=record.method,
                        params=record.params,
                        error_code=int(body.get("error_code", status)),
                        description=str(body.get("description")),
                        parameters=body.get("parameters"),
                        injected=injected,
                    )
                )
        return web.json_response(body, status=status, dumps=_compact_json)

    def _error_body(self, error: ApiError) -> JSONDict:
        body: JSONDict = {"ok": False, "error_code": error.code, "description": error.description}
        if error.parameters:
            body["parameters"] = error.parameters
        return body

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        loop = asyncio.get_running_loop()
        match = re.fullmatch(r"/bot([^/]*)/([^/]+)", request.path)
        raw_method = match.group(2) if match else request.path
        entry = self._methods.get(raw_method.lower()) if match else None
        method = entry[0] if entry else raw_method
        files: dict[str, bytes] = {}
        try:
            params, files = await self._read_params(request)
        except Exception:  # malformed body: answer like Telegram, keep going
            params = {}
        record = RequestRecord(method=method, params=params, received_at=loop.time(), files=files)
        if self.keep_history:
            self.requests.append(record)
        counted = method != "getUpdates"
        if counted:
            self._in_flight += 1
            self._touch()
        self._notify()
        try:
            if match is None:
                return self._respond(
                    record,
                    request,
                    404,
                    {"ok": False, "error_code": 404, "description": "Not Found"},
                )
            if match.group(1) != self.token:
                return self._respond(
                    record,
                    request,
                    401,
                    {"ok": False, "error_code": 401, "description": "Unauthorized"},
                )
            rule = next((r for r in self.faults if r.fire(method)), None)
            if rule is not None:
                return await self._apply_fault(rule, entry, params, record, request)
            if entry is None:
                self.unknown_methods.append(raw_method)
                return self._respond(
                    record,
                    request,
                    404,
                    {"ok": False, "error_code": 404, "description": "Not Found"},
                )
            pause = self.latency(method, params) if self.latency is not None else 0.0
            if pause > 0:
                await asyncio.sleep(pause)
            if is_counted(method):
                refusal = self._over_limit(method, params)
                if refusal is not None:
                    return self._respond(record, request, 429, self._error_body(refusal))
            try:
                result = await entry[1](Params(params), record, request)
            except ApiError as error:
                return self._respond(record, request, error.code, self._error_body(error))
            return self._respond(record, request, 200, {"ok": True, "result": result})
        except asyncio.CancelledError:
            if record.outcome == "pending":
                record.outcome = "cancelled: client went away"
            raise
        except Exception:
            self.internal_errors.append(traceback.format_exc())
            return self._respond(
                record,
                request,
                500,
                {"ok": False, "error_code": 500, "description": "Internal Server Error (fake bug)"},
            )
        finally:
            if counted:
                self._in_flight -= 1
                self._touch()
            self._notify()

    def _over_limit(self, method: str, params: JSONDict) -> ApiError | None:
        """The 429 for a counted request over Telegram's flood limits, if enforced."""
        self.limit_stats.counted[method] += 1
        if self.flood is None:
            return None
        chat_id: int | None = None
        kind: str | None = None
        raw = params.get("chat_id")
        if isinstance(raw, int | str):
            with contextlib.suppress(ValueError):
                chat_id = int(raw)
        if chat_id is not None:
            chat = self._chats.get(chat_id)
            if chat is not None:
                kind = chat.type
            elif chat_id in self._users:
                kind = "private"
        return self.flood.admit(chat_id, kind, self.limit_stats)

    async def _apply_fault(
        self,
        rule: FaultRule,
        entry: tuple[str, Handler] | None,
        params: JSONDict,
        record: RequestRecord,
        request: web.Request,
    ) -> web.StreamResponse:
        record.injected = rule.error
        if rule.apply_effect and entry is not None:
            with contextlib.suppress(ApiError):
                await entry[1](Params(params), record, request)
        if rule.error == "429":
            error = ApiError(
                429,
                f"Too Many Requests: retry after {rule.retry_after}",
                {"retry_after": rule.retry_after},
            )
            return self._respond(record, request, 429, self._error_body(error), injected=True)
        if rule.error in ("500", "502"):
            code = int(rule.error)
            text = "Internal Server Error" if code == 500 else "Bad Gateway"
            body: JSONDict = {"ok": False, "error_code": code, "description": text}
            return self._respond(record, request, code, body, injected=True)
        if rule.error == "network":
            record.outcome = "fault:network"
            transport = request.transport
            if transport is not None:
                transport.abort()
            raise asyncio.CancelledError
        # "timeout": hold the request; the client is expected to give up first.
        record.outcome = "fault:timeout"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + rule.delay
        signal = self._require_signal()
        while not self._closing and loop.time() < deadline:
            await Signal.wait(signal.current, deadline - loop.time())
        body = {"ok": False, "error_code": 504, "description": "Gateway Timeout"}
        return self._respond(record, request, 504, body, injected=True)

    # ------------------------------------------------------------------ routing table

    def _register_methods(self) -> None:
        """The Bot API methods the fake knows (names are matched case-insensitively)."""
        handlers: dict[str, Handler] = {
            "getMe": self._get_me,
            "logOut": self._true,
            "close": self._true,
            "deleteWebhook": self._delete_webhook,
            "setWebhook": self._set_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "getUpdates": self._get_updates,
            "setMyCommands": self._set_my_commands,
            "getMyCommands": self._get_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "setMyDescription": self._set_my_description,
            "getMyDescription": self._get_my_description,
            "setMyShortDescription": self._set_my_short_description,
            "getMyShortDescription": self._get_my_short_description,
            "setMyName": self._set_my_name,
            "getMyName": self._get_my_name,
            "getChat": self._get_chat,
            "getChatMember": self._get_chat_member,
            "getChatAdministrators": self._get_chat_administrators,
            "getChatMemberCount": self._get_chat_member_count,
            "sendChatAction": self._send_chat_action,
            "leaveChat": self._leave_chat,
            "sendMessage": self._send_message,
            "sendPhoto": self._send_photo,
            "editMessageText": self._edit_message_text,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "answerCallbackQuery": self._answer_callback_query,
            "createForumTopic": self._create_forum_topic,
        }
        self._methods = {name.lower(): (name, fn) for name, fn in handlers.items()}


if TYPE_CHECKING:
    # The people, chats and callbacks hold the fake as a FakeHub (FakeState casts itself to
    # one): this assignment makes mypy check that the whole fake is one.
    _FAKE_IS_A_HUB: type[FakeHub] = FakeTelegram


def _compact_json(data: Any) -> str:
    """Serialise like Telegram: compact, non-ASCII kept as UTF-8."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
