-- Chip balances and their ledger, as in SQLite's migration 11
-- (bot/storage/migrations/sqlite/0011_chips.sql).
CREATE TABLE chip_balances (
    chat_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    balance BIGINT NOT NULL CHECK (balance >= 0),
    PRIMARY KEY (chat_id, user_id)
);
CREATE TABLE chip_ledger (
    table_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    chat_id BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    amount BIGINT NOT NULL,
    balance BIGINT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, user_id, kind)
);
CREATE INDEX chip_ledger_by_chat ON chip_ledger(chat_id, user_id);
