## /verify <secret> <public>: checking a match's shuffle (docs/RULES.md 9).

verify-usage = 🔐 To check a match's shuffle, send the line the bot showed when it ended: <code>/verify &lt;secret&gt; &lt;public value&gt;</code>
verify-bad_secret = The secret is 64 hex digits (0–9, a–f); “{ $text }” is not one.
verify-bad_public = The public value is written game:players:trump:chat:message, e.g. <code>burkozel:4:bottom:-1001234567890:4512</code>; “{ $text }” is not.
verify-bad_players = Players in the public value: { $players }; but { $game } is played by { $counts }.
verify-mismatch = ❌ This secret <b>does not match</b> the hash shown before the match.
    Shown: <code>{ $commitment }</code>
    This secret's SHA-256: <code>{ $actual }</code>
verify-match = ✅ The secret matches the hash shown before the match: <code>{ $commitment }</code>
verify-unknown = 🔐 This secret's SHA-256: <code>{ $actual }</code>. Compare it with the hash the group was shown before the match.
verify-table = { $game } · players: { $players } · trump card { $trump }
verify-first_deal = <b>Deal { $deal }</b> · { $dealer }
verify-dealer_name = dealer: { $name }
verify-dealer_seat = dealer: seat { $number }
verify-later_deal = <b>Deal { $deal }</b> · hands from the dealer's left
verify-hand = { $who }: { $cards }
verify-seat = Seat { $number }
verify-position = No. { $number }
verify-position_dealer = Dealer
verify-trump_card = Trump card: { $card }
verify-stock = Stock: { $cards }
verify-more = The other deals: <code>python -m tools verify { $secret } { $public } --deals { $deals }</code>
verify-note = Who dealt each later deal is in /history. A deal after a player went out was dealt to fewer players: its cards are the same, its hands are not.

## The lines a group sees: the hash before the first card, the secret when the match ends.
verify-commitment = 🔐 The shuffle is sealed. The secret's hash: <code>{ $commitment }</code>. The secret itself is shown when the match ends; then anyone can check every deal with /verify.
verify-reveal = 🔐 Check the shuffle: <code>/verify { $secret } { $public }</code>

## Which match the public value names (the bot found it among its tables).
verify-which = 🃏 The match of table #{ $table }.

## The command in Telegram's menu.
command-group-verify = check a match's shuffle by the line shown at its end
command-private-verify = check a match's shuffle by the line shown at its end

## A tournament's tables: the hash in each lobby, every secret when the tournament ends.
verify-sealed_round = 🔐 The shuffle is sealed. The secret's hash: <code>{ $commitment }</code>. The secret is shown when the tournament ends; then anyone can check every deal with /verify.
verify-tournament_title = 🔐 The tournament's shuffles: anyone can check every deal with its line.
verify-tournament_tables = { $count ->
        [one] Table
       *[other] Tables
    } { $tables }:
