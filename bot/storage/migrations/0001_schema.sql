-- The first schema.
CREATE TABLE users (
    user_id {bigint} PRIMARY KEY,
    name TEXT NOT NULL,
    username TEXT,
    language_code TEXT,
    lang TEXT,
    started {bool} NOT NULL DEFAULT {false},
    updated_at {double} NOT NULL
);
CREATE TABLE chats (
    chat_id {bigint} PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',
    lang TEXT,
    updated_at {double} NOT NULL
);
CREATE TABLE tables (
    id {id},
    chat_id {bigint} NOT NULL,
    chat_title TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    creator_id {bigint} NOT NULL,
    preset TEXT NOT NULL,
    options TEXT NOT NULL,
    seed {bigint},
    state TEXT,
    version {bigint} NOT NULL DEFAULT 0,
    lobby_message_id {bigint},
    live_message_id {bigint},
    turn_deadline {double},
    created_at {double} NOT NULL,
    updated_at {double} NOT NULL
);
CREATE UNIQUE INDEX tables_one_open_per_chat
    ON tables(chat_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_by_status ON tables(status);
CREATE TABLE seats (
    table_id {bigint} NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id {bigint} NOT NULL,
    name TEXT NOT NULL,
    hand_message_id {bigint},
    hand_digest TEXT,
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, user_id)
);
CREATE INDEX seats_by_user ON seats(user_id);
CREATE TABLE actions (
    table_id {bigint} NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    user_id {bigint},
    action TEXT NOT NULL,
    created_at {double} NOT NULL,
    PRIMARY KEY (table_id, seq)
);
