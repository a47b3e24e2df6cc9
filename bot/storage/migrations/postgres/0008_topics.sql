-- Forum topics, as in SQLite's migration 8: a table's topic (NULL: a plain
-- group, a forum's General or a private chat) and one open table per chat
-- and topic.
ALTER TABLE tables ADD COLUMN thread_id BIGINT;
DROP INDEX tables_one_open_per_chat;
CREATE UNIQUE INDEX tables_one_open_per_place
    ON tables (chat_id, (COALESCE(thread_id, 0))) WHERE status IN ('lobby', 'playing');
