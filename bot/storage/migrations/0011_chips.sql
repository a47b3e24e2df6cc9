-- Chip balances (virtual chips, never money): a person's balance in each
-- group, and the ledger of every change to it. A table's stake is taken
-- from each person seated when its match starts, paid out when it ends,
-- returned when it is abandoned (bot/tables/chips.py). Each change is one
-- ledger row, written in the same transaction as the table's save that
-- causes it; its key (table, person, kind) makes a change written twice
-- (a save retried after a crash) change nothing. A table holds one match
-- (a rematch is a new table), so the table names the match.
CREATE TABLE chip_balances (
    chat_id {bigint} NOT NULL,
    user_id {bigint} NOT NULL,
    balance {bigint} NOT NULL CHECK (balance >= 0),
    PRIMARY KEY (chat_id, user_id)
);
-- kind: 'stake' (amount < 0), 'payout' or 'refund' (amount >= 0);
-- balance: the person's balance just after this change.
CREATE TABLE chip_ledger (
    table_id {bigint} NOT NULL,
    user_id {bigint} NOT NULL,
    kind TEXT NOT NULL,
    chat_id {bigint} NOT NULL,
    seat INTEGER NOT NULL,
    amount {bigint} NOT NULL,
    balance {bigint} NOT NULL,
    at {double} NOT NULL,
    PRIMARY KEY (table_id, user_id, kind)
);
CREATE INDEX chip_ledger_by_chat ON chip_ledger(chat_id, user_id);
