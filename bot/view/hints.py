"""A hint in practice (issue 66), in words: the hard player's move and, in
one line, why ("💡 Сбросьте 7♣️: ещё не сыгран старший козырь Т♣️★"), the
💡 button that asks for it, and the count of hints in the match's result.

Pure, like the rest of bot/view: the engine's `Hint` (a move and a reason
code with the cards its sentence needs, engine/ai/review/hint.py) in,
text out; one message per reason code in locales/<lang>/hints.ftl. The
answer is a tap's alert, so it is plain text and short (Telegram shows at
most 200 characters).
"""

from __future__ import annotations

from bot.view import callbacks
from bot.view.cards import cards_text
from bot.view.i18n import Html, plain, t
from bot.view.render import combo_name
from bot.view.screen import Button, TableInfo
from engine.actions import Action, Kind
from engine.ai.review import Hint, Reason, ReasonKind
from engine.combos import classify
from engine.view import TableView

# The reasons whose sentence names cards; given none, the hint says the
# search's own reason instead of a sentence with a hole in it.
_NAMES_CARDS = frozenset(
    {
        ReasonKind.TAKE_POINTS,
        ReasonKind.CHEAPEST_BEAT,
        ReasonKind.FOLLOW_PARTNER,
        ReasonKind.TRUMP_STILL_OUT,
        ReasonKind.KEEP_HIGH_CARD,
        ReasonKind.CANNOT_BEAT,
    }
)


def hint_button(lang: str, info: TableInfo) -> Button:
    """💡 on the hand of a person whose move it is (a practice table's)."""
    return Button(t(lang, "hint.button"), callbacks.hint(info.id, info.version))


def hint_text(lang: str, view: TableView, given: Hint) -> str:
    """The answer to 💡: "💡 <the move>: <why>", as plain text."""
    move = _move(lang, view, given.action)
    return plain(t(lang, "hint.answer", move=move, reason=_reason(lang, view, given.reason)))


def hints_line(lang: str, count: int) -> Html:
    """The practice result's line: "💡 3 подсказки"."""
    return t(lang, "hint.used", count=count)


def _move(lang: str, view: TableView, action: Action | None) -> Html:
    if action is None:
        return t(lang, "hint.hold")
    if action.kind is Kind.CLAIM:
        return t(lang, "hint.claim")
    cards = cards_text(lang, action.cards, view.trump)
    if action.kind is Kind.DECLARE:
        combo = classify(action.cards, view.trump, view.rules) if view.trump is not None else None
        name = combo_name(lang, combo.value if combo else None)
        return t(lang, "hint.declare", combo=name, cards=cards)
    return t(lang, f"hint.{action.kind.value}", cards=cards)


def _reason(lang: str, view: TableView, reason: Reason) -> Html:
    kind = reason.kind
    if kind in _NAMES_CARDS and not reason.cards:
        kind = ReasonKind.BEST_ON_AVERAGE
    return t(
        lang,
        f"hint.why.{kind.value.replace('-', '_')}",
        cards=cards_text(lang, reason.cards, view.trump),
    )
