-- The checkable shuffle (issue 66, docs/RULES.md 9). `shuffle_secret`: 64 hex
-- digits drawn when the table opens (bot/storage/shared_sql.py), whose SHA-256
-- the group is shown before the first card. `shuffle_public`: the public value
-- fixed when the match starts (`game:players:trump_card:chat:message`), which
-- `/verify <secret> <public>` looks the match up by. Tables opened before this
-- migration have neither and keep dealing from their seed (the first shuffle
-- edition).
ALTER TABLE tables ADD COLUMN shuffle_secret TEXT;
ALTER TABLE tables ADD COLUMN shuffle_public TEXT;
CREATE INDEX tables_by_shuffle ON tables(shuffle_public) WHERE shuffle_public IS NOT NULL;
