-- Computer seats, absent players, turn reminders, practice tables and
-- the bot's own per-table settings (turn time).
ALTER TABLE seats ADD COLUMN kind TEXT NOT NULL DEFAULT 'human';
ALTER TABLE seats ADD COLUMN level TEXT;
ALTER TABLE seats ADD COLUMN auto {bool} NOT NULL DEFAULT {false};
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN turn_reminded {bool} NOT NULL DEFAULT {false};
ALTER TABLE tables ADD COLUMN practice {bool} NOT NULL DEFAULT {false};
ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
