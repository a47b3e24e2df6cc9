"""A season's finale on the fake clock (bot/tables/finale.py), on SQLite and
PostgreSQL: a month of play in two groups ends in exactly one message each,
none for a group that did not play that month, with the bot stopped across
midnight and two workers ticking at once; chips start again only where the
group asked; the season's boards (/top, /season) agree with what was stored.
"""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from manual_clock import ManualScheduler

from bot.seasons.calendar import SeasonKind, season_of
from bot.storage import (
    CLOSED,
    FINISHED,
    PLAYING,
    STAKE,
    ChatSeason,
    ChipEntry,
    ChipMoves,
    DatabaseUrl,
    MatchResult,
    SeasonWrite,
    Seat,
    SeatResult,
    Store,
    open_store,
    parse_database_url,
)
from bot.tables import finale
from bot.tables.core import Limits, Tables
from bot.tables.fanout import Fanout
from bot.tables.finale import Finale
from bot.tables.seasons import Seasons, month_of
from bot.view.screen import Screen
from engine import Action, new_match
from engine.actions import Kind
from engine.rules import RuleSet

HOME, AWAY, SILENT = -1001, -1002, -1003  # two groups play in January; one in November
PEOPLE = {1: "Ann", 2: "Bob", 3: "Cid"}


def _at(day: int, month: int = 1, hour: int = 20) -> float:
    return datetime(2027, month, day, hour, tzinfo=UTC).timestamp()


class Sent:
    """The messenger: what went to which chat."""

    def __init__(self) -> None:
        self.messages: list[tuple[int, str]] = []

    async def send(self, chat_id: int, screen: Screen, **_: Any) -> tuple[None, None]:
        self.messages.append((chat_id, screen.text))
        return None, None


def _worker(store: Store, clock: ManualScheduler, sent: Sent) -> Finale:
    """One worker's finale, built as the service builds it."""

    async def chat_lang(chat_id: int) -> str:
        return "en"

    tables = SimpleNamespace(
        store=store,
        clock=clock,
        limits=Limits(season="month", start_chips=100),
        out=sent,
        chat_lang=chat_lang,
    )
    seasons = Seasons(cast(Tables, tables), cast(Fanout, None))
    return Finale(cast(Tables, tables), seasons)


async def _play(store: Store, chat: int, winner: int, loser: int, at: float) -> None:
    table = await store.create_table(chat, f"Group {chat}", winner, "bura", {})
    assert table is not None
    table.seats = [Seat(0, winner, PEOPLE[winner]), Seat(1, loser, PEOPLE[loser])]
    table.status, table.seed = PLAYING, 7
    table.state = new_match(RuleSet.create("bura"), ("A", "B"), 7)
    table = await store.save_table(table)
    assert table.state is not None
    table.state = table.state._replace(step=table.state.step + 1)
    table.status = FINISHED
    seats = tuple(
        SeatResult(n, f"u:{u}", u, None, PEOPLE[u], n, n + 1, 0, 1, 1 - n, 0, 0, 0, 0)
        for n, u in enumerate((winner, loser))
    )
    finished = ((winner, "finished"), (loser, "finished"))
    earned = ((winner, "bura"),) if at < _at(3) else ()
    season = SeasonWrite(month_of(at), at, finished, earned)
    result = MatchResult("bura", {}, chat, False, seats, None, season)
    await store.save_table(table, Action(Kind.CLAIM, 0), user_id=winner, result=result)


async def _stake(store: Store, chat: int, user: int) -> None:
    table = await store.create_table(chat, "Group", user, "bura", {"stake": 10})
    assert table is not None
    table.seats = [Seat(0, user, PEOPLE[user])]
    table = await store.save_table(table)
    table.status = PLAYING
    table.state = new_match(RuleSet.create("bura", {"stake": 10}), ("A", "B"), 7)
    await store.save_table(
        table, chips=ChipMoves(chat, 100, (ChipEntry(table.id, user, STAKE, 0, -10),))
    )


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> DatabaseUrl:
    if request.param == "sqlite":
        return DatabaseUrl.sqlite(tmp_path / "bot.db")
    return parse_database_url(request.getfixturevalue("postgres_url"))


async def test_a_month_of_play_ends_in_one_finale_a_group(database: DatabaseUrl) -> None:
    clock = ManualScheduler(start=_at(1, hour=0))
    store = await open_store(database, cache=False)
    await _play(store, SILENT, 1, 2, datetime(2026, 11, 20, tzinfo=UTC).timestamp())
    await store.set_chat_season(HOME, "Home", ChatSeason(None, chips_reset=True))
    # A month of play: a match a day in each group, the winners at random.
    rng = random.Random(68)
    played: dict[int, dict[int, list[int]]] = {
        HOME: {},
        AWAY: {},
    }  # chat -> user -> [wins, matches]
    for day in range(1, 32):
        for chat in (HOME, AWAY):
            winner, loser = rng.sample([1, 2, 3], 2)
            await _play(store, chat, winner, loser, _at(day))
            for user, won in ((winner, 1), (loser, 0)):
                record = played[chat].setdefault(user, [0, 0])
                record[0] += won
                record[1] += 1
    for chat in (HOME, AWAY, SILENT):
        await _stake(store, chat, 1)
    sent = Sent()

    # Through January: the boards /top and /season read agree with the matches.
    clock.time = _at(31, hour=23)
    worker = _worker(store, clock, sent)
    january = season_of(clock.now(), SeasonKind.MONTH)
    assert january is not None
    for chat in (HOME, AWAY):
        board = await worker.seasons.board(chat, january)
        assert {row.player: [row.wins, row.matches] for row in board["bura"]} == {
            f"u:{user}": record for user, record in played[chat].items()
        }
        shown = await worker.seasons.top(chat, "en")
        assert shown is not None and shown.screen is not None
        assert "1 day left" in shown.screen.text
    assert await worker.tick() == 0 and sent.messages == []  # December: nobody played
    await store.close()

    # The bot is down at midnight; two workers start at 03:00 and tick at once.
    clock.time = _at(1, month=2, hour=3)
    one = await open_store(database, cache=False)
    two = await open_store(database, cache=False)
    try:
        told = await asyncio.gather(
            _worker(one, clock, sent).tick(), _worker(two, clock, sent).tick()
        )
        assert sum(told) == 2
        assert sorted(chat for chat, _ in sent.messages) == [AWAY, HOME]
        for chat, text in sent.messages:
            best = max(played[chat].values(), key=lambda r: (r[0], -r[1]))
            champions = sorted(u for u, r in played[chat].items() if r == best)
            assert text.startswith("🏁 <b>Season “January 2027” is over</b>")
            assert f"🏆 Bura: {', '.join(PEOPLE[u] for u in champions)}\n" in text, text
            assert "“Bura”" in text  # the moments: a bura laid down early in the month
            assert "Season “February 2027” has begun, 28 days long" in text
            assert ("everybody has 100 chips" in text) == (chat == HOME)
        # Chips start again where the group asked only.
        assert await one.chip_balance(HOME, 1) is None
        assert await one.chip_balance(AWAY, 1) == 90
        assert await one.chip_balance(SILENT, 1) == 90
        # Later ticks, and a third worker, tell nothing again.
        clock.time = _at(2, month=2)
        assert await _worker(one, clock, sent).tick() == 0
        assert await _worker(two, clock, sent).settle_all(clock.now()) == 0
        assert len(sent.messages) == 2
    finally:
        await one.close()
        await two.close()


class Crashing(Sent):
    """A messenger whose worker dies as it sends: nothing reaches the group."""

    async def send(self, chat_id: int, screen: Screen, **_: Any) -> tuple[None, None]:
        raise RuntimeError("the worker was killed while it sent")


async def test_a_finale_claimed_but_never_sent_is_told_once_after_the_lease(
    database: DatabaseUrl,
) -> None:
    """A crash between the claim and the send left the finale unsent: another
    worker tells it once the lease has passed, once, and the chips the claim
    reset are not reset again."""
    clock = ManualScheduler(start=_at(10))
    store = await open_store(database, cache=False)
    try:
        await store.set_chat_season(HOME, "Home", ChatSeason(None, chips_reset=True))
        await _play(store, HOME, 1, 2, _at(10))
        await _stake(store, HOME, 1)
        clock.time = _at(1, month=2, hour=0)
        assert await _worker(store, clock, Crashing()).tick() == 0
        assert await store.chip_balance(HOME, 1) is None  # the claim reset them
        staked = await store.open_table_in_chat(HOME)
        assert staked is not None
        staked.status = CLOSED  # January's table goes; a February one stakes 100 - 10
        await store.save_table(staked)
        await _stake(store, HOME, 1)
        sent = Sent()
        clock.time += 60  # another worker, a minute later: the claim is still leased
        assert await _worker(store, clock, sent).tick() == 0 and sent.messages == []
        clock.time += finale.LEASE  # the lease has passed: told now, once
        later = _worker(store, clock, sent)
        assert await later.tick() == 1
        assert [chat for chat, _ in sent.messages] == [HOME]
        assert sent.messages[0][1].startswith("🏁 <b>Season “January 2027” is over</b>")
        assert await store.chip_balance(HOME, 1) == 90  # not reset a second time
        clock.time += finale.LEASE
        assert await later.tick() == 0 and await _worker(store, clock, sent).tick() == 0
        assert len(sent.messages) == 1
    finally:
        await store.close()


async def test_an_unsent_finale_whose_moment_is_gone_is_let_go(database: DatabaseUrl) -> None:
    """Left unsent until a later season ended: it is not told out of its
    time, and no tick asks for it again."""
    clock = ManualScheduler(start=_at(10))
    store = await open_store(database, cache=False)
    try:
        await _play(store, HOME, 1, 2, _at(10))
        clock.time = _at(1, month=2, hour=0)
        assert await _worker(store, clock, Crashing()).tick() == 0
        assert await store.unsent_finales(clock.now() + 1) == [(HOME, "2027-01")]
        sent = Sent()
        clock.time = _at(1, month=4, hour=1)  # March has ended since: nobody played in it
        assert await _worker(store, clock, sent).tick() == 0
        assert sent.messages == [] and await store.unsent_finales(clock.now()) == []
    finally:
        await store.close()
