"""When a combination may be led out of turn, and whose goes first (docs/RULES.md 5
and 6): the window before a lead, `combo_interrupt`, the rightful leader's
priority however he leads, and bura's molodka against stronger hands and
against the rightful leader's own molodka (third edition).

What is offered (`lead_combo_allowed`, `interrupt_allowed`) depends on
public facts only; a refusal that depends on hidden hands (`outranked`) is
decided by `apply` and announced (docs/RULES.md 5: nothing offered may depend on
hidden cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Suit
from engine.combos import Combo, classify, combos_in_hand
from engine.errors import IllegalAction
from engine.rules import Preset, RuleSet
from engine.seating import active_seats, max_lead
from engine.state import Deal, MatchState, Trick

BURA = Preset.BURA  # enum class attribute lookups are slow in Python 3.11


def _distance(state: MatchState, start: int, seat: int) -> int:
    return (seat - start) % state.seats


def lead_combo_allowed(
    state: MatchState, deal: Deal, seat: int, combo: Combo, cards: tuple[Card, ...]
) -> IllegalAction | None:
    """Why `seat` may not lead this combination now (None when it may)."""
    rules = state.rules
    if rules.preset is BURA and combo in (Combo.BURA, Combo.MOSCOW):
        return IllegalAction(
            "combo_wins_itself", f"{combo.value} wins the deal by itself; it is not led"
        )
    if len(cards) > max_lead(state, deal):
        return IllegalAction(
            "lead_size",
            f"at most {max_lead(state, deal)} cards may be led now",
            max=max_lead(state, deal),
        )
    if seat == deal.turn:
        return None
    if rules.preset is not BURA:
        if deal.tricks_played == 0:
            return IllegalAction(
                "window_closed", "no out-of-turn lead before the first trick of a deal"
            )
        return None
    # Bura: small moscow may always be led out of turn, a molodka unless an
    # opponent holds something stronger. That depends on hidden hands, so it
    # is decided in `apply` (`outranked`); here only what the table saw: a
    # refusal already announced in this window.
    if seat in deal.refused:
        return IllegalAction(
            "declaration_refused", "your declaration was refused; wait for the next lead"
        )
    return None


def outranked(state: MatchState, deal: Deal, seat: int, combo: Combo) -> tuple[str, Combo] | None:
    """Bura: why `seat`'s out-of-turn molodka is refused, as the table is
    told it, or None: ("outranked", the bura, moscow or small moscow another
    player holds), or ("leader_molodka", molodka) when the rightful leader
    holds a molodka too (third edition; seeds 002 and 003: the lead stays
    with the one who was to lead). Reads hidden hands: only `apply` calls
    it, never `legal_actions`."""
    if combo is not Combo.MOLODKA or seat == deal.turn:
        return None
    return molodka_refusal(
        state.rules, deal.hands, active_seats(state), seat, deal.turn, deal.trump
    )


def molodka_refusal(
    rules: RuleSet,
    hands: Sequence[Sequence[Card]],
    active: Sequence[int],
    seat: int,
    turn: int,
    trump: Suit,
) -> tuple[str, Combo] | None:
    """`outranked` on plain hands (the playouts share it)."""
    for other in active:
        if other != seat:
            for held, _ in combos_in_hand(tuple(hands[other]), trump, rules):
                if held in _OUTRANK_MOLODKA:
                    return "outranked", held
    if rules.edition >= 3 and any(
        held is Combo.MOLODKA for held, _ in combos_in_hand(tuple(hands[turn]), trump, rules)
    ):
        return "leader_molodka", Combo.MOLODKA
    return None


_OUTRANK_MOLODKA = frozenset({Combo.BURA, Combo.MOSCOW, Combo.SMALL_MOSCOW})


def interrupt_allowed(
    state: MatchState, deal: Deal, trick: Trick, seat: int, combo: Combo
) -> IllegalAction | None:
    """Option combo_interrupt: a molodka may restart a trick already under way.

    Only from a player who has not played to this trick, not in a deal's first
    trick (no out-of-turn leads there), and not over another combination unless
    the new one is nearer to the rightful leader (which also makes interrupts
    finite).
    """
    if combo is not Combo.MOLODKA:
        return IllegalAction("interrupt_molodka_only", "only a molodka may interrupt a trick")
    if deal.tricks_played == 0:
        return IllegalAction(
            "window_closed", "no out-of-turn lead before the first trick of a deal"
        )
    if any(play.seat == seat for play in trick.plays):
        return IllegalAction("already_played", "you have already played to this trick")
    if trick.combination is not None and _distance(state, trick.origin, seat) >= _distance(
        state, trick.origin, trick.leader
    ):
        return IllegalAction(
            "priority", "a combination nearer to the rightful leader already leads this trick"
        )
    return None


def plain_combination(state: MatchState, deal: Deal, cards: tuple[Card, ...]) -> str | None:
    """The combination a plain lead forms: the rightful leader's bura or
    molodka keeps its priority however it is led (docs/RULES.md 5, second edition).
    In burkozel and kozel a lead of one suit is a combination only with four
    cards (bura or molodka); in bura nothing interrupts a lead on the table."""
    rules = state.rules
    if rules.preset is BURA or rules.edition < 2:
        return None
    combo = classify(cards, deal.trump, rules)
    return combo.value if combo is not None else None
