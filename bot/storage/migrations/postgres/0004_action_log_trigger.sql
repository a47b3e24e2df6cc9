-- A move is one statement, as in SQLite's migration 4: the table's UPDATE
-- names the action it applied and a trigger appends it to the log within
-- the same statement (and so the same transaction), one round trip.
ALTER TABLE tables ADD COLUMN logged_seq INTEGER;
ALTER TABLE tables ADD COLUMN logged_user BIGINT;
ALTER TABLE tables ADD COLUMN logged_action TEXT;
CREATE FUNCTION tables_log_action() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO actions (table_id, seq, user_id, action, created_at)
    VALUES (NEW.id, NEW.logged_seq, NEW.logged_user, NEW.logged_action, NEW.updated_at);
    RETURN NULL;
END;
$$;
CREATE TRIGGER tables_log_action AFTER UPDATE OF logged_action ON tables
FOR EACH ROW WHEN (NEW.logged_action IS NOT NULL)
EXECUTE FUNCTION tables_log_action();
