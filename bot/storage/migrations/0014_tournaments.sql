-- Tournaments (issue 60). A tournament's table is an ordinary table with a
-- link to its round: `tables.tournament_id`, and a row of
-- `tournament_tables` naming its round and its place in the round (one
-- table a place: a round's table is never opened twice). A group runs
-- several tournament tables at once, in one topic when it has none, so the
-- one open table of a place counts only tables outside tournaments.
ALTER TABLE tables ADD COLUMN tournament_id {bigint};
DROP INDEX tables_one_open_per_place;
-- sqlite only:
CREATE UNIQUE INDEX tables_one_open_per_place
    ON tables(chat_id, coalesce(thread_id, 0))
    WHERE status IN ('lobby', 'playing') AND tournament_id IS NULL;
-- postgres only:
CREATE UNIQUE INDEX tables_one_open_per_place
    ON tables (chat_id, (COALESCE(thread_id, 0)))
    WHERE status IN ('lobby', 'playing') AND tournament_id IS NULL;
-- both:
CREATE TABLE tournaments (
    id {id},
    chat_id {bigint} NOT NULL,
    thread_id {bigint},
    creator_id {bigint} NOT NULL,
    preset TEXT NOT NULL,
    options TEXT NOT NULL,      -- the game's options, JSON
    settings TEXT NOT NULL,     -- the tournament's (bot/tournaments/formats.py Settings)
    status TEXT NOT NULL,       -- registering, running, finished, stopped
    plan TEXT,                  -- fixed at the start (formats.Plan), JSON
    message_id {bigint},        -- the registration message
    version {bigint} NOT NULL DEFAULT 1,
    created_at {double} NOT NULL,
    updated_at {double} NOT NULL
);
-- One tournament at a time in a group.
CREATE UNIQUE INDEX tournaments_one_open_per_chat
    ON tournaments(chat_id) WHERE status IN ('registering', 'running');
CREATE INDEX tournaments_by_status ON tournaments(status);
CREATE TABLE tournament_entries (
    tournament_id {bigint} NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id {bigint} NOT NULL,
    name TEXT NOT NULL,
    position INTEGER NOT NULL,  -- the order of registration
    partner {bigint},           -- kozel: the partner they registered with
    PRIMARY KEY (tournament_id, user_id)
);
CREATE TABLE tournament_rounds (
    tournament_id {bigint} NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    round TEXT NOT NULL,        -- who sits where (bot/tournaments/model.py Round), JSON
    outcomes TEXT,              -- the tables' results once all ended, JSON
    told {bool} NOT NULL DEFAULT {false},  -- its standings were posted
    PRIMARY KEY (tournament_id, number)
);
CREATE TABLE tournament_tables (
    tournament_id {bigint} NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    position INTEGER NOT NULL,  -- the table's index in its round
    table_id {bigint} NOT NULL UNIQUE REFERENCES tables(id),
    PRIMARY KEY (tournament_id, round, position)
);
