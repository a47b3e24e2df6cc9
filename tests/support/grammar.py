"""A small agreement checker for what the bot says: a number and the noun after
it must agree (CLDR plural category), nouns after a verb of choosing or
playing take the accusative, and no "(а)"-style gender brackets.

The word lists hold the nouns the bot counts; a new counted noun belongs here
so the locale tests check it in every language.
"""

from __future__ import annotations

import re
from functools import cache

from babel import Locale


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _words(spec: dict[str, str]) -> dict[str, frozenset[str]]:
    return {word: frozenset(cats.split()) for cats, words in spec.items() for word in words.split()}


# word -> the plural categories it may follow (forms the bot actually uses).
FORMS: dict[str, dict[str, frozenset[str]]] = {
    "ru": _words(
        {
            "one": "карта карту очко взятка партия победа сдача штрафное игрок фишка",
            "few": "карты очка взятки партии победы сдачи игрока фишки",
            "many": "карт очков взяток партий побед сдач игроков фишек",
            "few many": "штрафных",
        }
    ),
    "en": _words(
        {
            "one": "card point trick match win deal player chip",
            "other": "cards points tricks matches wins deals players chips",
        }
    ),
    # Belarusian and Ukrainian count like Russian: one (1, 21), few (2-4,
    # 22-24), many (0, 5-20, 25); after a number a neuter noun's adjective
    # stays plural nominative in few ("2 штрафныя ачкі", "2 штрафні очки").
    "be": _words(
        {
            "one": "карта карту ачко узятка партыя перамога раздача штрафное гулец фішка",
            "few": "карты ачкі узяткі партыі перамогі раздачы гульцы штрафныя фішкі",
            "many": "карт ачкоў узятак партый перамог раздач гульцоў штрафных фішак",
        }
    ),
    "uk": _words(
        {
            "one": "карта карту очко взятка партія перемога роздача штрафне гравець фішка",
            "few": "карти очки взятки партії перемоги роздачі гравці штрафні фішки",
            "many": "карт очок взяток партій перемог роздач гравців штрафних фішок",
        }
    ),
}
# After these words a count takes the genitive: its singular after a number
# whose category is "one" ("меньше 31 очка"), its plural otherwise ("до 12
# штрафных очков").
GOVERN_GENITIVE: dict[str, frozenset[str]] = {
    "ru": _set("до из от меньше больше ≤ около"),
    # not "за"/"ніж": "менш за 31 ачко", "менше ніж 31 очко" count as usual
    "be": _set("да ад каля ≤"),
    "uk": _set("до від близько понад ≤"),
}
GENITIVE: dict[str, dict[str, frozenset[str]]] = {
    "ru": {
        "one": _set("карты очка взятки партии победы сдачи штрафного игрока"),
        "other": _set("карт очков взяток партий побед сдач штрафных игроков"),
    },
    "be": {
        "one": _set("карты ачка узяткі партыі перамогі раздачы штрафнога гульца"),
        "other": _set("карт ачкоў узятак партый перамог раздач штрафных гульцоў"),
    },
    "uk": {
        "one": _set("карти очка взятки партії перемоги роздачі штрафного гравця"),
        "other": _set("карт очок взяток партій перемог роздач штрафних гравців"),
    },
}
# Nominative forms that are wrong after a verb of choosing or playing ("выберите 1 карта").
NOMINATIVE: dict[str, frozenset[str]] = {
    "ru": frozenset({"карта"}),
    "be": frozenset({"карта"}),
    "uk": frozenset({"карта"}),
}
VERBS: dict[str, frozenset[str]] = {
    "ru": _set("выберите положить положите сбросить сбросьте побить побейте"),
    "be": _set("выберыце пакласці пакладзіце скінуць скіньце пабіць пабіце"),
    "uk": _set("виберіть оберіть покласти покладіть скинути скиньте побити побийте"),
}
_COUNTED = re.compile(r"(\d+)[^\S\n]+([^\W\d_]+)")  # a count and its noun, on one line
_BEFORE = re.compile(r"(\w+|≤)\s+$")
_GENDER_BRACKETS = re.compile(r"\w\((?:а|ла|лась|лася|ласа|неё|яе|неї|яя|ая)\)")


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def findings(lang: str, text: str) -> list[str]:
    """What is ungrammatical in `text`, quoted; empty when all is well."""
    found: list[str] = []
    forms = FORMS.get(lang, {})
    for match in _COUNTED.finditer(text):
        number, word = int(match.group(1)), match.group(2).lower()
        before = _BEFORE.search(text, 0, match.start())
        verb = before.group(1).lower() if before else None
        quoted = f"{verb} {match.group(0)}" if verb else match.group(0)
        genitive = GENITIVE.get(lang)
        if genitive and verb and verb in GOVERN_GENITIVE.get(lang, ()):
            category = "one" if _locale(lang).plural_form(number) == "one" else "other"
            known = genitive["one"] | genitive["other"] | set(forms)
            if word in known and word not in genitive[category]:
                found.append(quoted)
            continue
        allowed = forms.get(word)
        disagrees = allowed is not None and _locale(lang).plural_form(number) not in allowed
        nominative = bool(verb) and verb in VERBS.get(lang, ()) and word in NOMINATIVE.get(lang, ())
        if disagrees or nominative:
            found.append(quoted)
    found += [m.group(0) for m in _GENDER_BRACKETS.finditer(text)]
    return found
