## /verify <секрет> <открытое значение>: проверка тасовки партии (docs/RULES.md 9).

verify-usage = 🔐 Чтобы проверить тасовку партии, отправьте строку, которую бот показал в её конце: <code>/verify &lt;секрет&gt; &lt;открытое значение&gt;</code>
verify-bad_secret = Секрет — это 64 шестнадцатеричные цифры (0–9, a–f), а «{ $text }» — нет.
verify-bad_public = Открытое значение пишется так: игра:игроки:козырь:чат:сообщение, например <code>burkozel:4:bottom:-1001234567890:4512</code>; «{ $text }» так не читается.
verify-bad_players = В открытом значении игроков: { $players }, а в «{ $game }» играют { $counts }.
verify-mismatch = ❌ Этот секрет <b>не совпадает</b> с хешем, показанным до начала партии.
    Показан: <code>{ $commitment }</code>
    SHA-256 этого секрета: <code>{ $actual }</code>
verify-match = ✅ Секрет совпадает с хешем, показанным до начала партии: <code>{ $commitment }</code>
verify-unknown = 🔐 SHA-256 этого секрета: <code>{ $actual }</code>. Сравните его с хешем, который группа видела до начала партии.
verify-table = { $game } · игроков: { $players } · козырь { $trump }
verify-first_deal = <b>Сдача { $deal }</b> · { $dealer }
verify-dealer_name = сдаёт { $name }
verify-dealer_seat = сдаёт место { $number }
verify-later_deal = <b>Сдача { $deal }</b> · руки слева от сдающего
verify-hand = { $who }: { $cards }
verify-seat = Место { $number }
verify-position = № { $number }
verify-position_dealer = Сдающий
verify-trump_card = Козырная карта: { $card }
verify-stock = Колода: { $cards }
verify-more = Остальные сдачи: <code>python -m tools verify { $secret } { $public } --deals { $deals }</code>
verify-note = Кто сдавал каждую следующую сдачу — в /history. После выбывания игрока сдают на меньшее число игроков: карты те же, а руки другие.

## The lines a group sees: the hash before the first card, the secret when the match ends.
verify-commitment = 🔐 Тасовка запечатана. Хеш секрета: <code>{ $commitment }</code>. Сам секрет покажем в конце партии — тогда любой проверит каждую сдачу командой /verify.
verify-reveal = 🔐 Проверить тасовку: <code>/verify { $secret } { $public }</code>

## Which match the public value names (the bot found it among its tables).
verify-which = 🃏 Это партия стола #{ $table }.

## The command in Telegram's menu.
command-group-verify = проверить тасовку партии по строке из её конца
command-private-verify = проверить тасовку партии по строке из её конца

## A tournament's tables: the hash in each lobby, every secret when the tournament ends.
verify-sealed_round = 🔐 Тасовка запечатана. Хеш секрета: <code>{ $commitment }</code>. Сам секрет покажем в конце турнира — тогда любой проверит каждую сдачу командой /verify.
verify-tournament_title = 🔐 Тасовки турнира: любой может проверить каждую сдачу по её строке.
verify-tournament_tables = { $count ->
        [one] Стол
       *[other] Столы
    } { $tables }:
