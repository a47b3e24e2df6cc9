"""A group's seasons, achievements and reliability in every backend,
[sqlite], [postgres] and [cached] (bot/storage/seasons.py, season_sql.py,
migration 202612070700): a match's season part written with its results
and only then, an outcome and an achievement written once, a finale
claimed once (with the chips reset in the same transaction), a season's
board adding up its months."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage import (
    FINISHED,
    PLAYING,
    STAKE,
    ChatSeason,
    ChipEntry,
    ChipMoves,
    Conflict,
    DatabaseUrl,
    MatchResult,
    SeasonWrite,
    Seat,
    SeatResult,
    Store,
    TableRecord,
    open_store,
    parse_database_url,
)
from engine import Action, new_match
from engine.actions import Kind
from engine.rules import RuleSet

CHAT = -1_001_234_567_890
OTHER = -1_009_999_999_999
ANN, BOB = 7_123_456_789, 2


@pytest.fixture(params=["sqlite", "postgres", "cached"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> DatabaseUrl:
    if request.param != "postgres":
        return DatabaseUrl.sqlite(tmp_path / "bot.db")
    return parse_database_url(request.getfixturevalue("postgres_url"))


@pytest_asyncio.fixture
async def store(database: DatabaseUrl, request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    cache = request.node.callspec.params["database"] == "cached"
    opened = await open_store(database, cache=cache)
    yield opened
    await opened.close()


def _seat(number: int, user_id: int, place: int) -> SeatResult:
    return SeatResult(number, f"u:{user_id}", user_id, None, f"P{user_id}", number, place,
                      0, 3, 1, 40, 0, 0, 0)  # fmt: skip


def _result(
    chat: int = CHAT,
    month: str = "2026-12",
    at: float = 1_796_000_000.0,
    winner: int = ANN,
    outcomes: tuple[tuple[int, str], ...] = ((ANN, "finished"), (BOB, "finished")),
    earned: tuple[tuple[int, str], ...] = (),
    practice: bool = False,
) -> MatchResult:
    loser = BOB if winner == ANN else ANN
    seats = (_seat(0, winner, 1), _seat(1, loser, 2))
    season = SeasonWrite(month, at, outcomes, earned)
    return MatchResult("burkozel", {}, chat, practice, seats, None, season)


async def _finish(store: Store, result: MatchResult) -> TableRecord:
    table = await store.create_table(result.chat_id, "Group", ANN, "burkozel", {})
    assert table is not None
    table.seats = [Seat(0, ANN, "Ann"), Seat(1, BOB, "Bob")]
    table.status = PLAYING
    table.seed = 7
    table.state = new_match(RuleSet.create(), ("Ann", "Bob"), 7)
    table = await store.save_table(table)
    assert table.state is not None
    table.state = table.state._replace(step=table.state.step + 1)
    table.status = FINISHED
    return await store.save_table(table, Action(Kind.CLAIM, 0), user_id=ANN, result=result)


async def test_a_match_writes_its_season_part_with_its_results(store: Store) -> None:
    earned = ((ANN, "first_win"), (ANN, "bura"))
    table = await _finish(store, _result(earned=earned))
    assert sorted(await store.achievements_of(ANN, CHAT)) == ["bura", "first_win"]
    assert await store.achievements_of(BOB, CHAT) == []
    assert await store.achievements_of(ANN, OTHER) == []
    assert await store.recent_outcomes(ANN, 20) == ["finished"]
    board = await store.season_board(CHAT, ["2026-12"])
    assert sorted(board) == [
        ("burkozel", f"u:{BOB}", f"P{BOB}", None, 1, 0),
        ("burkozel", f"u:{ANN}", f"P{ANN}", None, 1, 1),
    ]
    assert await store.played_in(["2026-12"]) == [CHAT]
    assert await store.played_in(["2026-11"]) == []
    assert await store.latest_places(ANN, CHAT, 3) == [1]
    assert [r.table_id for r in await store.match_results(table.id)] == [table.id] * 2


async def test_a_refused_save_writes_no_season_part(store: Store) -> None:
    table = await _finish(store, _result())
    table.version -= 1  # as if read before the last save
    with pytest.raises(Conflict):
        await store.save_table(table, result=_result(earned=((BOB, "bura"),)))
    assert await store.achievements_of(BOB, CHAT) == []
    assert [line[4] for line in await store.season_board(CHAT, ["2026-12"])] == [1, 1]


async def test_a_practice_match_counts_on_no_season(store: Store) -> None:
    await _finish(store, _result(practice=True, earned=((ANN, "first_win"),)))
    assert await store.season_board(CHAT, ["2026-12"]) == []
    assert await store.achievements_of(ANN, CHAT) == []
    assert await store.recent_outcomes(ANN, 20) == []
    assert await store.latest_places(ANN, CHAT, 3) == []


async def test_a_season_adds_up_its_months(store: Store) -> None:
    await _finish(store, _result(month="2026-10", winner=ANN))
    await _finish(store, _result(month="2026-11", winner=BOB))
    await _finish(store, _result(month="2026-12", winner=BOB))
    await _finish(store, _result(month="2027-01", winner=ANN))
    quarter = {
        line[1]: line[4:]
        for line in await store.season_board(CHAT, ["2026-10", "2026-11", "2026-12"])
    }
    assert quarter == {f"u:{ANN}": (3, 1), f"u:{BOB}": (3, 2)}
    month = {line[1]: line[4:] for line in await store.season_board(CHAT, ["2027-01"])}
    assert month == {f"u:{ANN}": (1, 1), f"u:{BOB}": (1, 0)}
    assert await store.latest_places(ANN, CHAT, 3) == [1, 2, 2]


async def test_the_first_outcome_stands_and_the_latest_come_first(store: Store) -> None:
    table = await _finish(store, _result(at=100.0))
    await store.record_outcome(table.id, ANN, CHAT, "left", 50.0)  # too late: it finished
    await store.record_outcome(table.id + 1000, ANN, CHAT, "left", 200.0)
    await store.record_outcome(table.id + 1000, ANN, CHAT, "finished", 300.0)
    await store.record_outcome(table.id + 1001, ANN, OTHER, "blocked", 250.0)
    assert await store.recent_outcomes(ANN, 20) == ["blocked", "left", "finished"]
    assert await store.recent_outcomes(ANN, 2) == ["blocked", "left"]


async def test_an_achievement_is_granted_once(store: Store) -> None:
    await _finish(store, _result(earned=((ANN, "first_win"),), at=10.0))
    await _finish(store, _result(earned=((ANN, "first_win"),), at=20.0))  # a race: stored once
    grants = [
        (ANN, CHAT, "first_win", 1, 5.0),
        (ANN, CHAT, "eggs", 1, 5.0),
        (BOB, OTHER, "eggs", 1, 5.0),
    ]
    assert await store.grant_achievements(grants) == 2
    assert await store.grant_achievements(grants) == 0
    assert sorted(await store.achievements_of(ANN, CHAT)) == ["eggs", "first_win"]
    moments = await store.season_moments(CHAT, 0.0, 15.0)
    assert moments == [(f"P{ANN}", "eggs", 5.0), (f"P{ANN}", "first_win", 10.0)]


async def test_a_finale_is_claimed_once_and_resets_chips_if_asked(store: Store) -> None:
    table = await store.create_table(CHAT, "Group", ANN, "burkozel", {"stake": 10})
    assert table is not None
    table.seats = [Seat(0, ANN, "Ann")]
    table = await store.save_table(table)
    table.status = PLAYING
    table.state = new_match(RuleSet.create("burkozel", {"stake": 10}), ("Ann", "Bob"), 7)
    stake = ChipMoves(CHAT, 100, (ChipEntry(table.id, ANN, STAKE, 0, -10),))
    await store.save_table(table, chips=stake)
    assert await store.chip_balance(CHAT, ANN) == 90
    assert await store.claim_finale(OTHER, "2026-12", reset_chips=True) is True
    assert await store.chip_balance(CHAT, ANN) == 90  # another group's reset
    assert await store.claim_finale(CHAT, "2026-12", reset_chips=False) is True
    assert await store.claim_finale(CHAT, "2026-12", reset_chips=True) is False
    assert await store.chip_balance(CHAT, ANN) == 90  # a lost claim resets nothing
    assert await store.claim_finale(CHAT, "2027-01", reset_chips=True) is True
    assert await store.chip_balance(CHAT, ANN) is None  # the group's start again


async def test_a_group_keeps_its_season_choice(store: Store) -> None:
    assert await store.chat_season(CHAT) == ChatSeason(None, False)
    await store.set_chat_lang(CHAT, "Group", "uk")
    await store.set_chat_season(CHAT, "Group", ChatSeason("quarter", True))
    assert await store.chat_season(CHAT) == ChatSeason("quarter", True)
    assert await store.get_chat_lang(CHAT) == "uk"  # the language stays
    await store.set_chat_season(OTHER, "Other", ChatSeason("none", False))
    assert await store.chat_season(OTHER) == ChatSeason("none", False)


async def test_a_supergroup_takes_its_season_along(store: Store) -> None:
    await _finish(store, _result(earned=((ANN, "first_win"),)))
    await store.move_chat(CHAT, OTHER)
    assert await store.achievements_of(ANN, OTHER) == ["first_win"]
    assert await store.played_in(["2026-12"]) == [OTHER]
    assert await store.recent_outcomes(BOB, 20) == ["finished"]
