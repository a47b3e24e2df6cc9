-- Forum topics: a table lives in the topic where it was opened. `thread_id`
-- is the topic's message_thread_id; NULL is a plain group, a forum's General
-- or a private chat. Each topic is a place of its own, so "one open table"
-- holds per chat and topic (General and a plain group count as topic 0).
ALTER TABLE tables ADD COLUMN thread_id {bigint};
DROP INDEX tables_one_open_per_chat;
-- sqlite only:
CREATE UNIQUE INDEX tables_one_open_per_place
    ON tables(chat_id, coalesce(thread_id, 0)) WHERE status IN ('lobby', 'playing');
-- postgres only:
CREATE UNIQUE INDEX tables_one_open_per_place
    ON tables (chat_id, (COALESCE(thread_id, 0))) WHERE status IN ('lobby', 'playing');
