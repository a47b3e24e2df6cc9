"""A table's kind, picked once from what is stored, and its typed settings
read from and written back to the JSON keys tables have always stored."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.storage import TableRecord
from bot.storage.records import TableLink
from bot.tables.kinds import (
    DUPLICATE_ROUND,
    ORDINARY,
    PRACTICE,
    REMATCH,
    TOURNAMENT_ROUND,
    LobbyEnd,
    TableSettings,
    confirmed,
    kind_of,
    settings_of,
    waiting,
)


def table(
    settings: dict[str, Any] | None = None,
    practice: bool = False,
    tournament: TableLink | None = None,
) -> TableRecord:
    return TableRecord(
        id=7,
        chat_id=-100,
        chat_title="g",
        status="lobby",
        creator_id=1,
        preset="burkozel",
        options={},
        seed=None,
        state=None,
        version=1,
        lobby_message_id=None,
        live_message_id=None,
        turn_deadline=None,
        created_at=0.0,
        updated_at=0.0,
        practice=practice,
        settings=settings or {},
        tournament=tournament,
    )


def test_the_stored_keys_read_as_typed_settings() -> None:
    stored = {
        "turn_time": 45,
        "waiting": [5, 6],
        "deal_seed": -9,
        "rematch_of": 4,
        "future": {"x": 1},
    }
    settings = TableSettings.from_json(stored)
    assert settings.turn_time == 45
    assert settings.waiting == (5, 6)
    assert settings.deal_seed == -9
    assert settings.rematch_of == 4
    assert settings.to_json() == stored  # an unknown key is kept


def test_the_old_copy_of_the_tournament_link_is_read_as_nothing_and_dropped() -> None:
    """A round's table saved before the link was read from its own table kept
    it under "tournament" too: it neither makes the kind nor survives a save."""
    old = table({"tournament": [3, 2, 1], "waiting": [5]})
    assert kind_of(old) is ORDINARY and TOURNAMENT_ROUND.link(old) is None
    assert settings_of(old).to_json() == {"waiting": [5]}
    confirmed(old, ())
    assert old.settings == {}


ints = st.integers(min_value=-(1 << 63), max_value=(1 << 63) - 1)


@given(
    st.none() | st.integers(15, 3600),
    st.none() | st.integers(1, 10**9),
    st.lists(st.integers(1, 10**12), max_size=4).map(tuple),
    st.none() | ints,
)
def test_settings_round_trip_through_json(
    turn: int | None,
    rematch: int | None,
    people: tuple[int, ...],
    seed: int | None,
) -> None:
    settings = TableSettings(turn, rematch, people, seed)
    assert TableSettings.from_json(settings.to_json()) == settings


def test_no_settings_store_no_keys() -> None:
    assert TableSettings().to_json() == {}
    assert settings_of(table()) == TableSettings()


def test_each_kind_is_picked_from_what_is_stored() -> None:
    assert kind_of(table()) is ORDINARY
    assert kind_of(table(practice=True)) is PRACTICE
    assert kind_of(table({"rematch_of": 3, "waiting": [2]})) is REMATCH
    round_table = table({"waiting": [2, 3]}, tournament=TableLink(1, 1, 0))
    assert kind_of(round_table) is TOURNAMENT_ROUND
    duplicate = table({"deal_seed": 0}, tournament=TableLink(1, 1, 0))
    assert kind_of(duplicate) is DUPLICATE_ROUND


def test_a_duplicate_rounds_table_shows_the_group_no_play() -> None:
    """Its round's other tables hold the same cards (security review N5):
    no live message or news in the group; the hands still have their lanes."""
    audience = DUPLICATE_ROUND.audience
    assert not audience.group_play and not audience.live and not audience.one_chat
    assert ORDINARY.audience.live and TOURNAMENT_ROUND.audience.live
    assert audience.hands_lane == TOURNAMENT_ROUND.audience.hands_lane
    assert DUPLICATE_ROUND.fixed_seats and DUPLICATE_ROUND.confirms
    assert not DUPLICATE_ROUND.offers_rematch


def test_what_each_kind_answers() -> None:
    assert PRACTICE.audience.one_chat and not ORDINARY.audience.one_chat
    assert not TOURNAMENT_ROUND.audience.one_chat
    assert not PRACTICE.offers_rematch and not TOURNAMENT_ROUND.offers_rematch
    assert ORDINARY.offers_rematch and REMATCH.offers_rematch
    # A round's table plays on whoever is away: its result counts.
    assert ORDINARY.closes_when_all_away and not TOURNAMENT_ROUND.closes_when_all_away
    assert REMATCH.confirms and TOURNAMENT_ROUND.confirms and not ORDINARY.confirms
    assert TOURNAMENT_ROUND.lobby_end is LobbyEnd.NO_SHOW and REMATCH.lobby_end is LobbyEnd.CLOSE
    assert not PRACTICE.rated and not PRACTICE.members_only
    # 💡 only where nothing is at stake (issue 66).
    assert PRACTICE.hints
    assert not (ORDINARY.hints or REMATCH.hints or TOURNAMENT_ROUND.hints)


def test_a_round_s_table_has_fixed_seats_its_seed_and_its_link() -> None:
    round_table = table({"deal_seed": 99}, tournament=TableLink(4, 2, 1))
    round_table.seats = []
    assert TOURNAMENT_ROUND.max_players(round_table, (2, 3, 4)) == 0
    assert ORDINARY.max_players(round_table, (2, 3, 4)) == 4
    assert TOURNAMENT_ROUND.deal_seed(round_table) == 99
    assert TOURNAMENT_ROUND.link(round_table) == TableLink(4, 2, 1)
    # An ordinary table's deal is fresh, whatever its settings hold.
    assert ORDINARY.deal_seed(round_table) is None and ORDINARY.link(round_table) is None


def test_confirming_keeps_the_other_settings() -> None:
    lobby = table({"rematch_of": 3, "waiting": [2, 5], "turn_time": 30})
    confirmed(lobby, [5])
    assert waiting(lobby) == (5,)
    assert lobby.settings == {"rematch_of": 3, "waiting": [5], "turn_time": 30}
    confirmed(lobby, ())
    assert waiting(lobby) == () and "waiting" not in lobby.settings
    assert kind_of(lobby) is REMATCH
