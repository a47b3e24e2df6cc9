"""/stats' rating chart is drawn once per person, language, place and
latest result (S16): asking again, or twice at once, sends the drawn one."""

from __future__ import annotations

import asyncio
import dataclasses
from types import SimpleNamespace
from typing import Any, cast

from bot.storage import ResultRow, SeatResult
from bot.tables.core import Tables
from bot.tables.pictures import CHART_CACHE, Pictures


class CountingThinking:
    """Draws a chart by naming what it was asked; counts the drawings and
    holds them until `free` is set."""

    def __init__(self) -> None:
        self.drawn = 0
        self.free = asyncio.Event()
        self.free.set()
        self.fail = False

    async def run(self, function: Any, *args: Any) -> bytes:
        self.drawn += 1
        await self.free.wait()
        if self.fail:
            raise RuntimeError("no drawing today")
        return repr(args).encode()


def rated(table_id: int) -> ResultRow:
    seat = SeatResult(0, "u:1", 1, None, "Аня", 0, 1, 0, 1, 1, 0, 0, 0, 0)
    return ResultRow(table_id, -1, "bura", False, float(table_id), seat, (25.0, 8.0), (26.0, 7.0))


def pictures() -> tuple[Pictures, CountingThinking]:
    thinking = CountingThinking()
    return Pictures(cast(Tables, SimpleNamespace(store=None, thinking=thinking))), thinking


async def test_a_repeated_stats_sends_the_chart_it_drew() -> None:
    shown, thinking = pictures()
    rows = [rated(1), rated(2)]
    first = await shown.rating_chart(rows, 1, "Аня", "ru", -1)
    assert first is not None and thinking.drawn == 1
    assert await shown.rating_chart(list(rows), 1, "Аня", "ru", -1) == first
    assert thinking.drawn == 1, "nothing new: not drawn again"
    # Anything that changes the picture draws it anew.
    await shown.rating_chart([*rows, rated(3)], 1, "Аня", "ru", -1)  # a new result
    await shown.rating_chart(rows, 1, "Аня", "en", -1)  # another language
    await shown.rating_chart(rows, 1, "Аня", "ru", None)  # in private: every group
    await shown.rating_chart(rows, 2, "Аня", "ru", -1)  # another person of that name
    await shown.rating_chart(rows, 1, "Анна", "ru", -1)  # a new name
    assert thinking.drawn == 6
    # Nobody rated: nothing to draw.
    unrated = [dataclasses.replace(rated(4), before=None, after=None)]
    assert await shown.rating_chart(unrated, 1, "Аня", "ru", -1) is None
    assert thinking.drawn == 6


async def test_the_same_chart_asked_twice_at_once_is_drawn_once() -> None:
    shown, thinking = pictures()
    thinking.free.clear()
    asked = [
        asyncio.ensure_future(shown.rating_chart([rated(1)], 1, "Аня", "ru")) for _ in range(3)
    ]
    await asyncio.sleep(0)
    thinking.free.set()
    charts = await asyncio.gather(*asked)
    assert thinking.drawn == 1 and charts[0] is not None and len(set(charts)) == 1


async def test_a_failed_chart_is_tried_again_and_the_cache_is_bounded() -> None:
    shown, thinking = pictures()
    thinking.fail = True
    assert await shown.rating_chart([rated(1)], 1, "Аня", "ru") is None
    thinking.fail = False
    assert await shown.rating_chart([rated(1)], 1, "Аня", "ru") is not None
    assert thinking.drawn == 2
    for person in range(2, CHART_CACHE + 2):
        await shown.rating_chart([rated(1)], person, "Аня", "ru")
    assert thinking.drawn == CHART_CACHE + 2
    await shown.rating_chart([rated(1)], 1, "Аня", "ru")  # the oldest went first
    assert thinking.drawn == CHART_CACHE + 3
