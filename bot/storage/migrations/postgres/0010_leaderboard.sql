-- /top at a million result rows (S7), as in SQLite's migration 10
-- (bot/storage/migrations/sqlite/0010_leaderboard.sql).
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
    finished_at DOUBLE PRECISION NOT NULL
);
INSERT INTO player_names (player, name, finished_at)
    SELECT DISTINCT ON (player) player, name, finished_at FROM results
    ORDER BY player, finished_at DESC, table_id DESC;
