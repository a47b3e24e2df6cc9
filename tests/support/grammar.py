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
            "one": "карта карту очко взятка партия победа сдача штрафное игрок фишка тур",
            "few": "карты очка взятки партии победы сдачи игрока фишки тура",
            "many": "карт очков взяток партий побед сдач игроков фишек туров",
            "few many": "штрафных",
        }
    ),
    "en": _words(
        {
            "one": "card point trick match win deal player chip round",
            "other": "cards points tricks matches wins deals players chips rounds",
        }
    ),
    # Belarusian and Ukrainian count like Russian: one (1, 21), few (2-4,
    # 22-24), many (0, 5-20, 25); after a number a neuter noun's adjective
    # stays plural nominative in few ("2 штрафныя ачкі", "2 штрафні очки").
    "be": _words(
        {
            "one": "карта карту ачко узятка партыя перамога раздача штрафное гулец фішка тур",
            "few": "карты ачкі узяткі партыі перамогі раздачы гульцы штрафныя фішкі туры",
            "many": "карт ачкоў узятак партый перамог раздач гульцоў штрафных фішак тураў",
        }
    ),
    "uk": _words(
        {
            "one": "карта карту очко взятка партія перемога роздача штрафне гравець фішка тур",
            "few": "карти очки взятки партії перемоги роздачі гравці штрафні фішки тури",
            "many": "карт очок взяток партій перемог роздач гравців штрафних фішок турів",
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


# -- names, genders and set phrases ------------------------------------------------
#
# Names are never declined: a name stands where the nominative is right. These
# words govern another case, so a name directly after them reads wrong ("У Дина",
# "написать Аня"); a sentence is built so the name needs no case instead.
OBLIQUE: dict[str, frozenset[str]] = {
    "ru": _set(
        "у к ко от для с со о об без до из при про над под перед через вместо против "
        "написать напишите напишу передать дать"
    ),
    "be": _set("у ў да ад для з са аб пра без над пад перад праз замест супраць напісаць"),
    "uk": _set("у в до від для з із зі о об про без над під перед через замість проти написати"),
    "en": frozenset(),
}
# Forms that give a person a gender: past-tense verbs, "сам", short participles.
# A person's gender is unknown to the bot, so next to a person's name only a
# form without gender may stand; a computer's name takes its own gender.
_MASCULINE: dict[str, re.Pattern[str]] = {
    "ru": re.compile(r"(?:[аеиоуыяё]л|[аеиоуыяё]лся|^сам|^один|^готов|^рад|ан|ён|ен)$"),
    "be": re.compile(r"(?:[аеіоуыяё]ў|ўся|^сам|^адзін|^гатовы|^рады|аны|ены)$"),
    "uk": re.compile(r"(?:[аеиіоуяї]в|вся|^сам|^один|^готовий|^радий|аний|ений)$"),
}
_FEMININE: dict[str, re.Pattern[str]] = {
    "ru": re.compile(r"(?:ла|лась|^сама|^одна|^готова|^рада|ана|ена)$"),
    "be": re.compile(r"(?:ла|лася|^сама|^адна|^гатовая|^рада|аная|еная)$"),
    "uk": re.compile(r"(?:ла|лася|^сама|^одна|^готова|^рада|ана|ена)$"),
}
# Words those endings catch that carry no gender (nouns, adverbs, plurals).
_NOT_GENDERED = _set(
    "стол стола пол козёл козел казёл казла козла сдан очков ачкоў гульцоў гравців столів "
    "карт карта шан дан ден рахунок отдан зараз ранен адкрыты закрытыя сказан "
    "план экран сторон регламент отмена стала зноў"
)
_CLAUSE_END = re.compile(r"[.,:;!?()«»\n—–]")
# A quoted name after a transitive verb would have to decline («Москву»).
_TRANSITIVE = {
    "ru": _set("объявляет объявил объявила выкладывает объявить"),
    "be": _set("абвяшчае абвясціў абвясціла выкладвае абвясціць"),
    "uk": _set("оголошує оголосив оголосила викладає оголосити"),
    "en": frozenset(),
}
# Phrases a native reader takes for calques, and lowercase city names.
_WRONG = {
    "ru": re.compile(r"\bмоскв\w*|раздачу"),
    "be": re.compile(r"\bмаскв\w*|у закрытую|ў закрытую|не ў лік|па змаўчанні"),
    "uk": re.compile(r"\bмоскв\w*|в закриту|у закриту|не в рахунок|за замовчуванням"),
    "en": re.compile(r"\bmoscow\w*|\b(?:he|him|his|himself|she|her|herself)\b"),
}
_WORD = re.compile(r"[^\W\d_]+(?:['ʼ’-][^\W\d_]+)*")


def _clause_after(text: str, end: int, words: int = 8) -> list[str]:
    """The first few words after `end`, up to the end of their clause."""
    stop = _CLAUSE_END.search(text, end)
    clause = text[end : stop.start() if stop else len(text)]
    return [w.lower() for w in _WORD.findall(clause)][:words]


def gendered(lang: str, words: list[str], gender: str) -> list[str]:
    """The words that give a gender other than `gender` ("female", "male",
    or "other": no gender at all)."""
    wrong: list[re.Pattern[str]] = []
    if gender != "male" and lang in _MASCULINE:
        wrong.append(_MASCULINE[lang])
    if gender != "female" and lang in _FEMININE:
        wrong.append(_FEMININE[lang])
    return [w for w in words if w not in _NOT_GENDERED and any(p.search(w) for p in wrong)]


def name_findings(
    lang: str, text: str, name: str, gender: str = "other", declines: bool = True
) -> list[str]:
    """What reads wrong around each place `name` stands in `text`: a word that
    would need the name declined before it (unless it `declines` in no
    language, like a card's "Д♣️"), or a verb or participle of the wrong
    gender after it."""
    found: list[str] = []
    start = 0
    while (at := text.find(name, start)) >= 0:
        start = at + len(name)
        before = re.search(r"([^\W\d_]+)[^\S\n]*$", text[:at])
        if declines and before and before.group(1).lower() in OBLIQUE.get(lang, ()):
            found.append(f"{before.group(1)} {name}")
        found += [f"{name} … {w}" for w in gendered(lang, _clause_after(text, start), gender)]
    return found


def phrase_findings(lang: str, text: str) -> list[str]:
    """Set phrases that read wrong whatever the parameters: a quoted name
    after a transitive verb, a lowercase Moscow, a calque, "he" for anybody."""
    found = [m.group(0) for m in _WRONG[lang].finditer(text)] if lang in _WRONG else []
    for match in re.finditer(r"([^\W\d_]+)\s+«", text):
        if match.group(1).lower() in _TRANSITIVE.get(lang, ()):
            found.append(match.group(0))
    return found
