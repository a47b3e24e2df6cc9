"""Translation: every sentence the bot says lives in `bot/view/locales/<lang>.py`.

Texts are HTML (Telegram's parse mode). Parameters are escaped when filled
in, except values wrapped in `Html`, which are fragments this bot already
rendered. A missing key or parameter is a bug caught by the tests, not a
silent English fallback.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from string import Formatter
from typing import Any

from bot.view.locales import en, ru

CATALOGS: Mapping[str, Mapping[str, str]] = {"ru": ru.TEXTS, "en": en.TEXTS}
PLURALS: Mapping[str, Mapping[str, tuple[str, ...]]] = {"ru": ru.PLURALS, "en": en.PLURALS}
DEFAULT = "ru"
# Every language the bot speaks; a new one is a file in locales/ and a line in
# CATALOGS and PLURALS above.
LANGUAGES: tuple[str, ...] = tuple(CATALOGS)


class Html(str):
    """A string that is already safe HTML: inserted as is."""

    __slots__ = ()


def esc(value: object) -> Html:
    return Html(html.escape(str(value), quote=False))


_TAG = re.compile(r"<[^>]+>")


def plain(text: str) -> str:
    """HTML of this bot's texts as plain text, for places Telegram shows raw text
    (callback answers): tags dropped, entities decoded."""
    return html.unescape(_TAG.sub("", text))


def supported(lang: str | None) -> str | None:
    """The catalog for a Telegram language code like 'en-GB', if we have one."""
    if not lang:
        return None
    code = lang.split("-")[0].lower()
    return code if code in CATALOGS else None


def short(value: object, limit: int = 32) -> str:
    """What a person typed, cut for quoting back: an answer that echoes 5,000
    characters would be longer than Telegram lets a message be."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def t(lang: str, key: str, **params: Any) -> Html:
    catalog = CATALOGS.get(lang) or CATALOGS[DEFAULT]
    template = catalog[key]
    safe = {
        name: value if isinstance(value, Html) else html.escape(str(value), quote=False)
        for name, value in params.items()
    }
    return Html(template.format(**safe))


def plural(lang: str, word: str, count: int) -> str:
    """`count word` with the right form: 1 очко, 2 очка, 5 очков; 1 point, 2 points."""
    forms = (PLURALS.get(lang) or PLURALS[DEFAULT])[word]
    if len(forms) == 3:  # Russian: one, few, many
        n = abs(count) % 100
        if 11 <= n <= 14:
            form = forms[2]
        elif n % 10 == 1:
            form = forms[0]
        elif 2 <= n % 10 <= 4:
            form = forms[1]
        else:
            form = forms[2]
    else:
        form = forms[0] if abs(count) == 1 else forms[1]
    return f"{count} {form}"


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}
