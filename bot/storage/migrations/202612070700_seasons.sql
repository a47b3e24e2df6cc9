-- A group's seasons, achievements and reliability (issue 68; the store's
-- part is bot/storage/seasons.py, its SQL bot/storage/season_sql.py).
--
-- How each person's part in a group match ended, one row per person and
-- match: 'finished' (or 'taken_over', 'blocked', 'no_show': the computer
-- played their seat to the end) written with the match's results; 'left'
-- when /leave or /kick passed the seat to a computer. The first outcome of
-- a (table, person) stands. Reliability reads a person's latest 20 from
-- `seat_outcomes_by_user`, newest first.
CREATE TABLE seat_outcomes (
    table_id {bigint} NOT NULL,
    user_id {bigint} NOT NULL,
    chat_id {bigint} NOT NULL,
    outcome TEXT NOT NULL,
    at {double} NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE INDEX seat_outcomes_by_user ON seat_outcomes(user_id, at, table_id, outcome);
-- Achievements: earned once per person and group (the key refuses a second).
-- A finale's notable moments read a group's season by `achievements_by_chat`.
CREATE TABLE achievements (
    user_id {bigint} NOT NULL,
    chat_id {bigint} NOT NULL,
    achievement TEXT NOT NULL,
    table_id {bigint} NOT NULL,
    earned_at {double} NOT NULL,
    PRIMARY KEY (user_id, chat_id, achievement)
);
CREATE INDEX achievements_by_chat ON achievements(chat_id, earned_at);
-- A season's boards, as `standings` is /top's: per group, calendar month
-- (UTC, 'YYYY-MM'), game and player, written with a match's results. A
-- month is the unit: a quarter's board adds its three months, so a group
-- that changes its kind of season keeps its counts.
CREATE TABLE season_standings (
    chat_id {bigint} NOT NULL,
    month TEXT NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    user_id {bigint},
    level TEXT,
    matches INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (chat_id, month, game, player)
);
-- Which groups finished a match in a month: the finale's candidates, a row
-- a group and month (a board's rows are many: a row a player and game).
CREATE TABLE season_groups (
    month TEXT NOT NULL,
    chat_id {bigint} NOT NULL,
    PRIMARY KEY (month, chat_id)
);
-- A season's finale, claimed once per group and season: the worker whose
-- insert made the row tells it (INSERT ... ON CONFLICT DO NOTHING).
CREATE TABLE season_finales (
    chat_id {bigint} NOT NULL,
    season TEXT NOT NULL,
    told_at {double} NOT NULL,
    PRIMARY KEY (chat_id, season)
);
-- A group admin's choices: its kind of season (NULL: the bot's SEASON) and
-- whether chip balances start again with each season.
ALTER TABLE chats ADD COLUMN season TEXT;
ALTER TABLE chats ADD COLUMN season_chips {bool} NOT NULL DEFAULT {false};
-- The "ten matches" and "a comeback" of a person in one group read their
-- latest results there.
CREATE INDEX results_by_user_chat ON results(user_id, chat_id, finished_at);
-- What was played before: each group match a person finished, and the
-- months' boards.
INSERT INTO seat_outcomes (table_id, user_id, chat_id, outcome, at)
    SELECT table_id, user_id, chat_id, 'finished', finished_at FROM results
    WHERE user_id IS NOT NULL AND NOT practice;
-- sqlite only:
INSERT INTO season_groups (month, chat_id)
    SELECT DISTINCT strftime('%Y-%m', finished_at, 'unixepoch'), chat_id FROM results
    WHERE NOT practice;
INSERT INTO season_standings (chat_id, month, game, player, user_id, level, matches, wins)
    SELECT chat_id, strftime('%Y-%m', finished_at, 'unixepoch'), game, player, max(user_id),
           max(level), count(*), sum(CASE WHEN place = 1 THEN 1 ELSE 0 END)
    FROM results WHERE NOT practice
    GROUP BY chat_id, strftime('%Y-%m', finished_at, 'unixepoch'), game, player;
-- postgres only:
INSERT INTO season_groups (month, chat_id)
    SELECT DISTINCT to_char(to_timestamp(finished_at) AT TIME ZONE 'UTC', 'YYYY-MM'), chat_id
    FROM results WHERE NOT practice;
INSERT INTO season_standings (chat_id, month, game, player, user_id, level, matches, wins)
    SELECT chat_id, to_char(to_timestamp(finished_at) AT TIME ZONE 'UTC', 'YYYY-MM'), game,
           player, max(user_id), max(level), count(*),
           sum(CASE WHEN place = 1 THEN 1 ELSE 0 END)
    FROM results WHERE NOT practice
    GROUP BY chat_id, to_char(to_timestamp(finished_at) AT TIME ZONE 'UTC', 'YYYY-MM'), game,
             player;
