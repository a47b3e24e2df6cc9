# Сезоны, дасягненні і надзейнасць (bot/view/seasons.py, issue 68).
season-month = { $month ->
        [1] Студзень
        [2] Люты
        [3] Сакавік
        [4] Красавік
        [5] Травень
        [6] Чэрвень
        [7] Ліпень
        [8] Жнівень
        [9] Верасень
        [10] Кастрычнік
        [11] Лістапад
       *[12] Снежань
    } { $year }
season-quarter = { $quarter ->
        [1] I
        [2] II
        [3] III
       *[4] IV
    } квартал { $year }
season-days_left = { $days ->
        [one] застаўся { $days } дзень
        [few] засталося { $days } дні
       *[many] засталося { $days } дзён
    }
season-top = 📅 Сезон «{ $season }»: { $left }. За ўвесь час — /top all
season-title = 📅 <b>Сезон «{ $season }»</b>: { $left }
season-none = У гэтым сезоне яшчэ не згулялі ніводнай партыі.
season-game = <b>{ $game }</b>
season-line = { $medal } { $name } — { $wins } { $wins ->
        [one] перамога
        [few] перамогі
       *[many] перамог
    } з { $matches }
season-finale = 🏁 <b>Сезон «{ $season }» скончыўся</b>
season-champion = 🏆 { $game }: { $names }
season-moments = Запомнілася:
season-moment = • { $name }: { $achievement }
season-started = 📅 Пачаўся сезон «{ $season }», у ім { $days } { $days ->
        [one] дзень
        [few] дні
       *[many] дзён
    }. Поспехаў!
season-chips_reset = 🪙 Фішкі пачынаюцца нанова: у кожнага { $start } { $start ->
        [one] фішка
        [few] фішкі
       *[many] фішак
    }.
achievement-quoted = «{ $title }»
achievement-person = { $name }: { $titles }
achievement-line = 🏅 Дасягненні: { $people }
achievement-private = 🏅 { $count ->
        [1] Новае дасягненне
       *[other] Новыя дасягненні
    } у групе «{ $group }»:
achievement-item = • «{ $title }» — { $about }
achievement-stats = 🏅 Дасягненні: { $earned } з { $total }
achievement-first_win = Першая перамога
achievement-first_win_about = выйграць партыю ў групе.
achievement-regular = Заўсёднік
achievement-regular_about = згуляць 10 партый у адной групе.
achievement-comeback = Камбэк
achievement-comeback_about = перамагчы пасля трох прайграных партый запар.
achievement-brink = На краі
achievement-brink_about = выйграць партыю, калі да ліміту заставалася адна прайграная раздача.
achievement-clean_sheet = Усухую
achievement-clean_sheet_about = выйграць партыю без ніводнага штрафнога ачка.
achievement-hard_beaten = Мацнейшы за машыну
achievement-hard_beaten_about = абыграць моцны камп'ютар за сталом, дзе гуляюць людзі.
achievement-tournament_won = Чэмпіён турніру
achievement-tournament_won_about = выйграць турнір.
achievement-bura = Бура
achievement-bura_about = выкласці буру.
achievement-moscow = Масква
achievement-moscow_about = выкласці Маскву.
achievement-golden_moscow = Залатая Масква
achievement-golden_moscow_about = выкласці чатыры тузы.
achievement-small_moscow = Малая Масква
achievement-small_moscow_about = выкласці Малую Маскву.
achievement-four_ends = Чатыры канцы
achievement-four_ends_about = выкласці чатыры канцы.
achievement-true_31 = Адкрываюся!
achievement-true_31_about = правільна аб'явіць 31.
achievement-exact_31 = Роўна 31
achievement-exact_31_about = адкрыцца, набраўшы роўна 31 ачко.
achievement-eggs = Яйкі
achievement-eggs_about = згуляць раздачу 60 на 60.
achievement-every_trick = Усе ўзяткі
achievement-every_trick_about = узяць усе ўзяткі раздачы.
reliability-stats = 🤝 Дагуляна да канца: { $percent }% ({ $finished } з { $counted } апошніх)
reliability-mark = ⚠️ дагульвае { $percent }%
reliability-refused = За гэты стол сядаюць тыя, хто дагульвае не менш за { $needed }% партый, а ў вас — { $percent }% ({ $finished } з { $counted } апошніх).
reliability-option = Дагульваюць не менш за { $needed }% партый
reliability-bad_option = Умова «reliable={ $value }»: патрэбны працэнт дагуляных партый, цэлы лік ад 0 да 100.
season-off = Група гуляе адзін бясконцы сезон: /top паказвае ўвесь час. Адмін можа ўключыць сезоны: /season month або /season quarter
season-group_only = Сезоны бываюць у груп: адпраўце /season у групе.
season-usage = Сезон: { $kind ->
        [month] каляндарны месяц
        [quarter] квартал
       *[none] няма (адзін бясконцы сезон)
    }; фішкі пачынаюцца зноў з кожным сезонам: { $chips ->
        [yes] так
       *[no] не
    }.
    Адмін можа гэта змяніць: /season month, /season quarter, /season none; /season chips on або /season chips off
season-not_allowed = Сезоны групы можа змяніць толькі адмін чата.
season-chosen = ✅ Гатова.
chart-wins = Перамогі
chart-matches = Партыі
command-group-season = бягучы сезон з графікам (адмінам: яго від)
