"""The terminal game's event text, for what whole matches rarely show.

Seeded matches in `test_cli.py` pass through most events; a refused
declaration and the count of another seat's face-down discard depend on
moments a match may never reach, so they are pinned here.
"""

from __future__ import annotations

from engine.cards import Card
from engine.events import CardsLed, CardsPlayed, DeclarationRefused
from tools.play_text import EventText


def test_a_face_down_discard_counts_the_cards_led() -> None:
    text = EventText(("You", "Bot 1", "Bot 2"), human=0)
    cards = tuple(Card.parse(word) for word in ("AS", "KS", "QS"))
    assert text.describe(CardsLed(0, cards, None)) == ["You lead A♠ K♠ Q♠"]
    hidden = CardsPlayed(seat=1, beat=False, cards=(), face_down=True)
    assert text.describe(hidden) == ["Bot 1 discards 3 card(s) face down"]


def test_a_refused_declaration_names_what_outranked_it() -> None:
    text = EventText(("You", "Bot 1"), human=0)
    by_bura = DeclarationRefused(seat=1, combination="molodka", reason="outranked", by="bura")
    assert text.describe(by_bura) == [
        "Bot 1 declares a molodka out of turn: refused, somebody else holds a bura."
    ]
    unnamed = DeclarationRefused(seat=0, combination="moscow", reason="outranked", by=None)
    assert text.describe(unnamed) == [
        "You declare a moscow out of turn: refused, somebody else holds a stronger combination."
    ]


def test_a_declaration_refused_by_the_leaders_molodka_says_so() -> None:
    text = EventText(("You", "Bot 1", "Bot 2"), human=0)
    refused = DeclarationRefused(
        seat=2, combination="molodka", reason="leader_molodka", by="molodka"
    )
    assert text.describe(refused) == [
        "Bot 2 declares a molodka out of turn: refused, "
        "the player on lead holds a molodka too and keeps the lead."
    ]
