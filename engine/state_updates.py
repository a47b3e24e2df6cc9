"""Small immutable-update helpers for the engine's named tuples, faster than
`_replace` or `dataclasses.replace` on the hot paths of `apply`."""

from __future__ import annotations

from typing import Any

from engine.cards import Card
from engine.state import Deal, MatchState


def put(
    values: tuple[tuple[Card, ...], ...], index: int, value: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def without(
    hands: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """`hands` after `seat` has played `cards` from his hand."""
    hand = hands[seat]
    if len(cards) == 1:
        index = hand.index(cards[0])
        left = hand[:index] + hand[index + 1 :]
    else:
        left = tuple([card for card in hand if card not in cards])
    changed = list(hands)
    changed[seat] = left
    return tuple(changed)


def _replacer(cls: type) -> Any:
    """A fast `_replace` for a named tuple: keyword changes, positional rebuild."""
    names = cls._fields  # type: ignore[attr-defined]
    params = ", ".join(f"{n}=_KEEP" for n in names)
    values = ", ".join(f"obj.{n} if {n} is _KEEP else {n}" for n in names)
    source = f"def replace(obj, *, {params}):\n    return new(cls, ({values},))\n"
    namespace: dict[str, Any] = {"cls": cls, "new": tuple.__new__, "_KEEP": object()}
    exec(source, namespace)
    return namespace["replace"]


def _updater(cls: type, *changed: str) -> Any:
    """A faster `_replace` for one fixed set of fields, all of which must be given:
    `_updater(Deal, "turn")(deal, turn=1)` is `deal._replace(turn=1)`."""
    names = cls._fields  # type: ignore[attr-defined]
    assert set(changed) <= set(names), changed
    params = ", ".join(changed)
    values = ", ".join(n if n in changed else f"obj[{i}]" for i, n in enumerate(names))
    source = f"def update(obj, *, {params}):\n    return new(cls, ({values},))\n"
    namespace: dict[str, Any] = {"cls": cls, "new": tuple.__new__}
    exec(source, namespace)
    return namespace["update"]


replace_deal = _replacer(Deal)
replace_match = _replacer(MatchState)
deal_after_play = _updater(Deal, "hands", "face_down", "trick", "turn")
deal_after_trick = _updater(
    Deal,
    "hands",
    "stock",
    "piles",
    "tricks_won",
    "face_down",
    "trick",
    "turn",
    "tricks_played",
    "last_taker",
    "results",
    "history",
)
match_after_step = _updater(MatchState, "deal", "step")
match_with_new_deal = _updater(MatchState, "deals_dealt", "deal")
