## The coach's review of a player's deal (issue 66, bot/view/review.py).

button-review = 🔍 Розбір
review-title = 🔍 <b>Розбір роздачі { $deal }</b> · стіл #{ $table }
review-no_moves = У цій роздачі у вас не було ходів.
review-luck = { $hand ->
        [strong] 💪 Сильна рука
        [weak] 🥶 Слабка рука
       *[average] ⚖️ Звичайна рука
    }: { $team ->
        [yes] очікуваний штраф команди — близько { $expected }, команда отримала
       *[no] очікуваний штраф — близько { $expected }, ви отримали
    } { $penalties } { $penalties ->
        [one] штрафне
        [few] штрафні
       *[many] штрафних
    }.
review-clean = ✅ Дорогих помилок немає. Перевірено ходів: { $count }.
review-costly = { $team ->
        [yes] Найдорожче команді обійшлися:
       *[no] Найдорожче обійшлися:
    }
review-move = ▪️ Взятка { $number }: ви зіграли { $played }, краще було { $better } — { $cost }.
review-cost_penalty = штраф більший приблизно на { $penalty }
review-cost_points = на { $points } { $points ->
        [one] очко
        [few] очки
       *[many] очок
    } менше
review-cost_both = штраф більший приблизно на { $penalty }, очок менше на { $points }
review-claim = «Відкриваюсь»
review-declare = 📣 { $cards }
review-no_declare = не оголошувати
review-note = <i>Оцінка — пошуком сильного комп'ютера, лише за тим, що ви бачили в той момент.</i>
review-working = 🔍 Розбираю роздачу, надішлю сюди.
review-coming = ⏳ Розбір роздачі { $deal } (стіл #{ $table }) у черзі: надішлю його сюди, щойно буде готовий.
review-gone = Розбір цієї роздачі недоступний: стіл уже видалено або роздача ще триває.
review-not_yours = Розібрати можна лише свою роздачу.
review-slow = Розборів поки досить: наступний — через { $seconds } с.
review-busy = Бот зараз зайнятий розборами. Спробуйте за хвилину.
review-failed = Розбір не вдався. Спробуйте ще раз пізніше.
