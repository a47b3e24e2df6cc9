"""`python -m tools verify <secret> <public>`: every deal of a match dealt by
the checkable shuffle, recomputed from the line the bot shows when the match
ends (docs/RULES.md 9), with the cards written as the bot writes them.

The text is built here and printed by tools/cli.py, so the tests read exactly
what a person reads.
"""

from __future__ import annotations

from bot.view.cards import cards_text
from engine.cards import format_cards
from engine.shuffle import ShuffleKey, commitment, deck_order, read_public
from engine.verify import MAX_DEALS, Dealt, recompute

DEFAULT_DEALS = 10


def verify_text(key: ShuffleKey, deals: int, lang: str = "en", deck: bool = False) -> str:
    """The header (commitment, what the public value says) and each deal."""
    public = read_public(key.public)
    if not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"--deals is from 1 to {MAX_DEALS}, not {deals}")
    lines = [
        f"secret: {key.secret}",
        f"commitment: {commitment(key.secret)} (SHA-256 of the secret as written)",
        f"public: {key.public} ({public.game.value}, {public.players} players, "
        f"trump_card={public.trump_card}, chat {public.chat}, message {public.message})",
    ]
    if deck:  # the form of docs/RULES.md 9.7, to compare with another program
        lines.append("")
        lines += [f"deal {n}: {format_cards(deck_order(key, n))}" for n in range(1, deals + 1)]
    else:
        for dealt in recompute(key, deals):
            lines.append("")
            lines += _deal_lines(dealt, lang)
    return "\n".join(lines) + "\n"


def _deal_lines(dealt: Dealt, lang: str) -> list[str]:
    trump = dealt.trump_card.suit
    players = len(dealt.hands)
    if dealt.dealer is not None:
        lines = [f"deal {dealt.number} · seat {dealt.dealer + 1} deals"]
        by_seat = {dealt.seat_of(p): hand for p, hand in enumerate(dealt.hands)}
        for seat in range(players):
            lines.append(f"seat {seat + 1}: {cards_text(lang, by_seat[seat], trump)}")
    else:
        lines = [
            f"deal {dealt.number} · hands from the dealer's left "
            f"(hand {players} is the dealer's; who deals follows the play)"
        ]
        for position, hand in enumerate(dealt.hands):
            lines.append(f"hand {position + 1}: {cards_text(lang, hand, trump)}")
    lines.append(f"trump card: {cards_text(lang, [dealt.trump_card], trump)}")
    lines.append(f"stock: {cards_text(lang, dealt.stock, trump)}")
    return lines
