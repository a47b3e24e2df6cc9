-- /top at a million result rows (S7). A game's leaderboard reads only this
-- index (it holds every column the query needs, in the order it groups by),
-- not the table; and each player's latest name is kept in `player_names`,
-- written with the results, instead of being looked up in `results` once
-- per player on the board.
CREATE INDEX results_by_game_player
    ON results(game, practice, player, place, user_id, level);
-- A group's board likewise; it serves a group's history as the index it
-- replaces did (chat_id first).
DROP INDEX results_by_chat;
CREATE INDEX results_by_chat_game_player
    ON results(chat_id, game, practice, player, place, user_id, level);
CREATE TABLE player_names (
    player TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    finished_at {double} NOT NULL
);
-- sqlite only:
-- SQLite takes a bare column from the row that gives max(): the latest name.
INSERT INTO player_names (player, name, finished_at)
    SELECT player, name, max(finished_at) FROM results GROUP BY player;
-- postgres only:
INSERT INTO player_names (player, name, finished_at)
    SELECT DISTINCT ON (player) player, name, finished_at FROM results
    ORDER BY player, finished_at DESC, table_id DESC;
