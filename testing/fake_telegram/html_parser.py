"""Telegram's HTML parse mode, reimplemented for the fake Bot API server.

The behaviour follows the Bot API documentation and TDLib's ``parse_html``:

* supported tags: ``b strong i em u ins s strike del span tg-spoiler a code pre
  blockquote tg-emoji``; ``span`` needs ``class="tg-spoiler"``, ``blockquote`` may carry a
  bare ``expandable`` attribute, ``code`` may carry ``class="language-xxx"`` (inside ``pre``
  it becomes the ``pre`` entity's language) and ``tg-emoji`` needs a numeric ``emoji-id``;
* tags must be properly nested and closed (``</>`` closes whatever is open);
* entities ``&lt; &gt; &amp; &quot;`` and numeric ``&#NNN;`` / ``&#xHH;`` are decoded;
* errors carry Telegram's wording, e.g. ``Unsupported start tag "foo" at byte offset 3``
  (offsets are UTF-8 byte offsets into the text as sent).

One deliberate difference: TDLib keeps a bare ``&`` that does not start a known entity as a
literal character, while the Bot API documentation says it must be escaped. With
``strict_ampersand=True`` (the fake's default) a bare ``&`` is an error, so a bot that forgets
``html.escape`` on user-provided text is caught by the tests.

Entity offsets and lengths are counted in UTF-16 code units, as Telegram does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

SUPPORTED_TAGS = frozenset(
    {
        "a",
        "b",
        "strong",
        "i",
        "em",
        "u",
        "ins",
        "s",
        "strike",
        "del",
        "span",
        "tg-spoiler",
        "code",
        "pre",
        "blockquote",
        "tg-emoji",
    }
)

_SIMPLE_ENTITY_TYPES = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "span": "spoiler",
    "tg-spoiler": "spoiler",
}

_NAMED_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}

# Text up to the next character reference or tag, appended as one piece.
_PLAIN_RUN = re.compile(r"[^&<]+")

# TDLib's notion of whitespace inside tags.
_SPACES = frozenset(" \t\r\n\f\v")


class HtmlParseError(ValueError):
    """The text is not valid Telegram HTML; ``str(error)`` is Telegram's description."""


@dataclass(frozen=True)
class Entity:
    """One MessageEntity, with offset and length in UTF-16 code units."""

    type: str
    offset: int
    length: int
    url: str | None = None
    language: str | None = None
    custom_emoji_id: str | None = None
    user: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The entity as the Bot API serialises it."""
        data: dict[str, Any] = {"type": self.type, "offset": self.offset, "length": self.length}
        if self.url is not None:
            data["url"] = self.url
        if self.language is not None:
            data["language"] = self.language
        if self.custom_emoji_id is not None:
            data["custom_emoji_id"] = self.custom_emoji_id
        if self.user is not None:
            data["user"] = self.user
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entity:
        """Build an entity from a Bot API MessageEntity object (e.g. the ``entities`` param)."""
        return cls(
            type=str(data["type"]),
            offset=int(data["offset"]),
            length=int(data["length"]),
            url=data.get("url"),
            language=data.get("language"),
            custom_emoji_id=data.get("custom_emoji_id"),
            user=data.get("user"),
        )


@dataclass
class _OpenTag:
    name: str
    argument: str
    utf16_start: int
    text_start: int  # index into the output character list


@dataclass
class _Parser:
    source: str
    strict_ampersand: bool
    out: list[str] = field(default_factory=list)
    utf16: int = 0
    entities: list[Entity] = field(default_factory=list)
    stack: list[_OpenTag] = field(default_factory=list)

    def byte_offset(self, index: int) -> int:
        return len(self.source[:index].encode("utf-8"))

    def char(self, index: int) -> str:
        """The character at ``index`` or ``""`` past the end (TDLib reads a NUL there)."""
        return self.source[index] if index < len(self.source) else ""

    def append(self, text: str) -> None:
        self.out.append(text)
        self.utf16 += utf16_len(text)

    def decode_entity(self, index: int) -> tuple[str, int] | None:
        """Decode a character reference starting at ``index`` (which holds ``&``)."""
        end = index + 1
        if self.char(end) == "#":
            end += 1
            digits_start = end
            if self.char(end) in ("x", "X"):
                end += 1
                digits_start = end
                while self.char(end) and self.char(end) in "0123456789abcdefABCDEF":
                    end += 1
                digits = self.source[digits_start:end]
                value = int(digits, 16) if digits else 0
            else:
                while self.char(end).isdigit() and self.char(end).isascii():
                    end += 1
                digits = self.source[digits_start:end]
                value = int(digits) if digits else 0
            if value == 0 or value >= 0x10FFFF or end - index >= 10:
                return None
            if 0xD800 <= value <= 0xDFFF:
                return None
            decoded = chr(value)
        else:
            while self.char(end).isascii() and self.char(end).isalpha():
                end += 1
            name = self.source[index + 1 : end]
            if name not in _NAMED_ENTITIES:
                return None
            decoded = _NAMED_ENTITIES[name]
        if self.char(end) == ";":
            end += 1
        return decoded, end

    def parse(self) -> tuple[str, list[Entity]]:
        i = 0
        n = len(self.source)
        while i < n:
            c = self.source[i]
            if c == "&":
                decoded = self.decode_entity(i)
                if decoded is not None:
                    self.append(decoded[0])
                    i = decoded[1]
                    continue
                if self.strict_ampersand:
                    raise HtmlParseError(
                        f'Unescaped "&" at byte offset {self.byte_offset(i)}: '
                        "use &amp; (the fake Bot API is stricter here than Telegram)"
                    )
                self.append(c)
                i += 1
                continue
            if c != "<":
                run = _PLAIN_RUN.match(self.source, i)
                assert run is not None
                self.append(run.group())
                i = run.end()
                continue
            i = self.end_tag(i) if self.char(i + 1) == "/" else self.start_tag(i)
        if self.stack:
            raise HtmlParseError(
                f'Can\'t find end tag corresponding to start tag "{self.stack[-1].name}"'
            )
        self.entities.sort(key=lambda e: (e.offset, -e.length))
        return "".join(self.out), self.entities

    def start_tag(self, begin: int) -> int:
        i = begin + 1
        while self.char(i) and self.char(i) not in _SPACES and self.char(i) != ">":
            i += 1
        if not self.char(i):
            raise HtmlParseError(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
        tag = self.source[begin + 1 : i].lower()
        if tag not in SUPPORTED_TAGS:
            raise HtmlParseError(
                f'Unsupported start tag "{tag}" at byte offset {self.byte_offset(begin)}'
            )
        argument = ""
        while self.char(i) != ">":
            while self.char(i) and self.char(i) in _SPACES:
                i += 1
            if self.char(i) == ">":
                break
            if not self.char(i):
                raise HtmlParseError(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
            attr_begin = i
            while self.char(i) and self.char(i) not in _SPACES and self.char(i) not in "=>":
                i += 1
            attr_name = self.source[attr_begin:i].lower()
            if not attr_name:
                raise HtmlParseError(
                    f'Empty attribute name in the tag "{tag}" at byte offset '
                    f"{self.byte_offset(begin)}"
                )
            while self.char(i) and self.char(i) in _SPACES:
                i += 1
            if self.char(i) != "=":
                if tag == "blockquote" and attr_name == "expandable":
                    argument = "1"
                    continue
                if not self.char(i):
                    raise HtmlParseError(
                        f'Unclosed start tag "{tag}" at byte offset {self.byte_offset(begin)}'
                    )
                raise HtmlParseError(
                    f'Expected equal sign in declaration of an attribute of the tag "{tag}" '
                    f"at byte offset {self.byte_offset(begin)}"
                )
            i += 1
            while self.char(i) and self.char(i) in _SPACES:
                i += 1
            if not self.char(i):
                raise HtmlParseError(
                    f'Unclosed start tag "{tag}" at byte offset {self.byte_offset(begin)}'
                )
            value, i = self.attribute_value(i)
            if not self.char(i):
                raise HtmlParseError(f"Unclosed start tag at byte offset {self.byte_offset(begin)}")
            if tag == "a" and attr_name == "href":
                argument = value
            elif tag == "code" and attr_name == "class" and value.startswith("language-"):
                argument = value[len("language-") :]
            elif tag == "span" and attr_name == "class" and value.startswith("tg-"):
                argument = value[len("tg-") :]
            elif tag == "tg-emoji" and attr_name == "emoji-id":
                argument = value
            elif tag == "blockquote" and attr_name == "expandable":
                argument = "1"
        if tag == "span" and argument != "spoiler":
            raise HtmlParseError(
                f'Tag "span" must have class "tg-spoiler" at byte offset {self.byte_offset(begin)}'
            )
        self.stack.append(_OpenTag(tag, argument, self.utf16, len(self.out)))
        return i + 1  # skip '>'

    def attribute_value(self, i: int) -> tuple[str, int]:
        quote = self.char(i)
        if quote not in ("'", '"'):
            token_begin = i
            while self.char(i) and (self.char(i).isalnum() or self.char(i) in ".-"):
                i += 1
            if self.char(i) and self.char(i) not in _SPACES and self.char(i) != ">":
                raise HtmlParseError(
                    f"Unexpected end of name token at byte offset {self.byte_offset(token_begin)}"
                )
            return self.source[token_begin:i].lower(), i
        i += 1
        value: list[str] = []
        while self.char(i) and self.char(i) != quote:
            if self.char(i) == "&":
                decoded = self.decode_entity(i)
                if decoded is not None:
                    value.append(decoded[0])
                    i = decoded[1]
                    continue
            value.append(self.char(i))
            i += 1
        if self.char(i) == quote:
            i += 1
        return "".join(value), i

    def end_tag(self, begin: int) -> int:
        if not self.stack:
            raise HtmlParseError(f"Unexpected end tag at byte offset {self.byte_offset(begin)}")
        i = begin + 2
        while self.char(i) and self.char(i) not in _SPACES and self.char(i) != ">":
            i += 1
        end_name = self.source[begin + 2 : i].lower()
        while self.char(i) and self.char(i) in _SPACES:
            i += 1
        if self.char(i) != ">":
            raise HtmlParseError(f"Unclosed end tag at byte offset {self.byte_offset(begin)}")
        open_tag = self.stack[-1]
        if end_name and end_name != open_tag.name:
            raise HtmlParseError(
                f"Unmatched end tag at byte offset {self.byte_offset(begin)}, "
                f'expected "</{open_tag.name}>", found "</{end_name}>"'
            )
        self.stack.pop()
        self.close_entity(open_tag)
        return i + 1

    def close_entity(self, tag: _OpenTag) -> None:
        offset = tag.utf16_start
        length = self.utf16 - offset
        if tag.name == "tg-emoji" and (not tag.argument.isdigit() or int(tag.argument) == 0):
            raise HtmlParseError("Invalid custom emoji identifier specified")
        if length <= 0:
            return
        simple = _SIMPLE_ENTITY_TYPES.get(tag.name)
        if simple is not None:
            self.entities.append(Entity(simple, offset, length))
        elif tag.name == "a":
            url = tag.argument or "".join(self.out[tag.text_start :])
            entity = _link_entity(url, offset, length)
            if entity is not None:
                self.entities.append(entity)
        elif tag.name == "blockquote":
            kind = "expandable_blockquote" if tag.argument else "blockquote"
            self.entities.append(Entity(kind, offset, length))
        elif tag.name == "tg-emoji":
            self.entities.append(
                Entity("custom_emoji", offset, length, custom_emoji_id=tag.argument)
            )
        elif tag.name == "pre":
            last = self.entities[-1] if self.entities else None
            if (
                last is not None
                and last.type == "code"
                and (last.offset, last.length) == (offset, length)
                and last.language
            ):
                self.entities[-1] = Entity("pre", offset, length, language=last.language)
            else:
                self.entities.append(Entity("pre", offset, length))
        elif tag.name == "code":
            last = self.entities[-1] if self.entities else None
            if (
                last is not None
                and last.type == "pre"
                and (last.offset, last.length) == (offset, length)
                and tag.argument
            ):
                self.entities[-1] = Entity("pre", offset, length, language=tag.argument)
            else:
                # A lone <code class="language-x"> keeps no language; <pre> may claim it later.
                self.entities.append(Entity("code", offset, length, language=tag.argument or None))


def _link_entity(url: str, offset: int, length: int) -> Entity | None:
    """A text_link (or text_mention for tg://user?id=N) entity; None for unusable URLs."""
    url = url.strip()
    if not url:
        return None
    if url.lower().startswith("tg://user?id="):
        user_id = url[len("tg://user?id=") :]
        if user_id.isdigit():
            user = {"id": int(user_id), "is_bot": False, "first_name": ""}
            return Entity("text_mention", offset, length, user=user)
        return None
    if any(ch in _SPACES for ch in url):
        return None
    return Entity("text_link", offset, length, url=url)


def utf16_len(text: str) -> int:
    """Length of ``text`` in UTF-16 code units (what Telegram counts)."""
    return len(text.encode("utf-16-le")) // 2


def parse_html(text: str, *, strict_ampersand: bool = True) -> tuple[str, list[Entity]]:
    """Parse Telegram HTML into plain text and entities.

    Raises :class:`HtmlParseError` with Telegram's description (without the
    ``can't parse entities:`` prefix) on invalid markup.
    """
    plain, entities = _Parser(text, strict_ampersand).parse()
    # Code entities never carry a language in the Bot API, only pre does.
    cleaned = [
        Entity(e.type, e.offset, e.length, e.url, None, e.custom_emoji_id, e.user)
        if e.type == "code"
        else e
        for e in entities
    ]
    return plain, cleaned


def strip_text(text: str, entities: list[Entity]) -> tuple[str, list[Entity]]:
    """Trim leading/trailing whitespace like Telegram does, clipping entities to match."""
    stripped = text.strip()
    if stripped == text:
        return text, entities
    lead_chars = len(text) - len(text.lstrip())
    lead = utf16_len(text[:lead_chars])
    end = lead + utf16_len(stripped)
    result: list[Entity] = []
    for e in entities:
        start = max(e.offset, lead)
        stop = min(e.offset + e.length, end)
        if stop > start:
            result.append(
                Entity(
                    e.type, start - lead, stop - start, e.url, e.language, e.custom_emoji_id, e.user
                )
            )
    return stripped, result
