## The coach's review of a player's deal (issue 66, bot/view/review.py).

button-review = 🔍 Разбор
review-title = 🔍 <b>Разбор раздачы { $deal }</b> · стол #{ $table }
review-no_moves = У гэтай раздачы ў вас не было хадоў.
review-luck = { $hand ->
        [strong] 💪 Моцная рука
        [weak] 🥶 Слабая рука
       *[average] ⚖️ Звычайная рука
    }: { $team ->
        [yes] чаканы штраф каманды — каля { $expected }, каманда атрымала
       *[no] чаканы штраф — каля { $expected }, вы атрымалі
    } { $penalties } { $penalties ->
        [one] штрафное
        [few] штрафныя
       *[many] штрафных
    }.
review-clean = ✅ Дарагіх памылак няма. Праверана хадоў: { $count }.
review-costly = { $team ->
        [yes] Найдаражэй камандзе абышліся:
       *[no] Найдаражэй абышліся:
    }
review-move = ▪️ Узятка { $number }: вы згулялі { $played }, лепей было { $better } — { $cost }.
review-cost_penalty = штраф большы прыкладна на { $penalty }
review-cost_points = на { $points } { $points ->
        [one] ачко
        [few] ачкі
       *[many] ачкоў
    } менш
review-cost_both = штраф большы прыкладна на { $penalty }, ачкоў менш на { $points }
review-claim = «Адкрываюся»
review-declare = 📣 { $cards }
review-no_declare = не аб'яўляць
review-note = <i>Ацэнка — пошукам моцнага камп'ютара, толькі па тым, што вы бачылі ў той момант.</i>
review-working = 🔍 Разбіраю раздачу, дашлю сюды.
review-coming = ⏳ Разбор раздачы { $deal } (стол #{ $table }) у чарзе: дашлю яго сюды, як толькі будзе гатовы.
review-gone = Разбор гэтай раздачы недаступны: стол ужо выдалены або раздача яшчэ ідзе.
review-not_yours = Разабраць можна толькі сваю раздачу.
review-slow = Разбораў пакуль хопіць: наступны — праз { $seconds } с.
review-busy = Бот зараз заняты разборамі. Паспрабуйце праз хвіліну.
review-failed = Разбор не атрымаўся. Паспрабуйце яшчэ раз пазней.
