## Турниры (issue 60): /tournament, запись, туры, таблица.

tournament-title = 🏁 <b>Турнир: { $game }</b>
tournament-format = Формат: { $format }
tournament-format-roundrobin = круговой (каждый с каждым)
tournament-format-swiss = швейцарский (пары по месту в таблице)
tournament-format-knockout = на выбывание (проигравший выбывает)
tournament-format-auto = выберу при старте по числу записавшихся
tournament-explain = ℹ️ { $format ->
        [roundrobin] Круговой: каждый сыграет с каждым.
        [swiss] Швейцарский: в каждом туре за один стол садятся соседи по таблице.
        [knockout] На выбывание: дальше идёт победитель стола.
       *[auto] Формат выберу при старте: круговой, швейцарский или на выбывание.
    }
tournament-place_points = За место за столом — по очку за каждого, кого вы обошли; пропуск тура — как победа.
tournament-rounds = { $rounds ->
    [one] { $rounds } тур
    [few] { $rounds } тура
   *[many] { $rounds } туров
}
tournament-size = За столом: до { $size }
tournament-duplicate = 🃏 Дубликатные сдачи: все столы тура получают одинаковые карты, и в таблице важно, на сколько штрафных вы набрали меньше тех, кто играл теми же картами. Группа видит только начало и конец каждой партии тура, ход игры — у каждого в его руке.
tournament-teams = 👥 Команды по двое: ответьте /join на сообщение партнёра, если он уже записался, а партнёр — /join на ваш ответ; остальные встают в пары в порядке записи (1-й со 2-м, …).
tournament-options = Правила игры:
tournament-registered = Записались ({ $count } из { $max }):
tournament-nobody = Пока никого.
tournament-hint = Запись — кнопкой или /join. Начинает { $creator } или админ: /start или ▶️.
tournament-button-join = ✋ Записаться
tournament-button-leave = Выйти
tournament-button-start = ▶️ Начать
tournament-joined = Вы записаны!
tournament-joined_team = Вы записаны! Ваш партнёр — { $name }.
tournament-partner_taken = { $name }: ещё не в списке или уже в паре. Запишитесь просто /join или ответьте другому.
tournament-partner_asked = 🤝 { $name } приглашает в пару: { $partner }. Чтобы согласиться, ответьте /join на сообщение с приглашением.
tournament-already = Вы уже записаны.
tournament-full = Мест больше нет: в списке уже { $max }.
tournament-left = Вы вычеркнуты из списка.
tournament-not_registered = Вы не записаны.
tournament-closed = Запись закрыта.
tournament-gone = Этот турнир уже закончился.
tournament-exists = В группе уже идёт турнир: сначала остановите его (/stop).
tournament-none = Здесь нет турнира.
tournament-not_allowed = Это может только создатель турнира или админ чата.
tournament-too_few = Слишком мало для старта: записано { $count }, нужно хотя бы { $needed }.
tournament-odd_out = { $name } остаётся без партнёра и в этом турнире не играет.
tournament-started = 🏁 Турнир начинается: { $format }, { $rounds }.
tournament-round = 🏁 <b>Тур { $round } из { $rounds }</b>
tournament-table = Стол { $number } (#{ $table }): { $names }
tournament-bye = Без игры в этом туре: { $names }
tournament-lobby_hint = 🏁 Турнир, тур { $round }: игра начнётся сама, когда все нажмут «Играю». За тех, кто не нажмёт за { $seconds } с, сыграет компьютер.
tournament-no_show = ⏰ Компьютер играет за тех, кто не нажал «Играю» вовремя: { $names }
tournament-standings = 📊 <b>Таблица после тура { $round }</b> (очки за места — по одному за каждого, кого вы обошли за столом; в скобках — победы):
tournament-standings-duplicate = 📊 <b>Таблица после тура { $round }</b> (± — на сколько штрафных у вас больше (+) или меньше (−), чем в среднем у тех, кто играл теми же картами; чем меньше, тем лучше; в скобках — очки за места):
tournament-still_in = ➡️ Дальше идут: { $names }
tournament-out = Выбывают: { $names }
tournament-void = Стол #{ $table } закрыт без результата.
tournament-topic = 🏁 Тур { $round } · стол { $number }
tournament-winner = { $count ->
    [one] 🏆 Победитель турнира: { $names }!
   *[other] 🏆 Победители турнира, поровну очков: { $names }!
}
tournament-stopped = Турнир остановлен ({ $name }).
tournament-usage =
    <code>/tournament [игра] [параметр=значение …]</code>
    format=roundrobin, swiss или knockout; rounds=N (швейцарский); size=2–4 (игроков за столом); duplicate=on; turn_time=секунды; и правила игры, как в /new.
tournament-bad_format = Не знаю формат «{ $value }»: roundrobin, swiss или knockout.
tournament-bad_rounds = Число туров: целое от 1 до { $max }.
tournament-bad_size = Игроков за столом в игре «{ $game }»: { $counts }.
tournament-bad_duplicate = duplicate: on или off.
tournament-bad_rounds_not_swiss = Число туров задаётся только в швейцарском турнире (format=swiss).
command-group-tournament = турнир: /tournament [игра] [параметры]
chart-round = Тур
chart-points = Очки
tournament-lobby_fixed = Это стол турнира: игроков и правила задал турнир. Здесь можно только подтвердить, что вы играете.
tournament-cannot_start = ⛔ Стол #{ $table } не может начаться. { $reason } Стол не в счёт, турнир продолжается.
tournament-short_chips = У вас в этой группе { $balance } { $balance ->
        [one] фишка
        [few] фишки
       *[many] фишек
    }, это меньше ставки турнира ({ $stake } за партию): записаться нельзя.
