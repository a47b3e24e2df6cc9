-- The coach's reviews (issue 66): a review of one seat's play in one deal,
-- computed once in a worker and kept as JSON under its engine key
-- (engine.ai.review.review_key: deal, seat, budget, search version), so a
-- second tap on 🔍, or a tap after a restart, costs a read, not a search.
-- `table_id` lets a table's reviews go with it.
CREATE TABLE reviews (
    key TEXT PRIMARY KEY,
    table_id {bigint} NOT NULL,
    body TEXT NOT NULL,
    made_at {double} NOT NULL
);
CREATE INDEX reviews_by_table ON reviews(table_id);
