## Tournaments (issue 60): /tournament, registration, rounds, standings.

tournament-title = 🏁 <b>Tournament: { $game }</b>
tournament-format = Format: { $format }
tournament-format-roundrobin = round robin (everybody meets everybody)
tournament-format-swiss = Swiss (paired by standing)
tournament-format-knockout = knockout (the loser is out)
tournament-format-auto = chosen at the start by the number of players
tournament-explain = ℹ️ { $format ->
        [roundrobin] Round robin: everybody plays everybody.
        [swiss] Swiss: each round, neighbours in the standings share a table.
        [knockout] Knockout: each table's winner goes on.
       *[auto] I'll choose the format at the start: round robin, Swiss or knockout.
    }
tournament-place_points = A place at a table is worth a point for each player you finish above; a bye counts as a win.
tournament-rounds = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
tournament-size = At a table: up to { $size }
tournament-duplicate = 🃏 Duplicate deals: every table of a round gets the same cards, and the standings count how many penalty points fewer you scored than those who held the same cards. The group sees only each table's start and end; you follow the play in your hand.
tournament-teams = 👥 Teams of two: reply /join to your partner's message once they have registered, and they reply /join to yours; the others pair up in order of registration (1st with 2nd, …).
tournament-options = Game options:
tournament-registered = Registered ({ $count } of { $max }):
tournament-nobody = Nobody yet.
tournament-hint = Register with the button or /join. { $creator } or an admin starts it with /start or ▶️.
tournament-button-join = ✋ Register
tournament-button-leave = Leave
tournament-button-start = ▶️ Start
tournament-joined = You're registered!
tournament-joined_team = You're registered as { $name }'s partner!
tournament-partner_taken = { $name } is not registered yet or has a partner already: /join on your own, or reply to someone else.
tournament-partner_asked = 🤝 { $name } asks { $partner } to be partners. To agree, reply /join to the invitation.
tournament-already = You're registered already.
tournament-full = No places left: the list has { $max } already.
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
tournament-table = Table { $number } (#{ $table }): { $names }
tournament-bye = Bye this round: { $names }
tournament-lobby_hint = 🏁 Tournament, round { $round }: the match starts by itself when everybody taps “Join”. The computer plays for anyone who hasn't tapped within { $seconds } s.
tournament-no_show = ⏰ The computer plays for those who didn't tap “Join” in time: { $names }
tournament-standings = 📊 <b>Standings after round { $round }</b> (points for places — one for each player you finished above at your table; wins in brackets):
tournament-standings-duplicate = 📊 <b>Standings after round { $round }</b> (± — how many penalty points more (+) or fewer (−) you scored than the average of those who held the same cards; fewer is better; points for places in brackets):
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
tournament-lobby_fixed = This is a tournament table: its players and rules are set by the tournament. Here you can only confirm that you play.
tournament-cannot_start = ⛔ Table #{ $table } cannot start. { $reason } It does not count; the tournament goes on.
tournament-short_chips = You have { $balance } { $balance ->
        [one] chip
       *[other] chips
    } in this group, less than the tournament's stake of { $stake } a match: you cannot register.
