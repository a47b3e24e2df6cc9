# Messages of the rules' finer points (issue 59): a refusal, the partner's trick, forced moves.
news-refused-leader_molodka = ✋ { $name }: «{ $combo }» поза чергою — не можна: у того, чий хід, теж «{ $by }», хід лишається за ним.
hand-tap_partner = 👉 <b>Ваша відповідь:</b> взятка у вашого партнера — кнопки скидають йому карти одним натисканням; щоб побити — «✋ Вибрати карти».
hand-forced_auto = 👉 <b>Ваш хід</b> — варіант один: я зроблю його за вас за кілька секунд (або натисніть кнопку).
