-- Leases of message lanes, for several workers on one database
-- (bot/storage/postgres_leases.py): a lane's jobs run at one worker at a
-- time, and the worker holds the lane by this row, not by a connection,
-- while it waits on Telegram. `until` (seconds since the epoch, the
-- server's clock) is pushed on while the owner runs; a dead owner's lease
-- lapses. Nothing here outlives a crash of the server that matters:
-- UNLOGGED. SQLite is one process's database and never writes this table;
-- it keeps the two schemas alike (python -m bot copy-store copies table for
-- table).
CREATE {unlogged} TABLE leases (
    key {bigint} PRIMARY KEY,
    owner TEXT NOT NULL,
    until {double} NOT NULL
);
