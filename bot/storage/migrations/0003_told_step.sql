-- How far the group and players have been told, so a restart can tell
-- them what a crash kept from them (a trick's record, the final result).
ALTER TABLE tables ADD COLUMN told_step INTEGER NOT NULL DEFAULT 0;
