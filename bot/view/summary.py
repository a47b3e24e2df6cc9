"""A deal's summary: each side's points and tricks, its penalty with the rule
that gave it, and the deal's winner first, marked 🏆.

"+2" alone teaches nothing; "+2 penalty points (31 or more)" teaches the
scoring table of docs/RULES.md 6 one deal at a time. The reasons are worked
out here from what the engine reported (engine/scoring.py decides; this
names its cases), so a table that learns the game from the bot reads why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.view.i18n import Html, esc, t
from bot.view.screen import Screen, TableInfo
from engine import RuleSet
from engine.events import ClaimMade, DealScored, DealWonByCombination, Event, SideResult
from engine.rules import Preset

TROPHY = "🏆"


class Reason(NamedTuple):
    """Why a side got its penalty: a `deal-why-*` key and its parameters."""

    key: str
    params: tuple[tuple[str, object], ...] = ()


def reasons(
    event: DealScored, rules: RuleSet, players: int, others: Sequence[Event] = ()
) -> tuple[dict[int, Reason | None], int | None]:
    """Per side of `event.results`, why its penalty is what it is (None: no
    reason to give, as for the bystanders of a false claim); and the side
    that won the deal, if one did. `others`: the move's other events (a
    bura claim, a combination won on sight); `players`: seats still playing."""
    results = event.results
    sides = len(results)
    if rules.preset is Preset.BURA:
        return _bura(event, others)
    passing = rules.passing_score(players)
    best = max(result.points for result in results)
    leaders = [r.side for r in results if r.points == best]
    winner = leaders[0] if len(leaders) == 1 and not event.eggs else None
    why: dict[int, Reason | None] = {}
    for result in results:
        if event.eggs and result.points == 60:
            why[result.side] = Reason("deal.why.eggs")
        elif result.points == best:
            why[result.side] = Reason("deal.why.most", (("sides", sides),))
        elif result.tricks == 0:
            why[result.side] = Reason("deal.why.no_tricks")
        elif rules.six_for_zero_points and result.points == 0:
            why[result.side] = Reason("deal.why.zero_points")
        elif result.points >= passing:
            why[result.side] = Reason("deal.why.pass", (("pass", passing),))
        else:
            why[result.side] = Reason("deal.why.under", (("pass", passing),))
    return why, winner


def _bura(
    event: DealScored, others: Sequence[Event]
) -> tuple[dict[int, Reason | None], int | None]:
    """Bura: the winner's reason is how the deal was won; every other side
    lost it. A false claim costs the claimant alone; the others' 0 needs no
    reason."""
    results = event.results
    side_of = {seat: r.side for r in results for seat in r.seats}
    claim = next((e for e in others if isinstance(e, ClaimMade)), None)
    combo = next((e for e in others if isinstance(e, DealWonByCombination)), None)
    if event.reason == "claim" and claim is not None and not claim.success:
        claimant = side_of.get(claim.seat)
        return {
            r.side: Reason("deal.why.claim_false") if r.side == claimant else None for r in results
        }, None
    winner: int | None
    if event.reason == "claim" and claim is not None:
        winner, won = side_of.get(claim.seat), Reason("deal.why.claim_true")
    elif event.reason == "combination" and combo is not None:
        winner = side_of.get(combo.seat)
        won = Reason("deal.why.combination", (("combo", t_combo(combo.combination)),))
    else:
        unpenalised = [r.side for r in results if r.penalty == 0]
        winner = unpenalised[0] if len(unpenalised) == 1 else None
        won = Reason("deal.why.most", (("sides", len(results)),))
    return {r.side: won if r.side == winner else Reason("deal.why.lost") for r in results}, winner


def t_combo(combo: str) -> str:
    """A combination, as its `combo-*` key: the language is not known yet."""
    return f"combo.{combo}"


def _why_text(lang: str, reason: Reason) -> Html:
    params = {
        name: (t(lang, value) if name == "combo" and isinstance(value, str) else value)
        for name, value in reason.params
    }
    return t(lang, reason.key, **params)


def _penalty_text(lang: str, result: SideResult, reason: Reason | None) -> Html:
    if result.penalty:
        text = t(lang, "deal.penalty", penalty=result.penalty)
    else:
        text = t(lang, "deal.penalty_none")
    if reason is not None:
        text = Html(f"{text} ({_why_text(lang, reason)})")
    return text


def deal_summary(
    info: TableInfo,
    lang: str,
    event: DealScored,
    rules: RuleSet,
    others: Sequence[Event] = (),
) -> Screen:
    """The deal's summary: the winner first (🏆), then by points."""
    lines: list[str] = [t(lang, "deal.title", number=event.number)]
    if event.eggs:
        lines.append(t(lang, "deal.eggs"))
    if event.multiplier > 1:
        lines.append(t(lang, "deal.multiplied", multiplier=event.multiplier))
    players = sum(len(r.seats) for r in event.results)
    why, winner = reasons(event, rules, players, others)
    ordered = sorted(event.results, key=lambda r: (r.side != winner, -r.points, r.side))
    for result in ordered:
        who = " + ".join(esc(info.names[s]) for s in result.seats)
        if result.side == winner:
            who = f"{TROPHY} {who}"
        # "Total 8 of 6" reads oddly: past the limit it names the limit instead.
        key = "deal.line_over" if result.total > rules.limit else "deal.line"
        lines.append(
            t(
                lang,
                key,
                name=Html(who),
                points=result.points,
                tricks=result.tricks,
                penalty=_penalty_text(lang, result, why.get(result.side)),
                total=result.total,
                limit=rules.limit,
            )
        )
    return Screen("\n".join(lines))
