"""The computer players kept between decisions (bot/tables/minds.py): a table's
player is the same one through its match, and only through it."""

from __future__ import annotations

from bot.tables.minds import Minds


def test_a_kept_player_is_handed_out_again_for_the_same_table_match_seat_and_level() -> None:
    minds = Minds()
    levels = {1: "hard", 2: "easy"}
    first = minds.players(5, 100, levels)
    assert minds.players(5, 100, levels) != first  # nothing kept yet: built afresh
    minds.keep(5, 100, levels, first)
    again = minds.players(5, 100, levels)
    assert again[1] is first[1] and again[2] is first[2]
    assert minds.kept(5, 100, 1, "hard") is first[1] and minds.kept(5, 100, 1, "easy") is None
    assert minds.players(5, 101, levels)[1] is not first[1]  # a new match at the table
    assert minds.players(6, 100, levels)[1] is not first[1]  # another table
    assert minds.players(5, 100, {1: "easy"})[1] is not first[1]  # another level
    assert minds.players(5, 100, {1: "easy"})[1].level == "easy"


def test_forgetting_a_table_drops_only_its_players() -> None:
    minds = Minds()
    mine, other = minds.players(5, 1, {0: "normal"}), minds.players(6, 1, {0: "normal"})
    minds.keep(5, 1, {0: "normal"}, mine)
    minds.keep(6, 1, {0: "normal"}, other)
    minds.forget(5)
    assert len(minds) == 1
    assert minds.players(5, 1, {0: "normal"})[0] is not mine[0]
    assert minds.players(6, 1, {0: "normal"})[0] is other[0]


def test_the_least_recently_used_players_go_first() -> None:
    minds = Minds(capacity=2)
    kept = {}
    for table in (1, 2, 3):
        kept[table] = minds.players(table, 0, {0: "easy"})
        minds.keep(table, 0, {0: "easy"}, kept[table])
        if table == 2:
            minds.keep(1, 0, {0: "easy"}, kept[1])  # table 1 thought again
    assert len(minds) == 2
    assert minds.players(1, 0, {0: "easy"})[0] is kept[1][0]
    assert minds.players(2, 0, {0: "easy"})[0] is not kept[2][0]
    assert minds.players(3, 0, {0: "easy"})[0] is kept[3][0]
