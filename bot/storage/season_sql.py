"""The SQL of a group's seasons, achievements and reliability (issue 68;
migration 202612070700), in PostgreSQL's words like the rest of the store's
(bot/storage/shared_sql.py). Each query names the index it reads; the bench
bench/seasons_queries.py shows each plan at a million results."""

from __future__ import annotations

from typing import Any

from bot.storage.driver import Body, Step
from bot.storage.records import MatchResult

# -- written with a match's results (`write_season`) ----------------------------------

UPSERT_SEASON = """INSERT INTO season_standings
     (chat_id, month, game, player, user_id, level, matches, wins)
   VALUES ($1, $2, $3, $4, $5, $6, 1, $7)
   ON CONFLICT (chat_id, month, game, player) DO UPDATE SET
     matches = season_standings.matches + 1, wins = season_standings.wins + excluded.wins"""

INSERT_SEASON_GROUP = """INSERT INTO season_groups (month, chat_id) VALUES ($1, $2)
   ON CONFLICT DO NOTHING"""

# The first outcome of a person's part stands (a /leave recorded before the end).
INSERT_OUTCOME = """INSERT INTO seat_outcomes (table_id, user_id, chat_id, outcome, at)
   VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING"""

# Earned once per person and group: a second grant changes nothing.
INSERT_ACHIEVEMENT = """INSERT INTO achievements
     (user_id, chat_id, achievement, table_id, earned_at)
   VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING"""


def write_season(table_id: int, result: MatchResult) -> Body[None]:
    """A group match's season part, in the transaction of its results."""
    season = result.season
    if season is None or result.practice:
        return
    board = [
        (result.chat_id, season.month, result.game, seat.player, seat.user_id, seat.level,
         int(seat.place == 1))
        for seat in result.seats
    ]  # fmt: skip
    yield Step(UPSERT_SEASON, board, many=True)
    yield Step(INSERT_SEASON_GROUP, (season.month, result.chat_id))
    outcomes = [
        (table_id, user_id, result.chat_id, outcome, season.at)
        for user_id, outcome in season.outcomes
    ]
    if outcomes:
        yield Step(INSERT_OUTCOME, outcomes, many=True)
    grants = [
        (user_id, result.chat_id, achievement, table_id, season.at)
        for user_id, achievement in season.achievements
    ]
    if grants:
        yield Step(INSERT_ACHIEVEMENT, grants, many=True)


# -- reads ------------------------------------------------------------------------------

# A person's latest outcomes, newest first (`seat_outcomes_by_user`, backwards).
RECENT_OUTCOMES = """SELECT outcome FROM seat_outcomes WHERE user_id = $1
   ORDER BY at DESC, table_id DESC LIMIT $2"""

# A person's achievements in a group, or ($2 NULL) in every group (the
# primary key's prefix).
ACHIEVEMENTS_OF = """SELECT achievement FROM achievements
   WHERE user_id = $1 AND ($2::bigint IS NULL OR chat_id = $2)
   ORDER BY earned_at, achievement"""

# A person's latest group matches in one group, newest first, places only
# (`results_by_user_chat`, backwards): what "ten matches" and "a comeback"
# need, at most `$3` of them, whatever the history.
LATEST_PLACES = """SELECT place FROM results
   WHERE user_id = $1 AND chat_id = $2 AND NOT practice
   ORDER BY finished_at DESC LIMIT $3"""

# A group's season board: its months' rows added up, the months a range
# ('YYYY-MM' sorts as time does) of the primary key's (chat_id, month)
# prefix; each name looked up by its key after the adding up (a join let
# PostgreSQL scan every name: 90 ms at a million results).
SEASON_BOARD = """SELECT g.game, g.player,
       COALESCE((SELECT p.name FROM player_names p WHERE p.player = g.player), g.player),
       g.level, g.matches, g.wins
   FROM (SELECT game, player, level, sum(matches) AS matches, sum(wins) AS wins
         FROM season_standings WHERE chat_id = $1 AND month >= $2 AND month <= $3
         GROUP BY game, player, level) g"""

# The groups that played in a range of months (`season_groups`' key).
PLAYED_IN = """SELECT DISTINCT chat_id FROM season_groups
   WHERE month >= $1 AND month <= $2 ORDER BY chat_id"""

# What a group earned in a season, with each person's latest name
# (`achievements_by_chat`).
MOMENTS = """SELECT COALESCE(p.name, ''), a.achievement, a.earned_at FROM achievements a
   LEFT JOIN player_names p ON p.player = 'u:' || CAST(a.user_id AS TEXT)
   WHERE a.chat_id = $1 AND a.earned_at >= $2 AND a.earned_at < $3
   ORDER BY a.earned_at, a.user_id, a.achievement"""

# The claim of a finale: the insert that makes the row tells it.
CLAIM_FINALE = """INSERT INTO season_finales (chat_id, season, told_at, sent)
   VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING"""
# A claim whose finale was never marked sent, older than the lease: taken again.
RECLAIM_FINALE = """UPDATE season_finales SET told_at = $3
   WHERE chat_id = $1 AND season = $2 AND NOT sent AND told_at < $4"""
FINALE_SENT = "UPDATE season_finales SET sent = $3 WHERE chat_id = $1 AND season = $2"
UNSENT_FINALES = "SELECT chat_id, season FROM season_finales WHERE NOT sent AND told_at < $1"

CHAT_SEASON = "SELECT season, season_chips FROM chats WHERE chat_id = $1"

SET_CHAT_SEASON = """INSERT INTO chats (chat_id, title, season, season_chips, updated_at)
   VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (chat_id) DO UPDATE SET season = excluded.season,
     season_chips = excluded.season_chips, updated_at = excluded.updated_at"""

# Chip balances start again: a person's next stake starts from the group's start.
RESET_CHIPS = "DELETE FROM chip_balances WHERE chat_id = $1"


def grant_rows(
    grants: list[tuple[int, int, str, int, float]],
) -> list[tuple[Any, ...]]:
    """`INSERT_ACHIEVEMENT`'s values, in the order the key sorts (no two
    workers granting at once lock the same rows in opposite orders)."""
    return sorted(grants, key=lambda g: (g[0], g[1], g[2]))


# A group that became a supergroup (`Store.move_chat`) takes its achievements
# and season boards along, except where the supergroup has the same row.
MOVE_ACHIEVEMENTS = """UPDATE achievements SET chat_id = $1 WHERE chat_id = $2 AND NOT EXISTS
   (SELECT 1 FROM achievements n WHERE n.chat_id = $1 AND n.user_id = achievements.user_id
    AND n.achievement = achievements.achievement)"""
MOVE_SEASON_GROUPS = """UPDATE season_groups SET chat_id = $1 WHERE chat_id = $2 AND NOT EXISTS
   (SELECT 1 FROM season_groups n WHERE n.chat_id = $1 AND n.month = season_groups.month)"""
MOVE_SEASON_BOARDS = """UPDATE season_standings SET chat_id = $1 WHERE chat_id = $2 AND NOT EXISTS
   (SELECT 1 FROM season_standings n WHERE n.chat_id = $1
    AND n.month = season_standings.month AND n.game = season_standings.game
    AND n.player = season_standings.player)"""


# The back-fill (`python -m bot backfill-achievements`): every group match,
# oldest first, and what is held already.
GROUP_MATCHES = """SELECT table_id, min(chat_id), max(finished_at) FROM results
   WHERE NOT practice GROUP BY table_id ORDER BY 3, 1"""
ALL_ACHIEVEMENTS = "SELECT user_id, chat_id, achievement FROM achievements"
