"""The bot's own profile: getMe, logOut/close, its commands, descriptions and names."""

from __future__ import annotations

import json
import re

from aiohttp import web

from .models import JSONDict, copy_json
from .protocol import Params, bad_request
from .records import RequestRecord
from .state import FakeState

_BOT_COMMAND_NAME_RE = re.compile(r"[a-z0-9_]{1,32}")


class BotProfileMixin(FakeState):
    """The bot's identity and the profile it sets (setMyCommands, setMyDescription, ...)."""

    # ------------------------------------------------------------------ test side

    def commands(
        self, scope: str | JSONDict = "default", language_code: str = ""
    ) -> list[JSONDict]:
        """Commands registered with setMyCommands for this scope and language ("" = none)."""
        scope_obj = {"type": scope} if isinstance(scope, str) else scope
        return copy_json(self.bot_commands.get((_scope_key(scope_obj), language_code), []))

    # ------------------------------------------------------------------ Bot API methods

    async def _true(self, p: Params, record: RequestRecord, request: web.Request) -> bool:
        return True

    async def _get_me(self, p: Params, record: RequestRecord, request: web.Request) -> JSONDict:
        return {
            **self.bot_user_json(),
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    async def _set_my_commands(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> bool:
        commands = p.get_json("commands")
        if not isinstance(commands, list):
            raise bad_request('field "commands" must be an Array')
        if len(commands) > 100:
            raise bad_request("too many commands specified")
        stored: list[JSONDict] = []
        for command in commands:
            if not isinstance(command, dict):
                raise bad_request("can't parse BotCommand: BotCommand should be an Object")
            name = command.get("command")
            description = command.get("description")
            if not isinstance(name, str) or not _BOT_COMMAND_NAME_RE.fullmatch(name):
                raise bad_request("BOT_COMMAND_INVALID")
            if not isinstance(description, str) or not 1 <= len(description.strip()) <= 256:
                raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
            stored.append({"command": name, "description": description})
        self.bot_commands[self._commands_key(p)] = stored
        return True

    async def _get_my_commands(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> list[JSONDict]:
        return copy_json(self.bot_commands.get(self._commands_key(p), []))

    async def _delete_my_commands(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> bool:
        self.bot_commands.pop(self._commands_key(p), None)
        return True

    def _commands_key(self, p: Params) -> tuple[str, str]:
        scope = p.get_json("scope") or {"type": "default"}
        if not isinstance(scope, dict) or not isinstance(scope.get("type"), str):
            raise bad_request("can't parse BotCommandScope JSON object")
        return _scope_key(scope), self._language_code(p)

    def _language_code(self, p: Params) -> str:
        lang = p.get_str("language_code") or ""
        if lang and not (len(lang) == 2 and lang.isalpha() and lang.isascii()):
            raise bad_request("invalid language code specified")
        return lang

    async def _set_my_description(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> bool:
        return self._set_text(self.descriptions, p, "description", 512)

    async def _get_my_description(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        return {"description": self.descriptions.get(self._language_code(p), "")}

    async def _set_my_short_description(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> bool:
        return self._set_text(self.short_descriptions, p, "short_description", 120)

    async def _get_my_short_description(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        return {"short_description": self.short_descriptions.get(self._language_code(p), "")}

    async def _set_my_name(self, p: Params, record: RequestRecord, request: web.Request) -> bool:
        return self._set_text(self.names, p, "name", 64)

    async def _get_my_name(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        return {"name": self.names.get(self._language_code(p), self.bot_first_name)}

    def _set_text(self, store: dict[str, str], p: Params, field: str, limit: int) -> bool:
        lang = self._language_code(p)
        value = p.get_str(field) or ""
        if len(value) > limit:
            raise bad_request(f"{field} is too long")
        if value:
            store[lang] = value
        else:
            store.pop(lang, None)
        return True


def _scope_key(scope: JSONDict) -> str:
    return json.dumps(scope, sort_keys=True, separators=(",", ":"))
