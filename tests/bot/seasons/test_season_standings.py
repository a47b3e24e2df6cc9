"""A season's boards, champions and notable moments from plain rows."""

from __future__ import annotations

from bot.seasons.standings import Moment, SeasonRow, boards, champions, notable


def row(game: str, player: str, matches: int, wins: int, level: str | None = None) -> SeasonRow:
    return SeasonRow(game, player, player.upper(), level, matches, wins)


ROWS = [
    row("burkozel", "u:1", 8, 5),
    row("burkozel", "u:2", 6, 5),
    row("burkozel", "cpu:hard", 20, 9, level="hard"),
    row("burkozel", "u:3", 4, 0),
    row("bura", "u:1", 2, 1),
    row("bura", "u:3", 2, 1),
    row("kozel", "u:4", 0, 0),
]


def test_boards_rank_by_wins_then_fewer_matches() -> None:
    found = boards(ROWS)
    assert list(found) == ["burkozel", "bura"]  # kozel: nobody played it
    assert [r.player for r in found["burkozel"]] == ["cpu:hard", "u:2", "u:1", "u:3"]
    assert len(boards(ROWS, size=2)["burkozel"]) == 2


def test_champions_are_people_and_may_share() -> None:
    found = champions(ROWS)
    assert [r.player for r in found["burkozel"]] == ["u:2"]
    assert [r.player for r in found["bura"]] == ["u:1", "u:3"]
    assert "kozel" not in found


def test_no_champion_without_a_win() -> None:
    assert champions([row("bura", "u:1", 3, 0), row("bura", "cpu:easy", 3, 3, "easy")]) == {}
    assert champions([]) == {}


def test_notable_moments_are_the_rarest() -> None:
    moments = [
        Moment("A", "first_win", 1.0),
        Moment("B", "bura", 2.0),
        Moment("C", "golden_moscow", 5.0),
        Moment("D", "eggs", 3.0),
        Moment("E", "eggs", 1.0),
        Moment("F", "regular", 0.0),
        Moment("G", "from_a_newer_version", 0.0),
    ]
    assert [m.name for m in notable(moments)] == ["C", "E", "D"]
    assert [m.name for m in notable(moments, limit=5)] == ["C", "E", "D", "B"]
