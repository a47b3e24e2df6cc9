## Hints in practice (/play): the 💡 button on the hand, the strong computer's
## answer in one line ("move: why"), the count of hints in the match's result
## (bot/view/hints.py).

hint-button = 💡 Hint
hint-answer = 💡 { $move }: { $reason }

## The move.
hint-lead = Lead { $cards }
hint-beat = Beat with { $cards }
hint-discard = Discard { $cards }
hint-declare = Declare { $combo } ({ $cards })
hint-claim = Claim 31
hint-hold = Don't declare the combination now

## Why (one line per reason code, engine/ai/review/hint.py).
hint-why-claim = your tricks hold 31 points
hint-why-combination = it is worth playing at once
hint-why-hold = it is worth more held back
hint-why-take_points = the table holds points: { $cards }
hint-why-cheapest_beat = that is enough, and you keep { $cards }
hint-why-take_lead = the trick is yours, and so is the next lead
hint-why-follow_partner = your partner takes the trick ({ $cards })
hint-why-trump_still_out = a higher trump, { $cards }, is still out
hint-why-keep_high_card = the trick isn't worth your { $cards }
hint-why-cannot_beat = nothing beats { $cards }, so give the cheapest
hint-why-sure_winner = nothing still out beats it
hint-why-lead_low = no points at risk, and your strong cards wait
hint-why-best_on_average = it does best on average over the deals you could be facing

## In the practice match's result.
hint-used = 💡 { $count } { $count ->
        [one] hint
       *[other] hints
    } used

## Refusals.
hint-practice_only = Hints are only in practice against the computer (/play).
hint-not_your_turn = A hint comes when it's your move.
hint-failed = The hint didn't work out just now. Please try again.
