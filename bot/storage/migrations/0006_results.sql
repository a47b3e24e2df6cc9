-- A finished match's results, one row per seat, written in the same
-- transaction as the match's last move (bot/storage/writes.py
-- `write_result`), and each player's rating per game. `player` is whose
-- rating a seat moves: 'u:<user id>' for a person, 'cpu:<level>' for a
-- computer. Rows outlive the action log (pruned after ACTION_LOG_DAYS);
-- /forget replaces a person's name in them.
CREATE TABLE results (
    table_id {bigint} NOT NULL,
    seat INTEGER NOT NULL,
    chat_id {bigint} NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    practice {bool} NOT NULL,
    player TEXT NOT NULL,
    user_id {bigint},
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
    mu_before {double},
    sigma_before {double},
    mu_after {double},
    sigma_after {double},
    finished_at {double} NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_by_user ON results(user_id, finished_at);
CREATE INDEX results_by_chat ON results(chat_id, game);
CREATE TABLE ratings (
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    mu {double} NOT NULL,
    sigma {double} NOT NULL,
    matches INTEGER NOT NULL DEFAULT 0,
    updated_at {double} NOT NULL,
    PRIMARY KEY (game, player)
);
