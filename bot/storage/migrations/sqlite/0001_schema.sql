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
