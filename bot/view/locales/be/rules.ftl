# Messages of the rules' finer points (issue 59): a refusal, the partner's trick, forced moves.
news-refused-leader_molodka = ✋ { $name }: «{ $combo }» па-за чаргой — нельга: у таго, чый ход, таксама «{ $by }», ход застаецца за ім.
hand-tap_partner = 👉 <b>Ваш адказ:</b> узятка ў вашага партнёра — кнопкі скідаюць яму карты адным націсканнем; каб пабіць — «✋ Выбраць карты».
hand-forced_auto = 👉 <b>Ваш ход</b> — варыянт адзін: я зраблю яго за вас праз пару секунд (або націсніце кнопку).
