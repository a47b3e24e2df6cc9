## The group's table: the deal's summary, the live message, the hand.
deal-penalty = +{ $penalty } { $penalty ->
        [one] штрафное
       *[other] штрафных
    }
deal-penalty_none = 0
deal-why-most = { $sides ->
        [2] больше очков
       *[other] больше всех очков
    }
deal-why-eggs = «яйца»
deal-why-no_tricks = без взяток
deal-why-zero_points = ни одного очка
deal-why-pass = { $pass } и больше
deal-why-under = меньше { $pass }
deal-why-claim_true = «Вскрываюсь!» — и 31 есть
deal-why-claim_false = «Вскрываюсь!» без 31
deal-why-combination = «{ $combo }» на руках
deal-why-lost = сдача проиграна
live-turn_time = ⏳ { $seconds } с на ход
live-my_cards = 🃏 Мои карты
hand-you = вы
hand-you_points = вы { $points }
hand-you_points_hidden = вы { $points } (без закрытых карт: { $count })
hand-tricks = Взятки: { $counts }
hand-mine-lead = Вы ходите: { $cards }
hand-mine-beat = Вы бьёте: { $cards }
hand-mine-discard = Вы сбрасываете: { $cards }
hand-mine-discard_down = Вы сбрасываете в закрытую: { $cards }
hand-spectator = 👀 Вы выбыли — смотрите партию
hand-declare_hint = 📣 — сходить комбинацией (можно и вне очереди).
button-declare_short = 📣 { $combo }
chart-title = { $preset } · стол #{ $table }: штрафные очки по сдачам
