-- A tournament round's table reads its link from `tournament_tables` with the
-- table (TableRecord.tournament, issue 64): the copy the table's settings
-- JSON kept under "tournament" goes. The link rows themselves were written
-- with every such table since 0014, so no link moves; a settings JSON not
-- yet rewritten still reads (bot/tables/kinds.py ignores the old key).
-- sqlite only:
UPDATE tables SET settings = json_remove(settings, '$.tournament')
    WHERE tournament_id IS NOT NULL AND json_extract(settings, '$.tournament') IS NOT NULL;
-- postgres only:
UPDATE tables SET settings = (settings::jsonb - 'tournament')::text
    WHERE tournament_id IS NOT NULL AND settings::jsonb ? 'tournament';
