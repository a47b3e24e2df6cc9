## Турніри (issue 60): /tournament, запис, тури, таблиця.

tournament-title = 🏁 <b>Турнір: { $game }</b>
tournament-format = Формат: { $format }
tournament-format-roundrobin = коловий (кожен з кожним)
tournament-format-swiss = швейцарський (пари за місцем у таблиці)
tournament-format-knockout = на вибування (той, хто програв, вибуває)
tournament-format-auto = оберу на старті за кількістю записаних
tournament-explain = ℹ️ { $format ->
        [roundrobin] Коловий: кожен зіграє з кожним.
        [swiss] Швейцарський: у кожному турі за один стіл сідають сусіди за таблицею.
        [knockout] На вибування: далі йде переможець столу.
       *[auto] Формат виберу під час старту: коловий, швейцарський або на вибування.
    }
tournament-place_points = За місце за столом — по очку за кожного, кого ви обійшли; пропуск туру — як перемога.
tournament-rounds = { $rounds ->
    [one] { $rounds } тур
    [few] { $rounds } тури
   *[many] { $rounds } турів
}
tournament-size = За столом: до { $size }
tournament-duplicate = 🃏 Дублікатні роздачі: усі столи туру отримують однакові карти, і в таблиці важить, на скільки штрафних ви набрали менше за тих, хто грав тими самими картами. Група бачить лише початок і кінець кожної партії туру, хід гри — у кожного в його руці.
tournament-teams = 👥 Команди по двоє: дайте відповідь /join на повідомлення партнера, якщо той уже записався, а партнер — /join на вашу відповідь; решта стає в пари в порядку запису (1-й з 2-м, …).
tournament-options = Правила гри:
tournament-registered = Записалися ({ $count } з { $max }):
tournament-nobody = Поки нікого.
tournament-hint = Запис — кнопкою або /join. Починає { $creator } або адмін: /start або ▶️.
tournament-button-join = ✋ Записатися
tournament-button-leave = Вийти
tournament-button-start = ▶️ Почати
tournament-joined = Вас записано!
tournament-joined_team = Вас записано! Ваш партнер — { $name }.
tournament-partner_taken = { $name }: ще не в списку або вже в парі. Запишіться просто /join або дайте відповідь іншому.
tournament-partner_asked = 🤝 { $name } запрошує в пару: { $partner }. Щоб погодитися, дайте відповідь /join на повідомлення із запрошенням.
tournament-already = Вас уже записано.
tournament-full = Місць більше немає: у списку вже { $max }.
tournament-left = Вас викреслено зі списку.
tournament-not_registered = Вас не записано.
tournament-closed = Запис закрито.
tournament-gone = Цей турнір уже закінчився.
tournament-exists = У групі вже йде турнір: спершу зупиніть його (/stop).
tournament-none = Тут немає турніру.
tournament-not_allowed = Це може лише творець турніру або адмін чату.
tournament-too_few = Замало для старту: записано { $count }, потрібно щонайменше { $needed }.
tournament-odd_out = { $name } лишається без партнера й у цьому турнірі не грає.
tournament-started = 🏁 Турнір починається: { $format }, { $rounds }.
tournament-round = 🏁 <b>Тур { $round } з { $rounds }</b>
tournament-table = Стіл { $number } (#{ $table }): { $names }
tournament-bye = Без гри в цьому турі: { $names }
tournament-lobby_hint = 🏁 Турнір, тур { $round }: гра почнеться сама, коли всі натиснуть «Граю». За тих, хто не натисне за { $seconds } с, зіграє комп'ютер.
tournament-no_show = ⏰ Комп'ютер грає за тих, хто не натиснув «Граю» вчасно: { $names }
tournament-standings = 📊 <b>Таблиця після туру { $round }</b> (очки за місця — по одному за кожного, кого ви обійшли за столом; у дужках — перемоги):
tournament-standings-duplicate = 📊 <b>Таблиця після туру { $round }</b> (± — на скільки штрафних у вас більше (+) чи менше (−), ніж у середньому в тих, хто грав тими самими картами; що менше, то краще; у дужках — очки за місця):
tournament-still_in = ➡️ Далі йдуть: { $names }
tournament-out = Вибувають: { $names }
tournament-void = Стіл #{ $table } закрито без результату.
tournament-topic = 🏁 Тур { $round } · стіл { $number }
tournament-winner = { $count ->
    [one] 🏆 Переможець турніру: { $names }!
   *[other] 🏆 Переможці турніру, порівну очок: { $names }!
}
tournament-stopped = Турнір зупинено ({ $name }).
tournament-usage =
    <code>/tournament [гра] [параметр=значення …]</code>
    format=roundrobin, swiss або knockout; rounds=N (швейцарський); size=2–4 (гравців за столом); duplicate=on; turn_time=секунди; і правила гри, як у /new.
tournament-bad_format = Не знаю формату «{ $value }»: roundrobin, swiss або knockout.
tournament-bad_rounds = Кількість турів: ціле число від 1 до { $max }.
tournament-bad_size = Гравців за столом у грі «{ $game }»: { $counts }.
tournament-bad_duplicate = duplicate: on або off.
tournament-bad_rounds_not_swiss = Кількість турів задається лише у швейцарському турнірі (format=swiss).
command-group-tournament = турнір: /tournament [гра] [параметри]
chart-round = Тур
chart-points = Очки
tournament-lobby_fixed = Це стіл турніру: гравців і правила задав турнір. Тут можна лише підтвердити, що ви граєте.
tournament-cannot_start = ⛔ Стіл #{ $table } не може початися. { $reason } Стіл не враховано, турнір триває.
tournament-short_chips = У вас у цій групі { $balance } { $balance ->
        [one] фішка
        [few] фішки
       *[many] фішок
    }, це менше за ставку турніру ({ $stake } за партію): записатися не можна.
