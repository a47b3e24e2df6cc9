"""A tournament in the table service: `registration` (opening, registering,
starting, stopping: `Tournaments`) and `runner` (its rounds played as
tournament-round tables: `Rounds`, which hears each table's end on
`TableEvents.ended`). The pure parts (formats, pairings, standings,
entrants, seeding, results) are bot/tournaments/."""
