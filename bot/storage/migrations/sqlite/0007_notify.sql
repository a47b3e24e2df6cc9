-- /notify: who asked to be told in private when a table opens in a group.
CREATE TABLE notify (
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
