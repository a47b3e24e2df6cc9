"""Small facts about seats: computer seats' ids and names, a table's turn time."""

from __future__ import annotations

import unicodedata

from bot.storage import Seat, TableRecord

COMPUTER_NAMES = ("Михалыч", "Петрович", "Зинаида", "Семёныч", "Валентина", "Кузьмич", "Лукич")
# Computers have a gender, people (whose gender Telegram does not tell) do not:
# a message that needs a gendered verb selects on it ("Зинаида ушла") and says
# it without gender for "other", which is what every person gets.
_FEMALE = frozenset({"Зинаида", "Валентина"})


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


def computer_name(table: TableRecord) -> str:
    taken = {seat.name for seat in table.seats}
    free = [name for name in COMPUTER_NAMES if f"🤖 {name}" not in taken]
    return f"🤖 {free[0]}" if free else f"🤖 {len(table.seats) + 1}"


def gender(seat: Seat) -> str:
    """A seat's gender for a message's `$gender` selector: a computer's by its
    name ("🤖 Зинаида" is female), "other" for people and for computers past
    the names ("🤖 8")."""
    if not seat.is_computer:
        return "other"
    name = seat.name.removeprefix("🤖 ")
    if name in _FEMALE:
        return "female"
    return "male" if name in COMPUTER_NAMES else "other"


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
    """A person's name as the bot shows it: visible characters, at most 40;
    `fallback` when nothing visible is left."""
    name = visible(f"{first} {last}" if last else first)
    name = " ".join(name.split())  # no runs of spaces, no line breaks
    return name[:40] or fallback


# A rematch's lobby (bot/tables/rematch.py) keeps in the table's settings
# which finished table it replays and who has not confirmed yet.
REMATCH_OF = "rematch_of"
WAITING = "waiting"


def waiting(table: TableRecord) -> list[int]:
    """People seated by a rematch who have not yet tapped to play."""
    return [int(user_id) for user_id in table.settings.get(WAITING, ())]
