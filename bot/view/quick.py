"""A hand's one-tap moves: the cards (or the cheapest answer) that a single
tap plays, and the button to pick cards by hand when there is more choice.

Pure, like the rest of bot/view; apart from `bot.view.hand` because which
answer a tap should offer (kozel's partner, the cheapest beat) is its own
question, apart from how the hand reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.view import callbacks
from bot.view.cards import BEAT_MARK, DISCARD_MARK, card_text, cards_text
from bot.view.i18n import plain, t
from bot.view.labels import BUTTON_LIMIT, shown_length
from bot.view.render import CARDS_PER_ROW
from bot.view.screen import Button, TableInfo
from engine import Action, Card, TableView
from engine.actions import Kind
from engine.cards import Suit

_ANSWER_MARKS = {Kind.LEAD: "", Kind.BEAT: BEAT_MARK, Kind.DISCARD: DISCARD_MARK}


def answer_label(lang: str, kind: Kind, cards: Sequence[Card], trump: Suit | None) -> str:
    """A ready-made move: "Сбросить: 6♣️ 9♣️"; four cards with a long verb
    would be cut on a phone, so they go under the move's mark instead
    ("🗑 10♠️ 10♥️ 10♦️ 10♣️"), as the one-card answers do."""
    shown = cards_text(lang, cards, trump)
    action = t(lang, f"button.{kind.value}")
    label = plain(t(lang, "button.forced", action=action, cards=shown))
    if shown_length(label) <= BUTTON_LIMIT:
        return label
    return f"{_ANSWER_MARKS[kind]} {shown}".strip()


def moves_of(view: TableView, kind: Kind) -> list[Action]:
    return [a for a in view.legal if a.kind is kind]


def _cost(view: TableView, cards: Sequence[Card]) -> tuple[int, int, int]:
    """What an answer gives away: trumps first, then points, then rank."""
    trumps = sum(card.suit == view.trump for card in cards)
    return trumps, sum(card.points for card in cards), sum(card.rank for card in cards)


def quick_rows(info: TableInfo, lang: str, view: TableView) -> list[tuple[Button, ...]]:
    """One-tap moves for the hand's owner, and the button to pick cards
    instead; nothing when picking is the only way (then the hand is shown
    with card toggles right away)."""
    v = info.version
    buttons: list[Button] = []
    several = False
    if not view.trick:
        for card in view.hand:
            if Action(Kind.LEAD, view.viewer or 0, (card,)) in view.legal:
                label = card_text(lang, card, view.trump)
                buttons.append(Button(label, callbacks.play(info.id, v, Kind.LEAD, (card,))))
        several = any(len(a.cards) > 1 for a in moves_of(view, Kind.LEAD))
    elif len(view.trick[0].cards) == 1:
        beats = {a.cards[0] for a in moves_of(view, Kind.BEAT)}
        discards = {a.cards[0] for a in moves_of(view, Kind.DISCARD)}
        if partner_owns(view) and discards:
            beats = set()  # one tap discards onto the partner's trick; ⚔️ via ✋
            several = bool(moves_of(view, Kind.BEAT))
        for card in view.hand:
            shown = card_text(lang, card, view.trump)
            if card in beats:
                play = callbacks.play(info.id, v, Kind.BEAT, (card,))
                buttons.append(Button(f"{BEAT_MARK}{shown}", play))
            elif card in discards:
                play = callbacks.play(info.id, v, Kind.DISCARD, (card,))
                buttons.append(Button(f"{DISCARD_MARK}{shown}", play))
        several = several or bool(beats & discards)  # a beating card may be discarded
    else:
        kinds: tuple[Kind, ...] = (Kind.BEAT, Kind.DISCARD)
        if partner_owns(view) and moves_of(view, Kind.DISCARD):
            kinds = (Kind.DISCARD,)  # ⚔️ onto the partner's trick only via ✋
        for kind in kinds:
            moves = moves_of(view, kind)
            if moves:
                best = min(moves, key=lambda a: _cost(view, a.cards))
                label = answer_label(lang, kind, best.cards, view.trump)
                buttons.append(Button(label, callbacks.play(info.id, v, kind, best.cards)))
        several = len(moves_of(view, Kind.BEAT)) + len(moves_of(view, Kind.DISCARD)) > len(buttons)
        if not buttons:
            return []
        rows: list[tuple[Button, ...]] = [(button,) for button in buttons]
        if several:
            pick = callbacks.select(info.id, v, (), manual=True)
            rows.append((Button(t(lang, "button.manual"), pick),))
        return rows
    if not buttons:
        return []
    rows = [tuple(buttons[i : i + CARDS_PER_ROW]) for i in range(0, len(buttons), CARDS_PER_ROW)]
    if several:
        pick = callbacks.select(info.id, v, (), manual=True)
        rows.append((Button(t(lang, "button.manual"), pick),))
    return rows


def partner_owns(view: TableView) -> bool:
    """Kozel: the trick on the table is the viewer's partner's and nobody of
    the other team is still to play after the viewer, so the usual answer is
    to discard onto it rather than beat it. With an opponent still to come
    the trick is not won yet: a trump ace fed to the partner is the
    opponent's to take (players-review-2 §4 item 6)."""
    if view.owner is None or view.owner == view.viewer or not view.rules.is_teams:
        return False
    sides = view.rules.sides(len(view.players))
    mine = next((side for side in sides if view.viewer in side), ())
    if view.owner not in mine:
        return False
    played = {play.seat for play in view.trick}
    to_come = [s for s in view.active if s not in played and s != view.viewer]
    return all(s in mine for s in to_come)
