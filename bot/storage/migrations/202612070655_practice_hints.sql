-- Hints asked in a practice game (issue 66, bot/tables/hints.py): how many,
-- for the match's result, and at which version of the table the last one
-- was counted, so a double tap on 💡 (or a tap repeated by another worker)
-- is counted once. A row of its own rather than a column of `tables`: a
-- hint changes nothing of the game and must not bump the table's version.
CREATE TABLE practice_hints (
    table_id {bigint} PRIMARY KEY,
    hints INTEGER NOT NULL,
    version INTEGER NOT NULL
);
