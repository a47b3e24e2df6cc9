## The coach's review of a player's deal (issue 66, bot/view/review.py).

button-review = 🔍 Review
review-title = 🔍 <b>Review of deal { $deal }</b> · table #{ $table }
review-no_moves = You had no moves in this deal.
review-luck = { $hand ->
        [strong] 💪 A strong hand
        [weak] 🥶 A weak hand
       *[average] ⚖️ An average hand
    }: { $team ->
        [yes] your team's expected penalty was about { $expected }, your team got
       *[no] your expected penalty was about { $expected }, you got
    } { $penalties }.
review-clean = ✅ No costly mistakes. Moves checked: { $count }.
review-costly = { $team ->
        [yes] What cost your team the most:
       *[no] What cost you the most:
    }
review-move = ▪️ Trick { $number }: you played { $played }, { $better } was better — { $cost }.
review-cost_penalty = a penalty about { $penalty } higher
review-cost_points = { $points } { $points ->
        [one] point
       *[other] points
    } fewer
review-cost_both = a penalty about { $penalty } higher and { $points } fewer points
review-claim = “I have 31!”
review-declare = 📣 { $cards }
review-no_declare = not declaring
review-note = <i>Judged by the strong computer's search, only from what you saw at the time.</i>
review-working = 🔍 Reviewing the deal; it will come here.
review-coming = ⏳ The review of deal { $deal } (table #{ $table }) is queued: it will come here as soon as it is ready.
review-gone = This deal cannot be reviewed: the table is gone or the deal is still being played.
review-not_yours = You can review only your own deal.
review-slow = That is enough reviews for now: the next one in { $seconds } s.
review-busy = The bot is busy with reviews right now. Try again in a minute.
review-failed = The review did not work out. Please try again later.
