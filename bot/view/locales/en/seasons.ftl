# Seasons, achievements and reliability (bot/view/seasons.py, issue 68).
season-month = { $month ->
        [1] January
        [2] February
        [3] March
        [4] April
        [5] May
        [6] June
        [7] July
        [8] August
        [9] September
        [10] October
        [11] November
       *[12] December
    } { $year }
season-quarter = Q{ $quarter } { $year }
season-days_left = { $days ->
        [one] { $days } day left
       *[other] { $days } days left
    }
season-top = 📅 Season “{ $season }”: { $left }. All time: /top all
season-title = 📅 <b>Season “{ $season }”</b>: { $left }
season-none = No match has been played this season yet.
season-game = <b>{ $game }</b>
season-line = { $medal } { $name } — { $wins } { $wins ->
        [one] win
       *[other] wins
    } of { $matches }
season-finale = 🏁 <b>Season “{ $season }” is over</b>
season-champion = 🏆 { $game }: { $names }
season-moments = Moments to remember:
season-moment = • { $name }: { $achievement }
season-started = 📅 Season “{ $season }” has begun, { $days } { $days ->
        [one] day
       *[other] days
    } long. Good luck!
season-chips_reset = 🪙 Chips start again: everybody has { $start } { $start ->
        [one] chip
       *[other] chips
    }.
achievement-quoted = “{ $title }”
achievement-person = { $name }: { $titles }
achievement-line = 🏅 Achievements: { $people }
achievement-private = 🏅 { $count ->
        [1] A new achievement
       *[other] New achievements
    } in “{ $group }”:
achievement-item = • “{ $title }”: { $about }
achievement-stats = 🏅 Achievements: { $earned } of { $total }
achievement-first_win = First win
achievement-first_win_about = win a match in the group.
achievement-regular = Regular
achievement-regular_about = play 10 matches in one group.
achievement-comeback = Comeback
achievement-comeback_about = win after three lost matches in a row.
achievement-brink = On the brink
achievement-brink_about = win a match when one lost deal would have put you out.
achievement-clean_sheet = Clean sheet
achievement-clean_sheet_about = win a match without a single penalty point.
achievement-hard_beaten = Beat the machine
achievement-hard_beaten_about = beat a hard computer at a table of people.
achievement-tournament_won = Tournament champion
achievement-tournament_won_about = win a tournament.
achievement-bura = Bura
achievement-bura_about = lay down a bura.
achievement-moscow = Moscow
achievement-moscow_about = lay down a Moscow.
achievement-golden_moscow = Golden Moscow
achievement-golden_moscow_about = lay down four aces.
achievement-small_moscow = Small Moscow
achievement-small_moscow_about = lay down a Small Moscow.
achievement-four_ends = Four ends
achievement-four_ends_about = lay down four ends.
achievement-true_31 = I have 31!
achievement-true_31_about = claim 31 rightly.
achievement-exact_31 = Exactly 31
achievement-exact_31_about = claim with exactly 31 points.
achievement-eggs = Eggs
achievement-eggs_about = play a deal that ends 60–60.
achievement-every_trick = Every trick
achievement-every_trick_about = take every trick of a deal.
reliability-stats = 🤝 Finished: { $percent }% ({ $finished } of the last { $counted })
reliability-mark = ⚠️ finishes { $percent }%
reliability-refused = This table seats players who finish at least { $needed }% of their matches; yours is { $percent }% ({ $finished } of the last { $counted }).
reliability-option = Players who finish at least { $needed }% of their matches
reliability-bad_option = Condition “reliable={ $value }”: give the share of matches finished, a whole percent from 0 to 100.
season-off = This group plays one endless season: /top shows all time. An admin can turn seasons on: /season month or /season quarter
season-group_only = Seasons are a group's: send /season in a group.
season-usage = Season: { $kind ->
        [month] a calendar month
        [quarter] a quarter
       *[none] none (one endless season)
    }; chips start again with each season: { $chips ->
        [yes] yes
       *[no] no
    }.
    An admin can change this: /season month, /season quarter, /season none; /season chips on or /season chips off
season-not_allowed = Only a chat admin can change the group's seasons.
season-chosen = ✅ Done.
chart-wins = Wins
chart-matches = Matches
command-group-season = the season so far, with a chart (admins: its kind)
