-- /top from a summary, not from `results` (issue 58: within 50 ms a game at
-- a million result rows). One row per scope, game and player: a group's
-- board (`scope` its chat id) and the bot's (`scope` 0; no chat has that
-- id), counting rated matches and first places. Written with a match's
-- results in the same transaction (shared_sql.UPSERT_STANDING); a board
-- reads the top of `standings_by_wins`, a few rows, whatever the history.
CREATE TABLE standings (
    scope {bigint} NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    user_id {bigint},
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
-- The bot-wide board's index of migration 10 has no reader left.
DROP INDEX results_by_game_player;
