"""A group's season (issue 68), the pure parts: seasons as calendar periods
(`calendar`), achievements from a match's stored moves (`achievements`,
`backfill`), who finishes what they start (`reliability`) and a season's
champions (`standings`). No storage, no Telegram: the bot wires them in."""
