## The group's table: the deal's summary, the live message, the hand.
deal-penalty = +{ $penalty } { $penalty ->
        [one] штрафное
        [few] штрафныя
       *[other] штрафных
    }
deal-penalty_none = 0
deal-why-most = { $sides ->
        [2] больш ачкоў
       *[other] найбольш ачкоў
    }
deal-why-eggs = «яйкі»
deal-why-no_tricks = без узятак
deal-why-zero_points = ніводнага ачка
deal-why-pass = { $pass } і больш
deal-why-under = менш за { $pass }
deal-why-claim_true = «Адкрываюся!» — і 31 ёсць
deal-why-claim_false = «Адкрываюся!» без 31
deal-why-combination = «{ $combo }» на руках
deal-why-lost = раздача прайграна
live-turn_time = ⏳ { $seconds } с на ход
live-my_cards = 🃏 Мае карты
hand-you = вы
hand-you_points = вы { $points }
hand-you_points_hidden = вы { $points } (без закрытых карт: { $count })
hand-tricks = Узяткі: { $counts }
hand-mine-lead = Вы ходзіце: { $cards }
hand-mine-beat = Вы б'яце: { $cards }
hand-mine-discard = Вы скідаеце: { $cards }
hand-mine-discard_down = Вы скідаеце кашуляй уверх: { $cards }
hand-spectator = 👀 Вы выбылі — глядзіце партыю
hand-declare_hint = 📣 — схадзіць камбінацыяй (можна і па-за чаргой).
button-declare_short = 📣 { $combo }
chart-title = { $preset } · стол #{ $table }: штрафныя ачкі па раздачах
