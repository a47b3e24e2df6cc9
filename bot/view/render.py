"""Pure rendering: (table, engine view, language) in, text and buttons out.

Nothing here talks to Telegram or the database, so every screen can be unit
tested. The group sees one live table message per deal (edited as the deal
goes: every finished trick a line, the trick in progress below), deal
summaries and the final result; the lobby's screens are in `bot.view.lobby`,
each player's hand in `bot.view.hand`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache

from bot.view.cards import BEAT_MARK, DISCARD_MARK, FACE_DOWN, card_text, cards_text, suit_text
from bot.view.i18n import Html, esc, plain, t
from bot.view.labels import ROW_LIMIT, fit
from bot.view.screen import Button, Screen, TableInfo
from engine import RuleSet, TableView
from engine.cards import Card, Suit
from engine.rules import OPTIONS
from engine.state import PlayKind, TrickResult
from engine.view import PlayView

CARDS_PER_ROW = 4


# -- small pieces ------------------------------------------------------------------


def preset_name(lang: str, rules: RuleSet) -> Html:
    return t(lang, f"preset.{rules.preset.value}")


def option_value(lang: str, name: str, value: object) -> Html:
    if isinstance(value, bool):
        return t(lang, "value.on" if value else "value.off")
    spec = OPTIONS.get(name)
    if spec is not None and spec.kind is str:  # words: value.<option>.<choice> in the locales
        return t(lang, f"value.{name}.{value}")
    return esc(value)


def option_button(lang: str, name: str, value: object) -> str:
    """A settings button, alone in its row: the name, then what it is set to
    ("Козырь: под колодой", "Играем до 12"), whole within a row's width."""
    title = t(lang, f"option.{name}")
    if isinstance(value, bool):
        label = t(lang, "options.button_on" if value else "options.button_off", name=title)
    elif name == "limit":
        label = t(lang, "options.button_limit", value=option_value(lang, name, value))
    else:
        label = t(lang, "options.button", name=title, value=option_value(lang, name, value))
    return fit(plain(label), ROW_LIMIT)


def options_lines(
    lang: str, rules: RuleSet, only_changed: bool = False, leave_out: tuple[str, ...] = ()
) -> list[Html]:
    values = rules.changed_options() if only_changed else rules.options()
    return [
        t(lang, "options.line", name=t(lang, f"option.{name}"), value=option_value(lang, name, v))
        for name, v in values.items()
        if name not in leave_out
    ]


def combo_name(lang: str, combo: str | None) -> Html:
    return t(lang, f"combo.{combo}") if combo else Html("")


# -- the group's live table message -----------------------------------------------


def combination_line(info: TableInfo, lang: str, view: TableView) -> str:
    """The trick's lead was a combination: who declared it and which (the
    live message and each hand show the same line above the trick)."""
    return t(
        lang,
        "live.combination",
        name=_name(info, view.leader),
        combo=combo_name(lang, view.combination),
    )


def _name(info: TableInfo, seat: int | None) -> Html:
    if seat is None:
        return Html("")
    away = " 🤖" if seat in info.away else ""
    return Html(f"<b>{esc(info.names[seat])}</b>{away}")


def _plays_line(
    info: TableInfo, lang: str, plays: Sequence[PlayView], trump: Suit | None = None
) -> list[str]:
    lines: list[str] = []
    for play in plays:
        key = {
            PlayKind.LEAD: "play.lead",
            PlayKind.BEAT: "play.beat",
            PlayKind.DISCARD: "play.discard_down" if play.face_down else "play.discard",
        }[play.kind]
        cards = cards_text(lang, play.cards, trump)
        lines.append(t(lang, key, name=_name(info, play.seat), cards=cards))
    return lines


# Kozel's two teams in the group, as the lobby's "команда A" / "команда B".
TEAM_MARKS = ("🅰️", "🅱️")


def _with_teams(info: TableInfo, view: TableView) -> TableInfo:
    """Kozel in the group: every name carries its team's mark, so "Берёт 🤖
    Михалыч 🅰️" says which side took the trick (players-review-2 §1.3; the
    hand marks the reader's partner with 🤝 instead)."""
    if not view.rules.is_teams:
        return info
    sides = view.rules.sides(len(info.names))
    mark = {seat: TEAM_MARKS[side] for side, seats in enumerate(sides) for seat in seats}
    names = tuple(f"{name} {mark[s]}" if s in mark else name for s, name in enumerate(info.names))
    return dataclasses.replace(info, names=names)


def _penalties_line(info: TableInfo, lang: str, view: TableView) -> Html:
    """Every side's penalty points; kozel's teams each under their mark
    once ("🅰️ Вера + 🤖 Михалыч 0"), not after every name."""
    groups = view.rules.sides(len(info.names))
    parts = []
    for side, seats in enumerate(groups):
        who = " + ".join(esc(info.names[s]) for s in seats)
        if view.rules.is_teams:
            who = f"{TEAM_MARKS[side]} {who}"
        mark = " ✖" if side in view.out else ""
        parts.append(f"{who} {view.penalties[side]}{mark}")
    return t(lang, "live.penalties", scores=Html(" · ".join(parts)), limit=view.rules.limit)


def _trump_card_note(lang: str, view: TableView) -> str:
    """The shown trump card, and where it lies while it is still in the stock.

    Once the stock is empty (or the card has been played, which a card
    hidden in the middle of the stock may be before that) it is in a hand or
    a pile: "under the stock" or "hidden in the stock" would then be false,
    so the card alone names the trump.
    """
    card = view.trump_card
    text = card_text(lang, card)
    played = any(card in play.cards for play in view.trick)
    if view.stock_left == 0 or card in view.seen or played:
        return text
    return t(lang, "live.trump_hidden" if view.trump_hidden else "live.trump_bottom", card=text)


def _header(info: TableInfo, lang: str, view: TableView) -> list[str]:
    trump_card = _trump_card_note(lang, view)
    lines: list[str] = [
        t(
            lang,
            "live.title",
            preset=preset_name(lang, view.rules),
            table=info.id,
            deal=view.deal_number,
        ),
        t(
            lang,
            "live.trump",
            suit=suit_text(view.trump),
            trump_card=trump_card,
            stock=view.stock_left,
        ),
    ]
    if view.multiplier > 1:
        lines.append(t(lang, "live.multiplier", multiplier=view.multiplier))
    return lines


def results_lines(info: TableInfo, lang: str, view: TableView) -> list[str]:
    """One line per finished trick of the deal: who took it ("you" for the
    viewer's own), with which cards, its points, and the combination it was
    led with.

    The cards that took a trick are named because the move that took it (the
    last answer) is never among the plays on the table: the next draw already
    shows the trick's result. `last_trick_line` shows the whole trick until
    the next lead; these lines keep the deciding cards for the whole deal."""
    # A deal stored before its plays were kept has fewer plays than results:
    # its first tricks are shown without their cards.
    missing = len(view.results) - len(view.history)
    lines: list[str] = []
    for index, result in enumerate(view.results):
        plays = view.history[index - missing] if index >= missing else ()
        taking = cards_text(lang, taking_cards(plays), view.trump) if plays else ""
        lines.append(
            _result_line(
                lang,
                index + 1,
                None if result.seat == view.viewer else _name(info, result.seat),
                result.points,
                result.combination,
                taking,
                face_down_text(lang, plays, view.trump),
                cards_text(lang, points_fallen(plays), view.trump) if result.points else "",
            )
        )
    return lines


def points_fallen(plays: Sequence[PlayView]) -> tuple[Card, ...]:
    """The face-up cards with points in a finished trick, in the order they
    were played: what its points are made of ("24 очка: Т♥️ Т♦️ В♣️"), the
    discards included, which in burkozel is most of what one needs to know
    about the aces and tens still out (players-review-2 §4 item 2). Face-down
    cards are left to the line's "в закрытую" note, as its points leave them."""
    return tuple(
        card
        for play in plays
        if not play.face_down
        for card in play.cards
        if card is not None and card.points
    )


def tricks_lines(info: TableInfo, lang: str, view: TableView) -> list[str]:
    """The deal's finished tricks: a line each, then the one just taken in
    full while it lies on the table."""
    lines = results_lines(info, lang, view)
    last = last_trick_line(info, lang, view)
    return lines if last is None else [*lines, last]


def last_trick_line(info: TableInfo, lang: str, view: TableView) -> str | None:
    """The trick just taken, play by play, while the next lead is awaited (and
    in a deal's closed message and records, its last trick): at a table it
    lies there until it is gathered. The last answer is on no other screen
    (an open discard in two-player burkozel is the whole answer), so this is
    where the table reads it. None once the next lead is made."""
    if view.trick or not view.history:
        return None
    marks = {PlayKind.LEAD: "", PlayKind.BEAT: BEAT_MARK, PlayKind.DISCARD: DISCARD_MARK}
    plays = [
        f"{_name(info, play.seat)} {marks[play.kind]}{cards_text(lang, play.cards, view.trump)}"
        for play in view.history[-1]
    ]
    return t(lang, "live.last_trick", plays=Html(" · ".join(plays)))


def owner_play(plays: Sequence[PlayView]) -> PlayView:
    """The play that owns a trick so far: the last beat, or the lead when
    nobody beat (4.3: with 3–4 players the next answer must beat these)."""
    for play in reversed(plays):
        if play.kind is PlayKind.BEAT:
            return play
    return plays[0]


def answer_target(info: TableInfo, lang: str, view: TableView) -> Html:
    """What an answer must beat: the owning cards, and with 3–4 players
    whose they are ("Д♣️★ (Олеся)"), since the last beater's cards, not the
    leader's, are the ones to beat and newcomers answer the wrong ones. At a
    table seated for 3–4 the name stays when only two are left in."""
    owner = owner_play(view.trick)
    cards = cards_text(lang, owner.cards, view.trump)
    if len(info.names) <= 2:
        return Html(cards)
    return Html(f"{cards} ({_name(info, owner.seat)})")


def taking_cards(plays: Sequence[PlayView]) -> tuple[Card | None, ...]:
    """The cards that took a finished trick: the last beat's, or the lead's
    when nobody beat (4.4). Both are face up."""
    return owner_play(plays).cards


def face_down_text(lang: str, plays: Sequence[PlayView], trump: Suit | None) -> str:
    """A trick's face-down cards as its viewer sees them (his own face up, then
    the others' backs: "🎴×6" for six), or "": its points count only the
    face-up cards until the deal is scored, so its line names what they
    leave out."""
    down = [card for play in plays if play.face_down for card in play.cards]
    own = [card for card in down if card is not None]
    backs = len(down) - len(own)
    parts = [cards_text(lang, own, trump)] if own else []
    if backs:
        parts.append(FACE_DOWN if backs == 1 else f"{FACE_DOWN}×{backs}")
    return " ".join(parts)


# The live message is drawn again on every move with every trick's line so far:
# half of what the bot spent in its texts under load (docs/PERFORMANCE.md).
@lru_cache(maxsize=32768)
def _result_line(
    lang: str,
    number: int,
    name: Html | None,
    points: int,
    combination: str | None,
    cards: str,
    face_down: str = "",
    fallen: str = "",
) -> Html:
    key = "trick.line_mine" if name is None else "trick.line"
    args: dict[str, object] = {"number": number, "points": points}
    if name is not None:
        args["name"] = name
    if cards:
        key, args["cards"] = f"{key}_cards", cards
    made_of = f": {fallen}" if fallen else ""
    line = Html(t(lang, key, **args) + made_of + _face_down_note(lang, face_down))
    if combination:
        line = Html(f"{line} · {combo_name(lang, combination)}")
    return line


def deal_closed(
    view: TableView, final: TrickResult | None, last: PlayView | None = None
) -> TableView:
    """A view of the deal that just ended, as the last move left it: its last
    trick (if one was taken) among the results and its plays (the move's own,
    `last`, included) in the history and its points in its taker's pile,
    nothing on the table, nobody to move. `view` is of the state before that
    move."""
    results, history, points = view.results, view.history, view.pile_points
    if final is not None:
        results = (*results, final)
        history = (*history, view.trick if last is None else (*view.trick, last))
        # The taker's pile gains the last trick, as every trick line before it
        # did: the points line must add up to the lines under it.
        points = tuple(
            None if known is None else known + (final.points if seat == final.seat else 0)
            for seat, known in enumerate(points)
        )
    return dataclasses.replace(
        view,
        results=results,
        history=history,
        pile_points=points,
        trick=(),
        turn=None,
        combination=None,
        legal=(),
        leader=None,
    )


def live(info: TableInfo, lang: str, view: TableView) -> Screen:
    """The group's one message per deal: the table, every trick's result as
    it ends, and the trick in progress. `view` is the spectator's."""
    lines = _header(info, lang, view)
    lines.append(_penalties_line(info, lang, view))
    info = _with_teams(info, view)
    points = [
        f"{esc(info.names[s])} {p}"
        for s, p in enumerate(view.pile_points)
        if p is not None and s in view.active
    ]
    if points:
        lines.append(t(lang, "live.points", points=Html(" · ".join(points))))
    if view.results:
        lines.append("")
        lines.extend(tricks_lines(info, lang, view))
    if view.trick or view.turn is not None:
        lines.append("")
    if view.trick:
        if view.combination:
            lines.append(combination_line(info, lang, view))
        lines.extend(_plays_line(info, lang, view.trick, view.trump))
        need = len(view.trick[0].cards)
        lines.append(
            t(
                lang,
                "live.turn_answer",
                name=_name(info, view.turn),
                need=need,
                target=answer_target(info, lang, view),
            )
        )
    elif view.turn is not None:
        lines.append(t(lang, "live.turn_lead", name=_name(info, view.turn)))
    if view.turn is not None and _timed(info, view.turn):
        lines[-1] = Html(f"{lines[-1]} · {t(lang, 'live.turn_time', seconds=info.turn_time)}")
    return Screen("\n".join(lines), _my_cards(info, lang, view))


def _timed(info: TableInfo, seat: int) -> bool:
    """Whether the seat to move is on the clock: a person playing for
    themselves (a computer, or one standing in for a person, moves at once)."""
    return seat not in info.computers and seat not in info.away


def _my_cards(info: TableInfo, lang: str, view: TableView) -> tuple[tuple[Button, ...], ...]:
    """The way from the group to one's hand: a link to the bot's private
    chat, where the hand is, while there is something to play. A link, not
    a callback: the tap opens the chat without a round trip to the bot."""
    if view.turn is None or not info.bot_username:
        return ()
    link = f"https://t.me/{info.bot_username}"
    return ((Button(t(lang, "live.my_cards"), url=link),),)


def trick_record(
    info: TableInfo,
    lang: str,
    number: int,
    plays: Sequence[PlayView],
    taker: int,
    points: int,
    combination: str | None,
) -> Screen:
    """What the live message becomes once its trick is taken."""
    lines: list[str] = [t(lang, "trick.title", number=number)]
    if combination:
        lines.append(
            t(
                lang,
                "live.combination",
                name=_name(info, plays[0].seat),
                combo=combo_name(lang, combination),
            )
        )
    lines.extend(_plays_line(info, lang, plays))
    taken = t(lang, "trick.taken", name=_name(info, taker), points=points)
    hidden = face_down_text(lang, plays, None)
    lines.append(Html(taken + _face_down_note(lang, hidden)))
    return Screen("\n".join(lines))


def _face_down_note(lang: str, cards: str) -> Html:
    return Html(" " + t(lang, "trick.face_down", cards=cards)) if cards else Html("")
