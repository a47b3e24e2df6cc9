"""Cards as people read them: ranks in the reader's language (В Д К Т in
Russian, as `/rules` writes them), suits with the emoji presentation selector
so that every client draws them in colour, trumps marked, and a face-down
card as an emoji that renders everywhere.

Pure: cards in, text out.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from bot.view.i18n import t
from engine.cards import Card, Suit

# U+FE0F after a suit asks for the emoji (coloured) glyph: without it many
# Android clients draw ♥ and ♦ as black text.
EMOJI: dict[Suit, str] = {suit: suit.symbol + "\ufe0f" for suit in Suit}
FACE_DOWN = "🎴"
# After a trump, and on no other card: what a trump button carries.
TRUMP_MARK = "★"
# Before the cards of a beat and of a discard: on the hand's one-tap buttons,
# and in the line of the trick just taken.
BEAT_MARK = "⚔️"
DISCARD_MARK = "🗑"
_PICTURES = ("J", "Q", "K", "A")


def suit_text(suit: Suit | None) -> str:
    return "" if suit is None else EMOJI[suit]


@cache
def _rank(lang: str, rank: str) -> str:
    return str(t(lang, f"card.rank.{rank}")) if rank in _PICTURES else rank


def card_text(lang: str, card: Card | None, trump: Suit | None = None) -> str:
    if card is None:
        return ""
    mark = TRUMP_MARK if trump is not None and card.suit == trump else ""
    return f"{_rank(lang, card.rank_text)}{EMOJI[card.suit]}{mark}"


def cards_text(lang: str, cards: Iterable[Card | None], trump: Suit | None = None) -> str:
    return " ".join(FACE_DOWN if card is None else card_text(lang, card, trump) for card in cards)
