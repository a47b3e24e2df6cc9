"""A finished match's results: counted from the engine's replay, written in
the same transaction as the last move, and a database from before results
(migration 6) keeps its running match."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import aiosqlite
import pytest

from bot.stats.results import replay_events, seat_numbers
from bot.storage import FINISHED, PLAYING, MatchResult, Seat, SeatResult, sqlite_setup
from bot.storage.cached import CachedStore
from bot.storage.migrations import migrations
from bot.storage.sqlite import SqliteStore
from bot.tables.core import Tables
from bot.tables.stats import Stats
from engine import Action, RuleSet, apply, legal_actions, new_match
from engine.events import ClaimMade, DealScored, TrickTaken
from engine.rules import PLAYER_COUNTS

NAMES = ("Ann", "Bob", "Cid", "Dan")


def _play_out(rules: RuleSet, seed: int, pick: random.Random) -> list[Action]:
    state = new_match(rules, NAMES[: PLAYER_COUNTS[rules.preset][0]], seed)
    actions = []
    while not state.over:
        assert state.deal is not None
        seat = state.deal.turn
        options = legal_actions(state, seat)
        action = options[pick.randrange(len(options))]
        actions.append(action)
        state, _ = apply(state, action)
    return actions


@pytest.mark.parametrize("preset", ["burkozel", "kozel", "bura"])
def test_seat_numbers_add_up_to_what_the_engine_reported(preset: str) -> None:
    rules = RuleSet.create(preset, {"limit": 4})
    names = NAMES[: PLAYER_COUNTS[rules.preset][0]]
    for seed in range(3):
        actions = _play_out(rules, seed, random.Random(seed))
        final, events = replay_events(rules, names, seed, actions)
        numbers = seat_numbers(final, events)
        assert final.standing is not None
        for placing in final.standing:
            for seat in placing.seats:
                assert numbers[seat].place == placing.rank
                assert numbers[seat].penalties == placing.penalties
                assert numbers[seat].side == placing.side
        scored = [e for e in events if isinstance(e, DealScored)]
        taken = [e for e in events if isinstance(e, TrickTaken)]
        assert sum(n.trick_points for n in numbers) == sum(e.points for e in taken)
        assert max(n.deals for n in numbers) == len(scored)
        assert all(n.deals_won <= n.deals for n in numbers)
        claims = [e for e in events if isinstance(e, ClaimMade)]
        assert sum(n.claims_right + n.claims_wrong for n in numbers) == len(claims)


def test_a_false_claim_is_counted_wrong_and_wins_nobody_the_deal() -> None:
    rules = RuleSet.create("bura", {"limit": 2})
    state = new_match(rules, ("Ann", "Bob"), 5)
    assert state.deal is not None
    claimer = state.deal.turn
    action = Action.claim(claimer)
    final, events = replay_events(rules, ("Ann", "Bob"), 5, [action])
    numbers = seat_numbers(final, events)
    assert final.over
    assert numbers[claimer].claims_wrong == 1 and numbers[claimer].claims_right == 0
    assert numbers[claimer].place == 2 and numbers[1 - claimer].place == 1
    assert [n.deals for n in numbers] == [1, 1]
    assert [n.deals_won for n in numbers] == [0, 0]


def _seat_result(seat: int, user_id: int, place: int) -> SeatResult:
    return SeatResult(seat, f"u:{user_id}", user_id, None, f"P{user_id}", seat, place, 4, 1, 1,
                      30, 0, 0, 0)  # fmt: skip


async def test_results_are_written_with_the_last_move_and_never_twice(tmp_path: Path) -> None:
    store = CachedStore(await SqliteStore.open(tmp_path / "bot.db"))
    table = await store.create_table(-5, "Group", 1, "bura", {"limit": 2})
    assert table is not None
    table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
    table.status = PLAYING
    table.seed = 5
    table.state = new_match(table.rules, ("Ann", "Bob"), 5)
    table = await store.save_table(table)
    assert table.state is not None and table.state.deal is not None
    action = Action.claim(table.state.deal.turn)
    table.state, _ = apply(table.state, action)
    table.status = FINISHED
    result = MatchResult(
        "bura", {"limit": 2}, -5, False, (_seat_result(0, 1, 2), _seat_result(1, 2, 1))
    )
    stale = table.copy()
    await store.save_table(table, action=action, user_id=1, result=result)
    rows = await store.match_results(table.id)
    assert [(r.result.player, r.result.place, r.chat_id) for r in rows] == [
        ("u:1", 2, -5),
        ("u:2", 1, -5),
    ]
    with pytest.raises(Exception):  # noqa: B017 - Conflict: the version moved on
        await store.save_table(stale, action=action, user_id=1, result=result)
    assert len(await store.match_results(table.id)) == 2
    await store.close()


# Migration 14's link of a table to its tournament round, as far as a read needs it.
LATER_LINKS = """CREATE TABLE tournament_tables (tournament_id INTEGER, round INTEGER,
     position INTEGER, table_id INTEGER)"""
# Migrations 8, 12, and the shuffle's key (issue 66).
LATER_COLUMNS = (
    "thread_id INTEGER",
    "logged_last INTEGER NOT NULL DEFAULT 0",
    "shuffle_secret TEXT",
    "shuffle_public TEXT",
)


async def test_a_database_of_today_with_a_running_match_is_migrated_and_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made by the code before migration 6 (its migrations only), a match
    half played; the new code migrates it, finishes it and writes its results."""
    path = tmp_path / "bot.db"
    before = [m for m in migrations("sqlite") if m.number < 6]
    monkeypatch.setattr(sqlite_setup, "migrations", lambda backend: before)
    old = await SqliteStore.open(path)
    # Today's store writes the columns later migrations add to `tables`: they
    # are there while it writes the old match, and gone again before the
    # migrations run.
    async with aiosqlite.connect(path) as raw:
        for column in LATER_COLUMNS:
            await raw.execute(f"ALTER TABLE tables ADD COLUMN {column}")
        await raw.execute(LATER_LINKS)  # a table is read with its tournament link
        await raw.commit()
    table = await old.create_table(-5, "Group", 1, "burkozel", {"limit": 4})
    assert table is not None
    table.seats = [Seat(0, 1, "Ann"), Seat(1, 2, "Bob")]
    table.status = PLAYING
    table.seed = 11
    table.state = new_match(table.rules, ("Ann", "Bob"), 11)
    table = await old.save_table(table)
    actions = _play_out(table.rules, 11, random.Random(3))
    for action in actions[:5]:
        assert table.state is not None
        table.state, _ = apply(table.state, action)
        table = await old.save_table(table, action=action, user_id=1 + action.seat)
    await old.close()
    async with aiosqlite.connect(path) as raw:
        for column in LATER_COLUMNS:
            await raw.execute(f"ALTER TABLE tables DROP COLUMN {column.split()[0]}")
        await raw.execute("DROP TABLE tournament_tables")
        await raw.commit()
    monkeypatch.undo()

    store = CachedStore(await SqliteStore.open(path))
    async with aiosqlite.connect(path) as raw:
        version = await (await raw.execute("PRAGMA user_version")).fetchone()
        assert version == (len(migrations("sqlite")),)
    loaded = await store.get_table(table.id)
    assert loaded is not None and loaded.status == PLAYING and loaded.state == table.state
    # Migration 12 found its five untold moves in the log.
    assert await store.untold_tables() == [table.id]
    table = loaded
    for action in actions[5:-1]:
        assert table.state is not None
        table.state, _ = apply(table.state, action)
        table = await store.save_table(table, action=action, user_id=1 + action.seat)
    last = actions[-1]
    stats = Stats(cast(Tables, SimpleNamespace(store=store)))  # the room needs only the store
    assert table.state is not None
    result = await stats.result_of(table, last)
    table.state, _ = apply(table.state, last)
    assert table.state.over
    table.status = FINISHED
    await store.save_table(table, action=last, user_id=1 + last.seat, result=result)
    rows = await store.match_results(table.id)
    assert table.state.standing is not None
    places = {seat: p.rank for p in table.state.standing for seat in p.seats}
    assert [(r.result.user_id, r.result.place) for r in rows] == [(1, places[0]), (2, places[1])]
    assert all(r.result.deals >= 1 for r in rows)
    await store.close()
