# Сезони, досягнення і надійність (bot/view/seasons.py, issue 68).
season-month = { $month ->
        [1] Січень
        [2] Лютий
        [3] Березень
        [4] Квітень
        [5] Травень
        [6] Червень
        [7] Липень
        [8] Серпень
        [9] Вересень
        [10] Жовтень
        [11] Листопад
       *[12] Грудень
    } { $year }
season-quarter = { $quarter ->
        [1] I
        [2] II
        [3] III
       *[4] IV
    } квартал { $year }
season-days_left = { $days ->
        [one] залишився { $days } день
        [few] залишилося { $days } дні
       *[many] залишилося { $days } днів
    }
season-top = 📅 Сезон «{ $season }»: { $left }. За весь час — /top all
season-title = 📅 <b>Сезон «{ $season }»</b>: { $left }
season-none = У цьому сезоні ще не зіграно жодної партії.
season-game = <b>{ $game }</b>
season-line = { $medal } { $name } — { $wins } { $wins ->
        [one] перемога
        [few] перемоги
       *[many] перемог
    } з { $matches }
season-finale = 🏁 <b>Сезон «{ $season }» завершено</b>
season-champion = 🏆 { $game }: { $names }
season-moments = Запам'яталося:
season-moment = • { $name }: { $achievement }
season-started = 📅 Почався сезон «{ $season }», у ньому { $days } { $days ->
        [one] день
        [few] дні
       *[many] днів
    }. Успіхів!
season-chips_reset = 🪙 Фішки починаються наново: у кожного { $start } { $start ->
        [one] фішка
        [few] фішки
       *[many] фішок
    }.
achievement-quoted = «{ $title }»
achievement-person = { $name }: { $titles }
achievement-line = 🏅 Досягнення: { $people }
achievement-private = 🏅 { $count ->
        [1] Нове досягнення
       *[other] Нові досягнення
    } у групі «{ $group }»:
achievement-item = • «{ $title }» — { $about }
achievement-stats = 🏅 Досягнення: { $earned } з { $total }
achievement-first_win = Перша перемога
achievement-first_win_about = виграти партію в групі.
achievement-regular = Завсідник
achievement-regular_about = зіграти 10 партій в одній групі.
achievement-comeback = Камбек
achievement-comeback_about = перемогти після трьох програних партій поспіль.
achievement-brink = На краю
achievement-brink_about = виграти партію, коли до ліміту лишалася одна програна роздача.
achievement-clean_sheet = Усуху
achievement-clean_sheet_about = виграти партію без жодного штрафного очка.
achievement-hard_beaten = Сильніше за машину
achievement-hard_beaten_about = обіграти сильний комп'ютер за столом, де грають люди.
achievement-tournament_won = Чемпіон турніру
achievement-tournament_won_about = виграти турнір.
achievement-bura = Бура
achievement-bura_about = викласти буру.
achievement-moscow = Москва
achievement-moscow_about = викласти Москву.
achievement-golden_moscow = Золота Москва
achievement-golden_moscow_about = викласти чотири тузи.
achievement-small_moscow = Мала Москва
achievement-small_moscow_about = викласти Малу Москву.
achievement-four_ends = Чотири кінці
achievement-four_ends_about = викласти чотири кінці.
achievement-true_31 = Відкриваюсь!
achievement-true_31_about = правильно оголосити 31.
achievement-exact_31 = Рівно 31
achievement-exact_31_about = відкритися, набравши рівно 31 очко.
achievement-eggs = Яйця
achievement-eggs_about = зіграти роздачу 60 на 60.
achievement-every_trick = Усі взятки
achievement-every_trick_about = взяти всі взятки роздачі.
reliability-stats = 🤝 Дограно до кінця: { $percent }% ({ $finished } з { $counted } останніх)
reliability-mark = ⚠️ дограє { $percent }%
reliability-refused = За цей стіл сідають ті, хто доводить до кінця не менше ніж { $needed }% партій, а у вас — { $percent }% ({ $finished } з { $counted } останніх).
reliability-option = Доводять до кінця не менше ніж { $needed }% партій
reliability-bad_option = Умова «reliable={ $value }»: потрібен відсоток дограних партій, ціле число від 0 до 100.
season-off = Група грає один нескінченний сезон: /top показує весь час. Адмін може увімкнути сезони: /season month або /season quarter
season-group_only = Сезони бувають у груп: надішліть /season у групі.
season-usage = Сезон: { $kind ->
        [month] календарний місяць
        [quarter] квартал
       *[none] немає (один нескінченний сезон)
    }; фішки починаються знову з кожним сезоном: { $chips ->
        [yes] так
       *[no] ні
    }.
    Адмін може це змінити: /season month, /season quarter, /season none; /season chips on або /season chips off
season-not_allowed = Сезони групи може змінити лише адмін чату.
season-chosen = ✅ Готово.
chart-wins = Перемоги
chart-matches = Партії
command-group-season = поточний сезон із графіком (адмінам: його вид)
