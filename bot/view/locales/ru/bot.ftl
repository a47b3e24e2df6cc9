level-random = случайный
level-greedy = жадный
level-easy = лёгкий
level-normal = средний
level-hard = сильный
preset-burkozel = Буркозёл
preset-kozel = Козёл
preset-bura = Бура
value-on = да
value-off = нет
value-trump_card-bottom = под колодой
value-trump_card-middle = из середины
value-first_lead-left_of_dealer = слева от сдающего
value-first_lead-lowest_trump = младший козырь
value-small_moscow-sixes = три шестёрки
value-small_moscow-tens = три десятки
option-trump_card = Козырь
option-first_lead = 1-й ход
option-first_lead_max3 = Первый заход ≤ 3 карт
option-closed_discard = Сброс в закрытую
option-four_ends = Четыре конца
option-combo_interrupt = Молодка прерывает взятку
option-six_for_zero_points = 6 штрафных за ноль очков
option-pass_21 = Проходной 21 (на 3–4)
option-eggs_double = «Яйца» удваивают штрафы
option-false_claim_double = Ложное «вскрываюсь» ×2
option-show_own_points = Показывать свои очки
option-redeal_on_initial_combo = Пересдача при комбинации
option-small_moscow = Малая Москва
option-limit = Играем до
option-end_at_first_loser = До первого проигравшего
option-stake = Ставка (фишки)
option-about-trump_card = где карта, что задаёт козырь: под колодой (её возьмут последней) или из середины (остаётся в колоде)
option-about-first_lead = кто ходит первым в партии: игрок слева от сдающего или тот, у кого младший козырь
option-about-first_lead_max3 = первый ход сдачи — не больше 3 карт
option-about-closed_discard = сброшенные карты лежат рубашкой вверх, их видит только хозяин
option-about-four_ends = «четыре конца» (4 карты из тузов и десяток) — комбинация
option-about-combo_interrupt = молодка может прервать уже начатую взятку
option-about-six_for_zero_points = 6 штрафных и тому, у кого взятки есть, а очков ноль
option-about-pass_21 = втроём и вчетвером достаточно набрать 21 очко вместо 31, чтобы получить 2 штрафных, а не 4
option-about-eggs_double = после «яиц» (60 на 60) штрафы следующей сдачи удваиваются
option-about-false_claim_double = ложное «Вскрываюсь» стоит 4 штрафных, а не 2
option-about-show_own_points = бот показывает вам очки ваших взяток
option-about-redeal_on_initial_combo = комбинация, пришедшая при раздаче, — пересдача, а не победа
option-about-small_moscow = из чего малая Москва: три шестёрки или три десятки, среди них козырная
option-about-limit = сколько штрафных выводит из игры
option-about-end_at_first_loser = партия кончается, как только кто-то наберёт лимит
option-about-stake = фишки, которые каждый ставит в банк; банк делится по местам
options-line = • { $name }: <b>{ $value }</b>
options-button = { $name }: { $value }
options-button_limit = Играем до { $value }
options-button_on = ✅ { $name }
options-button_off = ⬜ { $name }
options-help_title = Настройки для { $preset } (пишите <code>имя=значение</code>):
options-help_line = • <code>{ $name }</code> — { $title } ({ $values })
card-rank-J = В
card-rank-Q = Д
card-rank-K = К
card-rank-A = Т
combo-bura = Бура
combo-molodka = Молодка
combo-moscow = Москва
combo-golden_moscow = Золотая Москва
combo-four_ends = Четыре конца
combo-small_moscow = Малая Москва
lobby-title = 🃏 <b>{ $preset }</b> · стол #{ $table }
lobby-limit = Играем до { $limit } { $limit ->
        [one] штрафного очка
       *[other] штрафных очков
    }.
lobby-options = Особые правила:
lobby-players = Игроки ({ $count }):
lobby-team = (команда { $team })
lobby-empty = пока никого — жмите «Сесть»
lobby-hint = Начать игру может { $creator } или админ чата.
button-remove_seat = ✖️ { $name }
button-join = 🙋 Сесть
button-leave = 🚶 Встать
button-settings = ⚙️ Настройки
button-start = ▶️ Начать
button-back = ⬅️ Назад
button-open_private = 💬 Открыть чат с ботом
button-lead = Сходить
button-forced = { $action }: { $cards }
button-beat = Побить
button-discard = Сбросить
button-claim = Вскрываюсь! (31)
button-claim_no = ✖️ Играю дальше
hand-claim_confirm = Точно вскрываетесь? Если в ваших взятках меньше 31 очка — { $penalty } { $penalty ->
        [one] штрафное очко
        [few] штрафных очка
       *[many] штрафных очков
    }.
button-declare = 📣 { $combo }: { $cards }
settings-title = ⚙️ <b>{ $preset }</b> · стол #{ $table }: настройки
settings-hint = Нажмите на настройку, чтобы переключить её.
settings-not_allowed = Настройки меняет создатель стола или админ чата.
settings-changed = { $name }: { $value }
new-bad_preset =
    Не знаю игру «{ $preset }». Есть: { $presets }.
    Пример: <code>/new kozel limit=6</code>
new-bad_word = Не понял «{ $word }»: настройки пишутся как <code>имя=значение</code>.
new-bad_option = Ошибка в настройках: { $error }
new-exists = В этом чате уже есть стол #{ $table }. Закончите его или закройте командой /stop.
no_table = Здесь нет открытого стола. Создайте его: /new
only_group = Эта команда работает в группе. Добавьте меня в группу и напишите там /new.
sender-as_channel = Эту команду нужно отправить от своего имени, а не от имени канала: бот не знает, кто за ним.
join-done = Вы за столом!
join-already = Вы уже за этим столом.
join-started = Игра уже идёт — дождитесь следующей.
join-full = Стол заполнен.
join-not_member = За этот стол садятся только участники группы — сначала вступите в неё.
join-link_refused = По этой ссылке сесть за стол не получится — нажмите «Сесть» под лобби в своей группе.
join-need_start = Сначала откройте чат со мной — туда придут ваши карты.
join-need_start_group = { $name }, чтобы играть, откройте чат со мной: туда придут ваши карты.
join-private = Вы за столом #{ $table } в группе «{ $chat }». Карты придут сюда, когда начнётся игра.
leave-done = Вы встали из-за стола.
leave-not_seated = Вы не за этим столом.
leave-playing = Игра уже идёт. Остановить её может создатель стола или админ: /stop
start-already = Игра уже идёт.
start-not_allowed = Начать игру может создатель стола или админ чата.
start-count = Для игры «{ $preset }» нужно игроков: { $counts }. Сейчас: { $now }.
start-no_person = Нужен хотя бы один человек за столом: компьютеры сами с собой не играют. Сначала сядьте за стол.
away-closed = Стол #{ $table } закрыт: целую сдачу никто не сделал ни одного хода сам, за всех играл компьютер.
limit-tables = Открытых столов на одного человека — не больше { $cap }. Сначала доиграйте или покиньте один из своих.
limit-practice = Сейчас идёт слишком много тренировочных игр (не больше { $cap } одновременно). Попробуйте позже.
start-done = ▶️ Игра началась! Карты — в личных сообщениях.
start-done_toast = Поехали!
stop-none = Здесь нет открытого стола.
stop-not_allowed = Закрыть стол может его создатель или админ чата.
stop-done = Стол #{ $table } закрыт ({ $name }).
stop-closed_lobby = Стол закрыт.
stop-topic_lobby = Стол закрыт: тему закрыли.
stop-topic_private = Стол #{ $table } («{ $chat }») закрыт: его тему в группе закрыли или удалили.
table-gone = Этого стола больше нет.
table-over = Эта игра уже закончилась.
live-title = 🃏 <b>{ $preset }</b> · стол #{ $table } · сдача { $deal }
live-trump = Козырь: <b>{ $suit }</b> ({ $trump_card }) · { $stock ->
        [one] осталась
       *[other] осталось
    } { $stock } { $stock ->
        [one] карта
        [few] карты
       *[many] карт
    }
live-trump_bottom = { $card } под колодой
live-trump_hidden = { $card } — где-то в колоде
live-multiplier = ⚠️ Штрафы этой сдачи ×{ $multiplier }
live-penalties = Штрафные (до { $limit }): { $scores }
live-points = Очки в сдаче: { $points }
live-combination = { $name } объявляет: <b>{ $combo }</b>
live-turn_lead = 👉 Ходит { $name }
live-turn_answer = 👉 Отвечает { $name }: побить { $target } или сбросить { $need } { $need ->
        [one] карту
        [few] карты
       *[many] карт
    }
play-lead = { $name } ходит: { $cards }
play-beat = { $name } бьёт: { $cards }
play-discard = { $name } сбрасывает: { $cards }
play-discard_down = { $name } сбрасывает в закрытую: { $cards }
trick-title = <b>Взятка { $number }</b>
trick-taken = ✅ Берёт { $name }: { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }
trick-line = ✅ { $number }. Берёт { $name } — { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }
trick-line_mine = ✅ { $number }. Берёте вы — { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }
live-last_trick = └ { $plays }
trick-line_cards = ✅ { $number }. Берёт { $name } ({ $cards }) — { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }
trick-line_mine_cards = ✅ { $number }. Берёте вы ({ $cards }) — { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }
trick-face_down = (+ { $cards } в закрытую)
news-declared = 📣 { $name } ходит вне очереди — «{ $combo }»: { $cards }
news-refused-outranked = ✋ { $name }: «{ $combo }» вне очереди — нельзя, у другого игрока «{ $by }».
news-claim_true = 🎉 { $name }: «Вскрываюсь!» — { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }. Сдача выиграна!
news-claim_false = 😬 { $name }: «Вскрываюсь!» — но только { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }. Сдача проиграна.
news-combo_win = 🎉 { $name }: «{ $combo }» ({ $cards }) — сдача выиграна сразу!
news-void-tie = 🤝 Очков поровну — сдача не в счёт, пересдаём.
news-void-initial_combination = 🔁 Комбинация при раздаче — пересдаём.
news-eliminated = ❌ { $name } { $count ->
        [one] выбывает
       *[other] выбывают
    }: { $penalties } { $penalties ->
        [one] штрафное очко
        [few] штрафных очка
       *[many] штрафных очков
    }.
deal-title = 📋 <b>Итоги сдачи { $number }</b>
deal-eggs = 🥚 «Яйца»: 60 на 60 — у набравших по 60 штрафов нет.
deal-multiplied = Штрафы ×{ $multiplier }.
deal-line = { $name }: { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }, { $tricks } { $tricks ->
        [one] взятка
        [few] взятки
       *[many] взяток
    } → { $penalty } · всего { $total } из { $limit }
deal-line_over = { $name }: { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }, { $tricks } { $tricks ->
        [one] взятка
        [few] взятки
       *[many] взяток
    } → { $penalty } · всего { $total }, лимит { $limit }
final-title = 🏁 <b>{ $preset }</b> · стол #{ $table }: игра окончена!
final-line = { $medal } { $rank }. { $name } — { $penalties } { $penalties ->
        [one] штрафное очко
        [few] штрафных очка
       *[many] штрафных очков
    }
final-payout = · фишки: { $chips }
final-payout_each = · фишки: по { $chips } каждому
final-deals = Сыграно сдач: { $deals }.
final-again = Ещё партию? 🔁 «Реванш» — с теми же игроками, /new — новый стол.
final-again_practice = Ещё партию? /play
final-ratings = 📈 Рейтинг ({ $preset }; у новичка 25, меняется по занятому месту с учётом силы соперников):
final-rating_line = { $name }: { $before } → { $after } ({ $change } за место { $place } из { $places })
final-unrated = Тренировочная партия с компьютером: рейтинг не меняется.
notify-on = 🔔 Напишу вам в личку, когда в этой группе откроют стол. Выключить — ещё раз /notify.
notify-on_start_first = 🔔 Напишу вам, когда в этой группе откроют стол, — но сначала откройте чат со мной. Выключить — ещё раз /notify.
notify-off = 🔕 Больше не пишу вам о новых столах в этой группе.
notify-opened = 🔔 В группе «{ $group }» открыли стол #{ $table }: { $game }.
command-group-notify = сообщать в личку о новых столах (ещё раз — выключить)
history-title = 🗂 <b>Последние партии</b>
history-none = В этой группе ещё не доиграли ни одной партии.
history-line = #{ $table } · { $date } · { $game }: { $standing }
history-button = ▶ Повтор #{ $table }
replay-title = 🎞 <b>{ $preset }</b> · стол #{ $table } · кадр { $frame } из { $frames }
replay-gone = Этот повтор недоступен: партия не найдена, её запись уже удалена или вы не из этой группы.
command-group-history = последние партии группы и их повторы
stats-title = 📊 <b>{ $name }</b> · { $where }
stats-here = в этой группе
stats-everywhere = во всех группах
stats-none = Сыгранных партий пока нет.
stats-matches = Партий: { $matches }, побед: { $wins } ({ $percent }%)
stats-deals = Сдач выиграно: { $won } из { $deals } ({ $percent }%)
stats-penalty = Штрафных за сдачу в среднем: { $average }
stats-streak = Лучшая серия побед: { $streak }
stats-favourite = Любимая игра: { $game }
stats-rating = Рейтинг · { $game }: { $rating } ({ $matches } { $matches ->
        [one] партия
        [few] партии
       *[many] партий
    })
stats-rating_private = Рейтинг считается по всем группам: свой можно посмотреть командой /stats в личном чате с ботом.
top-here = 🏆 <b>Лучшие игроки группы</b>
top-everywhere = 🏆 <b>Лучшие игроки бота</b>
top-game = <b>{ $game }</b>
top-line = { $medal } { $name } — { $wins } { $wins ->
        [one] победа
        [few] победы
       *[many] побед
    } из { $matches }, рейтинг { $rating }
top-none = Пока никого. Чтобы попасть в список, нужно партий: { $least }.
top-least = Чтобы попасть в список, нужно партий: { $least }. Тренировки с компьютером не считаются.
command-group-stats = статистика: своя или того, кому отвечаете
command-group-top = лучшие игроки группы
command-private-stats = ваша статистика во всех группах
command-private-top = лучшие игроки бота
hand-title = 🃏 Стол #{ $table } · «{ $chat }» · сдача { $deal }
hand-trump = Козырь ★ <b>{ $suit }</b> ({ $card }) · { $stock ->
        [one] осталась
       *[other] осталось
    } { $stock } { $stock ->
        [one] карта
        [few] карты
       *[many] карт
    }
hand-forced = 👉 <b>Ваш ход</b> — вариант один: нажмите кнопку.
button-manual = ✋ Выбрать карты
hand-tap_lead = 👉 <b>Ваш ход.</b> Нажмите карту — она пойдёт на стол{ $several ->
        [yes] ; «✋ Выбрать карты» — чтобы сходить несколькими.
       *[no] .
    }
hand-tap_answer = 👉 <b>Ваш ответ</b> на { $target }: { $need ->
        [one] { $beat ->
            [yes] ⚔️ — побить этой картой, 🗑 — сбросить её.
           *[no] побить нечем — нажмите карту, которую сбросить (🗑).
        }
       *[other] { $several ->
            [yes] кнопка сыграет самый дешёвый ответ, другой — через «✋ Выбрать карты».
           *[no] кнопка сыграет этот ответ.
        }
    }
hand-your_lead = 👉 <b>Ваш ход.</b> Выберите карты одной масти и нажмите «Сходить».
hand-your_answer = 👉 <b>Ваш ответ</b> на { $target }: выберите { $need } { $need ->
        [one] карту
        [few] карты
       *[many] карт
    } и побейте или сбросьте.
hand-selected = Выбрано: { $cards }
hand-waiting = Ждём: { $name }
hand-cards = Ваши карты: { $cards }
hand-unreachable = ⚠️ { $name }, не могу написать вам в личку, поэтому пока за вас ходит компьютер. Откройте чат со мной (кнопка ниже) — и одним нажатием вернётесь в игру.
tap-stale = Это уже неактуально — смотрите последнее сообщение.
tap-not_yours = Это не ваши карты.
tap-slow_down = Слишком много нажатий сразу: подождите немного и нажмите ещё раз.
tap-unknown = Эта кнопка не работает.
illegal-not_your_turn = Сейчас ходит { $player }.
illegal-must_respond = Сначала ответьте на карты на столе: побейте или сбросьте.
illegal-lead_size = Ходить можно от 1 до { $max } { $max ->
        [one] карты
       *[other] карт
    }.
illegal-lead_one_suit = Ходить можно только картами одной масти.
illegal-duplicate_cards = Карта выбрана дважды.
illegal-not_in_hand = У вас нет { $cards }.
illegal-nothing_to_answer = На столе ничего нет — ваш ход.
illegal-wrong_count = Нужно положить ровно { $need } { $need ->
        [one] карту
        [few] карты
       *[many] карт
    }.
illegal-does_not_beat = Так не побить: { $cards } против { $owner_cards }.
illegal-not_a_combination = { $cards } — это не комбинация.
illegal-window_closed = Ходить вне очереди можно только после первой взятки сдачи.
illegal-combo_wins_itself = Эта комбинация выигрывает сама.
illegal-declaration_refused = Ваше объявление отклонено — ждите следующего хода.
illegal-interrupt_molodka_only = Прервать взятку может только молодка.
illegal-already_played = Вы уже положили карты в эту взятку.
illegal-priority = Уже выложена комбинация игрока, который сидит ближе к ходящему.
illegal-no_claims = В этой игре не вскрываются.
illegal-claim_own_turn = Вскрываться можно только в свой ход, до захода.
illegal-claim_no_cards = Для «вскрываюсь» карты не нужны.
illegal-match_over = Игра окончена.
illegal-no_such_seat = Такого места нет.
illegal-eliminated = Вы выбыли из этой игры.
illegal-other = Так нельзя: { $reason }
error-generic = Что-то пошло не так. Попробуйте ещё раз.
lang-usage = Язык: <code>/lang ru</code>, <code>/lang en</code>, <code>/lang be</code> или <code>/lang uk</code> (есть: { $langs }).
lang-done = Готово: говорю по-русски.
lang-not_allowed = Язык группы может сменить только админ чата.
group-welcome =
    Привет! Я раздаю карты для буркозла, козла и буры.

    Кто хочет сыграть — отправьте /new, и я открою стол; остальные садятся кнопкой «Сесть». Карты приходят каждому в личный чат со мной. /rules — правила, /help — все команды.
profile-description = Буркозёл, козёл и бура в группе Telegram по настоящим правилам. Добавьте бота в группу и отправьте /new: откроется стол, игроки садятся одной кнопкой, карты приходят каждому в личный чат. Здесь, в личке, можно потренироваться с компьютером: /play.
profile-short_description = Буркозёл, козёл и бура в вашей группе: /new открывает стол, карты приходят в личку.
welcome =
    Привет, { $name }! Я раздаю карты для буркозла, козла и буры.

    Добавьте меня в группу и напишите там /new — я открою стол. Карты будут приходить сюда, в личку. Потренироваться с компьютером можно прямо здесь: /play. /rules — правила, /help — все команды.
private-unknown = Я понимаю команды: /help
help =
    <b>Как начать</b>
    1. В группе: /new [игра] [настройки] — открыть стол. Игры: burkozel (по умолчанию), kozel, bura.
    {"   П"}ример: <code>/new kozel limit=6 closed_discard=on</code>
    2. Кто играет, жмёт «Сесть» (или /join). Если бот попросит — откройте с ним чат. Не хватает игроков — /addbot посадит компьютер.
    3. Создатель стола или админ жмёт «Начать» (или /start).
    4. Карты приходят в личку. Ваш ход: нажмите карту — она пойдёт на стол. Ответ на ход: ⚔️ — побить, 🗑 — сбросить. Сыграть несколькими картами — «✋ Выбрать карты». Комбинация, если она у вас есть, появится отдельной кнопкой.
    Научиться: /rules — правила, /play — тренировка с компьютером (в личке со мной).

    <b>Команды в группе</b>
    /new — открыть стол
    /join — сесть
    /leave — встать
    /start — начать игру
    /stop — закрыть стол
    /addbot [уровень] — добавить компьютерного игрока
    /kick — ответом на сообщение игрока: заменить его компьютером
    /rules — правила этого стола
    /lang ru|en|be|uk — язык группы
    /stats — статистика (ответом на сообщение — того человека)
    /top — лучшие игроки
    /history — последние партии и их повторы
    /notify — сообщать о новых столах
    /tournament — турнир в группе (как он идёт: /help tournament)

    <b>В личке</b>
    /play [игра] [игроков] [уровень] — тренировка с компьютером
    /stop — закончить тренировку
    /rules [игра] — правила
    /lang ru|en|be|uk — ваш язык
    /forget — стереть, что я о вас храню
    /stats — ваша статистика во всех группах
    /top — лучшие игроки бота
rules-options_title = <b>Настройки стола</b>
rules-match = { $game ->
        [kozel] Штрафные копятся от сдачи к сдаче; команда, набравшая { $limit }, проигрывает партию.
       *[other] { $end ->
            [first] Штрафные копятся от сдачи к сдаче, и чем их меньше, тем лучше. Партия кончается, как только кто-то наберёт { $limit }: побеждает тот, у кого штрафных меньше всех.
           *[last] Штрафные копятся от сдачи к сдаче, и чем их меньше, тем лучше. Кто наберёт { $limit }, выбывает; побеждает последний оставшийся. Выбывшие в одной сдаче с равными штрафными делят место.
        }
    }
rules-limit = { $limit } { $limit ->
        [one] штрафное очко
        [few] штрафных очка
       *[many] штрафных очков
    }
rules-limit_usual = лимит стола (обычно 12 штрафных очков)
rules-burkozel =
    <b>Буркозёл</b> — 2–4 игрока, каждый за себя. Колода 36 карт, на руках по 4.
    Старшинство от младшей: 6 7 8 9 В Д К 10 Т (валет, дама, король, туз). Очки: Т 11, десятка 10, К 4, Д 3, В 2, остальные 0; всего в колоде 120.
    { $trump ->
        [middle] Козырь — масть карты, которую показывают из середины колоды (сама карта остаётся где-то в колоде).
       *[bottom] Козырь — масть карты, открытой под колодой (её возьмут последней).
    } Любой козырь бьёт любую некозырную карту, старший козырь — младший.
    { $lead ->
        [lowest_trump] В первой сдаче партии первым ходит тот, у кого младший козырь (если козырей ни у кого нет — игрок слева от сдающего), дальше — взявший последнюю взятку.
       *[left_of_dealer] Первым ходит игрок слева от сдающего, дальше — взявший последнюю взятку.
    } Ход — 1–4 карты одной масти{ $max3 ->
        [on] , но первый ход сдачи — не больше 3 карт.
       *[off] .
    } Остальные по очереди кладут столько же карт: либо бьют (каждую карту — старшей той же масти или козырем), либо сбрасывают любые{ $closed ->
        [on] {" "}в закрытую (🎴 — карта рубашкой вверх).
       *[off] .
    } Втроём и вчетвером бить нужно карты того, кто побил последним.
    Взятку берёт последний побивший, а если никто не побил — ходивший. Потом все по одной добирают карты из колоды, первым — взявший; он же ходит.
    Комбинации — бура (4 козыря), молодка (4 карты одной некозырной масти), Москва (3 туза, среди них козырный), Золотая Москва (4 туза){ $four_ends ->
        [on] , четыре конца (4 карты из тузов и десяток)
       *[off] {""}
    } — можно выложить вне очереди: после первой взятки сдачи, пока очередной игрок не сходил{ $interrupt ->
        [on] ; молодка может и прервать уже начатую взятку — карты вернутся в руки, и взятка начнётся с молодки
       *[off] {""}
    }. Это обычный заход (его можно побить), без бонуса.
    Итог сдачи: у кого больше всех очков — 0 штрафных; { $pass ->
        [on] 31 и больше (втроём и вчетвером — 21 и больше) — 2; меньше — 4
       *[off] 31 и больше — 2; меньше 31 — 4
    }; { $zero ->
        [on] ни одного очка (даже со взятками) — 6
       *[off] ни одной взятки — 6
    }. 60 на 60 — «яйца»: этим двоим штрафов нет{ $eggs ->
        [on] , а штрафы следующей сдачи удваиваются
       *[off] {""}
    }.
rules-kozel =
    <b>Козёл</b> — 4 игрока, две команды по двое: партнёры сидят напротив, очки у команды общие. На руках по 4 карты.
    Карты, очки, ходы, взятки и комбинации — как в буркозле (/rules burkozel). Отличия: { $trump ->
        [middle] козырь — масть карты, которую показывают из середины колоды (сама карта остаётся где-то в колоде)
       *[bottom] козырь — масть карты, открытой под колодой (её возьмут последней)
    }; { $closed ->
        [on] сброс — в закрытую (🎴 — карта рубашкой вверх)
       *[off] сброс — в открытую, его видят все
    }; { $interrupt ->
        [on] молодка может прервать уже начатую взятку — карты вернутся в руки, и взятка начнётся с молодки
       *[off] молодка начатую взятку не прерывает
    }{ $lead ->
        [lowest_trump] ; в первой сдаче партии первым ходит тот, у кого младший козырь
       *[left_of_dealer] {""}
    }{ $max3 ->
        [on] ; первый ход сдачи — не больше 3 карт
       *[off] {""}
    }{ $four_ends ->
        [on] {""}
       *[off] ; «четыре конца» здесь не комбинация
    }.
    Итог сдачи: 61 очко и больше — сдача выиграна. Проигравшая команда получает: 31–59 очков — 2 штрафных, меньше 31 — 4, { $zero ->
        [on] ни одного очка (даже со взятками) — 6
       *[off] ни одной взятки — 6
    }. 60 на 60 — «яйца»: штрафов нет никому{ $eggs ->
        [on] , а штрафы следующей сдачи удваиваются
       *[off] {""}
    }.
rules-bura =
    <b>Бура</b> — 2–4 игрока, каждый за себя, на руках по 3 карты. Карты, очки, козырь, ходы и взятки — как в буркозле (/rules burkozel), но ходят 1–3 картами одной масти{ $closed ->
        [on] , а сброс — в закрытую (🎴 — карта рубашкой вверх).
       *[off] , а сброс — в открытую, его видят все.
    }{ $trump ->
        [middle] {" "}Козырь — масть карты, которую показывают из середины колоды (сама карта остаётся где-то в колоде).
       *[bottom] {""}
    }{ $lead ->
        [lowest_trump] {" "}В первой сдаче партии первым ходит тот, у кого младший козырь.
       *[left_of_dealer] {""}
    }
    Цель — набрать во взятках 31 очко. Набрав, нажмите в свой ход, до захода, «Вскрываюсь!»: если во взятках 31 или больше — сдача ваша, остальным по 2 штрафных; если меньше — вам { $false_double ->
        [on] 4 штрафных
       *[off] 2 штрафных
    }. { $show_points ->
        [on] { $closed ->
            [on] Очки ваших взяток бот показывает вам в руке — по картам, которые вы видели, и отдельно число закрытых карт в них.
           *[off] Очки ваших взяток бот показывает вам в руке.
        }
       *[off] { $closed ->
            [on] Сколько у вас очков, бот не показывает: считайте сами по строкам взяток; закрытые карты соперников в ваших взятках вам не видны — их очки придётся угадывать.
           *[off] Сколько у вас очков, бот не показывает: считайте сами по строкам взяток.
        }
    }
    Комбинация на руках выигрывает сдачу сразу{ $redeal ->
        [on] {" "}(а если она пришла при раздаче — пересдача)
       *[off] {""}
    }: бура — 3 козыря, Москва — 3 туза (Москва старше буры; из двух бур старше та, где козырь выше).
    Вне очереди, пока очередной игрок не сходил, можно сходить молодкой (3 карты одной масти) или малой Москвой ({ $small_moscow ->
        [tens] 3 десятки, среди них козырная
       *[sixes] 3 шестёрки, среди них козырная
    }). Молодку отклонят, если у соперника бура, Москва или малая Москва или если у очередного игрока тоже молодка; причину объявят всем. Малую Москву можно выложить и против молодки.
    Если карты кончились, а никто не вскрылся, сдачу выигрывает тот, у кого больше очков; поровну — пересдача. Когда сдачу кто-то выиграл — вскрытием, комбинацией или очками, — остальным по 2 штрафных. Выигравший сдачу сдаёт следующую (после ложного «Вскрываюсь» или пересдачи — тот же сдающий).
command-group-new = открыть стол: /new [игра] [настройки]
command-group-join = сесть за стол
command-group-leave = встать из-за стола
command-group-start = начать игру
command-group-stop = закрыть стол
command-group-rules = правила стола
command-group-help = как играть
command-group-lang = язык группы: ru, en, be или uk
command-private-start = начать
command-private-rules = правила: /rules [игра]
command-private-help = как играть
command-private-lang = ваш язык: ru, en, be или uk
command-private-forget = стереть, что бот о вас хранит
forget-prompt =
    Я сотру, что храню о вас: имя, username и язык. В законченных играх вместо имени будет { $mark }, результаты игр останутся. Если сыграете снова, я снова запомню имя, пока вы за столом.

    Стереть?
button-forget_yes = 🗑 Стереть
button-forget_no = Отмена
forget-done = Готово: ваше имя, username и язык стёрты. В законченных играх на вашем месте — { $mark }.
forget-kept = Ничего не стёрто.
forget-seated = Вы сейчас за столом #{ $table }. Выйдите из него или доиграйте, потом отправьте /forget ещё раз.
forget-in_private = Отправьте /forget мне в личку: так стирается то, что я о вас храню.
lobby-computer = (компьютер, { $level })
lobby-team_computer = (команда { $team } · компьютер, { $level })
button-add_computer = 🤖 + Компьютер
button-remove_computer = 🤖 − Убрать
option-turn_time = Время на ход, с
new-bad_turn_time = Время на ход «{ $value }»: нужно целое число секунд от 15 до 3600.
leave-confirm = Игра идёт. Уйти? Ваше место займёт компьютер до конца партии.
button-leave_confirm = 🚪 Да, уйти
leave-not_yours = Эта кнопка — для того, кто просил уйти. Если хотите уйти сами, отправьте /leave.
timer-reminder = ⏰ Стол #{ $table } («{ $chat }»): ваш ход, осталось { $seconds } с.
timer-played = ⏰ Время на ход вышло ({ $name }) — сходил компьютер.
timer-takeover = 🤖 { $name } не отвечает, поэтому дальше ходит компьютер. Вернуться в игру — одной кнопкой в личке.
timer-takeover_private = 🤖 Стол #{ $table } («{ $chat }»): пока вас нет, за вас играет компьютер.
button-takeback = 🙋 Я тут — играю дальше
takeback-already = Вы и так играете сами.
takeback-done = С возвращением!
takeback-news = 🙋 { $name } снова в игре.
kick-usage = Ответьте командой /kick на сообщение игрока.
kick-not_allowed = Заменять игроков может создатель стола или админ чата.
kick-not_seated = Этот человек не за столом.
kick-lobby = { $name } больше не за столом.
kick-done = 🤖 { $name } больше не играет: до конца партии это место занимает компьютер.
kick-left = 🚪 { $name } покидает стол: до конца партии это место занимает компьютер.
kick-closed = Людей за столом не осталось — стол закрыт.
computer-not_allowed = Добавлять компьютерных игроков может создатель стола или админ.
computer-bad_level = Нет такого уровня. Есть: { $levels }.
computer-added = { $gender ->
        [female] { $name } ({ $level }) села за стол.
        [male] { $name } ({ $level }) сел за стол.
       *[other] { $name } ({ $level }) за столом.
    }
computer-none = За столом нет компьютерных игроков.
computer-removed = { $gender ->
        [female] { $name } ушла из-за стола.
        [male] { $name } ушёл из-за стола.
       *[other] { $name } больше не за столом.
    }
practice-usage = Тренировка: <code>/play [игра] [игроков] [уровень]</code>. Игры: { $presets }. Уровни: { $levels }.
practice-exists = У вас уже идёт тренировка (стол #{ $table }). Закончить: /stop
practice-title = тренировка
lobby-expired = ⌛ Стол закрыт: игру так и не начали.
lobby-expired_news = ⌛ Стол #{ $table } закрыт — его долго не начинали. Новый: /new
command-group-kick = заменить игрока компьютером (ответом)
command-group-addbot = добавить компьютерного игрока
command-private-play = тренировка с компьютером
command-private-stop = закончить тренировку
options-switch = on/off (или да/нет)
options-range = целое число от { $min } до { $max }
rules_error-unknown_option = нет настройки «{ $option }»
rules_error-not_applicable = настройка «{ $option }» не относится к этой игре
rules_error-bad_value = «{ $option }» принимает { $values }, а не «{ $value }»
chart-deal = Сдача
chart-penalties = Штрафные очки
chart-match = Рейтинговая партия
chart-rating = Рейтинг
chart-rating_here = Изменение рейтинга в этой группе

# rematch
button-rematch = 🔁 Реванш
button-rematch_join = ✅ Играю
rematch-not_player = Реванш может начать только игрок этой партии.
rematch-opened = Реванш! Ждём остальных игроков.
rematch-confirmed = Вы в игре!
rematch-waiting = Ждём подтверждения: { $names }
lobby-rematch_hint = 🔁 Реванш стола #{ $table }: игра начнётся сама, когда все нажмут «Играю».
help-legend = Значки: ★ — козырь, ⚔️ — бьёт, 🗑 — сброс, 🎴 — закрытая карта, └ — последняя взятка, ✖ — вне игры, 🤖 после имени — за игрока ходит компьютер, 🅰️ 🅱️ — команды в козле, 🤝 — ваш партнёр.
