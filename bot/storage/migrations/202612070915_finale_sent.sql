-- A season's finale is claimed, then sent, then marked sent (issue 68): a
-- claim left unsent by a crash or a failed send is claimed again after a
-- lease and told then. Finales claimed before this were sent.
ALTER TABLE season_finales ADD COLUMN sent {bool} NOT NULL DEFAULT {true};
CREATE INDEX season_finales_unsent ON season_finales(sent, told_at);
