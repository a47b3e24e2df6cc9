"""Translation: every sentence the bot says lives in `bot/view/locales/<lang>/*.ftl`.

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
# Every language the bot speaks, the default first; a new one is a folder in
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
    """A language's catalogue: its files (one per part of the bot, so that
    tournaments and the table's own texts are edited apart) read as one."""
    files = sorted((LOCALES / lang).glob("*.ftl"))
    if not files:
        raise FileNotFoundError(f"no catalogue for {lang!r} in {LOCALES}")
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


@cache
def bundle(lang: str) -> FluentBundle:
    # use_isolating off: Telegram renders the bidi marks Fluent would wrap
    # every parameter in as stray characters in some clients.
    text = source(lang)
    junk = [entry.content or "" for entry in parse(text).body if isinstance(entry, ast.Junk)]
    if junk:  # Fluent skips what it cannot parse; we refuse to
        raise ValueError(f"{lang}/*.ftl cannot be read here: {junk[0][:200]!r}")
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
# so each message is resolved once per shape into a template: the numbers (they
# choose plural forms) and any text a message selects on are part of the key,
# while names and rendered fragments become placeholders filled in by a join.
# A name is a different person on every table, so keying on it kept too many
# sentences to cache (one miss in twelve at G = 100).
_Shape = tuple[tuple[str, str, Any], ...]  # (name, "html" | "int" | "text", value or None)
_MARK = "\ue000"  # a private-use character, never in a catalogue (names are filled in later)


class _Selectors(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        variables = _Variables()
        variables.visit(node.selector)
        self.names |= variables.names
        self.generic_visit(node)


@cache
def _selectors(lang: str) -> Mapping[str, frozenset[str]]:
    """Per key, the parameters its message chooses a variant on: those are part
    of a template's key. A message that refers to another message or a term
    counts every selector of the file (rare, and safe)."""
    entries = [e for e in parse(source(lang)).body if isinstance(e, (ast.Message, ast.Term))]
    own: dict[str, frozenset[str]] = {}
    everywhere: set[str] = set()
    for entry in entries:
        selectors = _Selectors()
        selectors.visit(entry)
        everywhere |= selectors.names
        if isinstance(entry, ast.Message):
            own[entry.id.name] = frozenset(selectors.names)
    found: dict[str, frozenset[str]] = {}
    for entry in entries:
        if isinstance(entry, ast.Message):
            name = entry.id.name
            found[name.replace("-", ".")] = frozenset(everywhere) if _refers(entry) else own[name]
    return found


class _References(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found = False

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.found = True

    def visit_TermReference(self, node: ast.TermReference) -> None:
        self.found = True


def _refers(entry: ast.Message) -> bool:
    references = _References()
    references.visit(entry)
    return references.found


@lru_cache(maxsize=8192)
def _template(lang: str, key: str, shape: _Shape) -> tuple[str, ...]:
    """The message resolved with a placeholder for each parameter whose value is
    None in `shape`: literal text and parameter names, alternating."""
    catalogue_ = bundle(lang)
    message = catalogue_.get_message(fluent_id(key))  # KeyError: a missing key
    if message.value is None:  # pragma: no cover - attributes-only messages are unused
        raise KeyError(key)
    arguments: dict[str, Any] = {}
    for index, (name, kind, value) in enumerate(shape):
        if value is None:
            arguments[name] = f"{_MARK}{index}{_MARK}"
        else:
            arguments[name] = _argument(Html(value) if kind == "html" else value)
    text, errors = catalogue_.format_pattern(message.value, arguments)
    if errors:
        raise KeyError(f"{lang}:{key}: {errors}")
    parts = str(text).split(_MARK)
    # parts: literal, index, literal, index, ..., literal
    return tuple(part if i % 2 == 0 else shape[int(part)][0] for i, part in enumerate(parts))


def t(lang: str, key: str, **params: Any) -> Html:
    # The kind is part of the key: Html("<b>") and "<b>" render differently,
    # and 1 == True as dictionary keys.
    if lang not in LANGUAGES:
        lang = DEFAULT
    selectors = _selectors(lang).get(key, frozenset())
    shape: list[tuple[str, str, Any]] = []
    fills: dict[str, str] = {}
    for name, value in sorted(params.items()):
        if isinstance(value, Html):
            kind, text = "html", str(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            shape.append((name, "int", value))
            continue
        else:
            kind, text = "text", str(value)
        if name in selectors:
            shape.append((name, kind, text))
        else:
            shape.append((name, kind, None))
            fills[name] = text if kind == "html" else html.escape(text, quote=False)
    parts = _template(lang, key, tuple(shape))
    if len(parts) == 1:
        return Html(parts[0])
    return Html("".join(part if i % 2 == 0 else fills[part] for i, part in enumerate(parts)))


# -- numbers as the reader writes them -------------------------------------------------


def decimal(lang: str, value: float) -> str:
    """One decimal, with the language's decimal mark (25,0 in Russian,
    Belarusian and Ukrainian)."""
    text = f"{value:.1f}"
    return text if lang == "en" else text.replace(".", ",")


def signed(lang: str, value: float) -> str:
    """A change with its sign: +2.6, −2.6 (a real minus), ±0.0."""
    shown = decimal(lang, abs(value))
    if shown in ("0.0", "0,0"):
        return "±" + shown
    return ("+" if value > 0 else "−") + shown
