# Chip balances (bot/tables/chips.py): virtual chips, never money.
help-chips =
    <b>Chips</b>
    Chips are virtual, never money: they cannot be bought, sold or cashed. Everyone has a balance in each group, { $start } { $start ->
        [one] chip
       *[other] chips
    } to begin with. A table's <code>stake=N</code> is taken from every person when the match starts and the bank is shared out by places when it ends; a /stop by someone playing costs them their stake, shared among the others, and by an admin not playing gives every stake back. A person /kick-ed gets their stake back, one who /leave-s loses it. The stake cannot change once someone else sits at the table. Computer players stake nothing and win nothing.
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
chips-kick_returned = 🪙 { $name } gets their stake back ({ $stake } { $stake ->
        [one] chip
       *[other] chips
    }): being removed from a table costs nothing.
chips-stop_forfeit = 🪙 { $name } stops a match they play in and loses their stake ({ $stake } { $stake ->
        [one] chip
       *[other] chips
    }): it is shared among the other players, whose stakes went back.
