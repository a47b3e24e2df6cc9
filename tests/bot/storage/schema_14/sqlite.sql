-- The schema main made at 96befdc (migrations 1-14 of bot/storage/migrations/sqlite/),
-- frozen: the databases in use today, for test_migrations.py to upgrade.
-- The first schema.
CREATE TABLE users (
    user_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    username TEXT,
    language_code TEXT,
    lang TEXT,
    started INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL
);
CREATE TABLE chats (
    chat_id INTEGER PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    lang TEXT,
    updated_at REAL NOT NULL
);
CREATE TABLE tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id INTEGER NOT NULL,
    chat_title TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    creator_id INTEGER NOT NULL,
    preset TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER,
    state TEXT,
    version INTEGER NOT NULL DEFAULT 0,
    lobby_message_id INTEGER,
    live_message_id INTEGER,
    turn_deadline REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE UNIQUE INDEX tables_one_open_per_chat
    ON tables(chat_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_by_status ON tables(status);
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    hand_message_id INTEGER,
    hand_digest TEXT,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
CREATE INDEX seats_by_user ON seats(user_id);
CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    user_id INTEGER,
    action TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
-- Computer seats, absent players, turn reminders, practice tables and
-- the bot's own per-table settings (turn time).
ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'human';
ALTER TABLE seats ADD COLUMN level TEXT;
ALTER TABLE seats ADD COLUMN auto INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN turn_reminded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
-- How far the group and players have been told, so a restart can tell
-- them what a crash kept from them (a trick's record, the final result).
ALTER TABLE tables ADD COLUMN told_step INTEGER NOT NULL DEFAULT 0;
-- A move is one statement. The table's UPDATE names the action it
-- applied and a trigger appends that to the log within the same statement,
-- so the common save needs no BEGIN and COMMIT: one trip to the database
-- thread instead of four (each trip is a thread hand-off: 0.16 ms of CPU
-- for a `SELECT 1` measured alone on this project's machine).
ALTER TABLE tables ADD COLUMN logged_seq INTEGER;
ALTER TABLE tables ADD COLUMN logged_user INTEGER;
ALTER TABLE tables ADD COLUMN logged_action TEXT;
CREATE TRIGGER tables_log_action AFTER UPDATE OF logged_action ON tables
WHEN NEW.logged_action IS NOT NULL
BEGIN
    INSERT INTO actions (table_id, seq, user_id, action, created_at)
    VALUES (NEW.id, NEW.logged_seq, NEW.logged_user, NEW.logged_action, NEW.updated_at);
END;
-- An unguessable token per table for its join link (`/start j<hex id>_<token>`):
-- links made of the table's number alone let anyone on Telegram guess every
-- group's link. New tables get their token from Python's `secrets`
-- (bot/storage/sqlite.py); tables opened before this migration get one from
-- SQLite's randomness here, so their lobbies show working links when redrawn.
-- Links posted before it (`j<hex id>`, no token) are refused with the same
-- neutral sentence as any other link that does not work.
ALTER TABLE tables ADD COLUMN join_token TEXT;
UPDATE tables SET join_token = lower(hex(randomblob(12)));
-- A finished match's results, one row per seat, written in the same
-- transaction as the match's last move (bot/storage/sqlite.py
-- `_write_result`), and each player's rating per game. `player` is whose
-- rating a seat moves: 'u:<user id>' for a person, 'cpu:<level>' for a
-- computer. Rows outlive the action log (pruned after ACTION_LOG_DAYS);
-- /forget replaces a person's name in them.
CREATE TABLE results (
    table_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    chat_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    practice INTEGER NOT NULL,
    player TEXT NOT NULL,
    user_id INTEGER,
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
    mu_before REAL,
    sigma_before REAL,
    mu_after REAL,
    sigma_after REAL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_by_user ON results(user_id, finished_at);
CREATE INDEX results_by_chat ON results(chat_id, game);
CREATE TABLE ratings (
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game, player)
);
-- /notify: who asked to be told in private when a table opens in a group.
CREATE TABLE notify (
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
-- Forum topics: a table lives in the topic where it was opened. `thread_id`
-- is the topic's message_thread_id; NULL is a plain group, a forum's General
-- or a private chat. Each topic is a place of its own, so "one open table"
-- holds per chat and topic (General and a plain group count as topic 0).
ALTER TABLE tables ADD COLUMN thread_id INTEGER;
DROP INDEX tables_one_open_per_chat;
CREATE UNIQUE INDEX tables_one_open_per_place
    ON tables(chat_id, coalesce(thread_id, 0)) WHERE status IN ('lobby', 'playing');
-- Leases of message lanes, as in PostgreSQL's migration 9. SQLite is one
-- process's database and never writes this table; it keeps the two
-- schemas alike (python -m bot copy-store copies table for table).
CREATE TABLE leases (
    key INTEGER PRIMARY KEY,
    owner TEXT NOT NULL,
    until REAL NOT NULL
);
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
    finished_at REAL NOT NULL
);
-- SQLite takes a bare column from the row that gives max(): the latest name.
INSERT INTO player_names (player, name, finished_at)
    SELECT player, name, max(finished_at) FROM results GROUP BY player;
-- Chip balances (virtual chips, never money): a person's balance in each
-- group, and the ledger of every change to it. A table's stake is taken
-- from each person seated when its match starts, paid out when it ends,
-- returned when it is abandoned (bot/tables/chips.py). Each change is one
-- ledger row, written in the same transaction as the table's save that
-- causes it; its key (table, person, kind) makes a change written twice
-- (a save retried after a crash) change nothing. A table holds one match
-- (a rematch is a new table), so the table names the match.
CREATE TABLE chip_balances (
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    balance INTEGER NOT NULL CHECK (balance >= 0),
    PRIMARY KEY (chat_id, user_id)
);
-- kind: 'stake' (amount < 0), 'payout' or 'refund' (amount >= 0);
-- balance: the person's balance just after this change.
CREATE TABLE chip_ledger (
    table_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    chat_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    balance INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, user_id, kind)
);
CREATE INDEX chip_ledger_by_chat ON chip_ledger(chat_id, user_id);
-- The watchdog asks each minute which tables have moves nobody was told of
-- (S21): it read every finished table ever and the top of its action log.
-- `logged_last` is the last move logged (written by the table's UPDATE with
-- the move, shared_sql.UPDATE_TABLE), and the partial index holds only the
-- tables still behind: a finished table whose moves were all told leaves it,
-- so the scan costs what is untold, not what was ever played.
ALTER TABLE tables ADD COLUMN logged_last INTEGER NOT NULL DEFAULT 0;
UPDATE tables SET logged_last =
    COALESCE((SELECT MAX(a.seq) FROM actions a WHERE a.table_id = tables.id), 0);
CREATE INDEX tables_untold ON tables(id)
    WHERE status IN ('playing', 'finished') AND told_step < logged_last;
-- Closed lobbies that never started (`/new` then `/stop`) are pruned after
-- some days (bot/tables/privacy.py): this finds them without a scan.
CREATE INDEX tables_closed_lobbies ON tables(updated_at)
    WHERE status = 'closed' AND state IS NULL;
-- /top from a summary, not from `results` (issue 58: within 50 ms a game at
-- a million result rows). One row per scope, game and player: a group's
-- board (`scope` its chat id) and the bot's (`scope` 0; no chat has that
-- id), counting rated matches and first places. Written with a match's
-- results in the same transaction (shared_sql.UPSERT_STANDING); a board
-- reads the top of `standings_by_wins`, a few rows, whatever the history.
CREATE TABLE standings (
    scope INTEGER NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    user_id INTEGER,
    level TEXT,
    matches INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (scope, game, player)
);
CREATE INDEX standings_by_wins ON standings(scope, game, wins, matches);
INSERT INTO standings (scope, game, player, user_id, level, matches, wins)
    SELECT 0, game, player, max(user_id), max(level), count(*),
           sum(CASE WHEN place = 1 THEN 1 ELSE 0 END)
    FROM results WHERE practice = 0 GROUP BY game, player;
INSERT INTO standings (scope, game, player, user_id, level, matches, wins)
    SELECT chat_id, game, player, max(user_id), max(level), count(*),
           sum(CASE WHEN place = 1 THEN 1 ELSE 0 END)
    FROM results WHERE practice = 0 GROUP BY chat_id, game, player;
-- The bot-wide board's index of migration 10 has no reader left.
DROP INDEX results_by_game_player;
-- Tournaments (issue 60). A tournament's table is an ordinary table with a
-- link to its round: `tables.tournament_id`, and a row of
-- `tournament_tables` naming its round and its place in the round (one
-- table a place: a round's table is never opened twice). A group runs
-- several tournament tables at once, in one topic when it has none, so the
-- one open table of a place counts only tables outside tournaments.
ALTER TABLE tables ADD COLUMN tournament_id INTEGER;
DROP INDEX tables_one_open_per_place;
CREATE UNIQUE INDEX tables_one_open_per_place
    ON tables(chat_id, coalesce(thread_id, 0))
    WHERE status IN ('lobby', 'playing') AND tournament_id IS NULL;
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id INTEGER NOT NULL,
    thread_id INTEGER,
    creator_id INTEGER NOT NULL,
    preset TEXT NOT NULL,
    options TEXT NOT NULL,      -- the game's options, JSON
    settings TEXT NOT NULL,     -- the tournament's (bot/tournaments/formats.py Settings)
    status TEXT NOT NULL,       -- registering, running, finished, stopped
    plan TEXT,                  -- fixed at the start (formats.Plan), JSON
    message_id INTEGER,         -- the registration message
    version INTEGER NOT NULL DEFAULT 1,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
-- One tournament at a time in a group.
CREATE UNIQUE INDEX tournaments_one_open_per_chat
    ON tournaments(chat_id) WHERE status IN ('registering', 'running');
CREATE INDEX tournaments_by_status ON tournaments(status);
CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    position INTEGER NOT NULL,  -- the order of registration
    partner INTEGER,            -- kozel: the partner they registered with
    PRIMARY KEY (tournament_id, user_id)
);
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    round TEXT NOT NULL,        -- who sits where (bot/tournaments/model.py Round), JSON
    outcomes TEXT,              -- the tables' results once all ended, JSON
    told INTEGER NOT NULL DEFAULT 0,  -- its standings were posted
    PRIMARY KEY (tournament_id, number)
);
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    position INTEGER NOT NULL,  -- the table's index in its round
    table_id INTEGER NOT NULL UNIQUE REFERENCES tables(id),
    PRIMARY KEY (tournament_id, round, position)
);
