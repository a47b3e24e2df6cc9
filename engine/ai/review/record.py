"""A review as plain JSON, so the bot can store it under its `review_key` once
and show it again without searching (the reviews are deterministic, so a
stored one is the one a new search would give)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.actions import Action
from engine.ai.review.deal import DealReview, Decision, HandKind, Luck


def _action(action: Action | None) -> dict[str, Any] | None:
    return None if action is None else action.to_json()


def _decision_json(decision: Decision) -> dict[str, Any]:
    data = decision._asdict()
    data["played"] = _action(decision.played)
    data["better"] = _action(decision.better)
    return data


def review_to_json(review: DealReview) -> dict[str, Any]:
    data = review._asdict()
    data["seats"] = list(review.seats)
    data["decisions"] = [_decision_json(d) for d in review.decisions]
    data["costliest"] = [review.decisions.index(d) for d in review.costliest]
    data["luck"] = None if review.luck is None else review.luck._asdict()
    if review.luck is not None:
        data["luck"]["hand"] = review.luck.hand.value
    return data


def _decision(data: Mapping[str, Any]) -> Decision:
    better = data["better"]
    return Decision(
        **{
            **data,
            "played": Action.from_json(data["played"]),
            "better": None if better is None else Action.from_json(better),
        }
    )


def review_from_json(data: Mapping[str, Any]) -> DealReview:
    decisions = tuple(_decision(d) for d in data["decisions"])
    luck = data["luck"]
    return DealReview(
        **{
            **data,
            "seats": tuple(data["seats"]),
            "decisions": decisions,
            "costliest": tuple(decisions[index] for index in data["costliest"]),
            "luck": None if luck is None else Luck(**{**luck, "hand": HandKind(luck["hand"])}),
        }
    )
