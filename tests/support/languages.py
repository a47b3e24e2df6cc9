"""Which language a line the bot sent is in, read off the catalogues.

Every message of every `.ftl` file becomes one pattern per line: its text as
is, a variable as "anything", a select expression as any of its variants.
A line the bot sent is in the languages whose patterns it matches whole.
A line that matches in every language ("Аня: 12", a card) or in none (a
person's name on its own) tells nothing and is left out of the share; the
issue's measure "texts in the player's language" is the share of the other
lines that match the player's language.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from fluent.syntax import ast, parse

from bot.view.i18n import LANGUAGES, source

_TAG = re.compile(r"<[^>]+>")
_ANY = ".+?"
_LETTER = re.compile(r"[^\W\d_]")


def _text(value: str) -> str:
    return re.escape(html.unescape(_TAG.sub("", value)))


def _inline(pattern: ast.Pattern) -> str:
    """A select variant's pattern (one line) as a regex."""
    return "".join(_element(element) for element in pattern.elements).replace("\n", " ")


def _element(element: ast.PatternElement) -> str:
    if isinstance(element, ast.TextElement):
        return _text(element.value)
    assert isinstance(element, ast.Placeable)
    expression = element.expression
    if isinstance(expression, ast.StringLiteral):
        return _text(expression.parse()["value"])
    if isinstance(expression, ast.SelectExpression):
        return "(?:" + "|".join(_inline(v.value) for v in expression.variants) + ")"
    return _ANY


def _lines(pattern: ast.Pattern) -> list[str]:
    lines = [""]
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            first, *rest = element.value.split("\n")
            lines[-1] += _text(first)
            lines += [_text(part) for part in rest]
        else:
            lines[-1] += _element(element)
    # A line that is only variables ("<b>{ $game }</b>") matches anything.
    return [line for line in lines if _LETTER.search(line.replace(_ANY, ""))]


@cache
def patterns(lang: str) -> tuple[re.Pattern[str], ...]:
    found: list[re.Pattern[str]] = []
    for entry in parse(source(lang)).body:
        if isinstance(entry, ast.Message) and entry.value is not None:
            found += [re.compile(line) for line in _lines(entry.value)]
    return tuple(found)


def languages_of(line: str) -> frozenset[str]:
    """The languages in which `line` (plain text) is something the bot says."""
    line = line.strip()
    return frozenset(lang for lang in LANGUAGES if any(p.fullmatch(line) for p in patterns(lang)))


@dataclass
class Share:
    lang: str
    ours: int = 0  # lines in the player's language
    telling: int = 0  # lines that name a language at all
    others: list[str] = field(default_factory=list)  # lines in another language only

    @property
    def ratio(self) -> float:
        return self.ours / self.telling if self.telling else 0.0


def share(lang: str, texts: Iterable[str]) -> Share:
    """How many lines of `texts` are in `lang`, of those that are in some
    language but not in all."""
    result = Share(lang)
    for text in texts:
        for line in text.splitlines():
            found = languages_of(line)
            if not found or found == frozenset(LANGUAGES):
                continue
            result.telling += 1
            if lang in found:
                result.ours += 1
            else:
                result.others.append(line)
    return result
