## Підказки в тренуванні (/play): кнопка 💡 у руці, відповідь сильного комп'ютера
## одним рядком («хід: чому»), кількість підказок у підсумку партії (bot/view/hints.py).

hint-button = 💡 Підказка
hint-answer = 💡 { $move }: { $reason }

## Хід.
hint-lead = Ходіть { $cards }
hint-beat = Бийте { $cards }
hint-discard = Скиньте { $cards }
hint-declare = Оголосіть комбінацію «{ $combo }» ({ $cards })
hint-claim = Відкривайтеся
hint-hold = Не оголошуйте комбінацію зараз

## Чому (по одному рядку на код причини, engine/ai/review/hint.py).
hint-why-claim = у ваших взятках уже 31 очко
hint-why-combination = її вигідно викласти одразу
hint-why-hold = її вигідніше притримати
hint-why-take_points = на столі очки: { $cards }
hint-why-cheapest_beat = цього досить, а { $cards } збережете
hint-why-take_lead = взятка ваша, і наступний хід теж
hint-why-follow_partner = взятку бере партнер ({ $cards })
hint-why-trump_still_out = ще не зіграно старшого козиря { $cards }
hint-why-keep_high_card = взятка не варта того, щоб витрачати { $cards }
hint-why-cannot_beat = побити { $cards } нічим, віддайте найдешевшу
hint-why-sure_winner = жодна з карт, що ще не вийшли, це не поб'є
hint-why-lead_low = без очок, а сильні карти збережете
hint-why-best_on_average = так найкраще в середньому за можливими розкладами

## У підсумку тренувальної партії.
hint-used = 💡 { $count } { $count ->
        [one] підказка
        [few] підказки
       *[many] підказок
    }

## Відмови.
hint-practice_only = Підказки є лише в тренуванні з комп'ютером (/play).
hint-not_your_turn = Підказка — коли ваш хід.
hint-failed = Підказка зараз не вдалася. Спробуйте ще раз.
