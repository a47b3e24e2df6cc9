## The coach's review of a player's deal (issue 66, bot/view/review.py).

button-review = 🔍 Разбор
review-title = 🔍 <b>Разбор сдачи { $deal }</b> · стол #{ $table }
review-no_moves = В этой сдаче у вас не было ходов.
review-luck = { $hand ->
        [strong] 💪 Сильная рука
        [weak] 🥶 Слабая рука
       *[average] ⚖️ Обычная рука
    }: { $team ->
        [yes] ожидаемый штраф команды — около { $expected }, команда получила
       *[no] ожидаемый штраф — около { $expected }, вы получили
    } { $penalties } { $penalties ->
        [one] штрафное
       *[other] штрафных
    }.
review-clean = ✅ Дорогих ошибок нет. Проверено ходов: { $count }.
review-costly = { $team ->
        [yes] Дороже всего команде обошлись:
       *[no] Дороже всего обошлись:
    }
review-move = ▪️ Взятка { $number }: вы сыграли { $played }, лучше было { $better } — { $cost }.
review-cost_penalty = штраф больше примерно на { $penalty }
review-cost_points = на { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    } меньше
review-cost_both = штраф больше примерно на { $penalty }, очков меньше на { $points }
review-claim = «Открываюсь»
review-declare = 📣 { $cards }
review-no_declare = не объявлять
review-note = <i>Оценка — поиском сильного компьютера, только по тому, что вы видели в тот момент.</i>
review-working = 🔍 Разбираю сдачу, пришлю сюда.
review-coming = ⏳ Разбор сдачи { $deal } (стол #{ $table }) в очереди: пришлю его сюда, как только будет готов.
review-gone = Разбор этой сдачи недоступен: стол уже удалён или сдача ещё идёт.
review-not_yours = Разобрать можно только свою сдачу.
review-slow = Разборов пока хватит: следующий — через { $seconds } с.
review-busy = Бот сейчас занят разборами. Попробуйте через минуту.
review-failed = Разбор не получился. Попробуйте ещё раз позже.
