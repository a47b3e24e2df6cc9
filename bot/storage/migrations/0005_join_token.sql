-- An unguessable token per table for its join link (`/start j<hex id>_<token>`):
-- links made of the table's number alone let anyone on Telegram guess every
-- group's link. New tables get their token from Python's `secrets`
-- (bot/storage/shared_sql.py); tables opened before this migration get one from
-- the database's randomness here, so their lobbies show working links when redrawn.
-- Links posted before it (`j<hex id>`, no token) are refused with the same
-- neutral sentence as any other link that does not work.
ALTER TABLE tables ADD COLUMN join_token TEXT;
-- sqlite only:
UPDATE tables SET join_token = lower(hex(randomblob(12)));
-- postgres only:
UPDATE tables SET join_token = replace(gen_random_uuid()::text, '-', '');
