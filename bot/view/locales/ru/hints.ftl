## Подсказки в тренировке (/play): кнопка 💡 в руке, ответ сильного компьютера
## одной строкой («ход: почему»), счёт подсказок в итоге партии (bot/view/hints.py).

hint-button = 💡 Подсказка
hint-answer = 💡 { $move }: { $reason }

## Ход.
hint-lead = Ходите { $cards }
hint-beat = Бейте { $cards }
hint-discard = Сбросьте { $cards }
hint-declare = Объявите комбинацию «{ $combo }» ({ $cards })
hint-claim = Вскрывайтесь
hint-hold = Не объявляйте комбинацию сейчас

## Почему (по одной строке на код причины, engine/ai/review/hint.py).
hint-why-claim = в ваших взятках уже 31 очко
hint-why-combination = её выгодно выложить сразу
hint-why-hold = её выгоднее придержать
hint-why-take_points = на столе очки: { $cards }
hint-why-cheapest_beat = этого хватит, а { $cards } побережёте
hint-why-take_lead = взятка ваша, и следующий ход тоже
hint-why-follow_partner = взятку берёт партнёр ({ $cards })
hint-why-trump_still_out = ещё не сыгран старший козырь { $cards }
hint-why-keep_high_card = взятка не стоит того, чтобы тратить { $cards }
hint-why-cannot_beat = побить { $cards } нечем, отдайте самое дешёвое
hint-why-sure_winner = ни одна из невышедших карт это не побьёт
hint-why-lead_low = без очков, а сильные карты побережёте
hint-why-best_on_average = так лучше всего в среднем по возможным раскладам

## В итоге тренировочной партии.
hint-used = 💡 { $count } { $count ->
        [one] подсказка
        [few] подсказки
       *[many] подсказок
    }

## Отказы.
hint-practice_only = Подсказки есть только в тренировке с компьютером (/play).
hint-not_your_turn = Подсказка — когда ваш ход.
hint-failed = Подсказка сейчас не получилась. Попробуйте ещё раз.
