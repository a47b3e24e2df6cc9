"""The test vectors of docs/RULES.md 9.7 are what the engine deals: someone
writing the shuffle again in another language checks against the doc, so
the doc must never drift from the code. The deck order of 9.5 is the
engine's `DECK`, for the same reason."""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path

from engine import DECK, RuleSet, new_match
from engine.cards import format_cards
from engine.shuffle import commitment, deck_order, first_dealer, read_key, read_public

RULES = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


def section_nine() -> str:
    text = RULES.read_text(encoding="utf-8")
    start = text.index("## 9. The checkable shuffle")
    return text[start : text.index("\n## ", start + 1)]


def vectors() -> list[dict[str, str]]:
    """The `key: value` blocks of the vectors' fence, one dict a vector."""
    section = section_nine()
    fence = section[section.index("**9.7") :]
    body = fence.split("```text\n", 1)[1].split("```", 1)[0]
    found = []
    for block in body.strip().split("\n\n"):
        found.append(dict(line.split(": ", 1) for line in block.splitlines()))
    return found


def test_the_doc_has_vectors_of_every_game_and_trump_option() -> None:
    found = vectors()
    assert len(found) >= 3
    publics = [read_public(vector["public"]) for vector in found]
    assert {public.game for public in publics} == {"burkozel", "kozel", "bura"}
    assert {public.trump_card for public in publics} == {"bottom", "middle"}


def test_the_vectors_are_what_the_engine_deals() -> None:
    for vector in vectors():
        key = read_key(vector["secret"], vector["public"])
        public = read_public(key.public)
        assert commitment(key.secret) == vector["commitment"]
        assert hashlib.sha256(vector["secret"].encode()).hexdigest() == vector["commitment"]
        block = hmac.new(key.secret.encode(), f"{key.public}/1/0".encode(), "sha256")
        assert block.hexdigest() == vector["block"]
        assert str(first_dealer(key, public.players)) == vector["dealer"]
        assert format_cards(deck_order(key, 1)) == vector["deal 1"]
        assert format_cards(deck_order(key, 2)) == vector["deal 2"]
        rules = RuleSet.create(public.game, {"trump_card": public.trump_card})
        deal = new_match(rules, ["x"] * public.players, 0, key).deal
        assert deal is not None and str(deal.trump_card) == vector["trump"]


def test_the_doc_lists_the_deck_in_the_engines_order() -> None:
    section = section_nine()
    listing = section[section.index("**9.5") :].split("```text\n", 1)[1].split("```", 1)[0]
    assert listing.split() == format_cards(DECK).split()


def test_the_doc_names_the_stream_message_as_the_code_builds_it() -> None:
    assert re.search(r"`<public>/<s>/<counter>`", section_nine())
