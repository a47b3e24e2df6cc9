-- /notify: who asked to be told in private when a table opens in a group.
CREATE TABLE notify (
    chat_id {bigint} NOT NULL,
    user_id {bigint} NOT NULL,
    created_at {double} NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
