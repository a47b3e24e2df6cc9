-- /notify, as in SQLite's migration 7.
CREATE TABLE notify (
    chat_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
