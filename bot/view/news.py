"""What the group reads about a move: the record of a finished trick and the
news lines for claims, combinations, deal results and eliminations. Pure:
events in, text out."""

from __future__ import annotations

from collections.abc import Sequence

from bot.view import render
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
from engine.state import PlayKind
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
    last = next((e for e in events if isinstance(e, CardsPlayed)), None)
    if last is not None:
        shown = event_for(last, None, previous.rules)
        assert isinstance(shown, CardsPlayed)
        cards: tuple[Card | None, ...] = shown.cards if shown.cards else (None,) * len(last.cards)
        plays.append(
            PlayView(
                seat=last.seat,
                kind=PlayKind.BEAT if last.beat else PlayKind.DISCARD,
                cards=cards,
                face_down=last.face_down,
            )
        )
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


def announcements(
    info: TableInfo, lang: str, events: Sequence[Event], state: MatchState
) -> list[str]:
    news: list[str] = []
    names = info.names
    for event in events:
        if isinstance(event, CombinationDeclared) and event.out_of_turn:
            news.append(
                t(
                    lang,
                    "news.declared",
                    name=names[event.seat],
                    combo=render.combo_name(lang, event.combination),
                    cards=render.cards_text(event.cards),
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
        elif isinstance(event, DealWonByCombination):
            news.append(
                t(
                    lang,
                    "news.combo_win",
                    name=names[event.seat],
                    combo=render.combo_name(lang, event.combination),
                    cards=render.cards_text(event.cards),
                )
            )
        elif isinstance(event, DealVoid):
            news.append(t(lang, f"news.void.{event.reason}"))
        elif isinstance(event, DealScored):
            news.append(render.deal_summary(info, lang, event, state.rules).text)
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
            news.append(render.match_over(info, lang, event).text)
    return news
