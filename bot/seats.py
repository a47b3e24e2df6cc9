"""Small facts about seats: computer seats' ids and names, a table's turn time."""

from __future__ import annotations

from bot.storage import Seat, TableRecord

COMPUTER_NAMES = ("Михалыч", "Петрович", "Зинаида", "Семёныч", "Валентина", "Кузьмич", "Лукич")


def turn_time(value: str) -> int | None:
    """A table's turn time from text: whole seconds, 15 to 3600."""
    text = value.strip().lower().removesuffix("s")
    if not text.isdigit():
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


def has_buttons(seat: Seat) -> bool:
    return seat.hand_digest is None or seat.hand_digest.startswith("b")


def display_name(first: str, last: str | None) -> str:
    name = f"{first} {last}" if last else first
    return name.strip()[:40] or "?"
