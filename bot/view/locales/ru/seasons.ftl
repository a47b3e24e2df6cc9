# Сезоны, достижения и надёжность (bot/view/seasons.py, issue 68).
season-month = { $month ->
        [1] Январь
        [2] Февраль
        [3] Март
        [4] Апрель
        [5] Май
        [6] Июнь
        [7] Июль
        [8] Август
        [9] Сентябрь
        [10] Октябрь
        [11] Ноябрь
       *[12] Декабрь
    } { $year }
season-quarter = { $quarter ->
        [1] I
        [2] II
        [3] III
       *[4] IV
    } квартал { $year }
season-days_left = { $days ->
        [one] остался { $days } день
        [few] осталось { $days } дня
       *[many] осталось { $days } дней
    }
season-top = 📅 Сезон «{ $season }»: { $left }. За всё время — /top all
season-title = 📅 <b>Сезон «{ $season }»</b>: { $left }
season-none = В этом сезоне ещё не сыграно ни одной партии.
season-game = <b>{ $game }</b>
season-line = { $medal } { $name } — { $wins } { $wins ->
        [one] победа
        [few] победы
       *[many] побед
    } из { $matches }
season-finale = 🏁 <b>Сезон «{ $season }» окончен</b>
season-champion = 🏆 { $game }: { $names }
season-moments = Запомнилось:
season-moment = • { $name }: { $achievement }
season-started = 📅 Начался сезон «{ $season }», в нём { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }. Удачи!
season-chips_reset = 🪙 Фишки начинаются заново: у каждого { $start } { $start ->
        [one] фишка
        [few] фишки
       *[many] фишек
    }.
achievement-quoted = «{ $title }»
achievement-person = { $name }: { $titles }
achievement-line = 🏅 Достижения: { $people }
achievement-private = 🏅 { $count ->
        [1] Новое достижение
       *[other] Новые достижения
    } в группе «{ $group }»:
achievement-item = • «{ $title }» — { $about }
achievement-stats = 🏅 Достижения: { $earned } из { $total }
achievement-first_win = Первая победа
achievement-first_win_about = выиграть партию в группе.
achievement-regular = Завсегдатай
achievement-regular_about = сыграть 10 партий в одной группе.
achievement-comeback = Камбэк
achievement-comeback_about = победить после трёх проигранных партий подряд.
achievement-brink = На краю
achievement-brink_about = выиграть партию, когда до лимита оставалась одна проигранная сдача.
achievement-clean_sheet = Всухую
achievement-clean_sheet_about = выиграть партию без единого штрафного очка.
achievement-hard_beaten = Сильнее машины
achievement-hard_beaten_about = обыграть сильный компьютер за столом, где играют люди.
achievement-tournament_won = Чемпион турнира
achievement-tournament_won_about = выиграть турнир.
achievement-bura = Бура
achievement-bura_about = выложить буру.
achievement-moscow = Москва
achievement-moscow_about = выложить Москву.
achievement-golden_moscow = Золотая Москва
achievement-golden_moscow_about = выложить четыре туза.
achievement-small_moscow = Малая Москва
achievement-small_moscow_about = выложить Малую Москву.
achievement-four_ends = Четыре конца
achievement-four_ends_about = выложить четыре конца.
achievement-true_31 = Вскрываюсь!
achievement-true_31_about = верно объявить 31.
achievement-exact_31 = Ровно 31
achievement-exact_31_about = вскрыться, набрав ровно 31 очко.
achievement-eggs = Яйца
achievement-eggs_about = сыграть сдачу 60 на 60.
achievement-every_trick = Все взятки
achievement-every_trick_about = взять все взятки сдачи.
reliability-stats = 🤝 Доиграно до конца: { $percent }% ({ $finished } из { $counted } последних)
reliability-mark = ⚠️ доигрывает { $percent }%
reliability-refused = За этот стол садятся те, кто доигрывает не меньше { $needed }% партий, а у вас — { $percent }% ({ $finished } из { $counted } последних).
reliability-option = Доигрывают не меньше { $needed }% партий
reliability-bad_option = Условие «reliable={ $value }»: нужен процент доигранных партий, целое число от 0 до 100.
season-off = Группа играет один бесконечный сезон: /top показывает всё время. Админ может включить сезоны: /season month или /season quarter
season-group_only = Сезоны бывают у групп: отправьте /season в группе.
season-usage = Сезон: { $kind ->
        [month] календарный месяц
        [quarter] квартал
       *[none] нет (один бесконечный сезон)
    }; фишки начинаются заново с каждым сезоном: { $chips ->
        [yes] да
       *[no] нет
    }.
    Админ может это изменить: /season month, /season quarter, /season none; /season chips on или /season chips off
season-not_allowed = Сезоны группы может изменить только админ чата.
season-chosen = ✅ Готово.
chart-wins = Победы
chart-matches = Партии
command-group-season = текущий сезон с графиком (админам: его вид)
