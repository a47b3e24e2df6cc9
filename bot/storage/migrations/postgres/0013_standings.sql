-- /top from a summary kept with the results, as in SQLite's migration 13
-- (bot/storage/migrations/sqlite/0013_standings.sql).
CREATE TABLE standings (
    scope BIGINT NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    user_id BIGINT,
    level TEXT,
    matches INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (scope, game, player)
);
CREATE INDEX standings_by_wins ON standings(scope, game, wins, matches);
INSERT INTO standings (scope, game, player, user_id, level, matches, wins)
    SELECT 0, game, player, max(user_id), max(level), count(*),
           sum(CASE WHEN place = 1 THEN 1 ELSE 0 END)
    FROM results WHERE NOT practice GROUP BY game, player;
INSERT INTO standings (scope, game, player, user_id, level, matches, wins)
    SELECT chat_id, game, player, max(user_id), max(level), count(*),
           sum(CASE WHEN place = 1 THEN 1 ELSE 0 END)
    FROM results WHERE NOT practice GROUP BY chat_id, game, player;
DROP INDEX results_by_game_player;
