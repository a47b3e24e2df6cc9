"""Tournaments as pure data: who meets whom in each round, and who stands where.

Nothing here talks to Telegram, a database or a clock: a tournament's next
round is a function of its entrants, its settings and the rounds already
played, so the service can store every round and, after a restart, work out
the same next round again. `formats` holds the settings and picks the next
round, `pairing` the schedules (circle, balanced groups, Swiss, the
bracket), `standings` the points and the order of the table.

An entrant is a plain string: a person's id, or a team's id in kozel, where
a team of two sits as one side.
"""
