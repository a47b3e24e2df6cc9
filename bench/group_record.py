"""Whether the group's record of every finished deal is complete
(`python -m bench.load --measure record`, the person pace's default).

Under a group's budget of 20 messages a minute the bot folds moves together
in the deal's live message; what must never be lost is a trick. The ground
truth is the bot's database, read once the bot has stopped: each table
replayed from its seed and action log gives every finished deal and its
tricks. The group's side is the final text of each message the bot left
there (the fake keeps every group message in this mode): the deal's live
message, found by its title, carries a line "✅ N. …" for each trick taken,
and the deal's summary ("Deal N results") follows it. The patterns are the
bot's own sentences, rendered with marker values, so a reworded catalogue
does not silently empty the check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from bot.storage import CLOSED, FINISHED, PLAYING, open_store
from bot.storage.url import DatabaseUrl, parse_database_url
from bot.view.i18n import Html, t
from engine import apply, new_match
from engine.events import DealScored, DealVoid, DealWonByCombination, TrickTaken
from testing.fake_telegram import FakeTelegram

TABLE_MARK, DEAL_MARK, PRESET_MARK = 424242, 737373, "PRESETMARK"


@dataclass(frozen=True)
class Deal:
    table: int
    number: int
    tricks: int


@dataclass
class Shown:
    """What one group shows of one deal."""

    tricks: set[int] = field(default_factory=set)
    live: bool = False
    summary: bool = False


def _pattern(text: str) -> re.Pattern[str]:
    plain = re.sub(r"<[^>]+>", "", text)
    pattern = re.escape(plain)
    pattern = pattern.replace(str(TABLE_MARK), r"(?P<table>\d+)")
    pattern = pattern.replace(str(DEAL_MARK), r"(?P<deal>\d+)")
    return re.compile(pattern.replace(PRESET_MARK, ".*?"))


def patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The live message's title, the summary's title and a trick's line."""
    title = t(lang, "live.title", preset=Html(PRESET_MARK), table=TABLE_MARK, deal=DEAL_MARK)
    summary = t(lang, "deal.title", number=DEAL_MARK)
    line = t(lang, "trick.line", number=DEAL_MARK, name=Html("N"), points=1)
    head = line.split(str(DEAL_MARK))[0] + str(DEAL_MARK) + "."
    return _pattern(title), _pattern(summary), re.compile("^" + _pattern(head).pattern, re.M)


async def finished_deals(database: Path | str) -> list[Deal]:
    """Every finished deal in the database (a SQLite file, or a server's
    DATABASE_URL) and the tricks taken in it."""
    url = (
        DatabaseUrl.sqlite(database) if isinstance(database, Path) else parse_database_url(database)
    )
    store = await open_store(url, cache=False)
    deals: list[Deal] = []
    try:
        for table in await store.tables_with_status(PLAYING, FINISHED, CLOSED):
            if table.state is None or table.seed is None:
                continue
            state = new_match(table.state.rules, table.names, table.seed, table.state.shuffle)
            tricks = 0
            for _seq, _who, action in await store.action_log(table.id):
                number = state.deal.number if state.deal is not None else 0
                state, events = apply(state, action)
                tricks += sum(1 for e in events if isinstance(e, TrickTaken))
                if any(isinstance(e, DealScored | DealVoid | DealWonByCombination) for e in events):
                    deals.append(Deal(table.id, number, tricks))
                    tricks = 0
    finally:
        await store.close()
    return deals


def shown_in_groups(
    fake: FakeTelegram, group_ids: Iterable[int], lang: str
) -> dict[tuple[int, int], Shown]:
    """(table, deal) → what the groups' messages show of it. A summary names
    no table: it belongs to the table whose live message came last before it."""
    title, summary, line = patterns(lang)
    shown: dict[tuple[int, int], Shown] = {}
    for group_id in group_ids:
        table: int | None = None
        for message in fake.messages(group_id):
            text = message.text
            found = title.search(text)
            if found:
                table = int(found["table"])
                key = (table, int(found["deal"]))
                entry = shown.setdefault(key, Shown())
                entry.live = True
                entry.tricks.update(int(m["deal"]) for m in line.finditer(text))
                continue
            found = summary.search(text)
            if found and table is not None:
                shown.setdefault((table, int(found["deal"])), Shown()).summary = True
    return shown


def check(deals: list[Deal], shown: dict[tuple[int, int], Shown]) -> dict[str, object]:
    """A deal is complete when its live message shows a line for each of its
    tricks. Its summary only counts the tricks each player took, so a deal
    whose lines are missing but whose summary reached the group is reported
    apart: its tricks reached the group as numbers, not as records."""
    missing: dict[str, list[int]] = {}
    without_live = without_summary = covered = 0
    for deal in deals:
        seen = shown.get((deal.table, deal.number), Shown())
        lost = sorted(set(range(1, deal.tricks + 1)) - seen.tricks)
        without_live += not seen.live
        without_summary += not seen.summary
        if lost:
            missing[f"{deal.table}#{deal.number}"] = lost
            covered += seen.summary
    return {
        "deals_checked": len(deals),
        "tricks_checked": sum(d.tricks for d in deals),
        "deals_missing_tricks": len(missing),
        "missing": dict(list(missing.items())[:20]),
        "missing_but_summarised": covered,
        "deals_without_live_message": without_live,
        "deals_without_summary": without_summary,
        "complete": not missing,
    }
