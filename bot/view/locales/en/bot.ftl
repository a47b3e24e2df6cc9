level-random = random
level-greedy = greedy
level-easy = easy
level-normal = normal
level-hard = hard
preset-burkozel = Burkozel
preset-kozel = Kozel
preset-bura = Bura
value-on = on
value-off = off
value-trump_card-bottom = under the stock
value-trump_card-middle = from the middle
value-first_lead-left_of_dealer = dealer's left
value-first_lead-lowest_trump = lowest trump
value-small_moscow-sixes = three sixes
value-small_moscow-tens = three tens
option-trump_card = Trump
option-first_lead = First lead
option-first_lead_max3 = First lead ≤ 3 cards
option-closed_discard = Discard face down
option-four_ends = Four ends
option-combo_interrupt = Molodka interrupts
option-six_for_zero_points = 6 penalties for 0 points
option-pass_21 = Pass mark 21 (3–4 players)
option-eggs_double = “Eggs” double penalties
option-false_claim_double = False claim costs double
option-show_own_points = Show own points
option-redeal_on_initial_combo = Redeal on a dealt combo
option-small_moscow = Small Moscow
option-limit = Play to
option-end_at_first_loser = End when one is out
option-stake = Stake (chips)
option-about-trump_card = where the card that sets trump lies: under the stock (drawn last) or from the middle (it stays in the stock)
option-about-first_lead = who leads first in the match: the player left of the dealer, or whoever holds the lowest trump
option-about-first_lead_max3 = the first lead of a deal is 3 cards at most
option-about-closed_discard = discards lie face down; only their owner sees them
option-about-four_ends = four ends (4 cards, each an ace or a ten) is a combination
option-about-combo_interrupt = a molodka may interrupt a trick already begun
option-about-six_for_zero_points = 6 penalty points also for tricks worth no points
option-about-pass_21 = with 3 or 4 players, 21 points instead of 31 are enough for 2 penalty points instead of 4
option-about-eggs_double = after “eggs” (60–60) the next deal's penalties are doubled
option-about-false_claim_double = a false “I have 31!” costs 4 penalty points, not 2
option-about-show_own_points = the bot shows you your tricks' points
option-about-redeal_on_initial_combo = a combination dealt at the start means a redeal, not a win
option-about-small_moscow = what Small Moscow is: three sixes or three tens, the trump one among them
option-about-limit = how many penalty points put a player out
option-about-end_at_first_loser = the match ends as soon as anybody reaches the limit
option-about-stake = chips each player puts in the bank; the bank is shared by place
options-line = • { $name }: <b>{ $value }</b>
options-button = { $name }: { $value }
options-button_limit = Play to { $value }
options-button_on = ✅ { $name }
options-button_off = ⬜ { $name }
options-help_title = Options for { $preset } (write <code>name=value</code>):
options-help_line = • <code>{ $name }</code> — { $title } ({ $values })
card-rank-J = J
card-rank-Q = Q
card-rank-K = K
card-rank-A = A
combo-bura = Bura
combo-molodka = Molodka
combo-moscow = Moscow
combo-golden_moscow = Golden Moscow
combo-four_ends = Four ends
combo-small_moscow = Small Moscow
lobby-title = 🃏 <b>{ $preset }</b> · table #{ $table }
lobby-limit = Playing to { $limit } { $limit ->
        [one] penalty point
       *[other] penalty points
    }.
lobby-options = House rules:
lobby-players = Players ({ $count }):
lobby-team = (team { $team })
lobby-empty = nobody yet — tap “Join”
lobby-hint = { $creator } or a chat admin can start the game.
button-remove_seat = ✖️ { $name }
button-join = 🙋 Join
button-leave = 🚶 Leave
button-settings = ⚙️ Settings
button-start = ▶️ Start
button-back = ⬅️ Back
button-open_private = 💬 Open a chat with the bot
button-forced = { $action }: { $cards }
button-lead = Lead
button-beat = Beat
button-discard = Discard
button-claim = I have 31!
button-claim_no = ✖️ Play on
hand-claim_confirm = Sure? With under 31 points in your pile it costs { $penalty } { $penalty ->
        [one] penalty point
       *[other] penalty points
    }.
button-declare = 📣 { $combo }: { $cards }
settings-title = ⚙️ <b>{ $preset }</b> · table #{ $table }: settings
settings-hint = Tap a setting to change it.
settings-not_allowed = Only the table's creator or a chat admin can change settings.
settings-changed = { $name }: { $value }
settings-bad_stake = The stake button sets one of: { $steps }.
settings-stake_seated = The stake cannot change while other people sit at the table: { $names }. It can change once they have left it.
new-bad_preset =
    I don't know the game “{ $preset }”. Games: { $presets }.
    Example: <code>/new kozel limit=6</code>
new-bad_word = I didn't get “{ $word }”: options are written as <code>name=value</code>.
new-bad_option = Bad option: { $error }
new-exists = This chat already has table #{ $table }. Finish it or close it with /stop.
no_table = There is no open table here. Open one: /new
only_group = This command works in a group. Add me to a group and send /new there.
sender-as_channel = Send this command as yourself, not as a channel: the bot can't tell who is behind it.
sender-anonymous_admin = You're posting anonymously, as the group; seats and registrations are personal: send the command as yourself.
join-done = You're at the table!
join-already = You're already at this table.
join-started = The game is already on — wait for the next one.
join-full = The table is full.
join-not_member = Only members of this group can sit at its table — join the group first.
join-link_refused = This link can't seat you — use the Join button under the lobby in your group.
join-need_start = Open a chat with me first — your cards will come there.
join-need_start_group = { $name }, to play, open a chat with me: your cards will come there.
join-private = You're at table #{ $table } in the group “{ $chat }”. Your cards will come here when the game starts.
leave-done = You left the table.
leave-not_seated = You're not at this table.
leave-playing = The game is on. The table's creator or an admin can stop it: /stop
start-already = The game is already on.
start-not_allowed = Only the table's creator or a chat admin can start the game.
start-count = Players needed for { $preset }: { $counts }. Now: { $now }.
start-no_person = A game needs at least one person at the table: computers do not play on their own. Join it first.
away-closed = Table #{ $table } is closed: nobody made a move of their own for a whole deal; the computer played for everyone.
limit-tables = Open tables per person: at most { $cap }. Finish or leave one of yours first.
limit-practice = Too many practice games are running right now (at most { $cap } at once). Try again later.
start-done = ▶️ The game is on! Your cards are in private messages.
start-done_toast = Let's go!
stop-none = There is no open table here.
stop-not_allowed = Only the table's creator or a chat admin can close it.
stop-done = Table #{ $table } closed ({ $name }).
stop-closed_lobby = The table is closed.
stop-topic_lobby = The table is closed: its topic was closed.
stop-topic_private = Table #{ $table } (“{ $chat }”) is closed: its topic in the group was closed or deleted.
table-gone = This table is gone.
table-over = This game is over.
live-title = 🃏 <b>{ $preset }</b> · table #{ $table } · deal { $deal }
live-trump = Trump: <b>{ $suit }</b> ({ $trump_card }) · { $stock } { $stock ->
        [one] card
       *[other] cards
    } left
live-trump_bottom = { $card } under the stock
live-trump_hidden = { $card } — somewhere in the stock
live-multiplier = ⚠️ Penalties this deal ×{ $multiplier }
live-penalties = Penalty points (to { $limit }): { $scores }
live-points = Points this deal: { $points }
live-combination = { $name } declares: <b>{ $combo }</b>
live-turn_lead = 👉 { $name } leads
live-turn_answer = 👉 { $name } answers: beat { $target } or discard { $need } { $need ->
        [one] card
       *[other] cards
    }
play-lead = { $name } leads: { $cards }
play-beat = { $name } beats with { $cards }
play-discard = { $name } discards: { $cards }
play-discard_down = { $name } discards face down: { $cards }
trick-title = <b>Trick { $number }</b>
trick-taken = ✅ { $name } takes it: { $points } { $points ->
        [one] point
       *[other] points
    }
trick-line = ✅ { $number }. { $name } takes { $points } { $points ->
        [one] point
       *[other] points
    }
trick-line_mine = ✅ { $number }. You take { $points } { $points ->
        [one] point
       *[other] points
    }
live-last_trick = └ { $plays }
trick-line_cards = ✅ { $number }. { $name } takes it ({ $cards }) — { $points } { $points ->
        [one] point
       *[other] points
    }
trick-line_mine_cards = ✅ { $number }. You take it ({ $cards }) — { $points } { $points ->
        [one] point
       *[other] points
    }
trick-face_down = (+ { $cards } face down)
news-declared = 📣 { $name } leads out of turn — “{ $combo }”: { $cards }
news-refused-outranked = ✋ { $name }: “{ $combo }” out of turn — refused: another player holds “{ $by }”.
news-claim_true = 🎉 { $name }: “I have 31!” — { $points } { $points ->
        [one] point
       *[other] points
    }. The deal is won!
news-claim_false = 😬 { $name }: “I have 31!” — but only { $points } { $points ->
        [one] point
       *[other] points
    }. The deal is lost.
news-combo_win = 🎉 { $name } holds “{ $combo }” ({ $cards }) and wins the deal at once!
news-void-tie = 🤝 Tied on points — the deal doesn't count; redealing.
news-void-initial_combination = 🔁 A combination was dealt — redealing.
news-eliminated = ❌ { $name } { $count ->
        [one] is
       *[other] are
    } out with { $penalties } { $penalties ->
        [one] penalty point
       *[other] penalty points
    }.
deal-title = 📋 <b>Deal { $number } results</b>
deal-eggs = 🥚 “Eggs”: 60 to 60 — no penalties for the two at 60.
deal-multiplied = Penalties ×{ $multiplier }.
deal-line = { $name }: { $points } { $points ->
        [one] point
       *[other] points
    }, { $tricks } { $tricks ->
        [one] trick
       *[other] tricks
    } → { $penalty } · total { $total } of { $limit }
deal-line_over = { $name }: { $points } { $points ->
        [one] point
       *[other] points
    }, { $tricks } { $tricks ->
        [one] trick
       *[other] tricks
    } → { $penalty } · total { $total }, limit { $limit }
final-title = 🏁 <b>{ $preset }</b> · table #{ $table }: game over!
final-line = { $medal } { $rank }. { $name } — { $penalties } { $penalties ->
        [one] penalty point
       *[other] penalty points
    }
final-payout = · chips: { $chips }
final-payout_each = · chips: { $chips } each
final-deals = Deals played: { $deals }.
final-again = Another one? 🔁 “Rematch” — the same players; /new — a new table.
final-again_practice = Another one? /play
final-ratings = 📈 Rating ({ $preset }; a newcomer starts at 25; it moves with your place, weighed by your opponents' strength):
final-rating_line = { $name }: { $before } → { $after } ({ $change } for place { $place } of { $places })
final-unrated = A practice match against the computer: ratings do not change.
notify-on = 🔔 I'll message you privately when a table opens in this group. Send /notify again to stop.
notify-on_start_first = 🔔 I'll message you when a table opens in this group — but open a chat with me first. Send /notify again to stop.
notify-off = 🔕 No more notices of new tables in this group.
notify-opened = 🔔 Table #{ $table } opened in “{ $group }”: { $game }.
command-group-notify = a private message when a table opens (again to stop)
history-title = 🗂 <b>Recent matches</b>
history-none = No match has been finished in this group yet.
history-line = #{ $table } · { $date } · { $game }: { $standing }
history-button = ▶ Replay #{ $table }
replay-title = 🎞 <b>{ $preset }</b> · table #{ $table } · frame { $frame } of { $frames }
replay-gone = This replay is not available: the match is unknown, its record was deleted, or you are not in its group.
replay-round_plays = This replay opens once its round is over: the round's other tables play the same cards.
command-group-history = the group's recent matches and their replays
stats-title = 📊 <b>{ $name }</b> · { $where }
stats-here = in this group
stats-everywhere = in all groups
stats-none = No matches played yet.
stats-matches = Matches: { $matches }, wins: { $wins } ({ $percent }%)
stats-deals = Deals won: { $won } of { $deals } ({ $percent }%)
stats-penalty = Penalty points per deal on average: { $average }
stats-streak = Best winning streak: { $streak }
stats-favourite = Favourite game: { $game }
stats-rating = Rating · { $game }: { $rating } ({ $matches } { $matches ->
        [one] match
       *[other] matches
    })
stats-rating_private = Ratings are counted across all groups: send /stats to the bot in private to see yours.
top-here = 🏆 <b>The group's best players</b>
top-everywhere = 🏆 <b>The bot's best players</b>
top-game = <b>{ $game }</b>
top-line = { $medal } { $name } — { $wins } { $wins ->
        [one] win
       *[other] wins
    } of { $matches }, rating { $rating }
top-none = Nobody yet. Matches needed to be listed: { $least }.
top-least = Matches needed to be listed: { $least }. Practice against the computer does not count.
command-group-stats = statistics: yours, or of the person you reply to
command-group-top = the group's best players
command-private-stats = your statistics across groups
command-private-top = the bot's best players
hand-title = 🃏 Table #{ $table } · “{ $chat }” · deal { $deal }
hand-trump = Trump ★ <b>{ $suit }</b> ({ $card }) · { $stock } { $stock ->
        [one] card
       *[other] cards
    } left
hand-forced = 👉 <b>Your move</b> — there is only one: tap the button.
button-manual = ✋ Pick cards
hand-tap_lead = 👉 <b>Your lead.</b> Tap a card to play it{ $several ->
        [yes] ; “✋ Pick cards” to lead several.
       *[no] .
    }
hand-tap_answer = 👉 <b>Your answer</b> to { $target }: { $need ->
        [one] { $beat ->
            [yes] ⚔️ beats with that card, 🗑 discards it.
           *[no] nothing beats it — tap the card to discard (🗑).
        }
       *[other] { $several ->
            [yes] the button plays the cheapest answer; for another, “✋ Pick cards”.
           *[no] the button plays this answer.
        }
    }
hand-your_lead = 👉 <b>Your lead.</b> Pick cards of one suit and tap “Lead”.
hand-your_answer = 👉 <b>Your answer</b> to { $target }: pick { $need } { $need ->
        [one] card
       *[other] cards
    }, then beat or discard.
hand-selected = Selected: { $cards }
hand-waiting = Waiting for { $name }
hand-cards = Your cards: { $cards }
hand-unreachable = ⚠️ { $name }, I can't message you privately, so a computer plays for you for now. Open a chat with me (button below) and take your seat back with one tap.
tap-stale = That's out of date — look at the latest message.
tap-not_yours = These aren't your cards.
tap-slow_down = Too many taps at once: wait a moment and tap again.
tap-unknown = This button doesn't work.
illegal-not_your_turn = It's { $player }'s turn.
illegal-must_respond = Answer the cards on the table first: beat or discard.
illegal-lead_size = Lead 1 to { $max } { $max ->
        [one] card
       *[other] cards
    }.
illegal-lead_one_suit = A lead must be cards of one suit.
illegal-duplicate_cards = A card was picked twice.
illegal-not_in_hand = You don't have { $cards }.
illegal-nothing_to_answer = The table is empty — it's your lead.
illegal-wrong_count = Play exactly { $need } { $need ->
        [one] card
       *[other] cards
    }.
illegal-does_not_beat = { $cards } can't beat { $owner_cards }.
illegal-not_a_combination = { $cards } is not a combination.
illegal-window_closed = No out-of-turn leads before the first trick of a deal.
illegal-combo_wins_itself = That combination wins by itself.
illegal-declaration_refused = Your declaration was refused — wait for the next lead.
illegal-interrupt_molodka_only = Only a molodka can interrupt a trick.
illegal-already_played = You've already played to this trick.
illegal-priority = A combination nearer to the leader is already on the table.
illegal-no_claims = There are no claims in this game.
illegal-claim_own_turn = Claim 31 only on your own turn, before leading.
illegal-claim_no_cards = A claim needs no cards.
illegal-match_over = The game is over.
illegal-no_such_seat = There is no such seat.
illegal-eliminated = You're out of this game.
illegal-other = Not allowed: { $reason }
error-generic = Something went wrong. Please try again.
lang-usage = Language: <code>/lang en</code>, <code>/lang ru</code>, <code>/lang be</code> or <code>/lang uk</code> (available: { $langs }).
lang-done = Done: speaking English.
lang-not_allowed = Only a chat admin can change the group's language.
group-welcome =
    Hi! I deal cards for Burkozel, Kozel and Bura.

    Whoever wants to play, send /new and I'll open a table; the others sit down with the Join button. Everyone gets their cards in a private chat with me. /rules for the rules, /help for every command.
profile-description = Burkozel, Kozel and Bura in a Telegram group, by the real rules. Add the bot to a group and send /new: a table opens, players join with one tap, and each gets their cards in a private chat. Here in private you can practise against the computer: /play.
profile-short_description = Burkozel, Kozel and Bura in your group: /new opens a table, cards come in private.
welcome =
    Hi, { $name }! I deal cards for Burkozel, Kozel and Bura.

    Add me to a group and send /new there — I'll open a table. Your cards will come here, in private. You can practise against the computer right here: /play. /rules for the rules, /help for every command.
private-unknown = I understand commands: /help
help =
    <b>How to start</b>
    1. In a group: /new [game] [options] opens a table. Games: burkozel (default), kozel, bura.
    {"   E"}xample: <code>/new kozel limit=6 closed_discard=on</code>
    2. Everybody who plays taps “Join” (or /join). If asked, open a chat with the bot. Short of players? /addbot seats a computer.
    3. The table's creator or an admin taps “Start” (or /start).
    4. Your cards come in private. Your lead: tap a card and it goes to the table. Answering a lead: ⚔️ beats, 🗑 discards. To play several cards, “✋ Pick cards”. A combination you hold gets a button of its own.
    To learn: /rules for the rules, /play to practise against the computer (in private with me).

    <b>Group commands</b>
    /new — open a table
    /join — join
    /leave — leave
    /start — start the game
    /stop — close the table
    /addbot [level] — add a computer player
    /kick — as a reply to a player's message: replace them with the computer
    /rules — this table's rules
    /lang ru|en|be|uk — group language
    /stats — statistics (as a reply: of that person)
    /top — the best players
    /season — the group's season: standings and a chart
    /verify — check a match's shuffle (with the line from its end)
    /history — recent matches and their replays
    /notify — notices of new tables
    /tournament — a tournament in the group (how it runs: /help tournament)

    <b>In private</b>
    /play [game] [players] [level] — practice against the computer
    /stop — end the practice game
    /rules [game] — rules
    /lang ru|en|be|uk — your language
    /forget — erase what I keep about you
    /stats — your statistics across groups
    /top — the bot's best players
    /verify — check a match's shuffle
rules-options_title = <b>Table options</b>
rules-match = { $game ->
        [kozel] Penalty points add up from deal to deal; the team that reaches { $limit } loses the match.
       *[other] { $end ->
            [first] Penalty points add up from deal to deal, and fewer is better. The match ends as soon as anybody reaches { $limit }: whoever has the fewest penalty points wins.
           *[last] Penalty points add up from deal to deal, and fewer is better. Whoever reaches { $limit } is out; the last player left wins. Players out in the same deal with equal penalty points share a place.
        }
    }
rules-limit = { $limit } { $limit ->
        [one] penalty point
       *[other] penalty points
    }
rules-limit_usual = the table's limit (usually 12 penalty points)
rules-burkozel =
    <b>Burkozel</b> — 2–4 players, every player for themselves. A 36-card deck, 4 cards in hand.
    Ranks, low to high: 6 7 8 9 J Q K 10 A. Points: A 11, ten 10, K 4, Q 3, J 2, the rest 0; 120 in the deck.
    { $trump ->
        [middle] Trump is the suit of a card shown from the middle of the stock (the card itself stays somewhere in the stock).
       *[bottom] Trump is the suit of the card turned face up under the stock (it is drawn last).
    } Any trump beats any non-trump card; a higher trump beats a lower one.
    { $lead ->
        [lowest_trump] In the match's first deal, whoever holds the lowest trump leads first (if nobody holds a trump, the player left of the dealer); after that, whoever took the last trick.
       *[left_of_dealer] The player left of the dealer leads first; after that, whoever took the last trick.
    } A lead is 1–4 cards of one suit{ $max3 ->
        [on] , but the first lead of a deal is 3 cards at most.
       *[off] .
    } The others in turn play as many cards: either beat (each card by a higher one of its suit or by a trump) or discard any cards{ $closed ->
        [on] {" "}face down (🎴 is such a card).
       *[off] .
    } With 3 or 4 players you must beat the cards of the last player who beat.
    The last player to beat takes the trick; if nobody beat, the leader does. Then everybody draws back up to four cards, one at a time, the taker first; the taker leads next.
    Combinations — bura (4 trumps), molodka (4 cards of one non-trump suit), Moscow (3 aces, the trump ace among them), Golden Moscow (4 aces){ $four_ends ->
        [on] , four ends (4 cards, each an ace or a ten)
       *[off] {""}
    } — may be led out of turn: after the first trick of a deal, before the player on lead has led{ $interrupt ->
        [on] ; a molodka may even interrupt a trick already begun — the cards go back to their hands and the trick restarts with the molodka
       *[off] {""}
    }. It is an ordinary lead (it can be beaten) with no bonus.
    Scoring a deal: most points — 0 penalty points; { $pass ->
        [on] 31 or more (with 3 or 4 players, 21 or more) — 2; less — 4
       *[off] 31 or more — 2; under 31 — 4
    }; { $zero ->
        [on] no points at all (even with tricks) — 6
       *[off] no trick — 6
    }. 60–60 is “eggs”: no penalties for those two{ $eggs ->
        [on] , and the next deal's penalties are doubled
       *[off] {""}
    }.
rules-kozel =
    <b>Kozel</b> — 4 players in two teams of two: partners sit opposite and pool their points. 4 cards in hand.
    Cards, points, leads, tricks and combinations are as in burkozel (/rules burkozel). The differences: { $trump ->
        [middle] trump is the suit of a card shown from the middle of the stock (the card itself stays somewhere in the stock)
       *[bottom] trump is the suit of the card turned face up under the stock (it is drawn last)
    }; { $closed ->
        [on] discards are face down (🎴 is such a card)
       *[off] discards are face up, for everybody to see
    }; { $interrupt ->
        [on] a molodka may interrupt a trick already begun — the cards go back to their hands and the trick restarts with the molodka
       *[off] a molodka does not interrupt a trick already begun
    }{ $lead ->
        [lowest_trump] ; in the match's first deal, whoever holds the lowest trump leads first
       *[left_of_dealer] {""}
    }{ $max3 ->
        [on] ; the first lead of a deal is 3 cards at most
       *[off] {""}
    }{ $four_ends ->
        [on] {""}
       *[off] ; four ends is not a combination here
    }.
    Scoring a deal: 61 points or more wins it. The losing team gets: 31–59 points — 2 penalty points, under 31 — 4, { $zero ->
        [on] no points at all (even with tricks) — 6
       *[off] no trick — 6
    }. 60–60 is “eggs”: no penalties for anybody{ $eggs ->
        [on] , and the next deal's penalties are doubled
       *[off] {""}
    }.
rules-bura =
    <b>Bura</b> — 2–4 players, every player for themselves, 3 cards in hand. Cards, points, trump, leads and tricks are as in burkozel (/rules burkozel), but a lead is 1–3 cards of one suit{ $closed ->
        [on] , and discards are face down (🎴).
       *[off] , and discards are face up, for everybody to see.
    }{ $trump ->
        [middle] {" "}Trump is the suit of a card shown from the middle of the stock (the card itself stays somewhere in the stock).
       *[bottom] {""}
    }{ $lead ->
        [lowest_trump] {" "}In the match's first deal, whoever holds the lowest trump leads first.
       *[left_of_dealer] {""}
    }
    The aim is 31 points in your tricks. When you have them, tap “I have 31!” on your turn, before leading: with 31 or more the deal is yours and everybody else gets 2 penalty points; with less you get { $false_double ->
        [on] 4
       *[off] 2
    }. { $show_points ->
        [on] { $closed ->
            [on] The bot shows your tricks' points in your hand — of the cards you have seen — and how many face-down cards they hold besides.
           *[off] The bot shows your tricks' points in your hand.
        }
       *[off] { $closed ->
            [on] The bot does not show your total: add up your trick lines yourself; the face-down cards opponents discard into your tricks are hidden from you too, so their points are a guess.
           *[off] The bot does not show your total: add up your trick lines yourself.
        }
    }
    A combination in hand wins the deal at once{ $redeal ->
        [on] {" "}(one that comes in the deal itself means a redeal)
       *[off] {""}
    }: bura — 3 trumps, Moscow — 3 aces (Moscow beats bura; of two buras, the one with the higher trump wins).
    Out of turn, before the player on lead has led, you may lead a molodka (3 cards of one suit) or a Small Moscow ({ $small_moscow ->
        [tens] 3 tens, the trump ten among them
       *[sixes] 3 sixes, the trump six among them
    }). A molodka is refused if an opponent holds bura, Moscow or Small Moscow, or if the player on lead holds a molodka too; the reason is announced to all. A Small Moscow may be led even against a molodka.
    If the cards run out and nobody has claimed, the player with the most points wins the deal; a tie means a redeal. Whenever somebody wins a deal — by a claim, a combination or on points — everybody else gets 2 penalty points. The winner of a deal deals the next (after a false claim or a redeal, the same dealer).
command-group-new = open a table: /new [game] [options]
command-group-join = join the table
command-group-leave = leave the table
command-group-start = start the game
command-group-stop = close the table
command-group-rules = this table's rules
command-group-help = how to play
command-group-lang = group language: ru, en, be or uk
command-private-start = start
command-private-rules = rules: /rules [game]
command-private-help = how to play
command-private-lang = your language: ru, en, be or uk
command-private-forget = erase what the bot keeps about you
forget-prompt =
    I will erase what I keep about you: your name, username and language. In finished games your name becomes { $mark }; their results stay. If you play again, I keep your name again while you are at a table.

    Erase?
button-forget_yes = 🗑 Erase
button-forget_no = Cancel
forget-done = Done: I no longer keep your name, username or language. Finished games show { $mark } in your place.
forget-kept = Nothing erased.
forget-seated = You are at table #{ $table } now. Leave it or finish the game, then send /forget again.
forget-in_private = Send /forget to me in private: it erases what I keep about you.
lobby-computer = (computer, { $level })
lobby-team_computer = (team { $team } · computer, { $level })
button-add_computer = 🤖 + Computer
button-remove_computer = 🤖 − Remove
option-turn_time = Time per move, s
new-bad_turn_time = Turn time “{ $value }”: give whole seconds from 15 to 3600.
leave-confirm = The game is on. Leave? A computer player takes your seat for the rest of the match.
button-leave_confirm = 🚪 Yes, leave
leave-not_yours = This button is for the one who asked to leave. To leave yourself, send /leave.
timer-reminder = ⏰ Table #{ $table } (“{ $chat }”): your move, { $seconds } s left.
timer-played = ⏰ { $name } ran out of time — the computer played for them.
timer-takeover = 🤖 { $name } is away: the computer plays for them now. They can take the seat back with one tap in private.
timer-takeover_private = 🤖 Table #{ $table } (“{ $chat }”): while you're away, the computer plays for you.
button-takeback = 🙋 I'm back — let me play
takeback-already = You're already back in the game.
takeback-done = Welcome back!
takeback-news = 🙋 { $name } is back in the game.
kick-usage = Reply to a player's message with /kick.
kick-not_allowed = Only the table's creator or a chat admin can replace players.
kick-not_seated = That person isn't at the table.
kick-lobby = { $name } was removed from the table.
kick-done = 🤖 { $name } is replaced by a computer player for the rest of the match.
kick-left = 🚪 { $name } left; a computer player takes their seat.
kick-closed = No people left at the table — it is closed.
computer-not_allowed = Only the table's creator or a chat admin can add computer players.
computer-bad_level = No such level. Levels: { $levels }.
computer-added = { $gender ->
       *[other] { $name } ({ $level }) joined.
    }
computer-none = There are no computer players at the table.
computer-removed = { $gender ->
       *[other] { $name } left the table.
    }
practice-usage = Practice: <code>/play [game] [players] [level]</code>. Games: { $presets }. Levels: { $levels }.
practice-exists = You already have a practice game (table #{ $table }). End it: /stop
practice-title = practice
lobby-expired = ⌛ Table closed: the game was never started.
lobby-expired_news = ⌛ Table #{ $table } closed — nobody started it. New one: /new
command-group-kick = replace a player with the computer (as a reply)
command-group-addbot = add a computer player
command-private-play = practice against the computer
command-private-stop = end the practice game
options-switch = on/off
options-range = a whole number from { $min } to { $max }
rules_error-unknown_option = there is no option “{ $option }”
rules_error-not_applicable = option “{ $option }” does not apply to this game
rules_error-bad_value = “{ $option }” takes { $values }, not “{ $value }”
chart-deal = Deal
chart-penalties = Penalty points
chart-match = Rated match
chart-rating = Rating
chart-rating_here = Rating change in this group

# rematch
button-rematch = 🔁 Rematch
button-rematch_join = ✅ Join
rematch-not_player = Only a player of this match can start a rematch.
rematch-opened = Rematch! Waiting for the others.
rematch-confirmed = You're in!
rematch-waiting = Waiting for: { $names }
lobby-rematch_hint = 🔁 Rematch of table #{ $table }: the match starts by itself when everybody taps “Join”.
help-legend = Symbols: ★ trump, ⚔️ beats, 🗑 discard, 🎴 a face-down card, └ the last trick, ✖ out of the match, 🤖 after a name — the computer plays for that player, 🅰️ 🅱️ the teams in kozel, 🤝 your partner.
