## /verify <секрет> <відкрите значення>: перевірка тасування партії (docs/RULES.md 9).

verify-usage = 🔐 Щоб перевірити тасування партії, надішліть рядок, який бот показав у її кінці: <code>/verify &lt;секрет&gt; &lt;відкрите значення&gt;</code>
verify-bad_secret = Секрет — це 64 шістнадцяткові цифри (0–9, a–f), а «{ $text }» — ні.
verify-bad_public = Відкрите значення пишеться так: гра:гравці:козир:чат:повідомлення, наприклад <code>burkozel:4:bottom:-1001234567890:4512</code>; «{ $text }» так не читається.
verify-bad_players = У відкритому значенні гравців: { $players }, а в «{ $game }» грають { $counts }.
verify-mismatch = ❌ Цей секрет <b>не збігається</b> з хешем, показаним до початку партії.
    Показано: <code>{ $commitment }</code>
    SHA-256 цього секрету: <code>{ $actual }</code>
verify-match = ✅ Секрет збігається з хешем, показаним до початку партії: <code>{ $commitment }</code>
verify-unknown = 🔐 SHA-256 цього секрету: <code>{ $actual }</code>. Порівняйте його з хешем, який група бачила до початку партії.
verify-table = { $game } · гравців: { $players } · козир { $trump }
verify-first_deal = <b>Роздача { $deal }</b> · { $dealer }
verify-dealer_name = здає { $name }
verify-dealer_seat = здає місце { $number }
verify-later_deal = <b>Роздача { $deal }</b> · руки зліва від здавача
verify-hand = { $who }: { $cards }
verify-seat = Місце { $number }
verify-position = № { $number }
verify-position_dealer = Здавач
verify-trump_card = Козирна карта: { $card }
verify-stock = Колода: { $cards }
verify-more = Решта роздач: <code>python -m tools verify { $secret } { $public } --deals { $deals }</code>
verify-note = Хто здавав кожну наступну роздачу — у /history. Після вибуття гравця роздають на менше гравців: карти ті самі, а руки інші.

## The lines a group sees: the hash before the first card, the secret when the match ends.
verify-commitment = 🔐 Тасування запечатано. Хеш секрету: <code>{ $commitment }</code>. Сам секрет покажемо наприкінці партії — тоді будь-хто перевірить кожну роздачу командою /verify.
verify-reveal = 🔐 Перевірити тасування: <code>/verify { $secret } { $public }</code>

## Which match the public value names (the bot found it among its tables).
verify-which = 🃏 Це партія столу #{ $table }.

## The command in Telegram's menu.
command-group-verify = перевірити тасування партії за рядком з її кінця
command-private-verify = перевірити тасування партії за рядком з її кінця

## A tournament's tables: the hash in each lobby, every secret when the tournament ends.
verify-sealed_round = 🔐 Тасування запечатано. Хеш секрету: <code>{ $commitment }</code>. Сам секрет покажемо наприкінці турніру — тоді будь-хто перевірить кожну роздачу командою /verify.
verify-tournament_title = 🔐 Тасування турніру: будь-хто може перевірити кожну роздачу за її рядком.
verify-tournament_tables = { $count ->
        [one] Стіл
       *[other] Столи
    } { $tables }:
