## Tournaments (issue 60): /tournament, registration, rounds, standings.

tournament-title = 🏁 <b>Tournament: { $game }</b>
tournament-format = Format: { $format }
tournament-format-roundrobin = round robin (everybody meets everybody)
tournament-format-swiss = Swiss (paired by standing)
tournament-format-knockout = knockout (the loser is out)
tournament-format-auto = chosen at the start by the number of players
tournament-rounds = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
tournament-size = At a table: up to { $size }
tournament-duplicate = 🃏 Duplicate deals: every table of a round gets the same cards.
tournament-teams = 👥 Teams of two: reply /join to your partner's message once they have registered; the others pair up in order of registration (1st with 2nd, …).
tournament-options = Game options:
tournament-registered = Registered ({ $count }):
tournament-nobody = Nobody yet.
tournament-hint = Register with the button or /join. { $creator } or an admin starts it with /start or ▶️.
tournament-button-join = ✋ Register
tournament-button-leave = Leave
tournament-button-start = ▶️ Start
tournament-joined = You're registered!
tournament-joined_team = You're registered as { $name }'s partner!
tournament-partner_taken = { $name } is not registered yet or has a partner already: /join on your own, or reply to someone else.
tournament-already = You're registered already.
tournament-left = You're off the list.
tournament-not_registered = You're not registered.
tournament-closed = Registration is closed.
tournament-gone = This tournament is over.
tournament-exists = This group already has a tournament: /stop it first.
tournament-none = There is no tournament here.
tournament-not_allowed = Only the tournament's creator or a chat admin can do that.
tournament-too_few = Too few to start: { $count } registered, at least { $needed } needed.
tournament-odd_out = { $name } has no partner and sits this tournament out.
tournament-started = 🏁 The tournament begins: { $format }, { $rounds }.
tournament-round = 🏁 <b>Round { $round } of { $rounds }</b>
tournament-table = Table #{ $table }: { $names }
tournament-bye = Sits this round out: { $names }
tournament-lobby_hint = 🏁 Tournament, round { $round }: the match starts by itself when everybody taps “Join”. Whoever has not tapped in { $seconds } s is played by the computer.
tournament-no_show = ⏰ Not at the table in time, the computer plays for them: { $names }
tournament-standings = 📊 <b>Standings after round { $round }</b> (points, wins):
tournament-standings-duplicate = 📊 <b>Standings after round { $round }</b> (against the same cards, points):
tournament-still_in = ➡️ Still in: { $names }
tournament-out = Out: { $names }
tournament-void = Table #{ $table } was closed without a result.
tournament-topic = 🏁 Round { $round } · table { $number }
tournament-winner = { $count ->
    [one] 🏆 Tournament winner: { $names }!
   *[other] 🏆 Tournament winners, level on points: { $names }!
}
tournament-stopped = The tournament is stopped ({ $name }).
tournament-usage =
    <code>/tournament [game] [option=value …]</code>
    format=roundrobin, swiss or knockout; rounds=N (Swiss); size=2–4 (players at a table); duplicate=on; turn_time=seconds; and the game's options, as in /new.
tournament-bad_format = Unknown format “{ $value }”: roundrobin, swiss or knockout.
tournament-bad_rounds = Rounds: a whole number from 1 to { $max }.
tournament-bad_size = Players at a table in { $game }: { $counts }.
tournament-bad_duplicate = duplicate: on or off.
tournament-bad_rounds_not_swiss = Rounds are chosen only in a Swiss tournament (format=swiss).
command-group-tournament = a tournament: /tournament [game] [options]
chart-round = Round
chart-points = Points
