## /verify <сакрэт> <адкрытае значэнне>: праверка тасавання партыі (docs/RULES.md 9).

verify-usage = 🔐 Каб праверыць тасаванне партыі, дашліце радок, які бот паказаў у яе канцы: <code>/verify &lt;сакрэт&gt; &lt;адкрытае значэнне&gt;</code>
verify-bad_secret = Сакрэт — гэта 64 шаснаццатковыя лічбы (0–9, a–f), а «{ $text }» — не.
verify-bad_public = Адкрытае значэнне пішацца так: гульня:гульцы:козыр:чат:паведамленне, напрыклад <code>burkozel:4:bottom:-1001234567890:4512</code>; «{ $text }» так не чытаецца.
verify-bad_players = У адкрытым значэнні гульцоў: { $players }, а ў «{ $game }» гуляюць { $counts }.
verify-mismatch = ❌ Гэты сакрэт <b>не супадае</b> з хэшам, паказаным да пачатку партыі.
    Паказаны: <code>{ $commitment }</code>
    SHA-256 гэтага сакрэту: <code>{ $actual }</code>
verify-match = ✅ Сакрэт супадае з хэшам, паказаным да пачатку партыі: <code>{ $commitment }</code>
verify-unknown = 🔐 SHA-256 гэтага сакрэту: <code>{ $actual }</code>. Параўнайце яго з хэшам, які група бачыла да пачатку партыі.
verify-table = { $game } · гульцоў: { $players } · козыр { $trump }
verify-first_deal = <b>Раздача { $deal }</b> · { $dealer }
verify-dealer_name = здае { $name }
verify-dealer_seat = здае месца { $number }
verify-later_deal = <b>Раздача { $deal }</b> · рукі злева ад таго, хто здае
verify-hand = { $who }: { $cards }
verify-seat = Месца { $number }
verify-position = № { $number }
verify-position_dealer = Той, хто здае
verify-trump_card = Козырная карта: { $card }
verify-stock = Калода: { $cards }
verify-more = Астатнія раздачы: <code>python -m tools verify { $secret } { $public } --deals { $deals }</code>
verify-note = Хто здаваў кожную наступную раздачу — у /history. Пасля выбыцця гульца раздаюць на меншую колькасць гульцоў: карты тыя ж, а рукі іншыя.

## The lines a group sees: the hash before the first card, the secret when the match ends.
verify-commitment = 🔐 Тасаванне запячатана. Хэш сакрэту: <code>{ $commitment }</code>. Сам сакрэт пакажам у канцы партыі — тады любы праверыць кожную раздачу камандай /verify.
verify-reveal = 🔐 Праверыць тасаванне: <code>/verify { $secret } { $public }</code>

## Which match the public value names (the bot found it among its tables).
verify-which = 🃏 Гэта партыя стала #{ $table }.

## The command in Telegram's menu.
command-group-verify = праверыць тасаванне партыі па радку з яе канца
command-private-verify = праверыць тасаванне партыі па радку з яе канца

## A tournament's tables: the hash in each lobby, every secret when the tournament ends.
verify-sealed_round = 🔐 Тасаванне запячатана. Хэш сакрэту: <code>{ $commitment }</code>. Сам сакрэт пакажам у канцы турніру — тады любы праверыць кожную раздачу камандай /verify.
verify-tournament_title = 🔐 Тасаванні турніру: любы можа праверыць кожную раздачу па яе радку.
verify-tournament_tables = { $count ->
        [one] Стол
       *[other] Сталы
    } { $tables }:
