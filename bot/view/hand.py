"""A player's private hand message: the table as they see it, the deal's
tricks so far, the trick to answer, and the buttons for what they may do.

Pure, like the rest of bot/view: a seat's view in, text and buttons out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from bot.view import callbacks
from bot.view.cards import BEAT_MARK, card_text, cards_text, suit_text
from bot.view.forced import forced_action
from bot.view.i18n import Html, esc, plain, t
from bot.view.labels import BUTTON_LIMIT, fit, shown_length
from bot.view.quick import answer_label, moves_of, partner_owns, quick_rows
from bot.view.render import (
    CARDS_PER_ROW,
    _name,
    _plays_line,
    _trump_card_note,
    answer_target,
    combination_line,
    combo_name,
    last_trick_line,
    results_lines,
    tricks_lines,
)
from bot.view.screen import Button, Screen, TableInfo
from engine import Action, Card, TableView
from engine.actions import Kind
from engine.cards import Suit
from engine.state import PlayKind
from engine.view import pile_points_visible

# After the reader's partner's name (kozel).
PARTNER_MARK = "🤝"


def _kind_button(lang: str, info: TableInfo, kind: Kind, cards: Sequence[Card]) -> Button:
    return Button(
        t(lang, f"button.{kind.value}"), callbacks.play(info.id, info.version, kind, cards)
    )


def hand(
    info: TableInfo,
    lang: str,
    view: TableView,
    selection: Iterable[Card] = (),
    confirm_claim: bool = False,
    manual: bool = False,
) -> Screen:
    """A player's hand: the table, the trick to answer, and buttons when they apply.

    Most moves are one tap: a card button leads that card, or beats with it
    (⚔️) or discards it (🗑) when one card answers; an answer of several
    cards is offered ready-made (the cheapest beat, the cheapest discard).
    "✋ Pick cards" switches to picking them one by one (`manual`, or any
    selection), where card buttons toggle a selection and action buttons
    appear for what the selection allows. Combinations and Bura's claim are
    one tap each, and so is a move when it is the only one possible.
    """
    assert view.viewer is not None
    seat = view.viewer
    info = _with_partner(info, view)
    chosen = tuple(sorted((c for c in selection if c in view.hand), key=lambda c: c.id))
    legal = view.legal
    my_turn = view.turn == seat and bool(legal)
    lines: list[str] = [
        t(lang, "hand.title", table=info.id, chat=info.chat_title, deal=view.deal_number),
        _trump_line(lang, view),
        _penalties_line(info, lang, view),
    ]
    out = seat not in view.active
    if not out:
        points = _points_line(info, lang, view)
        if points:
            lines.append(points)
    if view.results:
        lines.append(_tricks_count_line(info, lang, view))
        lines.append("")
        lines.extend(_recent_tricks(_as_you(info, lang, view), lang, view))
    if view.trick:
        lines.append("")
        if view.combination:
            lines.append(combination_line(info, lang, view))
        lines.extend(_plays_lines(info, lang, view))
    if out:
        # Out of the match: the table to watch, nothing to hold or to tap.
        lines.append("")
        lines.append(t(lang, "hand.spectator"))
        return Screen("\n".join(lines))
    lines.append("")
    forced = legal[0] if my_turn and len(legal) == 1 else None
    quick = quick_rows(info, lang, view) if my_turn and not chosen and not manual else []
    if forced is not None and forced_action(legal, view.hand) is not None:
        lines.append(t(lang, "hand.forced_auto"))  # bot/tables/turns.py plays it soon
    elif forced is not None and forced.kind in (Kind.LEAD, Kind.BEAT, Kind.DISCARD):
        lines.append(t(lang, "hand.forced"))
    elif quick:
        lines.append(_tap_prompt(info, lang, view, quick))
    elif my_turn:
        if view.trick:
            need = len(view.trick[0].cards)
            aim = answer_target(info, lang, view)
            lines.append(t(lang, "hand.your_answer", need=need, target=aim))
        else:
            lines.append(t(lang, "hand.your_lead"))
        if chosen:
            lines.append(t(lang, "hand.selected", cards=cards_text(lang, chosen, view.trump)))
    elif view.turn is not None and seat in view.active:
        lines.append(t(lang, "hand.waiting", name=_name(info, view.turn)))
    lines.append(t(lang, "hand.cards", cards=cards_text(lang, view.hand, view.trump) or "—"))

    rows: list[tuple[Button, ...]] = []
    if forced is not None and forced.kind in (Kind.LEAD, Kind.BEAT, Kind.DISCARD):
        # Only one move is possible: it is one tap, its cards on the button.
        only = answer_label(lang, forced.kind, forced.cards, view.trump)
        play = callbacks.play(info.id, info.version, forced.kind, forced.cards)
        return Screen("\n".join(lines), ((Button(only, play),),))
    if quick:
        rows.extend(quick)
    elif my_turn:
        card_buttons = []
        for card in view.hand:
            picked = card in chosen
            target = [c for c in chosen if c != card] if picked else [*chosen, card]
            shown = card_text(lang, card, view.trump)
            label = f"✅{shown}" if picked else shown
            card_buttons.append(Button(label, callbacks.select(info.id, info.version, target)))
        for start in range(0, len(card_buttons), CARDS_PER_ROW):
            rows.append(tuple(card_buttons[start : start + CARDS_PER_ROW]))
        actions = [
            _kind_button(lang, info, kind, chosen)
            for kind in (Kind.LEAD, Kind.BEAT, Kind.DISCARD)
            if chosen and Action(kind, seat, chosen) in legal
        ]
        if actions:
            rows.append(tuple(actions))
        if quick_rows(info, lang, view):  # after a pick too: back to one tap
            back = callbacks.select(info.id, info.version, ())
            rows.append((Button(t(lang, "button.back"), back),))
    declares = 0
    for action in legal:
        if action.kind is Kind.DECLARE and Action(Kind.LEAD, seat, action.cards) in legal:
            # The leader's own combination is a plain lead of its cards (it
            # counts as his for every priority rule either way, RULES.md §5):
            # one button that says so, not a 📣 that repeats the lead
            # (players-review-2: bura's "📣 Молодка: 6♥️ К♥️ Т♥️" on one's turn).
            label = answer_label(lang, Kind.LEAD, action.cards, view.trump)
            rows.append(
                (Button(label, callbacks.play(info.id, info.version, Kind.LEAD, action.cards)),)
            )
        elif action.kind is Kind.DECLARE:
            label = _declare_label(lang, view, action)
            if not declares:
                lines.append(t(lang, "hand.declare_hint"))
            declares += 1
            rows.append(
                (Button(label, callbacks.play(info.id, info.version, Kind.DECLARE, action.cards)),)
            )
        elif action.kind is Kind.CLAIM and confirm_claim:
            # A false claim costs penalty points: one more tap to be sure.
            penalty = 4 if view.rules.false_claim_double else 2
            lines.append("")
            lines.append(t(lang, "hand.claim_confirm", penalty=penalty))
            rows.append(
                (
                    _kind_button(lang, info, Kind.CLAIM, ()),
                    Button(
                        t(lang, "button.claim_no"), callbacks.select(info.id, info.version, chosen)
                    ),
                )
            )
        elif action.kind is Kind.CLAIM:
            ask = callbacks.select(info.id, info.version, chosen, claim=True)
            rows.append((Button(t(lang, "button.claim"), ask),))
    return Screen("\n".join(lines), tuple(rows))


# Trick lines a hand keeps: the deal's whole record is the group's live
# message; a hand of fifteen lines pushed the trump and the score off a
# phone's screen (players-review-2 §4 item 4).
RECENT_TRICKS = 3


def _recent_tricks(info: TableInfo, lang: str, view: TableView) -> list[str]:
    """The last few finished tricks, and the one just taken in full."""
    lines = results_lines(info, lang, view)[-RECENT_TRICKS:]
    last = last_trick_line(info, lang, view)
    return lines if last is None else [*lines, last]


def _tricks_count_line(info: TableInfo, lang: str, view: TableView) -> Html:
    """Tricks taken so far, every player in seat order ("вы" for the reader)."""
    you = t(lang, "hand.you")
    taken = [0] * len(info.names)
    for result in view.results:
        taken[result.seat] += 1
    parts = [
        f"{you if s == view.viewer else esc(info.names[s])} {taken[s]}"
        for s in range(len(info.names))
        if s in view.active
    ]
    return t(lang, "hand.tricks", counts=Html(" · ".join(parts)))


def _tap_prompt(
    info: TableInfo, lang: str, view: TableView, rows: Sequence[tuple[Button, ...]]
) -> str:
    """The line over one-tap buttons: it names only buttons that are there
    (no "✋" without ✋, no ⚔️ over 🗑 alone: players-review-2 S8), and what
    an answer must beat, whose it is with 3–4 players."""
    labels = [button.text for row in rows for button in row]
    several = "yes" if t(lang, "button.manual") in labels else "no"
    if not view.trick:
        return t(lang, "hand.tap_lead", several=several)
    if partner_owns(view) and moves_of(view, Kind.BEAT):
        return t(lang, "hand.tap_partner")
    beat = "yes" if any(label.startswith(BEAT_MARK) for label in labels) else "no"
    return t(
        lang,
        "hand.tap_answer",
        need=len(view.trick[0].cards),
        target=answer_target(info, lang, view),
        beat=beat,
        several=several,
    )


def _with_partner(info: TableInfo, view: TableView) -> TableInfo:
    """Kozel: the reader's partner named with 🤝 everywhere in the hand
    (their plays, their tricks, the standing), so "Глеб ходит" says whose side."""
    sides = view.rules.sides(len(info.names))
    mine = next((side for side in sides if view.viewer in side), ())
    partners = [s for s in mine if s != view.viewer]
    if not partners:
        return info
    names = tuple(
        f"{name} {PARTNER_MARK}" if s in partners else name for s, name in enumerate(info.names)
    )
    return dataclasses.replace(info, names=names)


def _as_you(info: TableInfo, lang: str, view: TableView) -> TableInfo:
    """The reader named "you" in the trick just taken ("└ Янка В♥️ · вы
    ⚔️Т♥️"), as the trick lines above it say "Берёте вы"."""
    assert view.viewer is not None
    you = t(lang, "hand.you")
    names = tuple(you if s == view.viewer else name for s, name in enumerate(info.names))
    return dataclasses.replace(info, names=names)


def _trump_line(lang: str, view: TableView) -> str:
    """The trump, where its card lies as the group is told (unless the
    reader holds it), and the stock."""
    card = view.trump_card
    where = card_text(lang, card) if card in view.hand else _trump_card_note(lang, view)
    return t(lang, "hand.trump", suit=suit_text(view.trump), card=where, stock=view.stock_left)


def _penalties_line(info: TableInfo, lang: str, view: TableView) -> Html:
    """Every side's penalty points, the reader's side as "you"."""
    you = t(lang, "hand.you")
    parts = []
    for side, seats in enumerate(view.rules.sides(len(info.names))):
        who = " + ".join(you if s == view.viewer else esc(info.names[s]) for s in seats)
        mark = " ✖" if side in view.out else ""
        parts.append(f"{who} {view.penalties[side]}{mark}")
    return t(lang, "live.penalties", scores=Html(" · ".join(parts)), limit=view.rules.limit)


def _points_line(info: TableInfo, lang: str, view: TableView) -> Html | None:
    """The deal's points: the reader's own where the rules show them (bura's
    show_own_points), the others' only where the group sees them too."""
    seat = view.viewer
    parts: list[str] = []
    for other in view.active:  # seat order, as the penalties line above
        if other == seat:
            own = view.pile_points[other]
            if own is not None:
                unseen = view.pile_hidden[other] if view.pile_hidden else 0
                key = "hand.you_points_hidden" if unseen else "hand.you_points"
                parts.append(t(lang, key, points=own, count=unseen))
            continue
        if not pile_points_visible(view.rules, None, other):
            continue
        points = view.pile_points[other]
        if points is not None:
            parts.append(f"{esc(info.names[other])} {points}")
    if not parts:
        return None
    return t(lang, "live.points", points=Html(" · ".join(parts)))


def _plays_lines(info: TableInfo, lang: str, view: TableView) -> list[str]:
    """The trick on the table; the reader's own plays as "you lead/beat/discard"."""
    lines: list[str] = []
    for play in view.trick:
        if play.seat != view.viewer:
            lines.extend(_plays_line(info, lang, (play,), view.trump))
            continue
        kind = play.kind.value
        if play.kind is PlayKind.DISCARD and play.face_down:
            kind = "discard_down"
        lines.append(t(lang, f"hand.mine.{kind}", cards=cards_text(lang, play.cards, view.trump)))
    return lines


def _declare_label(lang: str, view: TableView, action: Action) -> str:
    return declare_label(lang, _combo_of(action, view), action.cards, view.trump)


def declare_label(lang: str, combo: str | None, cards: Sequence[Card], trump: Suit | None) -> str:
    """ "📣 Молодка: 8♥️ В♥️ К♥️ Т♥️": the combination and its cards (their ★
    left out if that makes them fit: the hand above marks the trumps); the
    name alone when the cards would still be cut on a phone (four aces or
    ends: the name says which cards)."""
    name = combo_name(lang, combo)
    for marked in (trump, None):
        shown = cards_text(lang, cards, marked)
        label = plain(t(lang, "button.declare", combo=name, cards=shown))
        if shown_length(label) <= BUTTON_LIMIT:
            return label
    return fit(plain(t(lang, "button.declare_short", combo=name)))


def _combo_of(action: Action, view: TableView) -> str | None:
    from engine.combos import classify

    assert view.trump is not None
    combo = classify(action.cards, view.trump, view.rules)
    return combo.value if combo else None


def deal_record(info: TableInfo, lang: str, view: TableView, told: Sequence[str]) -> Screen:
    """What a hand message becomes when its deal ends: the deal's tricks,
    each taker ("you" for the reader) and points, then what the table was
    told of the deal's end. No buttons: nothing is left to play."""
    assert view.viewer is not None
    info = _with_partner(info, view)
    lines: list[str] = [
        t(lang, "hand.title", table=info.id, chat=info.chat_title, deal=view.deal_number)
    ]
    if view.results:
        lines.append("")
        lines.extend(tricks_lines(_as_you(info, lang, view), lang, view))
    for part in told:
        lines.append("")
        lines.append(_private(lang, part))
    return Screen("\n".join(lines))


def _private(lang: str, told: str) -> str:
    """What the group was told, as the private record keeps it: without the
    call to a rematch (its 🔁 button is only in the group, and /new is refused
    in private: players-review-2 S9)."""
    again = t(lang, "final.again")
    if again not in told:
        return told
    return told.replace(again, "").rstrip()
