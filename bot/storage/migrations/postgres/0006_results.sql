-- A finished match's results and each player's rating per game, as in
-- SQLite's migration 6 (bot/storage/migrations/sqlite/0006_results.sql).
CREATE TABLE results (
    table_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    chat_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    practice BOOLEAN NOT NULL,
    player TEXT NOT NULL,
    user_id BIGINT,
    level TEXT,
    name TEXT NOT NULL,
    side INTEGER NOT NULL,
    place INTEGER NOT NULL,
    penalties INTEGER NOT NULL,
    deals INTEGER NOT NULL,
    deals_won INTEGER NOT NULL,
    trick_points INTEGER NOT NULL,
    combinations INTEGER NOT NULL,
    claims_right INTEGER NOT NULL,
    claims_wrong INTEGER NOT NULL,
    mu_before DOUBLE PRECISION,
    sigma_before DOUBLE PRECISION,
    mu_after DOUBLE PRECISION,
    sigma_after DOUBLE PRECISION,
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_by_user ON results(user_id, finished_at);
CREATE INDEX results_by_chat ON results(chat_id, game);
CREATE TABLE ratings (
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    matches INTEGER NOT NULL DEFAULT 0,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, player)
);
