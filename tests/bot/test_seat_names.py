"""Names told apart at a table (issue 59): namesakes, a person named like a
computer player, and a kicked person whose stand-in would take a computer's
name."""

from __future__ import annotations

from bot.seats import (
    COMPUTER_NAMES_BY_LANG,
    computer_name,
    display_name,
    distinct_name,
    distinct_names,
    gender,
)
from bot.storage import COMPUTER, Seat, TableRecord


def table_with(*names: str) -> TableRecord:
    seats = [Seat(i, 100 + i, name) for i, name in enumerate(names)]
    return TableRecord(
        1, -1, "group", "lobby", 100, "burkozel", {}, None, None, 1, None, None, None, 0, 0, seats
    )


def test_a_unique_name_is_kept() -> None:
    assert distinct_name("Дмитрий", ["Аня", "Дмитрий Козлов"]) == "Дмитрий"
    assert distinct_name("Дмитрий Козлов", ["Дмитрий"]) == "Дмитрий Козлов"


def test_namesakes_are_told_apart_by_username_else_a_number() -> None:
    assert distinct_name("Дмитрий", ["Дмитрий"], "dimon") == "Дмитрий (@dimon)"
    assert distinct_name("Дмитрий", ["Дмитрий"]) == "Дмитрий 2"
    assert distinct_name("дмитрий", ["Дмитрий", "дмитрий 2"]) == "дмитрий 3"
    assert distinct_names([("Дмитрий", None), ("Дмитрий", None), ("Дмитрий", "d")]) == [
        "Дмитрий",
        "Дмитрий 2",
        "Дмитрий (@d)",
    ]
    # Long names keep the suffix within the 40 characters shown.
    long = "Д" * 40
    told = distinct_name(long, [long])
    assert told.endswith(" 2") and len(told) == 40


def test_a_person_named_like_a_computer() -> None:
    # A computer added after "Михалыч" sat down takes another name ...
    assert computer_name(table_with("Михалыч")) == "🤖 Петрович"
    # ... and a "Михалыч" who sits after the computer is told apart.
    assert distinct_name("Михалыч", ["🤖 Михалыч"], "mih") == "Михалыч (@mih)"
    # A person cannot pose as a computer player.
    assert display_name("🤖 Михалыч", None) == "Михалыч"
    assert display_name("🤖", None, fallback="@bot") == "@bot"
    # A kicked person's stand-in next to a computer of the same name.
    assert distinct_name("🤖 Михалыч", ["🤖 Михалыч", "Аня"]) == "🤖 Михалыч 2"


def test_computers_are_named_in_the_tables_language() -> None:
    """players-review-2 E5: an English group got "🤖 Михалыч"; each language
    has its own seven names, with the same two women among them."""
    assert computer_name(table_with("Ann"), "en") == "🤖 Mick"
    assert computer_name(table_with("Mick"), "en") == "🤖 Pete"
    assert computer_name(table_with("Аня"), "uk") == "🤖 Михалич"
    assert computer_name(table_with("Аня"), "be") == "🤖 Міхалыч"
    assert computer_name(table_with("Аня")) == "🤖 Михалыч"
    for lang, names in COMPUTER_NAMES_BY_LANG.items():
        assert len(names) == len(set(names)) == 7, lang
        genders = [gender(Seat(1, -1, f"🤖 {name}", kind=COMPUTER)) for name in names]
        assert genders == ["male", "male", "female", "male", "female", "male", "male"], lang
