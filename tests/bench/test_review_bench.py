"""The coach's load measure (bench/reviews.py): a review is timed from the
tap on 🔍 to the message that carries it, the "it will come" notice is
counted apart and stops no clock, and each chat's reviews come in order."""

from __future__ import annotations

from bench.reviews import ReviewTimes
from bench.window import Window


def test_a_review_is_timed_from_the_tap_to_its_message() -> None:
    measure = ReviewTimes()
    window = Window("person")
    measure.asked(1, 10.0, window)
    measure.asked(1, 12.0, window)
    measure.asked(2, 11.0, None)  # asked outside the window: not counted in it
    measure.shown(1, "🃏 Стол #1 · сдача 2", 12.5)  # a hand: nothing
    measure.shown(1, "⏳ Разбор сдачи 1 (стол #1) в очереди", 13.0)
    measure.shown(1, "🔍 Разбор сдачи 1 · стол #1", 14.0)
    measure.shown(2, "🔍 Review of deal 1 · table #2", 15.0)
    assert measure.unresolved() == 1
    measure.shown(1, "🔍 Разбор сдачи 2 · стол #1", 20.0)
    summary = measure.summary(window)["reviews"]
    assert summary["asked"] == 2 and summary["received"] == 2 and summary["notices"] == 1
    assert summary["seconds"] == {"p50": 4.0, "p95": 8.0, "max": 8.0}
    assert summary["still_awaited"] == 0
    assert "reviews p50/p95/max 4.0/8.0/8.0 s" in ReviewTimes.lines({"reviews": summary})[0]
