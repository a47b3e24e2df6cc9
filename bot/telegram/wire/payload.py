"""What a request to the Bot API carries, as JSON values: its parameters
as PTB's request object posts them, and a screen's buttons as
`reply_markup` (PTB's objects would only be built to be turned back into
these)."""

from __future__ import annotations

from typing import Any

from telegram import InlineKeyboardMarkup, InputFile
from telegram.request import RequestData
from telegram.request._requestparameter import RequestParameter

from bot.view.screen import Screen


def request_data(parameters: dict[str, Any]) -> RequestData:
    """Parameters that are already JSON values, as the Bot API takes them:
    no conversion by `RequestParameter.from_input`; a file (`InputFile`) is
    uploaded as multipart form data. (`RequestParameter` is not exported by
    PTB; pyproject.toml keeps PTB below 23, and the messenger's tests fail if
    its shape changes.)"""
    return RequestData(
        [
            RequestParameter(name, None, [value])
            if isinstance(value, InputFile)
            else RequestParameter(name, value, None)
            for name, value in parameters.items()
        ]
    )


def keyboard(screen: Screen) -> dict[str, Any] | None:
    """A screen's buttons as the Bot API's `reply_markup` JSON: what the raw
    API calls made here send (PTB's button objects would only be turned back
    into this)."""
    if not screen.buttons:
        return None
    rows = []
    for row in screen.buttons:
        buttons = []
        for b in row:
            button: dict[str, Any] = {"text": b.text}
            if b.data is not None:
                button["callback_data"] = b.data
            if b.url is not None:
                button["url"] = b.url
            buttons.append(button)
        rows.append(buttons)
    return {"inline_keyboard": rows}


def markup(screen: Screen) -> InlineKeyboardMarkup | None:
    """The same buttons as PTB's object, for replies made through PTB."""
    data = keyboard(screen)
    return None if data is None else InlineKeyboardMarkup.de_json(data, None)
