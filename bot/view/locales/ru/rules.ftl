# Messages of the rules' finer points (issue 59): a refusal, the partner's trick, forced moves.
news-refused-leader_molodka = ✋ { $name }: «{ $combo }» вне очереди — нельзя: у того, чей ход, тоже «{ $by }», ход остаётся за ним.
hand-tap_partner = 👉 <b>Ваш ответ:</b> взятка у вашего партнёра — кнопки сбрасывают ему карты одним нажатием; чтобы побить — «✋ Выбрать карты».
hand-forced_auto = 👉 <b>Ваш ход</b> — вариант один: я сыграю его за вас через пару секунд (или нажмите кнопку).
