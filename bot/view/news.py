"""What the group reads about a move: the record of a finished trick and the
news lines for claims, combinations, deal results and eliminations. Pure:
events in, text out."""

from __future__ import annotations

from collections.abc import Sequence

from bot.view import final, render, summary
from bot.view.cards import cards_text
from bot.view.i18n import t
from bot.view.screen import Screen, TableInfo
from engine import MatchState, view_for
from engine.cards import Card
from engine.events import (
    CardsPlayed,
    ClaimMade,
    CombinationDeclared,
    DealScored,
    DealVoid,
    DealWonByCombination,
    DeclarationRefused,
    Event,
    MatchOver,
    SideEliminated,
    TrickTaken,
)
from engine.state import PlayKind, TrickResult
from engine.view import PlayView, event_for


def trick_record(
    info: TableInfo,
    lang: str,
    previous: MatchState,
    events: Sequence[Event],
    taken: TrickTaken,
    state: MatchState,
) -> Screen:
    before = view_for(previous, None)
    plays = list(before.trick)
    last = last_play(previous, events, None)
    if last is not None:
        plays.append(last)
    public = event_for(taken, None, previous.rules)
    assert isinstance(public, TrickTaken)
    return render.trick_record(
        info,
        lang,
        taken.trick_number,
        plays,
        taken.seat,
        public.points,
        before.combination,
    )


def last_play(previous: MatchState, events: Sequence[Event], viewer: int | None) -> PlayView | None:
    """The move's own play as `viewer` saw it (face-down cards hidden from all
    but their owner): the play that is never on the table when the move
    closes a trick."""
    last = next((e for e in events if isinstance(e, CardsPlayed)), None)
    if last is None:
        return None
    shown = event_for(last, viewer, previous.rules)
    assert isinstance(shown, CardsPlayed)
    cards: tuple[Card | None, ...] = shown.cards if shown.cards else (None,) * len(last.cards)
    return PlayView(
        seat=last.seat,
        kind=PlayKind.BEAT if last.beat else PlayKind.DISCARD,
        cards=cards,
        face_down=last.face_down,
    )


def announcements(
    info: TableInfo,
    lang: str,
    events: Sequence[Event],
    state: MatchState,
    *,
    live: bool = False,
) -> list[str]:
    """`live`: for a table whose live message already shows what happens in a
    deal (an out-of-turn combination on its trick and in its trick's result
    line), so those are not announced twice; and the match's end, which then
    goes as a message of its own (`match_end`) whose first line is its 🏁."""
    news: list[str] = []
    names = info.names
    for event in events:
        if live and isinstance(event, CombinationDeclared | MatchOver):
            continue
        if isinstance(event, DealWonByCombination) or (
            isinstance(event, CombinationDeclared) and event.out_of_turn
        ):
            # A combination shown: declared out of turn, or a bura's deal won on it.
            key = "news.combo_win" if isinstance(event, DealWonByCombination) else "news.declared"
            news.append(
                t(
                    lang,
                    key,
                    name=names[event.seat],
                    combo=render.combo_name(lang, event.combination),
                    cards=cards_text(lang, event.cards),
                )
            )
        elif isinstance(event, DeclarationRefused):
            news.append(
                t(
                    lang,
                    f"news.refused.{event.reason}",
                    name=names[event.seat],
                    combo=render.combo_name(lang, event.combination),
                    by=render.combo_name(lang, event.by) if event.by else "",
                )
            )
        elif isinstance(event, ClaimMade):
            key = "news.claim_true" if event.success else "news.claim_false"
            news.append(t(lang, key, name=names[event.seat], points=event.points))
        elif isinstance(event, DealVoid):
            news.append(t(lang, f"news.void.{event.reason}"))
        elif isinstance(event, DealScored):
            news.append(summary.deal_summary(info, lang, event, state.rules, events).text)
        elif isinstance(event, SideEliminated):
            who = " + ".join(names[s] for s in event.seats)
            news.append(
                t(
                    lang,
                    "news.eliminated",
                    name=who,
                    count=len(event.seats),
                    penalties=event.penalties,
                )
            )
        elif isinstance(event, MatchOver):
            news.append(final.match_over(info, lang, event).text)
    return news


def match_end(info: TableInfo, lang: str, events: Sequence[Event]) -> str | None:
    """The match's end message, when this move ended it."""
    over = next((e for e in events if isinstance(e, MatchOver)), None)
    return None if over is None else final.match_over(info, lang, over).text


def deal_ended(events: Sequence[Event]) -> bool:
    """Whether a move ended a deal (scored, won on a combination or void)."""
    return any(isinstance(e, DealScored | DealVoid) for e in events)


def last_trick(previous: MatchState, events: Sequence[Event]) -> TrickResult | None:
    """The result line of the trick a move took, as everybody saw it."""
    taken = next((e for e in events if isinstance(e, TrickTaken)), None)
    if taken is None:
        return None
    public = event_for(taken, None, previous.rules)
    assert isinstance(public, TrickTaken)
    trick = previous.deal.trick if previous.deal is not None else None
    return TrickResult(taken.seat, public.points, trick.combination if trick else None)
