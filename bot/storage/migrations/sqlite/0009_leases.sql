-- Leases of message lanes, as in PostgreSQL's migration 9. SQLite is one
-- process's database and never writes this table; it keeps the two
-- schemas alike (python -m bot copy-store copies table for table).
CREATE TABLE leases (
    key INTEGER PRIMARY KEY,
    owner TEXT NOT NULL,
    until REAL NOT NULL
);
