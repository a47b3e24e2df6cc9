"""Messages: sendMessage, sendPhoto, editMessageText, editMessageReplyMarkup and deleteMessage.

Text is checked and parsed as Telegram does (HTML parse mode, length limits, empty text),
inline keyboards are validated button by button, an edit that changes nothing fails with
"message is not modified", and every edit keeps the former version (unless
``keep_history`` is off).
"""

from __future__ import annotations

import re
from typing import Any

from aiohttp import web

from .html_parser import Entity, HtmlParseError, parse_html, strip_text, utf16_len
from .models import FakeChat, JSONDict, MessageVersion, StoredMessage, copy_json
from .protocol import Params, bad_request
from .records import RequestRecord
from .state import FakeState
from .topics import landing_thread, requested_thread

MAX_TEXT_LENGTH = 4096
MAX_CAPTION_LENGTH = 1024
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_CALLBACK_DATA_BYTES = 64
MAX_INLINE_BUTTONS = 100

NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)

# Fields of InlineKeyboardButton of which exactly one must be used.
BUTTON_ACTIONS = (
    "callback_data",
    "url",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)


class MessagesMixin(FakeState):
    """The Bot API methods that send, edit and delete messages."""

    def _parse_text(
        self,
        p: Params,
        *,
        too_long: str = "message is too long",
        field: str = "text",
        limit: int = MAX_TEXT_LENGTH,
    ) -> tuple[str, tuple[Entity, ...], str, str | None]:
        raw = p.get_str(field)
        if raw is None or raw == "":
            raise bad_request("message text is empty")
        parse_mode = p.get_str("parse_mode") or None
        entities: list[Entity]
        if parse_mode is not None:
            mode = parse_mode.lower()
            if mode == "html":
                try:
                    plain, entities = parse_html(raw, strict_ampersand=self.strict_ampersand)
                except HtmlParseError as error:
                    raise bad_request(f"can't parse entities: {error}") from None
            elif mode in ("markdown", "markdownv2"):
                # Not modelled: the text is kept as sent, without entities.
                plain, entities = raw, []
            else:
                raise bad_request("unsupported parse_mode")
        else:
            plain = raw
            raw_entities = p.get_json("entities" if field == "text" else f"{field}_entities") or []
            if not isinstance(raw_entities, list):
                raise bad_request("can't parse entities JSON object")
            entities = [Entity.from_json(e) for e in raw_entities if isinstance(e, dict)]
        plain, entities = strip_text(plain, entities)
        if not plain:
            raise bad_request("message text is empty")
        if utf16_len(plain) > limit:
            raise bad_request(too_long)
        return plain, tuple(entities), raw, parse_mode

    def _parse_markup(self, p: Params, *, inline_only: bool = False) -> JSONDict | None:
        markup = p.get_json("reply_markup")
        if markup is None or markup == "":
            return None
        if not isinstance(markup, dict):
            raise bad_request("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" not in markup:
            if inline_only:
                raise bad_request("inline keyboard expected")
            if any(k in markup for k in ("keyboard", "remove_keyboard", "force_reply")):
                return copy_json(markup)
            raise bad_request("can't parse reply keyboard markup JSON object")
        rows = markup["inline_keyboard"]
        array_error = (
            'field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays'
        )
        if not isinstance(rows, list):
            raise bad_request(array_error)
        count = 0
        for row in rows:
            if not isinstance(row, list):
                raise bad_request(array_error)
            for button in row:
                count += 1
                _check_button(button)
        if count > MAX_INLINE_BUTTONS:
            raise bad_request("reply markup is too long")
        return copy_json(markup)

    def _reply_target(self, p: Params, chat: FakeChat) -> int | None:
        reply = p.get_json("reply_parameters")
        reply_id: int | None = None
        allow_missing = p.get_bool("allow_sending_without_reply")
        if isinstance(reply, dict) and reply.get("message_id") is not None:
            reply_id = int(reply["message_id"])
            allow_missing = allow_missing or bool(reply.get("allow_sending_without_reply"))
        elif p.has("reply_to_message_id"):
            reply_id = p.get_int("reply_to_message_id")
        if reply_id is None:
            return None
        target = self.find_message(chat.id, reply_id)
        if target is None or target.deleted:
            if allow_missing:
                return None
            raise bad_request("message to be replied not found")
        return reply_id

    def _reply_and_thread(self, p: Params, chat: FakeChat) -> tuple[int | None, int | None]:
        """The message a new one replies to and the forum topic it lands in, checked in
        the Bot API server's order: the named topic, the reply, then (on sending) whether
        the topic is closed; see :mod:`~testing.fake_telegram.topics`."""
        requested = requested_thread(chat, p.get_int("message_thread_id"))
        reply_id = self._reply_target(p, chat)
        replied = self.find_message(chat.id, reply_id) if reply_id is not None else None
        return reply_id, landing_thread(chat, requested, replied)

    async def _send_message(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        chat = self._resolve_chat(p)
        text, entities, html, parse_mode = self._parse_text(p)
        markup = self._parse_markup(p)
        reply_id, thread = self._reply_and_thread(p, chat)
        msg = self._new_message(
            chat,
            None,
            text=text,
            html=html,
            parse_mode=parse_mode,
            entities=entities,
            reply_markup=markup,
            reply_to_message_id=reply_id,
            thread_id=thread,
        )
        return msg.to_json(self)

    async def _send_photo(self, p: Params, record: RequestRecord, request: web.Request) -> JSONDict:
        """A photo uploaded as a file (PNG; its size read from the header) or
        sent again by the file_id of one sent before; an optional caption of
        at most 1024 characters, parsed like a message's text."""
        chat = self._resolve_chat(p)
        photo = record.files.get("photo")
        if photo is None:
            file_id = p.get_str("photo")
            if not file_id:
                raise bad_request("there is no photo in the request")
            known = next(
                (
                    m
                    for messages in self._messages.values()
                    for m in messages.values()
                    if m.photo is not None and m.photo_file_id == file_id
                ),
                None,
            )
            if known is None or known.photo is None:
                raise bad_request("wrong file identifier/HTTP URL specified")
            photo = known.photo
        if not photo.startswith(PNG_SIGNATURE) or len(photo) < 24:
            raise bad_request("IMAGE_PROCESS_FAILED")
        size = (int.from_bytes(photo[16:20], "big"), int.from_bytes(photo[20:24], "big"))
        text: str = ""
        entities: tuple[Entity, ...] = ()
        html: str | None = None
        parse_mode: str | None = None
        if p.has("caption"):
            text, entities, html, parse_mode = self._parse_text(
                p, field="caption", limit=MAX_CAPTION_LENGTH, too_long="message caption is too long"
            )
        markup = self._parse_markup(p)
        reply_id, thread = self._reply_and_thread(p, chat)
        msg = self._new_message(
            chat,
            None,
            text=text,
            html=html,
            parse_mode=parse_mode,
            entities=entities,
            reply_markup=markup,
            reply_to_message_id=reply_id,
            thread_id=thread,
        )
        msg.photo, msg.photo_size = photo, size
        return msg.to_json(self)

    def _message_to_edit(self, p: Params) -> StoredMessage:
        if p.has("inline_message_id"):
            raise bad_request("message to edit not found")
        chat = self._resolve_chat(p)
        message_id = p.get_int("message_id", error="message to edit not found")
        if message_id is None:
            raise bad_request("message identifier is not specified")
        msg = self.find_message(chat.id, message_id)
        if msg is None or msg.deleted:
            raise bad_request("message to edit not found")
        if not msg.from_bot:
            raise bad_request("message can't be edited")
        return msg

    def _apply_edit(
        self,
        msg: StoredMessage,
        *,
        text: str,
        entities: tuple[Entity, ...],
        html: str | None,
        parse_mode: str | None,
        markup: JSONDict | None,
    ) -> JSONDict:
        same_text = msg.text == text and tuple(msg.entities) == tuple(entities)
        if same_text and _normal_markup(msg.reply_markup) == _normal_markup(markup):
            raise bad_request(NOT_MODIFIED)
        now = self.clock()
        if self.keep_history:
            msg.history.append(
                MessageVersion(msg.text, msg.html, tuple(msg.entities), msg.reply_markup, now)
            )
        msg.text, msg.entities, msg.html, msg.parse_mode = text, entities, html, parse_mode
        msg.reply_markup = markup
        msg.edit_date = int(now)
        return msg.to_json(self)

    async def _edit_message_text(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        msg = self._message_to_edit(p)
        if msg.photo is not None:
            raise bad_request("there is no text in the message to edit")
        text, entities, html, parse_mode = self._parse_text(p, too_long="MESSAGE_TOO_LONG")
        # Without reply_markup Telegram removes the inline keyboard.
        markup = self._parse_markup(p, inline_only=True)
        return self._apply_edit(
            msg, text=text, entities=entities, html=html, parse_mode=parse_mode, markup=markup
        )

    async def _edit_message_reply_markup(
        self, p: Params, record: RequestRecord, request: web.Request
    ) -> JSONDict:
        msg = self._message_to_edit(p)
        markup = self._parse_markup(p, inline_only=True)
        return self._apply_edit(
            msg,
            text=msg.text,
            entities=msg.entities,
            html=msg.html,
            parse_mode=msg.parse_mode,
            markup=markup,
        )

    async def _delete_message(self, p: Params, record: RequestRecord, request: web.Request) -> bool:
        chat = self._resolve_chat(p)
        message_id = p.get_int("message_id", error="message to delete not found")
        if message_id is None:
            raise bad_request("message identifier is not specified")
        msg = self.find_message(chat.id, message_id)
        if msg is None or msg.deleted or msg.service:
            raise bad_request("message to delete not found")
        if not msg.from_bot and not chat.is_private and chat.bot_status != "administrator":
            raise bad_request("message can't be deleted")
        msg.deleted = True
        msg.deleted_at = self.clock()
        return True


def _normal_markup(markup: JSONDict | None) -> JSONDict | None:
    if not markup or markup.get("inline_keyboard") == []:
        return None
    return markup


def _check_button(button: Any) -> None:
    prefix = "can't parse inline keyboard button: "
    if not isinstance(button, dict):
        raise bad_request(prefix + "InlineKeyboardButton should be an Object")
    if "text" not in button:
        raise bad_request(prefix + 'Can\'t find field "text"')
    text = button["text"]
    if not isinstance(text, str):
        raise bad_request(prefix + 'Field "text" must be of type String')
    # An empty callback_data/url counts as absent, as in Telegram.
    actions = [k for k in BUTTON_ACTIONS if button.get(k) not in (None, "", False)]
    if not actions:
        raise bad_request(prefix + "Text buttons are unallowed in the inline keyboard")
    if len(actions) > 1:
        raise bad_request(
            prefix + f"exactly one of the optional fields must be used, got {actions}"
        )
    if not text.strip():
        raise bad_request("BUTTON_TEXT_INVALID")
    if "callback_data" in actions:
        data = button["callback_data"]
        if not isinstance(data, str):
            raise bad_request(prefix + 'Field "callback_data" must be of type String')
        if len(data.encode("utf-8")) > MAX_CALLBACK_DATA_BYTES:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in actions:
        url = button["url"]
        if not isinstance(url, str):
            raise bad_request(prefix + 'Field "url" must be of type String')
        if not re.match(r"^(https?|tg)://\S+$|^[\w.-]+\.[a-z]{2,}(/\S*)?$", url, re.IGNORECASE):
            raise bad_request("BUTTON_URL_INVALID")
