"""The coach (issue 66): a review of one seat's play after a deal, and hints.

- `review_deal` (`engine.ai.review.deal`): every move the seat made in a
  finished deal, judged by the hard player's search from the seat's view at
  the time; the costliest moves with the better card and the cost in
  penalty and card points; the hand's expected outcome against the actual.
- `hint` (`engine.ai.review.hint`): the hard player's choice for a position
  and a reason as a code with card values, for the bot to put in words.
- `engine.ai.review.weigh`: the per-decision search both use
  (`engine.ai.review.exact` where the hard player solves the endgame).
- `review_to_json` / `review_from_json`: a review as stored JSON.

Pure like the rest of the engine: codes and numbers out, no text.
"""

from engine.ai.review.deal import (
    REVIEW_WORLDS,
    DealReview,
    Decision,
    HandKind,
    Luck,
    deal_log,
    review_deal,
    review_key,
)
from engine.ai.review.hint import HINT_PLAYOUTS, Hint, Reason, ReasonKind, hint, reason_for
from engine.ai.review.record import review_from_json, review_to_json
from engine.ai.review.weigh import Coach

__all__ = [
    "HINT_PLAYOUTS",
    "REVIEW_WORLDS",
    "Coach",
    "DealReview",
    "Decision",
    "HandKind",
    "Hint",
    "Luck",
    "Reason",
    "ReasonKind",
    "deal_log",
    "hint",
    "reason_for",
    "review_deal",
    "review_from_json",
    "review_key",
    "review_to_json",
]
