level-random = випадковий
level-greedy = жадібний
level-easy = легкий
level-normal = середній
level-hard = сильний
preset-burkozel = Буркозел
preset-kozel = Козел
preset-bura = Бура
value-on = так
value-off = ні
value-trump_card-bottom = під колодою
value-trump_card-middle = із середини
value-first_lead-left_of_dealer = зліва від здавача
value-first_lead-lowest_trump = молодший козир
value-small_moscow-sixes = три шістки
value-small_moscow-tens = три десятки
option-trump_card = Козир
option-first_lead = 1-й хід
option-first_lead_max3 = Перший захід — до 3 карт
option-closed_discard = Скидання в закриту
option-four_ends = Чотири кінці
option-combo_interrupt = Молодка перериває взятку
option-six_for_zero_points = 6 штрафних за нуль очок
option-pass_21 = Прохідний 21 (на 3–4)
option-eggs_double = Після «яєць» — подвійно
option-false_claim_double = Хибне «відкриваюсь» ×2
option-show_own_points = Показувати свої очки
option-redeal_on_initial_combo = Перероздача при комбінації
option-small_moscow = Мала москва
option-limit = Граємо до
option-end_at_first_loser = До першого, хто програє
option-stake = Ставка (фішки)
options-line = • { $name }: <b>{ $value }</b>
options-button = { $value } · { $name }
options-button_on = ✅ { $name }
options-button_off = ⬜ { $name }
options-help_title = Налаштування для { $preset } (пишіть <code>назва=значення</code>):
options-help_line = • <code>{ $name }</code> — { $title } ({ $values })
card-rank-J = В
card-rank-Q = Д
card-rank-K = К
card-rank-A = Т
combo-bura = Бура
combo-molodka = Молодка
combo-moscow = Москва
combo-golden_moscow = Золота Москва
combo-four_ends = Чотири кінці
combo-small_moscow = Мала Москва
lobby-title = 🃏 <b>{ $preset }</b> · стіл #{ $table }
lobby-limit = Граємо до { $limit } { $limit ->
        [one] штрафного очка
       *[other] штрафних очок
    }.
lobby-options = Особливі правила:
lobby-players = Гравці ({ $count }):
lobby-team = (команда { $team })
lobby-empty = поки нікого — тисніть «Сісти»
lobby-hint = Почати гру може { $creator } або адмін чату.
button-remove_seat = ✖️ { $name }
button-join = 🙋 Сісти
button-leave = 🚶 Встати
button-settings = ⚙️ Налаштування
button-start = ▶️ Почати
button-back = ⬅️ Назад
button-open_private = 💬 Відкрити чат із ботом
button-lead = Походити
button-forced = { $action }: { $cards }
button-beat = Побити
button-discard = Скинути
button-claim = Відкриваюсь! (31)
button-claim_no = ✖️ Ні, граю далі
hand-claim_confirm = Точно відкриваєтеся? Якщо у ваших взятках менше ніж 31 очко — { $penalty } { $penalty ->
        [one] штрафне очко
        [few] штрафні очки
       *[many] штрафних очок
    }.
button-declare = Оголосити: { $combo } ({ $cards })
settings-title = ⚙️ <b>{ $preset }</b> · стіл #{ $table }: налаштування
settings-hint = Натисніть на налаштування, щоб перемкнути його.
settings-not_allowed = Налаштування змінює творець столу або адмін чату.
settings-changed = { $name }: { $value }
new-bad_preset =
    Не знаю гри «{ $preset }». Є: { $presets }.
    Приклад: <code>/new kozel limit=6</code>
new-bad_word = Не зрозумів «{ $word }»: налаштування пишуться як <code>назва=значення</code>.
new-bad_option = Помилка в налаштуваннях: { $error }
new-exists = У цьому чаті вже є стіл #{ $table }. Завершіть його або закрийте командою /stop.
no_table = Тут немає відкритого столу. Створіть його: /new
only_group = Ця команда працює в групі. Додайте мене в групу й напишіть там /new.
sender-as_channel = Цю команду треба надіслати від свого імені, а не від імені каналу: бот не знає, хто за ним.
join-done = Ви за столом!
join-already = Ви вже за цим столом.
join-started = Гра вже йде — зачекайте на наступну.
join-full = Стіл заповнено.
join-not_member = За цей стіл сідають лише учасники групи — спершу приєднайтеся до неї.
join-link_refused = За цим посиланням сісти за стіл не вийде — натисніть «Сісти» під лобі у своїй групі.
join-need_start = Спершу відкрийте чат зі мною — туди прийдуть ваші карти.
join-need_start_group = { $name }, щоб грати, відкрийте чат зі мною: туди прийдуть ваші карти.
join-private = Ви за столом #{ $table } у «{ $chat }». Карти прийдуть сюди, коли почнеться гра.
leave-done = Ви встали з-за столу.
leave-not_seated = Ви не за цим столом.
leave-playing = Гра вже йде. Зупинити її може творець столу або адмін: /stop
start-already = Гра вже йде.
start-not_allowed = Почати гру може творець столу або адмін чату.
start-count = Для гри «{ $preset }» потрібно гравців: { $counts }. Зараз: { $now }.
start-no_person = Потрібна хоча б одна людина за столом: комп'ютери самі з собою не грають. Спершу сядьте за стіл.
away-closed = Стіл #{ $table } закрито: цілу роздачу ніхто не зробив жодного ходу сам, за всіх грав комп'ютер.
limit-tables = Відкритих столів на одну людину — не більше ніж { $cap }. Спершу дограйте або покиньте один зі своїх.
limit-practice = Зараз іде забагато тренувальних ігор (не більше ніж { $cap } одночасно). Спробуйте пізніше.
start-done = ▶️ Гра почалася! Карти — в особистих повідомленнях.
start-done_toast = Поїхали!
stop-none = Тут немає відкритого столу.
stop-not_allowed = Закрити стіл може його творець або адмін чату.
stop-done = Стіл #{ $table } закрито ({ $name }).
stop-closed_lobby = Стіл закрито.
stop-topic_lobby = Стіл закрито: тему закрили.
stop-topic_private = Стіл #{ $table } («{ $chat }») закрито: його тему в групі закрили або видалили.
table-gone = Цього столу більше немає.
table-over = Ця гра вже закінчилася.
stale = Кнопка застаріла — подивіться на свіже повідомлення.
live-title = 🃏 <b>{ $preset }</b> · стіл #{ $table } · роздача { $deal }
live-trump = Козир: <b>{ $suit }</b> ({ $trump_card }) · у колоді { $stock }
live-trump_bottom = { $card } під колодою
live-trump_hidden = { $card } схований у колоді
live-multiplier = ⚠️ Штрафи цієї роздачі ×{ $multiplier }
live-penalties = Штрафні (до { $limit }): { $scores }
live-points = Очки в роздачі: { $points }
live-combination = { $name } оголошує: <b>{ $combo }</b>
live-turn_lead = 👉 Ходить { $name }
live-turn_answer = 👉 Відповідає { $name }: побити або скинути { $need } { $need ->
        [one] карту
        [few] карти
       *[many] карт
    }
play-lead = { $name } ходить: { $cards }
play-beat = { $name } б'є: { $cards }
play-discard = { $name } скидає: { $cards }
play-discard_down = { $name } скидає в закриту: { $cards }
trick-title = <b>Взятка { $number }</b>
trick-taken = ✅ Бере { $name }: { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }
trick-line = ✅ { $number }. Бере { $name } — { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }
trick-line_mine = ✅ { $number }. Берете ви — { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }
live-last_trick = └ { $plays }
trick-line_cards = ✅ { $number }. Бере { $name } ({ $cards }) — { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }
trick-line_mine_cards = ✅ { $number }. Берете ви ({ $cards }) — { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }
trick-face_down = + { $cards } в закриту
news-declared = 📣 { $name } оголошує «{ $combo }» поза чергою: { $cards }
news-refused-outranked = ✋ { $name } оголошує «{ $combo }» поза чергою — відмовлено: в іншого гравця «{ $by }».
news-claim_true = 🎉 { $name }: «Відкриваюсь!» — { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }. Роздачу виграно!
news-claim_false = 😬 { $name }: «Відкриваюсь!» — але лише { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }. Роздачу програно.
news-combo_win = 🎉 У { $name } «{ $combo }» ({ $cards }) — роздачу виграно одразу!
news-void-tie = 🤝 Очок порівну — роздача не в рахунок, перероздаємо.
news-void-initial_combination = 🔁 Комбінація при роздачі — перероздаємо.
news-eliminated = ❌ { $name } { $count ->
        [one] вибуває
       *[other] вибувають
    }: { $penalties } { $penalties ->
        [one] штрафне очко
        [few] штрафні очки
       *[many] штрафних очок
    }.
deal-title = 📋 <b>Підсумки роздачі { $number }</b>
deal-eggs = 🥚 «Яйця»: 60 на 60 — у тих, хто набрав по 60, штрафів немає.
deal-multiplied = Штрафи ×{ $multiplier }.
deal-line = { $name }: { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }, { $tricks } { $tricks ->
        [one] взятка
        [few] взятки
       *[many] взяток
    } → +{ $penalty } (усього { $total } з { $limit })
deal-line_over = { $name }: { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    }, { $tricks } { $tricks ->
        [one] взятка
        [few] взятки
       *[many] взяток
    } → +{ $penalty } (усього { $total }, межа { $limit })
final-title = 🏁 <b>{ $preset }</b> · стіл #{ $table }: гру закінчено!
final-line = { $medal } { $rank }. { $name } — { $penalties } { $penalties ->
        [one] штрафне очко
        [few] штрафні очки
       *[many] штрафних очок
    }
final-payout = · фішки: { $chips }
final-payout_each = · фішки: по { $chips } кожному
final-deals = Зіграно роздач: { $deals }.
final-again = Ще партію? 🔁 «Реванш» — з тими самими гравцями, /new — новий стіл.
final-again_practice = Ще партію? /play
final-ratings = 📈 Рейтинг ({ $preset }):
final-rating_line = { $name }: { $before } → { $after } ({ $change })
final-unrated = Тренувальна партія з комп'ютером: рейтинг не змінюється.
notify-on = 🔔 Напишу вам в особисті, коли в цій групі відкриють стіл. Вимкнути — ще раз /notify.
notify-on_start_first = 🔔 Напишу вам, коли в цій групі відкриють стіл, — але спершу відкрийте чат зі мною. Вимкнути — ще раз /notify.
notify-off = 🔕 Більше не пишу вам про нові столи в цій групі.
notify-opened = 🔔 У групі «{ $group }» відкрили стіл #{ $table }: { $game }.
command-group-notify = повідомляти в особисті про нові столи (ще раз — вимкнути)
history-title = 🗂 <b>Останні партії</b>
history-none = У цій групі ще не дограли жодної партії.
history-line = #{ $table } · { $date } · { $game }: { $standing }
history-button = ▶ Повтор #{ $table }
replay-title = 🎞 <b>{ $preset }</b> · стіл #{ $table } · кадр { $frame } з { $frames }
replay-gone = Цей повтор недоступний: партію не знайдено, її запис уже видалено або ви не з цієї групи.
command-group-history = останні партії групи та їхні повтори
stats-title = 📊 <b>{ $name }</b> · { $where }
stats-here = у цій групі
stats-everywhere = в усіх групах
stats-none = Зіграних партій поки немає.
stats-matches = Партій: { $matches }, перемог: { $wins } ({ $percent }%)
stats-deals = Роздач виграно: { $won } з { $deals } ({ $percent }%)
stats-penalty = Штрафних за роздачу в середньому: { $average }
stats-streak = Найкраща серія перемог: { $streak }
stats-favourite = Улюблена гра: { $game }
stats-rating = Рейтинг · { $game }: { $rating } ({ $matches } { $matches ->
        [one] партія
        [few] партії
       *[many] партій
    })
stats-rating_private = Рейтинг обчислюється за всіма групами: свій можна переглянути командою /stats в особистому чаті з ботом.
top-here = 🏆 <b>Найкращі гравці групи</b>
top-everywhere = 🏆 <b>Найкращі гравці бота</b>
top-game = <b>{ $game }</b>
top-line = { $medal } { $name } — { $wins } { $wins ->
        [one] перемога
        [few] перемоги
       *[many] перемог
    } з { $matches }, рейтинг { $rating }
top-none = Поки нікого. Щоб потрапити до списку, потрібно партій: { $least }.
top-least = Щоб потрапити до списку, потрібно партій: { $least }. Тренування з комп'ютером не рахуються.
command-group-stats = статистика: своя або того, кому відповідаєте
command-group-top = найкращі гравці групи
command-private-stats = ваша статистика в усіх групах
command-private-top = найкращі гравці бота
hand-title = 🃏 Стіл #{ $table } · «{ $chat }» · роздача { $deal }
hand-trump = Козир: <b>{ $suit }</b> ({ $card }) · у колоді { $stock }
hand-own_points = Ваші очки: { $points }
hand-own_points_hidden = Ваші очки: { $points } (не рахуючи закритих карт: { $count })
hand-forced = 👉 <b>Ваш хід</b> — він тут лише один: натисніть кнопку.
button-manual = ✋ Вибрати карти
hand-tap_lead = 👉 <b>Ваш хід.</b> Натисніть карту — вона піде на стіл; «✋ Вибрати карти» — щоб походити кількома.
hand-tap_answer = 👉 <b>Ваша відповідь</b> на { $need } { $need ->
        [one] карту: ⚔️ — побити цією картою, 🗑 — скинути її.
        [few] карти: готова відповідь кнопкою або «✋ Вибрати карти».
       *[many] карт: готова відповідь кнопкою або «✋ Вибрати карти».
    }
hand-your_lead = 👉 <b>Ваш хід.</b> Виберіть карти однієї масті й натисніть «Походити».
hand-your_answer = 👉 <b>Ваша відповідь:</b> виберіть { $need } { $need ->
        [one] карту
        [few] карти
       *[many] карт
    } і побийте або скиньте.
hand-selected = Вибрано: { $cards }
hand-waiting = Чекаємо: { $name }
hand-cards = Ваші карти: { $cards }
hand-unreachable = ⚠️ { $name }, не можу написати вам в особисті, тож поки що за вас ходить комп'ютер. Відкрийте чат зі мною (кнопка нижче) — і одним натисканням повернетеся до гри.
tap-stale = Це вже неактуально — дивіться останнє повідомлення.
tap-not_yours = Це не ваші карти.
tap-slow_down = Забагато натискань одразу: зачекайте трохи й натисніть ще раз.
tap-unknown = Ця кнопка не працює.
illegal-not_your_turn = Зараз ходить { $player }.
illegal-must_respond = Спершу дайте відповідь на карти на столі: побийте або скиньте.
illegal-lead_size = Ходити можна від 1 до { $max } { $max ->
        [one] карти
       *[other] карт
    }.
illegal-lead_one_suit = Ходити можна лише картами однієї масті.
illegal-duplicate_cards = Карту вибрано двічі.
illegal-not_in_hand = У вас немає { $cards }.
illegal-nothing_to_answer = На столі нічого немає — ваш хід.
illegal-wrong_count = Треба покласти рівно { $need } { $need ->
        [one] карту
        [few] карти
       *[many] карт
    }.
illegal-does_not_beat = { $cards } не б'ють { $owner_cards }.
illegal-not_a_combination = { $cards } — це не комбінація.
illegal-window_closed = Поза чергою не можна до першої взятки роздачі.
illegal-combo_wins_itself = Ця комбінація виграє сама.
illegal-declaration_refused = Ваше оголошення відхилено — чекайте наступного ходу.
illegal-interrupt_molodka_only = Перервати взятку може лише молодка.
illegal-already_played = Ви вже поклали карти в цю взятку.
illegal-priority = Комбінація гравця, ближчого до того, хто ходить, уже на столі.
illegal-no_claims = У цій грі не відкриваються.
illegal-claim_own_turn = Відкриватися можна лише у свій хід, до заходу.
illegal-claim_no_cards = Для «відкриваюсь» карти не потрібні.
illegal-match_over = Гру закінчено.
illegal-no_such_seat = Такого місця немає.
illegal-eliminated = Ви вибули з цієї гри.
illegal-other = Так не можна: { $reason }
error-generic = Щось пішло не так. Спробуйте ще раз.
lang-usage = Мова: <code>/lang uk</code>, <code>/lang ru</code>, <code>/lang be</code> або <code>/lang en</code> (є: { $langs }).
lang-done = Готово: розмовляю українською.
lang-not_allowed = Мову групи може змінити лише адмін чату.
group-welcome =
    Привіт! Я роздаю карти для буркозла, козла й бури.

    Хто хоче зіграти — надішліть /new, і я відкрию стіл; решта сідають кнопкою «Сісти». Карти приходять кожному в особистий чат зі мною. /rules — правила, /help — усі команди.
profile-description = Буркозел, козел і бура в групі Telegram за справжніми правилами. Додайте бота в групу й надішліть /new: відкриється стіл, гравці сідають однією кнопкою, карти приходять кожному в особистий чат. Тут, в особистому чаті, можна потренуватися з комп'ютером: /play.
profile-short_description = Буркозел, козел і бура у вашій групі: /new відкриває стіл, карти приходять в особисті.
welcome =
    Привіт, { $name }! Я роздаю карти для Буркозла, Козла й Бури.

    Додайте мене в групу й напишіть там /new — я відкрию стіл. Карти приходитимуть сюди, в особистий чат. /help — усі команди.
private-unknown = Я розумію команди: /help
help =
    <b>Як грати</b>
    1. У групі: /new [гра] [налаштування] — відкрити стіл. Ігри: burkozel (за замовчуванням), kozel, bura.
    {"   П"}риклад: <code>/new kozel limit=6 closed_discard=on</code>
    2. Усі, хто грає, тиснуть «Сісти» (або /join). Якщо бот попросить — відкрийте з ним чат.
    3. Творець столу або адмін тисне «Почати» (або /start).
    4. Карти приходять в особистий чат: натискайте карти, потім «Походити», «Побити» або «Скинути».

    <b>Команди в групі</b>
    /new — відкрити стіл
    /join — сісти
    /leave — встати
    /start — почати гру
    /stop — закрити стіл
    /rules — правила цього столу
    /lang ru|en|be|uk — мова групи
    /stats — статистика (відповіддю на повідомлення — тієї людини)
    /top — найкращі гравці
    /history — останні партії та їхні повтори
    /notify — повідомляти про нові столи

    <b>В особистому чаті</b>
    /rules [гра] — правила
    /lang ru|en|be|uk — ваша мова
    /forget — стерти, що я про вас зберігаю
    /stats — ваша статистика в усіх групах
    /top — найкращі гравці бота
rules-options_title = <b>Налаштування столу</b>
rules-burkozel =
    <b>Буркозел</b> — 2–4 гравці, кожен сам за себе, по 4 карти, 36 карт.
    Старшинство: 6 7 8 9 В Д К 10 Т. Очки: Т 11, 10 10, К 4, Д 3, В 2.
    Хід: 1–4 карти однієї масті. Інші по черзі кладуть стільки ж карт: б'ють (кожну карту — старшою тієї ж масті або козирем) або скидають будь-які. Взятку бере останній, хто побив, інакше той, хто ходив. Потім усі добирають із колоди, першим — той, хто взяв; він же ходить.
    Комбінації (бура, молодка, москва, золота москва, чотири кінці) можна викласти поза чергою після першої взятки, поки той, чия черга ходити, не походив; його власна комбінація зберігає старшинство, хоч би як він її виклав. Про відмову в оголошенні повідомляють усім із причиною.
    Підсумок роздачі: у кого найбільше очок — 0 штрафних; 31 і більше — 2; менше ніж 31 — 4; без взяток — 6. 60 на 60 — «яйця»: цим двом штрафів немає. Хто набрав ліміт, вибуває; ті, хто вибув в одній роздачі з однаковими штрафними, ділять місце.
rules-kozel =
    <b>Козел</b> — 4 гравці, дві команди, партнери навпроти, по 4 карти.
    Ходи й взятки — як у буркозлі; очки команди додаються. Козир показують із середини колоди, молодка може перебити розпочату взятку (обидва — налаштування).
    61 і більше — роздачу виграно. Ті, хто програв: 31–59 — 2 штрафні, менше ніж 31 — 4, без взяток — 6. 60 на 60 — «яйця». Команда, що набрала ліміт, програє партію.
rules-bura =
    <b>Бура</b> — 2–4 гравці, по 3 карти, ходять 1–3 картами однієї масті.
    Набравши 31 очко, скажіть у свій хід «Відкриваюсь!»: якщо 31 є — роздача ваша, іншим по 2 штрафні; якщо ні — вам 4 (або 2). Свої очки треба рахувати самим.
    Бура (3 козирі) або москва (3 тузи) на руках виграють роздачу одразу. Молодку (3 карти однієї масті) й малу москву (три шістки з козирною) можна викласти поза чергою, поки той, хто ходить, не походив; у молодці відмовляють, оголосивши причину, якщо в когось мала москва. Хто виграв роздачу, той роздає наступну (після хибного «Відкриваюсь» або нічиєї — той самий, хто роздавав). Граємо до 12 штрафних.
command-group-new = відкрити стіл: /new [гра] [налаштування]
command-group-join = сісти за стіл
command-group-leave = встати з-за столу
command-group-start = почати гру
command-group-stop = закрити стіл
command-group-rules = правила столу
command-group-help = як грати
command-group-lang = мова групи: ru, en, be або uk
command-private-start = почати
command-private-rules = правила: /rules [гра]
command-private-help = як грати
command-private-lang = ваша мова: ru, en, be або uk
command-private-forget = стерти, що бот про вас зберігає
forget-prompt =
    Я зітру, що зберігаю про вас: ім'я, username і мову. У завершених іграх замість імені буде { $mark }, результати ігор залишаться. Якщо зіграєте знову, я знову запам'ятаю ім'я, поки ви за столом.

    Стерти?
button-forget_yes = 🗑 Стерти
button-forget_no = Скасувати
forget-done = Готово: ваше ім'я, username і мову стерто. У завершених іграх на вашому місці — { $mark }.
forget-kept = Нічого не стерто.
forget-seated = Ви зараз за столом #{ $table }. Залиште його або дограйте, потім надішліть /forget ще раз.
forget-in_private = Надішліть /forget мені в особисті: так стирається те, що я про вас зберігаю.
lobby-computer = (комп'ютер, { $level })
lobby-team_computer = (команда { $team } · комп'ютер, { $level })
button-add_computer = 🤖 + Комп'ютер
button-remove_computer = 🤖 − Прибрати
option-turn_time = Час на хід, с
new-bad_turn_time = Час на хід «{ $value }»: потрібне ціле число секунд від 15 до 3600.
leave-confirm = Гра йде. Піти? Ваше місце займе комп'ютер до кінця партії.
button-leave_confirm = 🚪 Так, піти
leave-not_yours = Ця кнопка — для того, хто просив піти. Щоб піти самому, надішліть /leave.
timer-reminder = ⏰ Стіл #{ $table } («{ $chat }»): ваш хід, лишилося { $seconds } с.
timer-played = ⏰ Час на хід вийшов — за гравця { $name } походив комп'ютер.
timer-takeover = 🤖 Гравця { $name } немає на місці: далі за нього грає комп'ютер. Повернутися — однією кнопкою в особистому чаті.
timer-takeover_private = 🤖 Стіл #{ $table } («{ $chat }»): поки вас немає, за вас грає комп'ютер.
button-takeback = 🙋 Я тут — граю далі
takeback-already = Ви й так граєте самі.
takeback-done = З поверненням!
takeback-news = 🙋 { $name } знову за столом і грає.
kick-usage = Дайте відповідь командою /kick на повідомлення гравця.
kick-not_allowed = Заміняти гравців може творець столу або адмін чату.
kick-not_seated = Ця людина не за столом.
kick-lobby = Гравця { $name } прибрано з-за столу.
kick-done = 🤖 Гравця { $name } до кінця партії заміняє комп'ютер.
kick-left = 🚪 Гравець { $name } пішов; замість нього грає комп'ютер.
kick-closed = Людей за столом не залишилося — стіл закрито.
computer-not_allowed = Додавати комп'ютерних гравців може творець столу або адмін.
computer-bad_level = Немає такого рівня. Є: { $levels }.
computer-added = { $name } ({ $level }) за столом.
computer-none = За столом немає комп'ютерних гравців.
computer-removed = { $name } більше не за столом.
practice-usage = Тренування: <code>/play [гра] [гравців] [рівень]</code>. Ігри: { $presets }. Рівні: { $levels }.
practice-exists = У вас уже йде тренування (стіл #{ $table }). Завершити: /stop
practice-title = тренування
lobby-expired = ⌛ Стіл закрито: гру так і не почали.
lobby-expired_news = ⌛ Стіл #{ $table } закрито — його довго не починали. Новий: /new
command-group-kick = замінити гравця комп'ютером (відповіддю)
command-group-addbot = додати комп'ютерного гравця
command-private-play = тренування з комп'ютером
command-private-stop = завершити тренування
options-switch = on/off (або так/ні)
options-range = ціле число від { $min } до { $max }
rules_error-unknown_option = немає налаштування «{ $option }»
rules_error-not_applicable = налаштування «{ $option }» не стосується цієї гри
rules_error-bad_value = «{ $option }» приймає { $values }, а не «{ $value }»
chart-deal = Роздача
chart-penalties = Штрафні очки
chart-match = Рейтингова партія
chart-rating = Рейтинг
chart-rating_here = Зміна рейтингу в цій групі

# rematch
button-rematch = 🔁 Реванш
button-rematch_join = ✅ Граю
rematch-not_player = Реванш може почати лише гравець цієї партії.
rematch-opened = Реванш! Чекаємо на інших гравців.
rematch-confirmed = Ви в грі!
rematch-waiting = Чекаємо підтвердження: { $names }
lobby-rematch_hint = 🔁 Реванш столу #{ $table }: гра почнеться сама, коли всі натиснуть «Граю».
