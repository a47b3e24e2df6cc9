-- A placeholder for migration 9, which another branch of issue 58 adds
-- (PostgreSQL workers). Delete this file when that branch is merged.
SELECT 1;
