"""How long a button's label looks, and labels cut to fit.

A phone shows about 24 characters on a full-width inline button before it
cuts the label with "…" (narrower in a row of two). "Characters" here are
what a reader counts: a card "Т♥️" is two (the letter and the suit; the
variation selector U+FE0F that asks for the coloured glyph adds nothing to
see), an emoji is one however many code points draw it (a joined sequence, a
skin tone, a flag, a keycap). So the length is the number of grapheme
clusters, counted by the few rules these labels need (Python has no UAX #29
segmentation without a third-party package).
"""

from __future__ import annotations

import unicodedata

BUTTON_LIMIT = 24
# A button alone in its row (the settings) has the full width: a phone shows
# about 30–35 characters there, so a label is not cut before that
# (players-review-2 S7: "слева от сдающего · 1-й…" had lost its name).
ROW_LIMIT = 32
ELLIPSIS = "…"
_ZWJ = "\u200d"


def _extends(char: str) -> bool:
    """A code point drawn as part of the character before it."""
    code = ord(char)
    return (
        0xFE00 <= code <= 0xFE0F  # variation selectors
        or 0x1F3FB <= code <= 0x1F3FF  # skin tones
        or code == 0x20E3  # combining keycap
        or 0xE0020 <= code <= 0xE007F  # tag characters (subdivision flags)
        or unicodedata.combining(char) != 0
    )


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def clusters(text: str) -> list[str]:
    """`text` split into what a reader sees as single characters."""
    found: list[str] = []
    joined = False
    for char in text:
        if found and (joined or char == _ZWJ or _extends(char)):
            found[-1] += char
            joined = char == _ZWJ
            continue
        if found and _regional(char) and len(found[-1]) == 1 and _regional(found[-1]):
            found[-1] += char  # the second letter of a flag
            continue
        found.append(char)
        joined = False
    return found


def shown_length(text: str) -> int:
    return len(clusters(text))


def fit(text: str, limit: int = BUTTON_LIMIT) -> str:
    """`text` cut at a character's end to at most `limit` shown characters,
    "…" marking the cut."""
    parts = clusters(text)
    if len(parts) <= limit:
        return text
    return "".join(parts[: limit - 1]).rstrip() + ELLIPSIS
