"""The coach's review of one player's deal (issue 66), in a few lines.

Pure: the engine's `DealReview` in, text out. What it shows is the reader's
own: the moves they made, the card the search would have played instead
(from the same hand, as they saw it), what the difference was worth in
the units players read (penalty points, card points), and the luck line
that tells the hand from the play. Nothing of another's hand appears: the
review was searched from the reader's views only (engine/ai/review/deal.py),
and its better cards are the reader's own. In kozel the costs are the team's.
"""

from __future__ import annotations

from bot.view.cards import BEAT_MARK, DISCARD_MARK, cards_text
from bot.view.i18n import Html, decimal, t
from bot.view.screen import Screen
from engine.actions import Action, Kind
from engine.ai.review import DealReview, Decision
from engine.cards import Suit

_MARKS = {Kind.BEAT: BEAT_MARK, Kind.DISCARD: DISCARD_MARK}
# Below these a part of a cost goes unsaid (penalty points, card points).
PENALTY_SAID = 0.1
POINTS_SAID = 1


def review_screen(lang: str, review: DealReview, table: int, trump: Suit | None) -> Screen:
    """The review as a message: the title, the hand's luck, the costliest
    moves (or that none cost much), and whose view it was judged from."""
    team = "yes" if len(review.seats) > 1 else "no"
    lines: list[str] = [t(lang, "review.title", deal=review.deal_number, table=table)]
    luck = review.luck
    if luck is None:
        lines.append(t(lang, "review.no_moves"))
        return Screen("\n".join(lines))
    lines.append(
        t(
            lang,
            "review.luck",
            hand=luck.hand.value,
            team=team,
            expected=decimal(lang, max(0.0, luck.expected_penalty)),
            penalties=luck.actual_penalty,
        )
    )
    lines.append("")
    if review.clean:
        lines.append(t(lang, "review.clean", count=len(review.decisions)))
    else:
        lines.append(t(lang, "review.costly", team=team))
        for decision in review.costliest:
            lines.append(_move_line(lang, decision, trump))
    lines.append("")
    lines.append(t(lang, "review.note"))
    return Screen("\n".join(lines))


def _move_line(lang: str, decision: Decision, trump: Suit | None) -> Html:
    return t(
        lang,
        "review.move",
        number=decision.trick + 1,
        played=Html(_action_text(lang, decision.played, trump)),
        better=Html(_action_text(lang, decision.better, trump)),
        cost=_cost_text(lang, decision),
    )


def _action_text(lang: str, action: Action | None, trump: Suit | None) -> str:
    """A move as the reader knows it: its cards, a claim, or declaring nothing."""
    if action is None:
        return t(lang, "review.no_declare")
    if action.kind is Kind.CLAIM:
        return t(lang, "review.claim")
    cards = cards_text(lang, action.cards, trump)
    if action.kind is Kind.DECLARE:
        return t(lang, "review.declare", cards=Html(cards))
    # As the hand's buttons mark an answer: the same cards beat or discarded
    # are different moves.
    return f"{_MARKS.get(action.kind, '')}{cards}"


def _cost_text(lang: str, decision: Decision) -> Html:
    """The difference in the units players read: expected penalty points,
    card points, or both; the search's own figure when both are small (a
    cost in the margin between the sides)."""
    penalty = decision.penalty_cost
    points = round(decision.points_cost)
    if penalty >= PENALTY_SAID and points >= POINTS_SAID:
        return t(lang, "review.cost_both", penalty=decimal(lang, penalty), points=points)
    if points >= POINTS_SAID:
        return t(lang, "review.cost_points", points=points)
    return t(lang, "review.cost_penalty", penalty=decimal(lang, max(penalty, decision.cost)))
