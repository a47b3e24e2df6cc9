"""Translation: every sentence the bot says lives in `bot/view/locales/<lang>.ftl`.

The catalogues are Fluent files (Mozilla's Project Fluent, `fluent.runtime`)
rather than Python dictionaries, for two reasons: Russian, Belarusian and
Ukrainian need plural forms by CLDR (one/few/many) and grammatical case
chosen per sentence ("выберите 1 карту", "осталась 1 карта"), which Fluent's
select expressions let the translator decide inside the message; and
translators edit text files, not code.

A key in code is `area.name` (`hand.your_lead`); in the files it is written
`area-name` (Fluent identifiers have no dots). Texts are HTML (Telegram's
parse mode). Parameters are escaped when filled in, except values wrapped in
`Html`, which are fragments this bot already rendered. Whole numbers are
passed as numbers, so a message can select its plural form on them. A missing
key or parameter is a bug caught by the tests, not a silent English fallback.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

LOCALES = Path(__file__).with_name("locales")
DEFAULT = "ru"
# Every language the bot speaks, the default first; a new one is a file in
# locales/ and its code here.
LANGUAGES: tuple[str, ...] = ("ru", "en", "be", "uk")


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
    """The catalogue for a Telegram language code like 'en-GB', if we have one."""
    if not lang:
        return None
    code = lang.split("-")[0].lower()
    return code if code in LANGUAGES else None


def short(value: object, limit: int = 32) -> str:
    """What a person typed, cut for quoting back: an answer that echoes 5,000
    characters would be longer than Telegram lets a message be."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def fluent_id(key: str) -> str:
    return key.replace(".", "-")


def source(lang: str) -> str:
    return (LOCALES / f"{lang}.ftl").read_text(encoding="utf-8")


@cache
def bundle(lang: str) -> FluentBundle:
    # use_isolating off: Telegram renders the bidi marks Fluent would wrap
    # every parameter in as stray characters in some clients.
    text = source(lang)
    junk = [entry.content or "" for entry in parse(text).body if isinstance(entry, ast.Junk)]
    if junk:  # Fluent skips what it cannot parse; we refuse to
        raise ValueError(f"{lang}.ftl cannot be read here: {junk[0][:200]!r}")
    catalogue = FluentBundle([lang], use_isolating=False)
    catalogue.add_resource(FluentResource(text))
    return catalogue


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


@cache
def catalogue(lang: str) -> Mapping[str, frozenset[str]]:
    """Every key of a language (in code's dotted form) with the parameters its
    message uses: what the tests compare across languages."""
    found: dict[str, frozenset[str]] = {}
    for entry in parse(source(lang)).body:
        if isinstance(entry, ast.Message):
            variables = _Variables()
            variables.visit(entry)
            found[entry.id.name.replace("-", ".")] = frozenset(variables.names)
    return found


def _argument(value: Any) -> Any:
    if isinstance(value, Html):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        # Table numbers and scores are never grouped ("#1234", not "#1 234").
        return fluent_number(value, useGrouping=False)
    return html.escape(str(value), quote=False)


# What the bot says repeats: a deal's trick lines, a table's title, a hand's
# trump line are rendered again on every move. Fluent's resolver costs about
# 0.1 ms a message, a third of a move's CPU under load (docs/PERFORMANCE.md),
# so finished sentences are kept, keyed by everything that shapes them.
_Params = tuple[tuple[str, str, Any], ...]  # (name, "html" | "int" | "text", value)


@lru_cache(maxsize=16384)
def _formatted(lang: str, key: str, params: _Params) -> Html:
    catalogue_ = bundle(lang)
    message = catalogue_.get_message(fluent_id(key))  # KeyError: a missing key
    if message.value is None:  # pragma: no cover - attributes-only messages are unused
        raise KeyError(key)
    arguments = {name: _argument(Html(v) if kind == "html" else v) for name, kind, v in params}
    text, errors = catalogue_.format_pattern(message.value, arguments)
    if errors:
        raise KeyError(f"{lang}:{key}: {errors}")
    return Html(text)


def t(lang: str, key: str, **params: Any) -> Html:
    # The kind is part of the key: Html("<b>") and "<b>" render differently,
    # and 1 == True as dictionary keys.
    signature = tuple(
        (name, "html", value)
        if isinstance(value, Html)
        else (name, "int", value)
        if isinstance(value, int) and not isinstance(value, bool)
        else (name, "text", str(value))
        for name, value in sorted(params.items())
    )
    return _formatted(lang if lang in LANGUAGES else DEFAULT, key, signature)
