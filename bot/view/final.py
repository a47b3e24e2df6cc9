"""The match's final screen: the standing with medals (and the bank's
payouts), the ratings' and chips' changes, and the call to play again.

Pure, like the rest of bot/view; apart from `bot.view.render`, whose screens
follow a deal as it is played, because a match's end is told once.
"""

from __future__ import annotations

from bot.view.hints import hints_line
from bot.view.i18n import Html, decimal, esc, signed, t
from bot.view.render import preset_name
from bot.view.screen import Screen, TableInfo
from bot.view.verify import reveal_line
from engine.events import MatchOver, Placing


def match_over(info: TableInfo, lang: str, event: MatchOver) -> Screen:
    lines: list[str] = [t(lang, "final.title", preset=preset_name(lang, info.rules), table=info.id)]
    for placing in event.standing:
        # With chips at stake the people's own lines below say what moved
        # (computers are paid nothing): the engine's split is not repeated.
        lines.append(_placing_line(info, lang, placing, event.bank > 0 and not info.chips))
    lines.append(t(lang, "final.deals", deals=event.deals))
    # Ratings after the standing: the lines above keep the shape groups and
    # scripts watch for (🏁 first, 🥇 on the winner's line). The call to play
    # again comes last, next to its button.
    if info.practice:
        lines.append(t(lang, "final.unrated"))
        if info.hints_used:
            lines.append(hints_line(lang, info.hints_used))
    elif info.ratings:
        lines.append("")
        lines.append(t(lang, "final.ratings", preset=preset_name(lang, info.rules)))
        # The change's reason beside it (players-review-2 §4.5: "25,0 → 25,7"
        # after a second place read as arbitrary): the place it was for.
        place = {seat: placing.rank for placing in event.standing for seat in placing.seats}
        for seat, before, after in info.ratings:
            lines.append(
                t(
                    lang,
                    "final.rating_line",
                    name=esc(info.names[seat]),
                    before=decimal(lang, before),
                    after=decimal(lang, after),
                    change=signed(lang, after - before),
                    place=place.get(seat, len(event.standing)),
                    places=len(event.standing),
                )
            )
    if info.chips:
        lines.append("")
        lines.append(t(lang, "final.chips"))
        for seat, change, balance in info.chips:
            lines.append(
                t(
                    lang,
                    "final.chips_line",
                    name=esc(info.names[seat]),
                    change=signed_chips(change),
                    balance=balance,
                )
            )
    if info.reveal is not None:  # the checkable shuffle's secret, to copy
        lines += ["", reveal_line(lang, info.reveal)]
    if info.tournament_round is None:  # a tournament's next match is its next round
        if (info.ratings and not info.practice) or info.chips or info.reveal is not None:
            lines.append("")
        lines.append(t(lang, "final.again_practice" if info.practice else "final.again"))
    return Screen("\n".join(lines))


def signed_chips(change: int) -> str:
    """A balance's change: +10, −10 (a real minus), ±0."""
    if change == 0:
        return "±0"
    return ("+" if change > 0 else "−") + str(abs(change))


def _placing_line(info: TableInfo, lang: str, placing: Placing, bank: bool) -> Html:
    medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(placing.rank, "▫️")
    who = " + ".join(esc(info.names[s]) for s in placing.seats)
    line = t(
        lang,
        "final.line",
        medal=medal,
        rank=placing.rank,
        name=Html(who),
        penalties=placing.penalties,
    )
    if bank:
        shares = placing.shares
        if len(shares) > 1 and len(set(shares)) == 1:  # kozel partners split equally
            line = Html(line + " " + t(lang, "final.payout_each", chips=shares[0]))
        elif len(shares) > 1:
            chips = " + ".join(str(share) for share in shares)
            line = Html(line + " " + t(lang, "final.payout", chips=chips))
        else:
            line = Html(line + " " + t(lang, "final.payout", chips=placing.payout))
    return line
