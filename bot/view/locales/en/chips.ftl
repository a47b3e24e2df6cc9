# Chip balances (bot/tables/chips.py): virtual chips, never money.
help-chips =
    <b>Chips</b>
    Chips are virtual, never money: they cannot be bought, sold or cashed. Everyone has a balance in each group, { $start } { $start ->
        [one] chip
       *[other] chips
    } to begin with. A table's <code>stake=N</code> is taken from every person when the match starts and the bank is shared out by places when it ends; /stop gives the stakes back. Computer players stake nothing and win nothing.
chips-short_join = You have { $balance } { $balance ->
        [one] chip
       *[other] chips
    } in this group, and the stake here is { $stake }: you cannot sit at this table.
chips-short_new = You have { $balance } { $balance ->
        [one] chip
       *[other] chips
    } in this group, less than the stake of { $stake }: the table was not opened.
chips-short_start = The match cannot start: { $names } cannot cover the stake of { $stake } { $stake ->
        [one] chip
       *[other] chips
    }.
final-chips = 🪙 Chips:
final-chips_line = { $name }: { $change } → { $balance }
stats-chips = 🪙 Balance: { $chips } { $chips ->
        [one] chip
       *[other] chips
    }
chips-returned = 🪙 Every stake ({ $stake } { $stake ->
        [one] chip
       *[other] chips
    }) went back to whoever put it in.
