## The group's table: the deal's summary, the live message, the hand.
deal-penalty = +{ $penalty } { $penalty ->
        [one] penalty point
       *[other] penalty points
    }
deal-penalty_none = 0
deal-why-most = { $sides ->
        [2] more points
       *[other] most points
    }
deal-why-eggs = “eggs”
deal-why-no_tricks = no tricks
deal-why-zero_points = no points
deal-why-pass = { $pass } or more
deal-why-under = under { $pass }
deal-why-claim_true = “I have 31!”, and it was true
deal-why-claim_false = “I have 31!” without 31
deal-why-combination = { $combo } in hand
deal-why-lost = deal lost
live-turn_time = ⏳ { $seconds } s a move
live-my_cards = 🃏 My cards
hand-you = you
hand-you_points = you { $points }
hand-you_points_hidden = you { $points } (not counting { $count } face-down)
hand-tricks = Tricks: { $counts }
hand-mine-lead = You lead: { $cards }
hand-mine-beat = You beat with { $cards }
hand-mine-discard = You discard: { $cards }
hand-mine-discard_down = You discard face down: { $cards }
hand-spectator = 👀 You're out — watching the match
hand-declare_hint = 📣 — lead a combination (out of turn too).
button-declare_short = 📣 { $combo }
chart-title = { $preset } · table #{ $table }: penalty points by deal
