"""Small facts about seats: computer seats' ids and names, names told apart at
a table, a table's turn time. (A table's own settings and what its kind does:
bot/tables/kinds.py.)"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from bot.storage import Seat, TableRecord

NAME_LENGTH = 40  # the most characters of a name the bot shows
COMPUTER_MARK = "🤖"

# Computers are named in the table's language (players-review-2 E5: Cyrillic
# names in an English group), the same seven characters in each.
COMPUTER_NAMES_BY_LANG = {
    "ru": ("Михалыч", "Петрович", "Зинаида", "Семёныч", "Валентина", "Кузьмич", "Лукич"),
    "be": ("Міхалыч", "Пятровіч", "Зінаіда", "Сямёныч", "Валянціна", "Кузьміч", "Лукіч"),
    "uk": ("Михалич", "Петрович", "Зінаїда", "Семенович", "Валентина", "Кузьмич", "Лукич"),
    "en": ("Mick", "Pete", "Zina", "Sam", "Valentina", "Gus", "Luke"),
}
COMPUTER_NAMES = COMPUTER_NAMES_BY_LANG["ru"]
_ALL_COMPUTER_NAMES = frozenset(n for names in COMPUTER_NAMES_BY_LANG.values() for n in names)
# Computers have a gender, people (whose gender Telegram does not tell) do not:
# a message that needs a gendered verb selects on it ("Зинаида ушла") and says
# it without gender for "other", which is what every person gets. The third
# and fifth name of each language are women's.
_FEMALE = frozenset(n for names in COMPUTER_NAMES_BY_LANG.values() for n in (names[2], names[4]))


def turn_time(value: str) -> int | None:
    """A table's turn time from text: whole seconds, 15 to 3600."""
    text = value.strip().lower().removesuffix("s")
    # ASCII digits only: "²" and "٣" pass `isdigit` but not `int`.
    if not (text.isascii() and text.isdecimal()) or len(text) > 6:
        return None
    seconds = int(text)
    return seconds if 15 <= seconds <= 3600 else None


def seat_at(table: TableRecord, number: int) -> Seat:
    return next(seat for seat in table.seats if seat.seat == number)


def free_computer_id(table: TableRecord) -> int:
    """Computer seats get negative ids, unique within their table."""
    taken = {seat.user_id for seat in table.seats}
    return next(-n for n in range(1, 100) if -n not in taken)


def computer_name(table: TableRecord, lang: str = "ru") -> str:
    """A computer's name in the table's language, one not taken at the table."""
    taken = {_same(seat.name) for seat in table.seats}
    names = COMPUTER_NAMES_BY_LANG.get(lang, COMPUTER_NAMES)
    free = [name for name in names if _same(f"🤖 {name}") not in taken]
    name = f"🤖 {free[0]}" if free else f"🤖 {len(table.seats) + 1}"
    return distinct_name(name, (seat.name for seat in table.seats))


def gender(seat: Seat) -> str:
    """A seat's gender for a message's `$gender` selector: a computer's by its
    name ("🤖 Зинаида" is female), "other" for people and for computers past
    the names ("🤖 8")."""
    if not seat.is_computer:
        return "other"
    name = seat.name.removeprefix("🤖 ")
    if name in _FEMALE:
        return "female"
    return "male" if name in _ALL_COMPUTER_NAMES else "other"


def has_buttons(seat: Seat) -> bool:
    return seat.hand_digest is None or seat.hand_digest.startswith("b")


# Joiners that draw one emoji from several (👨‍👩‍👧): format characters, but harmless.
_JOINERS = frozenset("\u200c\u200d")


def visible(text: str) -> str:
    """`text` without control and format characters (Unicode Cc and Cf, the
    joiners of emoji aside): a bidi override (U+202E) or isolate (U+2066-9) in
    a name would reorder every line it is shown in, and the group's record of
    a game would read wrong."""
    return "".join(c for c in text if c in _JOINERS or unicodedata.category(c) not in ("Cc", "Cf"))


def display_name(first: str, last: str | None, fallback: str = "?") -> str:
    """A person's name as the bot shows it: visible characters, at most 40,
    no leading 🤖; `fallback` when nothing visible is left."""
    name = visible(f"{first} {last}" if last else first)
    name = " ".join(name.split())  # no runs of spaces, no line breaks
    # 🤖 before a name marks a computer player: a person's name cannot pose as one.
    name = name.lstrip(COMPUTER_MARK + " \ufe0f")
    return name[:NAME_LENGTH] or fallback


def _same(name: str) -> str:
    """What two names look like to a reader: case, runs of spaces and the 🤖
    of a computer player aside ("Михалыч" is told apart from "🤖 Михалыч")."""
    return " ".join(name.casefold().replace("ё", "е").lstrip(COMPUTER_MARK).split())


def distinct_name(name: str, taken: Iterable[str], username: str | None = None) -> str:
    """`name` as a table shows it: unchanged unless somebody seated there
    already shows the same (two "Дмитрий", a person named like a computer
    player), else told apart by the @username, else by a number. Every
    message of the table (group, hands, summaries, history, stats) reads the
    seat's name, so telling names apart where people sit covers them all.
    Names are full Telegram names ("Дмитрий Козлов"), so two people with one
    first name and different last names already differ."""
    seen = {_same(other) for other in taken}
    if _same(name) not in seen:
        return name
    suffixes = [f" (@{username})"] if username else []
    suffixes += [f" {number}" for number in range(2, 100)]
    for suffix in suffixes:
        candidate = name[: max(1, NAME_LENGTH - len(suffix))].rstrip() + suffix
        if _same(candidate) not in seen:
            return candidate
    return name  # a hundred namesakes at one table: there are at most four seats


def distinct_names(people: Sequence[tuple[str, str | None]]) -> list[str]:
    """Names for people seated in this order (each a name and a username):
    the first keeps a name, later namesakes are told apart."""
    names: list[str] = []
    for name, username in people:
        names.append(distinct_name(name, names, username))
    return names
