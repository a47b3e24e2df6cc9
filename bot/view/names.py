"""Games and computer levels by name, in every language the bot speaks.

People type `/new козёл` as readily as `/new kozel`, and read "сильный"
where the code says `hard`: a name is accepted in any language (and as the
code), and shown in the reader's."""

from __future__ import annotations

from bot.view.i18n import LANGUAGES, t
from engine import Preset
from engine.ai import levels


def _fold(word: str) -> str:
    return word.strip().lower().replace("ё", "е")


def _named(word: str, codes: list[str], key: str) -> str | None:
    wanted = _fold(word)
    for code in codes:
        names = {code, *(t(lang, f"{key}.{code}") for lang in LANGUAGES)}
        if wanted in {_fold(name) for name in names}:
            return code
    return None


def preset_named(word: str) -> Preset | None:
    """The game a word names (`burkozel`, `Буркозёл`, `козел`, ...), if any."""
    code = _named(word, [p.value for p in Preset], "preset")
    return None if code is None else Preset(code)


def presets_list(lang: str) -> str:
    return ", ".join(t(lang, f"preset.{p.value}").lower() for p in Preset)


def level_named(word: str) -> str | None:
    """The computer level a word names (`hard`, `сильный`, ...), if any."""
    return _named(word, list(levels()), "level")


def level_name(lang: str, code: str) -> str:
    return t(lang, f"level.{code}") if code in levels() else code


def levels_list(lang: str) -> str:
    return ", ".join(level_name(lang, code) for code in levels())
