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
