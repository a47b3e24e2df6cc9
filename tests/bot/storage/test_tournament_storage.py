"""The storage contract of tournaments (bot/storage/tournament_records.py),
against each backend, [sqlite] and [postgres], and through the cache: a
round is stored once, a round's table is opened once, results are recorded
once, and all of it reads back after the store is opened again."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage import CLOSED, LOBBY, Conflict, DatabaseUrl, Store, open_store, parse_database_url
from bot.storage.tournament_records import (
    ENDED,
    REGISTERING,
    RUNNING,
    STOPPED,
    Entry,
    TableLink,
    TournamentRecord,
)

Opener = Callable[[], Awaitable[Store]]
GROUP = -1_001_234_567_890


@pytest.fixture(params=["sqlite", "postgres", "cached"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[DatabaseUrl, bool]:
    if request.param == "postgres":
        return parse_database_url(request.getfixturevalue("postgres_url")), False
    return DatabaseUrl.sqlite(tmp_path / "bot.db"), request.param == "cached"


@pytest_asyncio.fixture
async def opener(database: tuple[DatabaseUrl, bool]) -> AsyncIterator[Opener]:
    opened: list[Store] = []
    url, cache = database

    async def open_one() -> Store:
        store = await open_store(url, cache=cache)
        opened.append(store)
        return store

    yield open_one
    for store in opened:
        await store.close()


@pytest_asyncio.fixture
async def store(opener: Opener) -> Store:
    return await opener()


async def _tournament(store: Store, chat_id: int = GROUP) -> TournamentRecord:
    found = await store.create_tournament(
        chat_id, None, 1, "bura", {"limit": "2"}, {"preset": "bura", "format": None}
    )
    assert found is not None
    return found


async def test_one_open_tournament_a_group(store: Store) -> None:
    first = await _tournament(store)
    assert first.status == REGISTERING and first.entries == [] and first.plan is None
    assert first.options == {"limit": "2"}
    assert await store.create_tournament(GROUP, 5, 2, "bura", {}, {}) is None
    assert (await store.open_tournament_in_chat(GROUP)) == first
    other = await _tournament(store, chat_id=-77)
    assert other.id != first.id
    first.status = ENDED
    await store.save_tournament(first)
    assert await store.open_tournament_in_chat(GROUP) is None
    assert (await _tournament(store)).id not in (first.id, other.id)


async def test_registration_in_order_once_and_only_while_open(store: Store) -> None:
    t = await _tournament(store)
    assert await store.enter_tournament(t.id, 10, "Ann")
    assert await store.enter_tournament(t.id, 7_123_456_789, "Bob")
    assert not await store.enter_tournament(t.id, 10, "Ann again")
    assert await store.enter_tournament(t.id, 3, "Cid")
    assert await store.leave_tournament(t.id, 7_123_456_789)
    assert not await store.leave_tournament(t.id, 7_123_456_789)
    assert await store.enter_tournament(t.id, 7_123_456_789, "Bob")
    found = await store.get_tournament(t.id)
    assert found is not None
    assert found.entries == [Entry(10, "Ann"), Entry(3, "Cid"), Entry(7_123_456_789, "Bob")]
    assert found.version == t.version + 5  # each change of the field bumped it
    found.status = RUNNING
    await store.save_tournament(found)
    assert not await store.enter_tournament(t.id, 4, "Late")
    assert not await store.leave_tournament(t.id, 10)
    after = await store.get_tournament(t.id)
    assert after is not None and len(after.entries) == 3


async def test_registration_stops_at_its_places(store: Store) -> None:
    """N11: past the places a plan takes (and a message holds) nobody more
    is written, whoever asks; who leaves frees a place."""
    t = await _tournament(store)
    assert await store.enter_tournament(t.id, 10, "Ann", places=2)
    assert await store.enter_tournament(t.id, 11, "Bob", places=2)
    assert not await store.enter_tournament(t.id, 12, "Cid", places=2)
    assert not await store.enter_tournament(t.id, 12, "Cid", partner=10, places=2)
    found = await store.get_tournament(t.id)
    assert found is not None and [e.user_id for e in found.entries] == [10, 11]
    assert found.version == t.version + 2  # the refusals wrote nothing
    assert await store.leave_tournament(t.id, 11)
    assert await store.enter_tournament(t.id, 12, "Cid", places=2)


async def test_two_registered_people_become_a_team_only_while_both_are_free(
    store: Store,
) -> None:
    """N12: a team forms when the one asked answers; both must be free."""
    t = await _tournament(store)
    for user_id, name in ((10, "Ann"), (11, "Bob"), (12, "Cid")):
        assert await store.enter_tournament(t.id, user_id, name)
    assert await store.pair_entries(t.id, 11, 10)
    assert not await store.pair_entries(t.id, 12, 10)  # Ann has a partner now
    assert not await store.pair_entries(t.id, 12, 99)  # not registered
    found = await store.get_tournament(t.id)
    assert found is not None
    assert {e.user_id: e.partner for e in found.entries} == {10: 11, 11: 10, 12: None}


async def test_a_start_that_missed_a_registration_is_a_conflict(store: Store) -> None:
    t = await _tournament(store)
    await store.enter_tournament(t.id, 10, "Ann")
    read = await store.get_tournament(t.id)
    assert read is not None
    await store.enter_tournament(t.id, 11, "Bob")  # while the start works out its plan
    read.status = RUNNING
    read.plan = {"entrants": ["10"]}
    with pytest.raises(Conflict):
        await store.save_tournament(read)
    again = await store.get_tournament(t.id)
    assert again is not None and again.status == REGISTERING and again.plan is None


async def test_rounds_tables_and_results_are_stored_once(store: Store) -> None:
    t = await _tournament(store)
    round_1 = {"number": 1, "tables": [["a", "b"], ["c", "d"]], "byes": []}
    assert await store.add_round(t.id, 1, round_1)
    assert not await store.add_round(t.id, 1, {"number": 1, "tables": [], "byes": []})
    link = TableLink(t.id, 1, 0)
    table = await store.create_tournament_table(
        link, GROUP, "Group", 1, "bura", {"limit": 2}, {"waiting": [1]}, thread_id=None
    )
    assert table is not None and table.status == LOBBY
    assert table.settings == {"waiting": [1]} and table.tournament == link
    # a second table of the same place of the round is refused, nothing written
    assert await store.create_tournament_table(link, GROUP, "Group", 1, "bura", {}) is None
    # the other table of the round shares the group's place, as does a table
    # outside the tournament
    second = await store.create_tournament_table(
        TableLink(t.id, 1, 1), GROUP, "Group", 1, "bura", {}
    )
    assert second is not None
    plain = await store.create_table(GROUP, "Group", 1, "burkozel", {})
    assert plain is not None
    assert (await store.open_table_in_chat(GROUP)) == plain
    assert {x.id for x in await store.open_tables_in_chat(GROUP)} == {
        table.id,
        second.id,
        plain.id,
    }
    # The link is read with the table, whichever way it is read, and a save
    # keeps it.
    assert plain.tournament is None and second.tournament == TableLink(t.id, 1, 1)
    read = await store.get_table(table.id)
    assert read is not None and read.tournament == link
    read.settings = {}
    saved = await store.save_table(read)
    assert saved.tournament == link
    again = await store.get_table(table.id)
    assert again is not None and again.tournament == link and again.settings == {}
    listed = {x.id: x.tournament for x in await store.open_tables_in_chat(GROUP)}
    assert listed == {table.id: link, second.id: TableLink(t.id, 1, 1), plain.id: None}
    rounds = await store.tournament_rounds(t.id)
    assert len(rounds) == 1
    assert rounds[0].round == round_1 and rounds[0].tables == {0: table.id, 1: second.id}
    assert rounds[0].outcomes is None and not rounds[0].told
    outcomes = [{"entrants": ["a", "b"], "places": [1, 2], "penalties": [3, 31]}]
    assert await store.finish_round(t.id, 1, outcomes)
    assert not await store.finish_round(t.id, 1, [])
    await store.set_round_told(t.id, 1)
    done = (await store.tournament_rounds(t.id))[0]
    assert done.outcomes == outcomes and done.told


async def test_a_closed_round_table_is_pruned_once_its_tournament_is_over(store: Store) -> None:
    """N1: a round's table closed before it started (the tournament stopped
    while round 1 waited) made the prune fail on the round's foreign key, and
    with it the bot's start. While the tournament runs it stays (its round
    reads it); once the tournament is over it goes, link and all, like a
    plain closed lobby."""
    t = await _tournament(store)
    assert await store.add_round(t.id, 1, {"number": 1, "tables": [["a", "b"]], "byes": []})
    table = await store.create_tournament_table(
        TableLink(t.id, 1, 0), GROUP, "Group", 1, "bura", {}
    )
    plain = await store.create_table(GROUP, "Group", 1, "burkozel", {})
    assert table is not None and plain is not None
    for closed in (table, plain):
        closed.status = CLOSED
        await store.save_table(closed)
    t = await store.get_tournament(t.id) or t
    t.status = RUNNING
    t = await store.save_tournament(t)
    assert await store.prune_closed_lobbies(closed_before=4_000_000_000) == 1
    assert await store.get_table(plain.id) is None
    assert await store.get_table(table.id) is not None
    assert (await store.tournament_rounds(t.id))[0].tables == {0: table.id}
    t.status = STOPPED
    await store.save_tournament(t)
    assert await store.prune_closed_lobbies(closed_before=0) == 0, "not old enough yet"
    assert await store.prune_closed_lobbies(closed_before=4_000_000_000) == 1
    assert await store.get_table(table.id) is None
    assert (await store.tournament_rounds(t.id))[0].tables == {}
    assert await store.prune_closed_lobbies(closed_before=4_000_000_000) == 0


async def test_a_migrated_group_takes_its_tournament_and_a_racing_save_keeps_the_new_id(
    store: Store,
) -> None:
    """N14: a group became a supergroup and its tournament stayed under the
    old id (its buttons and /stop found nothing). L9: a table saved from a
    copy read before the move wrote the old id back."""
    t = await _tournament(store)
    table = await store.create_tournament_table(
        TableLink(t.id, 1, 0), GROUP, "Group", 1, "bura", {}
    )
    plain = await store.create_table(GROUP, "Group", 1, "burkozel", {})
    assert table is not None and plain is not None
    read_before = await store.get_table(plain.id)
    assert read_before is not None
    await store.move_chat(GROUP, GROUP - 1)
    assert await store.open_tournament_in_chat(GROUP) is None
    moved = await store.open_tournament_in_chat(GROUP - 1)
    assert moved is not None and moved.id == t.id
    read_before.options = {"limit": 3}  # a lobby change that raced with the move
    await store.save_table(read_before)
    for table_id in (plain.id, table.id):
        found = await store.get_table(table_id)
        assert found is not None and found.chat_id == GROUP - 1
    assert [x.id for x in await store.open_tables_in_chat(GROUP)] == []
    fresh = await store.get_table(plain.id)
    assert fresh is not None and fresh.options == {"limit": 3}


async def test_an_ended_tournament_whose_last_round_was_not_told_is_found(store: Store) -> None:
    """N9: the end is saved before it is told; what start-up tells again."""
    t = await _tournament(store)
    other = await _tournament(store, chat_id=-77)
    for record in (t, other):
        assert await store.add_round(record.id, 1, {"number": 1})
        assert await store.finish_round(record.id, 1, [])
        fresh = await store.get_tournament(record.id)
        assert fresh is not None
        fresh.status = ENDED
        await store.save_tournament(fresh)
    await store.set_round_told(other.id, 1)
    assert [r.id for r in await store.ended_untold()] == [t.id]
    await store.set_round_told(t.id, 1)
    assert await store.ended_untold() == []


async def test_a_stale_save_is_a_conflict(store: Store) -> None:
    t = await _tournament(store)
    copy = await store.get_tournament(t.id)
    assert copy is not None
    t.message_id = 55
    await store.save_tournament(t)
    copy.status = ENDED
    with pytest.raises(Conflict):
        await store.save_tournament(copy)
    found = await store.get_tournament(t.id)
    assert found is not None and found.message_id == 55 and found.status == REGISTERING


async def test_everything_reads_back_after_a_restart(opener: Opener) -> None:
    store = await opener()
    t = await _tournament(store)
    await store.enter_tournament(t.id, 10, "Ann")
    t = await store.get_tournament(t.id) or t
    t.status = RUNNING
    t.plan = {"format": "swiss", "entrants": ["10"]}
    t.settings = {"preset": "bura", "format": "swiss"}
    await store.save_tournament(t)
    await store.add_round(t.id, 1, {"number": 1})
    table = await store.create_tournament_table(TableLink(t.id, 1, 0), GROUP, "G", 1, "bura", {})
    assert table is not None
    await store.close()
    again = await opener()
    found = await again.tournaments_with_status(RUNNING)
    assert [x.id for x in found] == [t.id]
    assert found[0].plan == t.plan and found[0].settings == t.settings
    assert found[0].entries == [Entry(10, "Ann")] and found[0].version == t.version
    rounds = await again.tournament_rounds(t.id)
    assert rounds[0].tables == {0: table.id}
    assert await again.tournaments_with_status(ENDED) == []


async def test_forgetting_a_person_erases_their_name_in_registrations(store: Store) -> None:
    t = await _tournament(store)
    await store.enter_tournament(t.id, 10, "Ann Secret")
    await store.enter_tournament(t.id, 11, "Bob")
    await store.forget_user(10, "—")
    found = await store.get_tournament(t.id)
    assert found is not None and found.entries == [Entry(10, "—"), Entry(11, "Bob")]


async def test_kozel_partners_register_as_a_team(store: Store) -> None:
    t = await _tournament(store)
    assert await store.enter_tournament(t.id, 10, "Ann")
    assert await store.enter_tournament(t.id, 11, "Bob", partner=10)
    # Ann is taken, Zed is not registered, and one cannot partner oneself:
    # each refused whole (Cid is not registered by a refused try).
    assert not await store.enter_tournament(t.id, 12, "Cid", partner=10)
    assert not await store.enter_tournament(t.id, 12, "Cid", partner=99)
    assert not await store.enter_tournament(t.id, 12, "Cid", partner=12)
    assert await store.enter_tournament(t.id, 12, "Cid")
    found = await store.get_tournament(t.id)
    assert found is not None
    assert found.entries == [Entry(10, "Ann", 11), Entry(11, "Bob", 10), Entry(12, "Cid")]
    assert await store.leave_tournament(t.id, 11)  # Ann is free again
    found = await store.get_tournament(t.id)
    assert found is not None and found.entries == [Entry(10, "Ann"), Entry(12, "Cid")]
    assert await store.enter_tournament(t.id, 13, "Dan", partner=10)
