## The group's table: the deal's summary, the live message, the hand.
deal-penalty = +{ $penalty } { $penalty ->
        [one] штрафне
        [few] штрафні
       *[other] штрафних
    }
deal-penalty_none = 0
deal-why-most = { $sides ->
        [2] більше очок
       *[other] найбільше очок
    }
deal-why-eggs = «яйця»
deal-why-no_tricks = без взяток
deal-why-zero_points = жодного очка
deal-why-pass = { $pass } і більше
deal-why-under = менше ніж { $pass }
deal-why-claim_true = «Відкриваюсь!» — і 31 є
deal-why-claim_false = «Відкриваюсь!» без 31
deal-why-combination = «{ $combo }» на руках
deal-why-lost = роздачу програно
live-turn_time = ⏳ { $seconds } с на хід
live-my_cards = 🃏 Мої карти
hand-you = ви
hand-you_points = ви { $points }
hand-you_points_hidden = ви { $points } (без закритих карт: { $count })
hand-tricks = Взятки: { $counts }
hand-mine-lead = Ви ходите: { $cards }
hand-mine-beat = Ви б'єте: { $cards }
hand-mine-discard = Ви скидаєте: { $cards }
hand-mine-discard_down = Ви скидаєте сорочкою догори: { $cards }
hand-spectator = 👀 Ви вибули — дивіться партію
hand-declare_hint = 📣 — походити комбінацією (можна й поза чергою).
button-declare_short = 📣 { $combo }
chart-title = { $preset } · стіл #{ $table }: штрафні очки за роздачами
