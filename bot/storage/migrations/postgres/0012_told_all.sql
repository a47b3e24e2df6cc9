-- Which tables have untold moves, from a partial index, and closed lobbies
-- found for pruning: as in SQLite's migration 12
-- (bot/storage/migrations/sqlite/0012_told_all.sql).
ALTER TABLE tables ADD COLUMN logged_last INTEGER NOT NULL DEFAULT 0;
UPDATE tables t SET logged_last =
    COALESCE((SELECT MAX(a.seq) FROM actions a WHERE a.table_id = t.id), 0);
CREATE INDEX tables_untold ON tables(id)
    WHERE status IN ('playing', 'finished') AND told_step < logged_last;
CREATE INDEX tables_closed_lobbies ON tables(updated_at)
    WHERE status = 'closed' AND state IS NULL;
