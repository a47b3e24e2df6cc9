-- An unguessable token per table for its join link, as in SQLite's
-- migration 5. New tables get theirs from Python's `secrets`
-- (bot/storage/postgres.py); tables opened before get 122 random bits here.
ALTER TABLE tables ADD COLUMN join_token TEXT;
UPDATE tables SET join_token = replace(gen_random_uuid()::text, '-', '');
